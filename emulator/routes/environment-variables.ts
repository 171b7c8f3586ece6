import {
  type EnvironmentVariableInput,
  type EnvironmentVariableValueInput,
  parseEnvironmentVariableBody,
} from "../environment-variable-input";
import { SECRET_MASK, type StoredEnvironmentVariable } from "../environment-variable-table";
import { badRequest, conflict, forbidden, notFound, ObjectHttpError } from "../errors";
import type { RequestContext, Route, RouteResult } from "../router";

/**
 * `/v1/environment-variables` (apps/api/src/app/environment-variables/environment-variables.controller.ts;
 * every route `@ExternalApiAccessible()`, throttler category configuration). The emulator's callers are
 * API keys, so every route takes the API-key path of the newest source: reads show only the key's
 * environment's value, writes may name only that environment (e2e/api-key-environment-scope.e2e.ts).
 */

const BASE = "/v1/environment-variables";

/** Refusal of a value for another environment (auth/framework environment-scope helper, `assertEnvironmentScopedAccess`). */
const CROSS_ENVIRONMENT =
  "This authentication scheme is scoped to a single environment and cannot target a different `_environmentId`. " +
  "Use credentials from the target environment, or authenticate with a session token.";

/**
 * Refusal of `key`, `type` or `isSecret` in a PATCH with an API key (update-environment-variable.usecase.ts;
 * the e2e test checks the phrase "cannot update shared environment variable metadata"; the rest of the
 * sentence is the emulator's).
 */
const SHARED_METADATA =
  "This authentication scheme cannot update shared environment variable metadata (key, type, isSecret). " +
  "Authenticate with a session token to change them.";

/** Refusal of the mask as a value (create-environment-variable.usecase.ts, update-environment-variable.usecase.ts). */
const MASK_REFUSED =
  "Submitted value matches the secret mask placeholder; provide the real value or omit the entry.";

/**
 * The answer for a record (get-environment-variables.usecase.ts `toEnvironmentVariableResponseDto`): values
 * filtered to the key's environment (a record without one has `values: []`), secret values masked.
 */
function answer(record: StoredEnvironmentVariable, environmentId: string) {
  return {
    _id: record._id,
    _organizationId: record._organizationId,
    key: record.key,
    type: record.type,
    isSecret: record.isSecret,
    values: record.values
      .filter((v) => v._environmentId === environmentId)
      .map((v) => ({ _environmentId: v._environmentId, value: record.isSecret ? SECRET_MASK : v.value })),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** The record of the path's key in the caller's organization (404 as the usecases answer it). */
function existing(ctx: RequestContext): StoredEnvironmentVariable {
  const key = ctx.params["key"] ?? "";
  const record = ctx.store.environmentVariables.get(ctx.scope.organizationId, key);
  if (!record) throw notFound(`Environment variable with key "${key}" not found`);
  return record;
}

/**
 * Values naming another environment: 403 for an API key (usecases/validate-environment-variable-values.ts,
 * `restrictToUserEnvironment`; the 404 for an environment outside the organization comes after it, so an
 * API key never reaches it).
 */
function checkValueScope(
  ctx: RequestContext,
  values: readonly EnvironmentVariableValueInput[] | undefined,
): void {
  if (!values?.length) return;
  if (values.some((v) => v._environmentId !== ctx.scope.environmentId)) throw forbidden(CROSS_ENVIRONMENT);
}

/** The mask as a value: 400. */
function refuseMask(values: readonly EnvironmentVariableValueInput[] | undefined): void {
  if (values?.some((v) => v.value === SECRET_MASK)) throw badRequest(MASK_REFUSED);
}

/**
 * The organization's limit, checked before the 409 (create-environment-variable.usecase.ts calls
 * `ResourceValidatorService.validateEnvironmentVariablesLimit` first: `count >= limit` is 400 with
 * `currentCount` and `limit` beside the message; `MAX_ENVIRONMENT_VARIABLES_LIMIT_NUMBER`, default 10).
 */
function checkLimit(ctx: RequestContext): void {
  const count = ctx.store.environmentVariables.count(ctx.scope.organizationId);
  const limit = ctx.store.maxEnvironmentVariables;
  if (count >= limit)
    throw new ObjectHttpError(400, {
      message: `Environment variables limit exceeded. Maximum allowed variables is ${limit}.`,
      currentCount: count,
      limit,
    });
}

/** `GET /v1/environment-variables?search=`: case-insensitive substring of the key, newest first, no pages. */
function list(ctx: RequestContext): RouteResult {
  const raw = ctx.query["search"];
  const search = (Array.isArray(raw) ? raw[0] : raw)?.toLowerCase();
  const records = ctx.store.environmentVariables
    .ofOrganization(ctx.scope.organizationId)
    .filter((r) => !search || r.key.toLowerCase().includes(search));
  return { status: 200, body: { data: records.map((r) => answer(r, ctx.scope.environmentId)) } };
}

/** `GET /v1/environment-variables/{key}`. */
function get(ctx: RequestContext): RouteResult {
  return { status: 200, body: { data: answer(existing(ctx), ctx.scope.environmentId) } };
}

/** `POST /v1/environment-variables`: 200 (`@HttpCode(HttpStatus.OK)`), `type` string and `isSecret` false by default. */
function create(ctx: RequestContext): RouteResult {
  const input = parseEnvironmentVariableBody(ctx.body, true);
  checkValueScope(ctx, input.values);
  checkLimit(ctx);
  const key = input.key as string;
  if (ctx.store.environmentVariables.get(ctx.scope.organizationId, key))
    throw conflict(`Environment variable with key "${key}" already exists`);
  refuseMask(input.values);
  const record = ctx.store.environmentVariables.create({
    _organizationId: ctx.scope.organizationId,
    key,
    type: input.type ?? "string",
    isSecret: input.isSecret ?? false,
    values: (input.values ?? []).map((v) => ({ ...v })),
    _updatedBy: ctx.scope.userId,
  });
  ctx.store.changed();
  return { status: 200, body: { data: answer(record, ctx.scope.environmentId) } };
}

/** True when the body names shared metadata, which an API key may not change. */
const namesMetadata = (input: EnvironmentVariableInput) =>
  input.key !== undefined || input.type !== undefined || input.isSecret !== undefined;

/**
 * `PATCH /v1/environment-variables/{key}`: `values` merged per `_environmentId` (environments not in the
 * body keep their value); an empty body 400.
 */
function update(ctx: RequestContext): RouteResult {
  const input = parseEnvironmentVariableBody(ctx.body, false);
  const record = existing(ctx);
  if (namesMetadata(input)) throw forbidden(SHARED_METADATA);
  checkValueScope(ctx, input.values);
  refuseMask(input.values);
  if (input.values === undefined) throw badRequest("At least one field must be provided to update");
  const merged = record.values.map((v) => ({ ...v }));
  for (const v of input.values) {
    const at = merged.findIndex((m) => m._environmentId === v._environmentId);
    if (at >= 0) merged[at] = { ...v };
    else merged.push({ ...v });
  }
  const updated: StoredEnvironmentVariable = {
    ...record,
    values: merged,
    updatedAt: new Date().toISOString(),
    _updatedBy: ctx.scope.userId,
  };
  ctx.store.environmentVariables.put(updated);
  ctx.store.changed();
  return { status: 200, body: { data: answer(updated, ctx.scope.environmentId) } };
}

/**
 * `DELETE /v1/environment-variables/{key}`: 204; removes the key's environment's value only (404 when it has
 * none), and the record when no value is left (delete-environment-variable.usecase.ts
 * `deleteScopedEnvironmentValue`).
 */
function remove(ctx: RequestContext): RouteResult {
  const record = existing(ctx);
  const envId = ctx.scope.environmentId;
  if (!record.values.some((v) => v._environmentId === envId))
    throw notFound(
      `Environment variable with key "${record.key}" has no value for the authenticated environment`,
    );
  const values = record.values.filter((v) => v._environmentId !== envId);
  if (values.length === 0) ctx.store.environmentVariables.remove(record);
  else ctx.store.environmentVariables.put({ ...record, values, updatedAt: new Date().toISOString() });
  ctx.store.changed();
  return { status: 204 };
}

/**
 * True when `text` holds `env.KEY` as a whole token (get-environment-variable-usage.usecase.ts
 * `controlsReferenceEnvVar`: not preceded by a word character or `$`, not followed by one).
 */
export function referencesVariable(text: string, key: string): boolean {
  const escaped = `env.${key}`.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\w$])${escaped}(?![\\w$])`).test(text);
}

/**
 * `GET /v1/environment-variables/{key}/usage`: `{ workflows: [{ name, workflowId }] }`, the workflows of
 * every environment of the organization whose step controls reference `env.KEY`
 * (get-environment-variable-usage.usecase.ts searches the organization's step control values).
 */
function usage(ctx: RequestContext): RouteResult {
  const record = existing(ctx);
  const workflows: { name: string; workflowId: string }[] = [];
  for (const env of ctx.store.allEnvironments()) {
    if (env.organizationId !== ctx.scope.organizationId) continue;
    for (const w of env.workflows.values()) {
      const used = (w.steps ?? []).some((s) =>
        referencesVariable(JSON.stringify(s.controlValues ?? s.controls?.values ?? {}), record.key),
      );
      if (used) workflows.push({ name: w.name, workflowId: w.workflowId });
    }
  }
  return { status: 200, body: { data: { workflows } } };
}

/** The `/v1/environment-variables` routes (`/usage` before the bare key). */
export const environmentVariableRoutes: Route[] = [
  { method: "GET", pattern: BASE, category: "configuration", handler: list },
  { method: "POST", pattern: BASE, category: "configuration", handler: create },
  { method: "GET", pattern: `${BASE}/:key/usage`, category: "configuration", handler: usage },
  { method: "GET", pattern: `${BASE}/:key`, category: "configuration", handler: get },
  { method: "PATCH", pattern: `${BASE}/:key`, category: "configuration", handler: update },
  { method: "DELETE", pattern: `${BASE}/:key`, category: "configuration", handler: remove },
];
