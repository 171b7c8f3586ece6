import { badRequest, forbidden, HttpError } from "../errors";
import { objectId } from "../ids";
import type { RequestContext, Route, RouteResult } from "../router";
import { EMULATOR_VOCABULARY } from "../service-vocabulary";
import { checkStepLayouts } from "../step-layouts";
import type { EnvironmentState, StoredWorkflow } from "../store";
import { withPaginationNumbers } from "../validation/limit-offset";
import { validated } from "../validation/pipe";
import {
  createWorkflowDto,
  type ListWorkflowsQuery,
  listWorkflowsQueryDto,
  patchWorkflowDto,
  syncWorkflowDto,
  updateWorkflowDto,
} from "../validation/workflows";
import {
  buildWorkflow,
  freeWorkflowId,
  type IntegrationIssuesOf,
  integrationIssues,
  type ServerTraits,
  slugify,
  storedTranslationFlag,
  type WorkflowWrite,
  withReadIssues,
} from "../workflow-builder";
import { keyEnvironment, organizationEnvironment } from "./scope";

/**
 * The v2 workflow endpoints (apps/api/src/app/workflows-v2/workflow.controller.ts). Everything acts on
 * the key's environment; a workflow of another environment is not found. `{workflowId}` is the
 * workflowId, the slug or the `_id` (pipes/parse-slug-Id.pipe.ts).
 */

/**
 * The workflow of `{workflowId}` in `env`, or the service's 404 `{ message: "Workflow cannot be found",
 * workflowId }` (libs/application-generic/src/usecases/workflow/get-workflow-by-ids/get-workflow-by-ids.usecase.ts).
 */
function found(env: EnvironmentState, ctx: RequestContext): StoredWorkflow {
  const id = ctx.params["workflowId"] ?? "";
  const workflow = env.findWorkflow(id);
  if (!workflow) throw new HttpError(404, "Workflow cannot be found", {}, { workflowId: id });
  return workflow;
}

/** The integration issues of a step type in `env` now. */
function issuesNow(ctx: RequestContext, env: EnvironmentState): IntegrationIssuesOf {
  return (type) => integrationIssues(ctx.store, env, type);
}

/** A workflow answer: the stored workflow with the integration issues of this moment (get-workflow usecase). */
function answer(
  ctx: RequestContext,
  env: EnvironmentState,
  workflow: StoredWorkflow,
  status = 200,
): RouteResult {
  return { status, body: { data: withReadIssues(ctx.store, env, workflow) } };
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
  return answer(ctx, env, checked.workflow, status);
}

/**
 * The message of an API key asking for another environment (apps/api/src/app/shared/.../
 * `assertEnvironmentScopedAccess`; the e2e test api-key-workflow-environment-scope.e2e.ts checks
 * "is scoped to a single environment" on GET /v2/workflows/{id}?environmentId=<other>).
 */
const OTHER_ENVIRONMENT_MESSAGE =
  "This authentication scheme is scoped to a single environment and cannot target a different `_environmentId`. " +
  "Use credentials from the target environment, or authenticate with a session token.";

/**
 * GET one. An API key is scoped to its environment: `environmentId` naming another one is 403
 * (e2e/api-key-workflow-environment-scope.e2e.ts); the key's own environment is allowed. With the
 * `missingWorkflowAs400` mode, a missing workflow answers 400 as one older service version did.
 */
function getWorkflow(ctx: RequestContext): RouteResult {
  // The controller reads `environmentId` as a plain query string (no DTO validator).
  const environmentId = ctx.query["environmentId"];
  if (typeof environmentId === "string" && environmentId !== "" && environmentId !== ctx.scope.environmentId)
    throw forbidden(OTHER_ENVIRONMENT_MESSAGE);
  const env = keyEnvironment(ctx);
  if (ctx.store.modes.missingWorkflowAs400 && !env.findWorkflow(ctx.params["workflowId"] ?? ""))
    throw missingWorkflow400(ctx.params["workflowId"] ?? "");
  return answer(ctx, env, found(env, ctx));
}

/**
 * The 400 of the `missingWorkflowAs400` mode: from PR #6460 (2024-10-01) to #6648 (2024-10-22),
 * apps/api/src/app/workflows-v2/exceptions/workflow-not-found-exception.ts extended BadRequestException with
 * `{ message: "Workflow cannot be found", workflowId }`, which the exception filter answers with both fields.
 */
function missingWorkflow400(id: string): HttpError {
  return new HttpError(400, "Workflow cannot be found", {}, { workflowId: id });
}

/**
 * The workflowId a create stores: the body's (the v2 controller sets `preserveWorkflowId`), or with the
 * `workflowIdFromName` mode the slug of the name as servers of 2024 and early 2025 did
 * (upsert-workflow.usecase.ts `triggerIdentifier: preserveWorkflowId ? workflowDto.workflowId :
 * slugifyOrRandom(workflowDto.name)`, the controller of that time not preserving it); either way a taken one
 * is suffixed (create-workflow-v0 `generateUniqueIdentifier`).
 */
function createdWorkflowId(
  ctx: RequestContext,
  env: EnvironmentState,
  body: { workflowId: string; name: string },
) {
  const wanted = ctx.store.modes.workflowIdFromName ? slugify(body.name) : body.workflowId;
  return freeWorkflowId(env, wanted);
}

/**
 * The server a write depends on: the enterprise edition (../edition.ts) stores `isTranslationEnabled`; the
 * release played (../service-version.ts) decides the chat controls.
 */
function traits(ctx: RequestContext): ServerTraits {
  return { enterprise: ctx.store.edition === "enterprise", serviceVersion: ctx.store.serviceVersion };
}

/** POST: 201; `origin` novu-cloud; a taken workflowId is suffixed, not refused (create-workflow-v0 usecase). */
function createWorkflow(ctx: RequestContext): RouteResult {
  const body = validated<WorkflowWrite & { workflowId: string }>(ctx.body, createWorkflowDto);
  const env = keyEnvironment(ctx);
  const ids = { _id: objectId(), workflowId: createdWorkflowId(ctx, env, body) };
  return saved(ctx, env, buildWorkflow(body, ids, issuesNow(ctx, env), undefined, traits(ctx)), 201);
}

/**
 * PUT: replaces the workflow (steps matched by `_id`), keeping its `_id`, workflowId and origin
 * (upsert-workflow.usecase.ts `resolveWorkflowOrigin`: the body's origin is ignored on update).
 */
function updateWorkflow(ctx: RequestContext): RouteResult {
  const body = validated<WorkflowWrite>(ctx.body, updateWorkflowDto);
  const env = keyEnvironment(ctx);
  const previous = found(env, ctx);
  const ids = { _id: previous._id, workflowId: previous.workflowId };
  return saved(ctx, env, buildWorkflow(body, ids, issuesNow(ctx, env), previous, traits(ctx)));
}

/**
 * PATCH (usecases/patch-workflow/patch-workflow.usecase.ts): only the fields given; `active` sets the
 * status to ACTIVE or INACTIVE as given, without looking at the steps' issues.
 */
function patchWorkflow(ctx: RequestContext): RouteResult {
  const patch = validated<Partial<StoredWorkflow>>(ctx.body ?? {}, patchWorkflowDto);
  const env = keyEnvironment(ctx);
  const previous = found(env, ctx);
  const next: StoredWorkflow = { ...previous, updatedAt: new Date().toISOString() };
  for (const [key, value] of Object.entries(patch))
    if (value !== undefined) Object.assign(next, { [key]: value });
  if (patch.active !== undefined) next.status = patch.active ? "ACTIVE" : "INACTIVE";
  next.isTranslationEnabled = storedTranslationFlag(
    traits(ctx).enterprise,
    patch.isTranslationEnabled,
    previous.isTranslationEnabled,
  );
  return saved(ctx, env, next);
}

/** DELETE: 204 (the v1 delete usecase the controller calls), 404 when missing. */
function deleteWorkflow(ctx: RequestContext): RouteResult {
  const env = keyEnvironment(ctx);
  env.workflows.delete(found(env, ctx)._id);
  ctx.store.changed();
  return { status: 204 };
}

/**
 * A list item (mappers/notification-template-mapper.ts `toMinifiedWorkflowDto`): these fields only, with
 * `lastPublishedAt` "" when never published and `steps: [{ slug, type, issues }]` holding the issues stored
 * at the last write (`toStepListResponseDto`).
 */
function listItem(w: StoredWorkflow) {
  const item: Record<string, unknown> = {
    _id: w._id,
    workflowId: w.workflowId,
    slug: w.slug,
    name: w.name,
    origin: w.origin,
    tags: w.tags,
    updatedAt: w.updatedAt,
    lastPublishedAt: w.lastPublishedAt || "",
    stepTypeOverviews: w.steps.map((s) => s.type),
    createdAt: w.createdAt,
    status: w.status,
    lastTriggeredAt: w.lastTriggeredAt,
    isTranslationEnabled: w.isTranslationEnabled || false,
    steps: w.steps.map((s) => ({ slug: s.slug, type: s.type, ...(s.issues ? { issues: s.issues } : {}) })),
  };
  if (w.lastPublishedBy) item["lastPublishedBy"] = w.lastPublishedBy;
  if (w.updatedBy) item["updatedBy"] = w.updatedBy;
  return item;
}

/**
 * GET list (list-workflow.usecase.ts, notification-template repository `getList`): `query` matches the
 * name or workflowId (case-insensitive), then tags/status filters, ordered (default createdAt DESC),
 * `offset`/`limit` (defaults 0 and 50).
 */
function listWorkflows(ctx: RequestContext): RouteResult {
  const q = validated<ListWorkflowsQuery>(withPaginationNumbers(ctx.query), listWorkflowsQueryDto);
  const needle = q.query?.toLowerCase();
  const key = q.orderBy ?? "createdAt";
  const dir = q.orderDirection === "ASC" ? 1 : -1;
  const env = keyEnvironment(ctx);
  const matches = [...env.workflows.values()]
    .filter(
      (w) => !needle || w.name.toLowerCase().includes(needle) || w.workflowId.toLowerCase().includes(needle),
    )
    .filter((w) => !q.tags || q.tags.some((t) => w.tags?.includes(t)))
    .filter((w) => !q.status || q.status.includes(w.status))
    .sort((a, b) => dir * String(a[key] ?? "").localeCompare(String(b[key] ?? "")));
  const offset = q.offset ?? 0;
  const page = matches.slice(offset, offset + (q.limit ?? 50));
  return {
    status: 200,
    body: { data: { workflows: page.map(listItem), totalCount: matches.length } },
  };
}

/** Origins that can be synced (sync-to-environment.usecase.ts `SYNCABLE_WORKFLOW_ORIGINS`). */
const SYNCABLE_ORIGINS: readonly string[] = [EMULATOR_VOCABULARY.cloudOrigin];

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
  const preferences = { workflow: source.preferences.default, user: source.preferences.user ?? undefined };
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
  const { targetEnvironmentId } = validated<{ targetEnvironmentId: string }>(ctx.body, syncWorkflowDto);
  const target = syncTarget(ctx, targetEnvironmentId);
  const sourceEnv = keyEnvironment(ctx);
  const source = found(sourceEnv, ctx);
  if (!SYNCABLE_ORIGINS.includes(source.origin))
    throw badRequest(
      `Cannot sync workflow: origin '${source.origin}' is not allowed (must be one of: ${SYNCABLE_ORIGINS.join(", ")})`,
    );
  const existing = target.findWorkflow(source.workflowId);
  const ids = { _id: existing?._id ?? objectId(), workflowId: source.workflowId };
  const copy = buildWorkflow(syncWrite(source, existing), ids, issuesNow(ctx, target), existing, traits(ctx));
  const now = new Date().toISOString();
  sourceEnv.workflows.set(source._id, {
    ...source,
    lastPublishedAt: now,
    lastPublishedBy: { _id: ctx.scope.userId },
  });
  return saved(ctx, target, copy);
}

/** Rate-limit category: `@ThrottlerCategory(ApiRateLimitCategoryEnum.CONFIGURATION)` on workflow.controller.ts. */
const CATEGORY = "configuration";

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
