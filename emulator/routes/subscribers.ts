import { searchSubscribersQuerySchema, upsertCredentialsBodySchema } from "../../sdk/schemas";
import { badRequest } from "../errors";
import type { RequestContext, Route, RouteResult } from "../router";
import type { EnvironmentState, StoredIntegration } from "../store";
import type { StoredSubscriber } from "../subscriber-table";
import { validate } from "../validate";
import { keyEnvironment } from "./scope";

function findSubscriber(env: EnvironmentState, subscriberId: string): StoredSubscriber {
  const subscriber = env.subscribers.get(subscriberId);
  if (!subscriber) throw badRequest(`SubscriberId: ${subscriberId} not found`);
  return subscriber;
}

/** The active integration of the environment for a provider (and identifier, when given). */
function findIntegration(
  ctx: RequestContext,
  env: EnvironmentState,
  providerId: string,
  identifier: string | undefined,
): StoredIntegration {
  for (const i of ctx.store.integrations.values()) {
    if (
      i._environmentId === env.id &&
      i.active &&
      !i.deleted &&
      i.providerId === providerId &&
      (identifier === undefined || i.identifier === identifier)
    ) {
      return i;
    }
  }
  throw badRequest(
    identifier === undefined
      ? `No active integration found for providerId ${providerId}`
      : `No active integration found for providerId ${providerId} and integrationIdentifier ${identifier}`,
  );
}

/** Bumps `updatedAt` strictly forward, so ordering by updatedAt sees every change. */
function touch(s: StoredSubscriber): void {
  const now = Date.now();
  const prev = Date.parse(s.updatedAt);
  s.updatedAt = new Date(Number.isNaN(prev) || now > prev ? now : prev + 1).toISOString();
  s.__v = (s.__v ?? 0) + 1;
}

/**
 * PATCH merges the credentials of the provider's channel entry (given `deviceTokens` replace the stored
 * ones, as the spec says); PUT replaces them whole.
 */
function upsert(mode: "merge" | "replace") {
  return (ctx: RequestContext): RouteResult => {
    const body = validate(upsertCredentialsBodySchema, ctx.body);
    const env = keyEnvironment(ctx);
    const subscriber = findSubscriber(env, ctx.params["subscriberId"] ?? "");
    const integration = findIntegration(ctx, env, body.providerId, body.integrationIdentifier);
    env.subscribers.update(subscriber, (s) => {
      const channels = [...(s.channels ?? [])];
      const at = channels.findIndex(
        (c) => c.providerId === body.providerId && c._integrationId === integration._id,
      );
      const previous = at >= 0 ? channels[at]?.credentials : undefined;
      const entry = {
        providerId: body.providerId,
        integrationIdentifier: integration.identifier,
        credentials: mode === "merge" ? { ...previous, ...body.credentials } : { ...body.credentials },
        _integrationId: integration._id,
      };
      if (at >= 0) channels[at] = entry;
      else channels.push(entry);
      s.channels = channels;
      touch(s);
    });
    ctx.store.changed();
    return { status: 200, body: { data: subscriber } };
  };
}

function deleteCredentials(ctx: RequestContext): RouteResult {
  const env = keyEnvironment(ctx);
  const subscriber = findSubscriber(env, ctx.params["subscriberId"] ?? "");
  const providerId = ctx.params["providerId"] ?? "";
  const identifier = ctx.query["integrationIdentifier"];
  env.subscribers.update(subscriber, (s) => {
    s.channels = (s.channels ?? []).filter(
      (c) =>
        c.providerId !== providerId ||
        (typeof identifier === "string" && c.integrationIdentifier !== identifier),
    );
    touch(s);
  });
  ctx.store.changed();
  return { status: 204 };
}

function search(ctx: RequestContext): RouteResult {
  const query = validate(searchSubscribersQuerySchema, ctx.query);
  return { status: 200, body: keyEnvironment(ctx).subscribers.search(query) };
}

/** Search (`GET /v2/subscribers`) and provider credentials (PATCH, PUT, DELETE). */
export const subscriberRoutes: Route[] = [
  { method: "GET", pattern: "/v2/subscribers", category: "global", handler: search },
  {
    method: "PATCH",
    pattern: "/v1/subscribers/:subscriberId/credentials",
    category: "global",
    handler: upsert("merge"),
  },
  {
    method: "PUT",
    pattern: "/v1/subscribers/:subscriberId/credentials",
    category: "global",
    handler: upsert("replace"),
  },
  {
    method: "DELETE",
    pattern: "/v1/subscribers/:subscriberId/credentials/:providerId",
    category: "global",
    handler: deleteCredentials,
  },
];
