/**
 * The identifier an integration gets when nobody chose one: a readable slug of a name, then a suffix that
 * makes it unique. The provider derives the suffix from the project, stack and resource name (stable across
 * runs, so a re-run never duplicates); the emulator draws it at random, as the service does.
 */

/** Longest slug kept from the name (the suffix comes on top). */
export const IDENTIFIER_SLUG_MAX_LENGTH = 48;

/** The slug used when the name has no letter or digit. */
const FALLBACK_SLUG = "integration";

/** `name` lowercased, every run of other characters than `a-z`, `0-9` and `-` made one `-`, trimmed. */
export function identifierSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, IDENTIFIER_SLUG_MAX_LENGTH);
  return slug || FALLBACK_SLUG;
}

/** `<slug of name>-<suffix>`, e.g. `transactional-email-3f9c2a1b`. */
export function generatedIdentifier(name: string, suffix: string): string {
  return `${identifierSlug(name)}-${suffix}`;
}
