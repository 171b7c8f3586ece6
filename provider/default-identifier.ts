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

/**
 * The new inputs of an Integration with the identifier its state already has, when both are default ones:
 * the new identifier is the default of the new origin and the old one was the default of the old origin.
 * A rename (with `aliases`, or a move under another parent) changes the origin but must neither replace the
 * integration nor change its identifier, as Pulumi's auto-naming keeps a name (`key`: the property that holds
 * the identifier, `workflowId` for a Workflow, `layoutId` for a Layout). The old origin is kept with
 * it, so the identifier stays provably this resource's own. An explicit identifier (or one a transform
 * set) is never a default one, so it is used as declared.
 */
export function keepDefaultIdentifier(
  olds: Readonly<Record<string, unknown>> | undefined,
  news: Record<string, unknown>,
  key: "identifier" | "workflowId" | "layoutId" | "key" = "identifier",
): Record<string, unknown> {
  const oldOrigin = identifierOriginSchema.safeParse(olds?.defaultIdentifierOf);
  const newOrigin = identifierOriginSchema.safeParse(news.defaultIdentifierOf);
  if (!oldOrigin.success || !newOrigin.success) return news;
  if (news[key] !== defaultIdentifier(newOrigin.data)) return news;
  if (olds?.[key] !== defaultIdentifier(oldOrigin.data)) return news;
  return { ...news, [key]: olds[key], defaultIdentifierOf: oldOrigin.data };
}
