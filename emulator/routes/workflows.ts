import { z } from "zod";
import {
  getWorkflowQuerySchema,
  jsonObjectSchema,
  listWorkflowsQuerySchema,
  patchWorkflowBodySchema,
  syncWorkflowBodySchema,
} from "../../sdk/schemas";
import { badRequest, notFound } from "../errors";
import { objectId } from "../ids";
import type { RequestContext, Route, RouteResult } from "../router";
import { checkStepLayouts } from "../step-layouts";
import type { EnvironmentState, StoredWorkflow } from "../store";
import { validate } from "../validate";
import { bodyStepSchema, buildWorkflow, freeWorkflowId, type WorkflowWrite } from "../workflow-builder";
import { keyEnvironment, organizationEnvironment } from "./scope";

/**
 * The v2 workflow endpoints (apps/api/src/app/workflows-v2/workflow.controller.ts). Everything acts on
 * the key's environment; a workflow of another environment is not found. `{workflowId}` is the
 * workflowId, the slug or the `_id` (pipes/parse-slug-Id.pipe.ts).
 */

/** Fields of a create or update body, read as the service's class-validator DTOs do (controls loosely). */
const writeFields = {
  name: z.string().min(1),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  active: z.boolean().optional(),
  validatePayload: z.boolean().optional(),
  payloadSchema: jsonObjectSchema.nullable().optional(),
  isTranslationEnabled: z.boolean().optional(),
  severity: z.enum(["high", "medium", "low", "none"]).optional(),
  steps: z.array(bodyStepSchema),
  preferences: z.looseObject({ user: z.unknown().optional(), workflow: z.unknown().optional() }).optional(),
};
/** dtos/create-workflow.dto.ts: `workflowId` required. */
const createBodySchema = z.looseObject({ workflowId: z.string().min(1), ...writeFields });
/** dtos/update-workflow.dto.ts: `preferences` and `origin` required, `workflowId` optional (and ignored). */
const updateBodySchema = z.looseObject({
  ...writeFields,
  workflowId: z.string().optional(),
  preferences: writeFields.preferences.unwrap(),
  origin: z.enum(["svc-cloud", "svc-cloud-v1", "external"]),
});

/** The workflow of `{workflowId}` in `env`, or the service's 404 (workflow-not-found-exception.ts). */
function found(env: EnvironmentState, ctx: RequestContext): StoredWorkflow {
  const id = ctx.params["workflowId"] ?? "";
  const workflow = env.findWorkflow(id);
  if (!workflow) throw notFound(`Workflow ${id} not found`);
  return workflow;
}

/** Saves a workflow and answers it (the service answers with a fresh GET of it). */
function saved(
  ctx: RequestContext,
  env: EnvironmentState,
  workflow: StoredWorkflow,
  status = 200,
): RouteResult {
  // Email steps' layoutId checked against the layouts (emulator/step-layouts.ts): a failure still stores.
  const checked = checkStepLayouts(env, workflow);
  env.workflows.set(workflow._id, checked.workflow);
  ctx.store.changed();
  if (checked.failure) throw checked.failure;
  return { status, body: { data: checked.workflow } };
}

function getWorkflow(ctx: RequestContext): RouteResult {
  const query = validate(getWorkflowQuerySchema, ctx.query);
  const env = query.environmentId ? organizationEnvironment(ctx, query.environmentId) : keyEnvironment(ctx);
  return { status: 200, body: { data: found(env, ctx) } };
}

/** POST: 201; `origin` svc-cloud; a taken workflowId is suffixed, not refused (create-workflow-v0 usecase). */
function createWorkflow(ctx: RequestContext): RouteResult {
  const body = validate(createBodySchema, ctx.body, "body.");
  const env = keyEnvironment(ctx);
  const ids = { _id: objectId(), workflowId: freeWorkflowId(env, body.workflowId) };
  return saved(ctx, env, buildWorkflow(ctx.store, env, body as WorkflowWrite, ids), 201);
}

/** PUT: replaces the workflow (steps matched by `_id`), keeping its `_id`, workflowId and origin. */
function updateWorkflow(ctx: RequestContext): RouteResult {
  const env = keyEnvironment(ctx);
  const previous = found(env, ctx);
  const body = validate(updateBodySchema, ctx.body, "body.");
  const ids = { _id: previous._id, workflowId: previous.workflowId };
  return saved(ctx, env, buildWorkflow(ctx.store, env, body as WorkflowWrite, ids, previous));
}

/**
 * PATCH (usecases/patch-workflow/patch-workflow.usecase.ts): only the fields given; `active` sets the
 * status to ACTIVE or INACTIVE as given, without looking at the steps' issues.
 */
function patchWorkflow(ctx: RequestContext): RouteResult {
  const env = keyEnvironment(ctx);
  const previous = found(env, ctx);
  const patch = validate(patchWorkflowBodySchema, ctx.body ?? {}, "body.");
  const next: StoredWorkflow = { ...previous, updatedAt: new Date().toISOString() };
  for (const [key, value] of Object.entries(patch))
    if (value !== undefined) Object.assign(next, { [key]: value });
  if (patch.active !== undefined) next.status = patch.active ? "ACTIVE" : "INACTIVE";
  return saved(ctx, env, next);
}

/** DELETE: 204 (the v1 delete usecase the controller calls), 404 when missing. */
function deleteWorkflow(ctx: RequestContext): RouteResult {
  const env = keyEnvironment(ctx);
  env.workflows.delete(found(env, ctx)._id);
  ctx.store.changed();
  return { status: 204 };
}

/** A list item (mappers/notification-template-mapper.ts `toWorkflowsMinifiedDtos`): no steps, their types. */
function listItem(w: StoredWorkflow) {
  const { steps, preferences: _p, payloadSchema: _s, ...rest } = w;
  return { ...rest, stepTypeOverviews: steps.map((s) => s.type) };
}

/**
 * GET list (list-workflow.usecase.ts, notification-template repository `getList`): `query` matches the
 * name or workflowId (case-insensitive), then tags/status filters, ordered (default createdAt DESC),
 * `offset`/`limit` (defaults 0 and 50).
 */
function listWorkflows(ctx: RequestContext): RouteResult {
  const q = validate(listWorkflowsQuerySchema, ctx.query);
  const needle = q.query?.toLowerCase();
  const key = q.orderBy ?? "createdAt";
  const dir = q.orderDirection === "ASC" ? 1 : -1;
  const matches = [...keyEnvironment(ctx).workflows.values()]
    .filter(
      (w) => !needle || w.name.toLowerCase().includes(needle) || w.workflowId.toLowerCase().includes(needle),
    )
    .filter((w) => !q.tags || q.tags.some((t) => w.tags?.includes(t)))
    .filter((w) => !q.status || q.status.includes(w.status as "ACTIVE"))
    .sort((a, b) => dir * String(a[key] ?? "").localeCompare(String(b[key] ?? "")));
  const offset = q.offset ?? 0;
  const page = matches.slice(offset, offset + (q.limit ?? 50));
  return { status: 200, body: { data: { workflows: page.map(listItem), totalCount: matches.length } } };
}

/** Origins that can be synced (sync-to-environment.usecase.ts `SYNCABLE_WORKFLOW_ORIGINS`). */
const SYNCABLE_ORIGINS = ["svc-cloud"];

/** The target environment of a sync, with the service's refusals (sync-to-environment.usecase.ts). */
function syncTarget(ctx: RequestContext, targetEnvironmentId: string): EnvironmentState {
  if (targetEnvironmentId === ctx.scope.environmentId)
    throw badRequest("Cannot sync workflow to the same environment");
  return organizationEnvironment(ctx, targetEnvironmentId);
}

/** The write a sync makes in the target: the source's fields and steps, steps matched by stepId to the target's. */
function syncWrite(source: StoredWorkflow, target: StoredWorkflow | undefined): WorkflowWrite {
  const steps = source.steps.map((s) => {
    const kept = target?.steps.find((t) => t.stepId === s.stepId);
    const values = (s.controls.values ?? {}) as Record<string, unknown>;
    return {
      ...(kept ? { _id: kept._id } : {}),
      stepId: s.stepId,
      name: s.name,
      type: s.type,
      controlValues: values,
    };
  });
  const { name, description, tags, active, validatePayload, payloadSchema, isTranslationEnabled, severity } =
    source;
  const preferences = { workflow: source.preferences.default, user: source.preferences.user ?? null };
  const base = {
    name,
    description,
    tags,
    active,
    validatePayload,
    payloadSchema,
    isTranslationEnabled,
    severity,
  };
  return { ...base, preferences, steps: steps as WorkflowWrite["steps"] };
}

/**
 * PUT sync (sync-to-environment.usecase.ts): refuses the same environment (400), an environment outside
 * the organization (404) and a workflow whose origin is not syncable (400, workflow-not-syncable-exception.ts);
 * upserts the copy in the target under the same workflowId and marks the source published.
 */
function syncWorkflow(ctx: RequestContext): RouteResult {
  const { targetEnvironmentId } = validate(syncWorkflowBodySchema, ctx.body, "body.");
  const target = syncTarget(ctx, targetEnvironmentId);
  const sourceEnv = keyEnvironment(ctx);
  const source = found(sourceEnv, ctx);
  if (!SYNCABLE_ORIGINS.includes(source.origin))
    throw badRequest(
      `Cannot sync workflow: origin '${source.origin}' is not allowed (must be one of: ${SYNCABLE_ORIGINS.join(", ")})`,
    );
  const existing = target.findWorkflow(source.workflowId);
  const ids = { _id: existing?._id ?? objectId(), workflowId: source.workflowId };
  const copy = buildWorkflow(ctx.store, target, syncWrite(source, existing), ids, existing);
  const now = new Date().toISOString();
  sourceEnv.workflows.set(source._id, {
    ...source,
    lastPublishedAt: now,
    lastPublishedBy: { _id: ctx.scope.userId },
  });
  return saved(ctx, target, copy);
}

/** Rate-limit category of these routes: global, as DESIGN.md says (newer sources mark the controller `configuration`). */
const CATEGORY = "global";

/** The v2 workflow routes; `/sync` before the parameterized PUT. */
export const workflowRoutes: Route[] = [
  { method: "GET", pattern: "/v2/workflows", category: CATEGORY, handler: listWorkflows },
  { method: "POST", pattern: "/v2/workflows", category: CATEGORY, handler: createWorkflow },
  { method: "PUT", pattern: "/v2/workflows/:workflowId/sync", category: CATEGORY, handler: syncWorkflow },
  { method: "GET", pattern: "/v2/workflows/:workflowId", category: CATEGORY, handler: getWorkflow },
  { method: "PUT", pattern: "/v2/workflows/:workflowId", category: CATEGORY, handler: updateWorkflow },
  { method: "PATCH", pattern: "/v2/workflows/:workflowId", category: CATEGORY, handler: patchWorkflow },
  { method: "DELETE", pattern: "/v2/workflows/:workflowId", category: CATEGORY, handler: deleteWorkflow },
];
