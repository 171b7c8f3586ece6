import type { RequestContext, Route, RouteResult } from "../router";
import { keyEnvironment } from "./scope";

/**
 * `GET /v1/environments/me`: the API key's environment, without its API keys
 * (apps/api/src/app/environments-v1/environments-v1.controller.ts `getCurrentEnvironment`, reachable with an
 * API key; usecases/get-environment/get-environment.usecase.ts selects `-apiKeys`; fields from
 * dtos/environment-response.dto.ts). `_parentId` is the organization's Development environment for any other
 * environment. Category global (no `@ThrottlerCategory`).
 */
function me(ctx: RequestContext): RouteResult {
  const env = keyEnvironment(ctx);
  const parent =
    env.name === "Development"
      ? undefined
      : ctx.store
          .allEnvironments()
          .find((e) => e.organizationId === env.organizationId && e.name === "Development" && e !== env);
  return {
    status: 200,
    body: {
      data: {
        _id: env.id,
        name: env.name,
        _organizationId: env.organizationId,
        identifier: env.identifier,
        ...(parent ? { _parentId: parent.id } : {}),
        createdAt: env.createdAt,
        updatedAt: env.createdAt,
      },
    },
  };
}

/** `GET /v1/environments/me`. */
export const environmentRoutes: Route[] = [
  { method: "GET", pattern: "/v1/environments/me", category: "global", handler: me },
];
