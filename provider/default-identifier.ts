import { createHash } from "node:crypto";
import { z } from "zod";
import { generatedIdentifier, IDENTIFIER_SLUG_MAX_LENGTH } from "../sdk/identifier";

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
  return generatedIdentifier(origin.name, originHash(origin));
}

/** The hash part of a default identifier: 8 hex digits of project, stack and name. */
function originHash(origin: IdentifierOrigin): string {
  return createHash("sha256")
    .update(`${origin.project}/${origin.stack}/${origin.name}`)
    .digest("hex")
    .slice(0, 8);
}

/**
 * The workflowId used when none is given: as {@link defaultIdentifier}, but a slug the service's workflowId
 * pattern accepts (apps/api/src/app/workflows-v2/dtos/create-workflow.dto.ts, {@link WORKFLOW_ID_PATTERN}):
 * letters and digits joined by single `-`, never `--` nor a `-` at either end (a name like
 * `welcome - new users` gives `welcome-new-users-<hash>`). Where {@link defaultIdentifier} already gives
 * such an id, both are the same (but for a name without letters or digits: `workflow-<hash>`); stacks made
 * before keep their stored one either way ({@link keepDefaultIdentifier} knows both formulas).
 */
export function defaultWorkflowId(origin: IdentifierOrigin): string {
  const slug = origin.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, IDENTIFIER_SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
  return `${slug || "workflow"}-${originHash(origin)}`;
}

/** The service's workflowId pattern (create-workflow.dto.ts): groups of letters and digits joined by `-`, `_` or `.`. */
export const WORKFLOW_ID_PATTERN = /^[a-zA-Z0-9]+(?:[-_.][a-zA-Z0-9]+)*$/;

/** The property that holds a default identifier. */
export type IdentifierKey = "identifier" | "workflowId" | "key" | "layoutId";

/** The default identifier of `origin` for `key`, as the resource computes it now. */
export function defaultFor(origin: IdentifierOrigin, key: IdentifierKey): string {
  return key === "workflowId" ? defaultWorkflowId(origin) : defaultIdentifier(origin);
}

/**
 * Whether `value` is a default identifier of `origin` for `key`, by the current formula or, for a
 * workflowId, by the one stacks made before {@link defaultWorkflowId} hold.
 */
export function isDefaultOf(value: unknown, origin: IdentifierOrigin, key: IdentifierKey): boolean {
  if (value === defaultFor(origin, key)) return true;
  return key === "workflowId" && value === defaultIdentifier(origin);
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
  key: IdentifierKey = "identifier",
): Record<string, unknown> {
  const oldOrigin = identifierOriginSchema.safeParse(olds?.defaultIdentifierOf);
  const newOrigin = identifierOriginSchema.safeParse(news.defaultIdentifierOf);
  if (olds === undefined || !oldOrigin.success || !newOrigin.success) return news;
  if (!isDefaultOf(news[key], newOrigin.data, key)) return news;
  if (!isDefaultOf(olds[key], oldOrigin.data, key)) return news;
  return { ...news, [key]: olds[key], defaultIdentifierOf: oldOrigin.data };
}
