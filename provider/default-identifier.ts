import { createHash } from "node:crypto";

/**
 * Where a default Integration identifier comes from: the Pulumi project, stack and resource name. The
 * resource sends it as the input `defaultIdentifierOf` when it chose the identifier itself, and the
 * provider recomputes the identifier from it: only a match proves the integration can be no one else's.
 */
export interface IdentifierOrigin {
  project: string;
  stack: string;
  name: string;
}

/**
 * The identifier used when none is given: readable (the resource name), unique per project/stack/resource
 * (a hash of the three), stable across runs (so a re-run never duplicates). Existing stacks' identifiers
 * depend on this exact formula: never change it.
 */
export function defaultIdentifier(origin: IdentifierOrigin): string {
  const slug =
    origin.name
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48) || "integration";
  const seed = `${origin.project}/${origin.stack}/${origin.name}`;
  return `${slug}-${createHash("sha256").update(seed).digest("hex").slice(0, 8)}`;
}
