import type { RequestContext, Route, RouteResult } from "../router";
import type { EnvironmentState } from "../store";
import { keyEnvironment } from "./scope";

/** The organization's Development environment, the `_parentId` of every other one (create-environment.usecase.ts). */
function parentOf(ctx: RequestContext, env: EnvironmentState): EnvironmentState | undefined {
  if (env.name === "Development") return undefined;
  return ctx.store.environmentsOf(env.organizationId).find((e) => e.name === "Development" && e !== env);
}

/** The fields of an environment answer (dtos/environment-response.dto.ts), without `apiKeys`. */
function environmentFields(ctx: RequestContext, env: EnvironmentState) {
  const parent = parentOf(ctx, env);
  return {
    _id: env.id,
    name: env.name,
    _organizationId: env.organizationId,
    identifier: env.identifier,
    ...(parent ? { _parentId: parent.id } : {}),
    createdAt: env.createdAt,
    updatedAt: env.createdAt,
  };
}

/**
 * `GET /v1/environments/me`: the API key's environment, without its API keys
 * (apps/api/src/app/environments-v1/environments-v1.controller.ts `getCurrentEnvironment`, reachable with an
 * API key; usecases/get-environment/get-environment.usecase.ts selects `-apiKeys`; fields from
 * dtos/environment-response.dto.ts). `_parentId` is the organization's Development environment for any other
 * environment. Category global (no `@ThrottlerCategory`).
 */
function me(ctx: RequestContext): RouteResult {
  return { status: 200, body: { data: environmentFields(ctx, keyEnvironment(ctx)) } };
}

/**
 * `GET /v1/environments`: every environment of the organization, in creation order
 * (environments-v1.controller.ts `listMyEnvironments`, usecases/get-my-environments/get-my-environments.usecase.ts).
 * An API key gets the API keys of its own environment only; the others carry `apiKeys: []`.
 */
function list(ctx: RequestContext): RouteResult {
  keyEnvironment(ctx);
  const data = ctx.store.environmentsOf(ctx.scope.organizationId).map((env) => ({
    ...environmentFields(ctx, env),
    apiKeys: env.id === ctx.scope.environmentId ? [{ key: ctx.scope.apiKey, _userId: ctx.scope.userId }] : [],
  }));
  return { status: 200, body: { data } };
}

/** `GET /v1/environments/me` and `GET /v1/environments`. */
export const environmentRoutes: Route[] = [
  { method: "GET", pattern: "/v1/environments/me", category: "global", handler: me },
  { method: "GET", pattern: "/v1/environments", category: "global", handler: list },
];
