import { isDeepStrictEqual } from "node:util";
import type { ChannelCredentials, ChannelSettings } from "../../sdk/schemas";
import { badRequest, notFound } from "../errors";
import type { RequestContext, Route, RouteResult } from "../router";
import type { EnvironmentState, Store, StoredIntegration } from "../store";
import type { StoredSubscriber } from "../subscriber-table";
import { validated } from "../validation/pipe";
import {
  type UpdateSubscriberChannelBody,
  updateSubscriberChannelDto,
} from "../validation/subscriber-credentials";
import { searchQuery, searchSubscribersQueryDto } from "../validation/subscriber-search";
import { keyEnvironment } from "./scope";

/** The credentials an entry stores (Novu: `createUpdatePayload` of update-subscriber-channel.usecase.ts). */
type StoredCredentials = Pick<ChannelCredentials, "webhookUrl" | "channel" | "deviceTokens">;

/**
 * The integration a credentials write targets: the newest (`createdAt` descending) active, non-deleted
 * integration of `providerId` in the environment, narrowed by `identifier` when given. Equal `createdAt`:
 * the one created later wins. Novu:
 * libs/application-generic/src/usecases/subscribers/update-subscriber-channel/update-subscriber-channel.usecase.ts
 * (`integrationRepository.findOne(query, undefined, { sort: { createdAt: -1 } })`).
 */
export function targetIntegration(
  store: Store,
  environmentId: string,
  providerId: string,
  identifier: string | undefined,
): StoredIntegration | undefined {
  let best: StoredIntegration | undefined;
  for (const i of store.integrations.values()) {
    if (i._environmentId !== environmentId || !i.active || i.deleted || i.providerId !== providerId) continue;
    if (identifier !== undefined && i.identifier !== identifier) continue;
    if (best === undefined || i.createdAt >= best.createdAt) best = i;
  }
  return best;
}

/** Bumps `updatedAt` strictly forward, so ordering by updatedAt sees every change. */
export function touch(s: StoredSubscriber): void {
  const now = Date.now();
  const prev = Date.parse(s.updatedAt);
  s.updatedAt = new Date(Number.isNaN(prev) || now > prev ? now : prev + 1).toISOString();
  s.__v = (s.__v ?? 0) + 1;
}

/**
 * Of the body's credentials only `webhookUrl`, `channel` and `deviceTokens` are kept, each only when not
 * null/undefined; `deviceTokens` deduplicated. The Grafana fields (alertUid, title, imageUrl, state,
 * externalUrl) are dropped. Novu: update-subscriber-channel.usecase.ts (`createUpdatePayload`).
 */
function keptCredentials(credentials: ChannelCredentials): StoredCredentials {
  const kept: StoredCredentials = {};
  if (credentials.webhookUrl != null) kept.webhookUrl = credentials.webhookUrl;
  if (credentials.deviceTokens != null) kept.deviceTokens = [...new Set(credentials.deviceTokens)];
  if (credentials.channel != null) kept.channel = credentials.channel;
  return kept;
}

/**
 * PUT and PATCH `/v1/subscribers/{id}/credentials`, as Novu's update-subscriber-channel.usecase.ts does it:
 * unknown subscriber 400; no target integration 400; the entry with the same providerId and `_integrationId`
 * is updated, else a new `{ _integrationId, providerId, credentials }` is pushed (never
 * `integrationIdentifier`). An update whose credentials deep-equal the stored ones writes nothing (no
 * `updatedAt` bump); otherwise `credentials = { ...old, ...new, deviceTokens }`, `deviceTokens` being the
 * given list, `[]` when none is given. Novu unions the tokens for PATCH (`isIdempotentOperation: false`);
 * the spec says supplied deviceTokens replace the stored ones on PATCH too, and the spec wins, so PUT and
 * PATCH behave the same here.
 */
function upsert(ctx: RequestContext): RouteResult {
  const body = validated<UpdateSubscriberChannelBody>(ctx.body, updateSubscriberChannelDto);
  const env = keyEnvironment(ctx);
  const subscriberId = ctx.params["subscriberId"] ?? "";
  const subscriber = env.subscribers.get(subscriberId);
  if (!subscriber) throw badRequest(`SubscriberId: ${subscriberId} not found`);
  writeChannel(ctx.store, env, subscriber, body);
  return { status: 200, body: { data: subscriber } };
}

/**
 * Writes one channel entry on a subscriber as update-subscriber-channel.usecase.ts does (see {@link upsert});
 * also the `channels` of `POST /v1/subscribers`. No target integration: 400.
 */
export function writeChannel(
  store: Store,
  env: EnvironmentState,
  subscriber: StoredSubscriber,
  body: { providerId: string; integrationIdentifier?: string | undefined; credentials: ChannelCredentials },
): void {
  const integration = targetIntegration(store, env.id, body.providerId, body.integrationIdentifier);
  if (!integration) {
    throw badRequest(
      `Subscribers environment (${env.id}) do not have active ${body.providerId} integration.`,
    );
  }
  const credentials = keptCredentials(body.credentials);
  const channels = subscriber.channels ?? [];
  const at = channels.findIndex(
    (c) => c.providerId === body.providerId && c._integrationId === integration._id,
  );
  const existing = at >= 0 ? channels[at] : undefined;
  if (existing && isDeepStrictEqual(existing.credentials, credentials)) return;
  env.subscribers.update(subscriber, (s) => {
    const next = [...(s.channels ?? [])];
    if (existing) {
      next[at] = {
        _integrationId: existing._integrationId,
        providerId: existing.providerId,
        credentials: {
          ...existing.credentials,
          ...credentials,
          deviceTokens: credentials.deviceTokens ?? [],
        },
      };
    } else {
      const entry: ChannelSettings = {
        _integrationId: integration._id,
        providerId: body.providerId,
        credentials,
      };
      next.push(entry);
    }
    s.channels = next;
    touch(s);
  });
  store.changed();
}

/**
 * DELETE `/v1/subscribers/{id}/credentials/{providerId}`: removes every entry of the providerId
 * (`$pull: { channels: { providerId } }`) and takes no query (any query string is ignored); 204. Unknown
 * subscriber: 404 from GetSubscriber. Novu: apps/api/src/app/subscribers/usecases/delete-subscriber-credentials/
 * delete-subscriber-credentials.usecase.ts (PR #6055) and
 * apps/api/src/app/subscribers/usecases/get-subscriber/get-subscriber.usecase.ts.
 */
function deleteCredentials(ctx: RequestContext): RouteResult {
  const env: EnvironmentState = keyEnvironment(ctx);
  const subscriberId = ctx.params["subscriberId"] ?? "";
  const subscriber = env.subscribers.get(subscriberId);
  if (!subscriber) throw notFound(`Subscriber not found for id ${subscriberId}`);
  const providerId = ctx.params["providerId"] ?? "";
  env.subscribers.update(subscriber, (s) => {
    s.channels = (s.channels ?? []).filter((c) => c.providerId !== providerId);
    touch(s);
  });
  ctx.store.changed();
  return { status: 204 };
}

function search(ctx: RequestContext): RouteResult {
  const query = searchQuery(validated(ctx.query, searchSubscribersQueryDto));
  return { status: 200, body: keyEnvironment(ctx).subscribers.search(query) };
}

/**
 * Search (`GET /v2/subscribers`, category global) and provider credentials (PATCH, PUT, DELETE; the v1
 * subscribers controller is category configuration: apps/api/src/app/subscribers/subscribers.controller.ts
 * `@ThrottlerCategory(ApiRateLimitCategoryEnum.CONFIGURATION)`).
 */
export const subscriberRoutes: Route[] = [
  { method: "GET", pattern: "/v2/subscribers", category: "global", handler: search },
  {
    method: "PATCH",
    pattern: "/v1/subscribers/:subscriberId/credentials",
    category: "configuration",
    handler: upsert,
  },
  {
    method: "PUT",
    pattern: "/v1/subscribers/:subscriberId/credentials",
    category: "configuration",
    handler: upsert,
  },
  {
    method: "DELETE",
    pattern: "/v1/subscribers/:subscriberId/credentials/:providerId",
    category: "configuration",
    handler: deleteCredentials,
  },
];
