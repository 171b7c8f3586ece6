import { createHash } from "node:crypto";
import { z } from "zod";
import { generatedIdentifier } from "../sdk/identifier";

/**
 * Where a default Integration identifier comes from: the Pulumi project, stack and resource name. The
 * resource sends it as the input `defaultIdentifierOf` when it chose the identifier itself, and the
 * provider recomputes the identifier from it: only a match proves the integration can be no one else's.
 */
export const identifierOriginSchema = z.strictObject({
  project: z.string(),
  stack: z.string(),
  name: z.string(),
});
/** See {@link identifierOriginSchema}. */
export type IdentifierOrigin = z.infer<typeof identifierOriginSchema>;

/**
 * The identifier used when none is given: readable (a slug of the resource name), unique per
 * project/stack/resource (a hash of the three), stable across runs (so a re-run never duplicates). Existing
 * stacks' identifiers depend on this exact formula: never change it.
 */
export function defaultIdentifier(origin: IdentifierOrigin): string {
  const seed = `${origin.project}/${origin.stack}/${origin.name}`;
  return generatedIdentifier(origin.name, createHash("sha256").update(seed).digest("hex").slice(0, 8));
}
