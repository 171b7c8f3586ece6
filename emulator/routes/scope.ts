import { notFound } from "../errors";
import type { RequestContext } from "../router";
import type { EnvironmentState } from "../store";

/** The environment the request's API key acts on. */
export function keyEnvironment(ctx: RequestContext): EnvironmentState {
  return ctx.store.ensureEnvironment(ctx.scope.environmentId, ctx.scope.organizationId);
}

/** An environment of the key's organization (404 when the organization does not own it). */
export function organizationEnvironment(ctx: RequestContext, environmentId: string): EnvironmentState {
  const env = ctx.store.owns(ctx.scope.organizationId, environmentId)
    ? ctx.store.environment(environmentId)
    : undefined;
  if (!env) throw notFound(`Environment ${environmentId} not found`);
  return env;
}
