import { randomInt } from "node:crypto";

/**
 * The identifier the service gives an integration created without one: `${slugify(name)}-${shortid.generate()}`
 * (apps/api/src/app/integrations/usecases/create-integration/create-integration.usecase.ts), `slugify` of
 * @novu/shared and the `shortid` package.
 */

/**
 * `slugify` of @novu/shared (packages/shared/src/utils/slugify.ts): lower case, every run of characters other
 * than letters and digits one `-`, no `-` at either end.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** shortid's alphabet: digits, letters, `_` and `-`. */
const SHORTID_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-";

/** A shortid-like id: 9 characters of its alphabet (shortid generates 7 to 14). */
export function shortid(): string {
  let id = "";
  for (let i = 0; i < 9; i++) id += SHORTID_ALPHABET[randomInt(SHORTID_ALPHABET.length)];
  return id;
}

/** The generated identifier for an integration named `name`. */
export function generatedIntegrationIdentifier(name: string): string {
  return `${slugify(name)}-${shortid()}`;
}
