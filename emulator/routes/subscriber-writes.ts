import type { ChannelCredentials } from "../../sdk/schemas";
import { badRequest, conflict, notFound, ObjectHttpError } from "../errors";
import { objectId } from "../ids";
import type { RequestContext, Route, RouteResult } from "../router";
import type { EnvironmentState } from "../store";
import type { StoredSubscriber } from "../subscriber-table";
import {
  type CreateSubscriberV1,
  checkBulkSubscribersV1,
  checkCreateSubscriberV1,
  checkCreateSubscriberV2,
  checkPatchSubscriberV2,
  checkUpdateSubscriberV1,
  type SubscriberChannelV1,
  type SubscriberFields,
} from "../validation/subscriber-dto";
import { keyEnvironment } from "./scope";
import { touch, writeChannel } from "./subscribers";

/**
 * The subscriber writes: v2 (apps/api/src/app/subscribers-v2/subscribers.controller.ts, class-level
 * `@ThrottlerCategory(CONFIGURATION)`) and the deprecated v1 ones (apps/api/src/app/subscribers/
 * subscribers.controller.ts, configuration too). A stored subscriber is answered as it is stored, as
 * search answers it.
 */

/**
 * A field change as UpdateSubscriber makes it (libs/application-generic/src/usecases/update-subscriber/
 * update-subscriber.usecase.ts): `email` is written when given, `null` included (it clears it); every
 * other field only when neither undefined nor null (a `null` leaves it); `data` is replaced whole.
 */
function applyUpdate(s: StoredSubscriber, fields: SubscriberFields): boolean {
  const target = s as Record<string, unknown>;
  let changed = false;
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || (value === null && key !== "email")) continue;
    if (JSON.stringify(target[key]) === JSON.stringify(value)) continue;
    target[key] = value;
    changed = true;
  }
  return changed;
}

/** Changes a stored subscriber (no write when nothing differs: `subscriberNeedUpdate`). */
function update(env: EnvironmentState, s: StoredSubscriber, fields: SubscriberFields): void {
  const probe = { ...s };
  if (!applyUpdate(probe as StoredSubscriber, fields)) return;
  env.subscribers.update(s, (live) => {
    applyUpdate(live, fields);
    touch(live);
  });
}

/** A new subscriber (SubscriberRepository.create): `channels` `[]`, `deleted` false; null fields left out. */
function create(env: EnvironmentState, subscriberId: string, fields: SubscriberFields): StoredSubscriber {
  const now = new Date().toISOString();
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null));
  const s: StoredSubscriber = {
    ...given,
    _id: objectId(),
    subscriberId,
    _organizationId: env.organizationId,
    _environmentId: env.id,
    channels: [],
    deleted: false,
    createdAt: now,
    updatedAt: now,
    __v: 0,
  };
  env.subscribers.put(s);
  return s;
}

/** `?failIfExists=`: the ValidationPipe's boolean conversion (`"true"` is true, anything else false). */
function failIfExists(ctx: RequestContext): boolean {
  const v = ctx.query["failIfExists"];
  return (Array.isArray(v) ? v[0] : v) === "true";
}

/**
 * `POST /v2/subscribers`: an upsert answered 201 either way; with `?failIfExists=true` an existing
 * subscriber is 409 `Subscriber with id "<id>" already exists`. The controller passes each field as
 * `body.x || undefined` (so `null` and `""` never clear a stored value) and `data` as `body.data || {}`
 * (so an upsert without `data` replaces the stored data with `{}`). Novu: subscribers.controller.ts
 * `createSubscriber`, libs/application-generic/src/usecases/create-or-update-subscriber/.
 */
function createV2(ctx: RequestContext): RouteResult {
  const { subscriberId, ...body } = checkCreateSubscriberV2(ctx.body);
  const env = keyEnvironment(ctx);
  const fields: SubscriberFields = {};
  for (const [key, value] of Object.entries(body))
    if (key !== "data" && value) Object.assign(fields, { [key]: value });
  fields.data = body.data || {};
  const existing = env.subscribers.get(subscriberId);
  if (existing && failIfExists(ctx)) throw conflict(`Subscriber with id "${subscriberId}" already exists`);
  const subscriber = existing ?? create(env, subscriberId, fields);
  if (existing) update(env, existing, fields);
  ctx.store.changed();
  return { status: 201, body: { data: subscriber } };
}

/** The live subscriber the path names, or the v2 usecases' 404. */
function found(ctx: RequestContext, message: (id: string) => string): StoredSubscriber {
  const id = ctx.params["subscriberId"] ?? "";
  const s = keyEnvironment(ctx).subscribers.get(id);
  if (!s) throw notFound(message(id));
  return s;
}

/** `GET /v2/subscribers/{id}` (usecases/get-subscriber/get-subscriber.usecase.ts): 404 when missing. */
function getV2(ctx: RequestContext): RouteResult {
  return { status: 200, body: { data: found(ctx, (id) => `Subscriber: ${id} was not found`) } };
}

/**
 * `PATCH /v2/subscribers/{id}` (usecases/patch-subscriber/patch-subscriber.usecase.ts): 404 "Subscriber <id>
 * was not found"; then UpdateSubscriber's rules (absent fields stay, `email: null` clears, other nulls are
 * ignored, `data` replaced whole); a body `subscriberId` is accepted and ignored.
 */
function patchV2(ctx: RequestContext): RouteResult {
  const { ...fields } = checkPatchSubscriberV2(ctx.body);
  const subscriber = found(ctx, (id) => `Subscriber ${id} was not found`);
  update(keyEnvironment(ctx), subscriber, fields);
  ctx.store.changed();
  return { status: 200, body: { data: subscriber } };
}

/**
 * `DELETE /v2/subscribers/{id}` (usecases/remove-subscriber/remove-subscriber.usecase.ts): missing is 404
 * `{ message: "Subscriber was not found", externalSubscriberId }`; else the subscriber (with its channel
 * credentials), its topic subscriptions, its preferences and its messages go, and the answer is
 * `{ acknowledged: true, status: "deleted" }`.
 */
function deleteV2(ctx: RequestContext): RouteResult {
  const env = keyEnvironment(ctx);
  const id = ctx.params["subscriberId"] ?? "";
  const s = env.subscribers.get(id);
  if (!s) throw new ObjectHttpError(404, { message: "Subscriber was not found", externalSubscriberId: id });
  removeSubscriber(env, s);
  ctx.store.changed();
  return { status: 200, body: { data: { acknowledged: true, status: "deleted" } } };
}

/** Removes a subscriber and what hangs on it (soft delete, as the repository's `delete`). */
function removeSubscriber(env: EnvironmentState, s: StoredSubscriber): void {
  for (const topic of env.topics.all()) {
    const subs = env.topics.subscriptionsOf(topic.key);
    for (const sub of subs.ofSubscriber(s._id)) subs.remove(sub);
  }
  env.preferences.delete(s._id);
  env.messages.removeWhere((m) => m._subscriberId === s._id);
  env.subscribers.update(s, (live) => {
    live.deleted = true;
    touch(live);
  });
}

/** The credentials of a v1 channel entry the write keeps (typed as the credentials PUT takes them). */
function credentialsOf(c: SubscriberChannelV1): ChannelCredentials {
  const raw = c.credentials;
  const out: ChannelCredentials = {};
  if (typeof raw["webhookUrl"] === "string") out.webhookUrl = raw["webhookUrl"];
  if (typeof raw["channel"] === "string") out.channel = raw["channel"];
  if (Array.isArray(raw["deviceTokens"])) out.deviceTokens = raw["deviceTokens"].map(String);
  return out;
}

/** One v1 create: upsert by subscriberId (UpdateSubscriber's rules on an existing one), then its channels. */
function upsertV1(env: EnvironmentState, ctx: RequestContext, body: CreateSubscriberV1): StoredSubscriber {
  const { subscriberId, channels, ...fields } = body;
  const existing = env.subscribers.get(subscriberId);
  const subscriber = existing ?? create(env, subscriberId, fields);
  if (existing) update(env, existing, fields);
  for (const c of channels ?? [])
    writeChannel(ctx.store, env, subscriber, {
      providerId: c.providerId,
      integrationIdentifier: c.integrationIdentifier,
      credentials: credentialsOf(c),
    });
  return subscriber;
}

/**
 * `POST /v1/subscribers` (deprecated): an upsert (201) that also writes `channels` through the credentials
 * write (an entry whose provider has no active integration: 400, after the subscriber was stored).
 */
function createV1(ctx: RequestContext): RouteResult {
  const body = checkCreateSubscriberV1(ctx.body);
  const env = keyEnvironment(ctx);
  const subscriber = upsertV1(env, ctx, body);
  ctx.store.changed();
  return { status: 201, body: { data: subscriber } };
}

/** `PUT /v1/subscribers/{id}` (deprecated): UpdateSubscriber; missing is 400 "SubscriberId: <id> not found". */
function updateV1(ctx: RequestContext): RouteResult {
  const fields = checkUpdateSubscriberV1(ctx.body);
  const env = keyEnvironment(ctx);
  const id = ctx.params["subscriberId"] ?? "";
  const subscriber = env.subscribers.get(id);
  if (!subscriber) throw badRequest(`SubscriberId: ${id} not found`);
  update(env, subscriber, fields);
  ctx.store.changed();
  return { status: 200, body: { data: subscriber } };
}

/**
 * `POST /v1/subscribers/bulk` (deprecated; usecases/bulk-create-subscribers/, libs/dal subscriber.repository.ts
 * `bulkCreateSubscribers`): one upsert per item, `$set` of the given fields (`channels` stored as given,
 * not through the credentials write); answers `{ created, updated, failed }` of `{ subscriberId }`.
 */
function bulkV1(ctx: RequestContext): RouteResult {
  const items = checkBulkSubscribersV1(ctx.body);
  const env = keyEnvironment(ctx);
  const created: { subscriberId: string }[] = [];
  const updated: { subscriberId: string }[] = [];
  for (const { subscriberId, channels, ...fields } of items) {
    const existing = env.subscribers.get(subscriberId);
    if (!existing) create(env, subscriberId, fields);
    else
      env.subscribers.update(existing, (s) => {
        Object.assign(s, fields);
        touch(s);
      });
    const s = env.subscribers.get(subscriberId);
    if (s && channels) env.subscribers.update(s, (live) => Object.assign(live, { channels }));
    (existing ? updated : created).push({ subscriberId });
  }
  ctx.store.changed();
  return { status: 201, body: { data: { updated, created, failed: [] } } };
}

/** The subscriber write routes. */
export const subscriberWriteRoutes: Route[] = [
  { method: "POST", pattern: "/v2/subscribers", category: "configuration", handler: createV2 },
  { method: "GET", pattern: "/v2/subscribers/:subscriberId", category: "configuration", handler: getV2 },
  { method: "PATCH", pattern: "/v2/subscribers/:subscriberId", category: "configuration", handler: patchV2 },
  {
    method: "DELETE",
    pattern: "/v2/subscribers/:subscriberId",
    category: "configuration",
    handler: deleteV2,
  },
  { method: "POST", pattern: "/v1/subscribers/bulk", category: "configuration", handler: bulkV1 },
  { method: "POST", pattern: "/v1/subscribers", category: "configuration", handler: createV1 },
  { method: "PUT", pattern: "/v1/subscribers/:subscriberId", category: "configuration", handler: updateV1 },
];
