import { conflict, notFound, unprocessable } from "../errors";
import { objectId } from "../ids";
import type { RequestContext, Route, RouteResult } from "../router";
import type { EnvironmentState } from "../store";
import {
  filteredWorkflows,
  groupFilters,
  preferencesAnswer,
  storedPreferences,
} from "../subscription-preferences";
import {
  type CreateItem,
  checkTopicKey,
  createSubscriptions,
  type DeleteItem,
  deleteSubscriptions,
  itemAnswer,
  topicAnswer,
} from "../topic-subscriptions";
import { pageById, type StoredTopic } from "../topic-table";
import { validated } from "../validation/pipe";
import {
  createTopicSubscriptionsDto,
  deleteTopicSubscriptionsDto,
  listTopicSubscriptionsQueryDto,
  listTopicsQueryDto,
  patchTopicDto,
  updateTopicSubscriptionDto,
  upsertTopicDto,
} from "../validation/topics";
import { keyEnvironment } from "./scope";

/**
 * The v2 topic endpoints (apps/api/src/app/topics-v2/topics.controller.ts) and their subscriptions
 * (apps/api/src/app/subscriptions/usecases/), all in the key's environment. Single answers are wrapped in
 * `data`; answers that already hold `data` (lists, subscription batches) are sent as they are
 * (apps/api/src/app/shared/framework/response.interceptor.ts).
 */

/** A create body once validated (items are not validated one by one: read by {@link createItems}). */
interface CreateSubscriptionsBody {
  subscriptions?: unknown[];
  subscriberIds?: string[];
  name?: string;
  preferences?: unknown[];
}

/** A PATCH of one subscription once validated. */
interface UpdateSubscriptionBody {
  name?: string;
  preferences?: unknown[];
}

/** A delete body once validated. */
interface DeleteSubscriptionsBody {
  subscriptions?: unknown[];
  subscriberIds?: unknown[];
}

/** A cursor query as the usecases read it. */
interface CursorQuery {
  after?: string;
  before?: string;
  limit?: unknown;
  orderDirection?: unknown;
  includeCursor?: unknown;
}

/** A string field of an item object, when it is one. */
function textOf(item: unknown, key: string): string | undefined {
  if (typeof item !== "object" || item === null) return undefined;
  const value = (item as Record<string, unknown>)[key];
  return typeof value === "string" ? value : undefined;
}

/**
 * The service refuses a body with neither `subscriptions` nor `subscriberIds` (the DTO has both optional;
 * the emulator keeps its earlier refusal: the usecase's message was not found in the source read).
 */
function requireItems(body: { subscriptions?: unknown[]; subscriberIds?: unknown[] }): void {
  if (body.subscriptions === undefined && body.subscriberIds === undefined)
    throw unprocessable(["At least one subscription is required"]);
}

/** The topic of `{topicKey}`, or the usecases' 404. */
function found(env: EnvironmentState, ctx: RequestContext): StoredTopic {
  const key = ctx.params["topicKey"] ?? "";
  const topic = env.topics.get(key);
  if (!topic) throw notFound(`Topic with key ${key} not found`);
  return topic;
}

/** Stores a topic and answers it wrapped. */
function savedTopic(ctx: RequestContext, env: EnvironmentState, topic: StoredTopic): RouteResult {
  env.topics.put(topic);
  ctx.store.changed();
  return { status: 200, body: { data: topicAnswer(topic) } };
}

/** A new topic (its key checked as upsert-topic.usecase.ts `isValidTopicKey` does). */
function newTopic(key: string, name: string | undefined): StoredTopic {
  checkTopicKey(key);
  const now = new Date().toISOString();
  return { _id: objectId(), key, ...(name === undefined ? {} : { name }), createdAt: now, updatedAt: now };
}

/**
 * POST (usecases/upsert-topic/upsert-topic.usecase.ts): an upsert by key; an existing key gets the new name
 * (409 `Topic with key "<key>" already exists` with `?failIfExists=true`); the answer is 200 even when it
 * creates (the usecase computes `created` after assigning the topic, so it is always false).
 */
function upsertTopic(ctx: RequestContext): RouteResult {
  const body = validated<{ key: string; name: string }>(ctx.body, upsertTopicDto);
  const env = keyEnvironment(ctx);
  const existing = env.topics.get(body.key);
  if (existing && ctx.query["failIfExists"] === "true")
    throw conflict(`Topic with key "${body.key}" already exists`);
  if (!existing) return savedTopic(ctx, env, newTopic(body.key, body.name));
  return savedTopic(ctx, env, { ...existing, name: body.name, updatedAt: new Date().toISOString() });
}

function getTopic(ctx: RequestContext): RouteResult {
  return { status: 200, body: { data: topicAnswer(found(keyEnvironment(ctx), ctx)) } };
}

/** PATCH (usecases/update-topic/): the name; 404 when missing. */
function patchTopic(ctx: RequestContext): RouteResult {
  const body = validated<{ name: string }>(ctx.body ?? {}, patchTopicDto);
  const env = keyEnvironment(ctx);
  const topic = found(env, ctx);
  return savedTopic(ctx, env, { ...topic, name: body.name, updatedAt: new Date().toISOString() });
}

/**
 * DELETE (usecases/delete-topic/, called with `force: true` by the controller): every subscription of the
 * topic goes first, then the topic; 200 `{ data: { acknowledged: true } }`; 404 when missing.
 */
function deleteTopic(ctx: RequestContext): RouteResult {
  const env = keyEnvironment(ctx);
  env.topics.remove(found(env, ctx));
  ctx.store.changed();
  return { status: 200, body: { data: { acknowledged: true } } };
}

/**
 * The page request of a cursor query (default limit 10, newest `_id` first). The DTO validates neither
 * `limit` nor `orderDirection`: a limit that is no positive integer gives the default, one above 100 is cut
 * to 100 (the usecases' page size); `includeCursor` is `value === 'true'`.
 */
function pageRequest(q: CursorQuery) {
  const limit = Number(q.limit);
  return {
    after: q.after,
    before: q.before,
    limit: Number.isInteger(limit) && limit >= 1 ? Math.min(limit, 100) : 10,
    descending: q.orderDirection !== "ASC",
    includeCursor: q.includeCursor === "true",
  };
}

/**
 * GET list (usecases/list-topics/): `{ data, next, previous, totalCount, totalCountCapped }` unwrapped,
 * ordered by `_id` (newest first unless ASC), cursors being topic `_id`s; `key` exact, `name` a part.
 */
function listTopics(ctx: RequestContext): RouteResult {
  const q = validated<CursorQuery & { key?: string; name?: string }>(ctx.query, listTopicsQueryDto);
  const needle = q.name?.toLowerCase();
  const matches = keyEnvironment(ctx)
    .topics.all()
    .filter((t) => q.key === undefined || t.key === q.key)
    .filter((t) => needle === undefined || (t.name ?? "").toLowerCase().includes(needle));
  const page = pageById(matches, pageRequest(q));
  const body = {
    data: page.items.map(topicAnswer),
    next: page.next,
    previous: page.previous,
    totalCount: matches.length,
    totalCountCapped: false,
  };
  return { status: 200, body };
}

/** The create items of a body: `subscriberIds` are subscriberIds with the default identifier. */
function createItems(body: CreateSubscriptionsBody): CreateItem[] {
  const sent: unknown[] = body.subscriptions ?? body.subscriberIds ?? [];
  return sent.map((i) =>
    typeof i === "string"
      ? { subscriberId: i }
      : {
          subscriberId: textOf(i, "subscriberId") ?? "",
          identifier: textOf(i, "identifier"),
          name: textOf(i, "name"),
        },
  );
}

/**
 * POST subscriptions (subscriptions/usecases/create-subscriptions/): the topic is created when missing (its
 * key checked) or renamed when `name` is given, before any item is looked at, so it stays even when every
 * item fails; 201 `{ data, meta, errors? }`, or 400 with the same fields when every item failed.
 */
function createTopicSubscriptions(ctx: RequestContext): RouteResult {
  const body = validated<CreateSubscriptionsBody>(ctx.body, createTopicSubscriptionsDto);
  requireItems(body);
  const env = keyEnvironment(ctx);
  const key = ctx.params["topicKey"] ?? "";
  const existing = env.topics.get(key);
  const topic = existing
    ? body.name
      ? { ...existing, name: body.name, updatedAt: new Date().toISOString() }
      : existing
    : newTopic(key, body.name);
  env.topics.put(topic);
  ctx.store.changed();
  const filters = body.preferences === undefined ? [] : groupFilters(body.preferences);
  return { status: 201, body: createSubscriptions(env, topic, createItems(body), filters) };
}

/** DELETE subscriptions (topics-v2/usecases/delete-topic-subscriptions/): 200 `{ data, meta, errors? }`; 404 without the topic. */
function deleteTopicSubscriptions(ctx: RequestContext): RouteResult {
  const body = validated<DeleteSubscriptionsBody>(ctx.body ?? {}, deleteTopicSubscriptionsDto);
  requireItems(body);
  const env = keyEnvironment(ctx);
  const topic = found(env, ctx);
  const sent: unknown[] = body.subscriptions ?? body.subscriberIds ?? [];
  const list: DeleteItem[] = sent.map((i) =>
    typeof i === "string"
      ? { subscriberId: i }
      : { subscriberId: textOf(i, "subscriberId"), identifier: textOf(i, "identifier") },
  );
  try {
    return { status: 200, body: deleteSubscriptions(env, topic, list) };
  } finally {
    ctx.store.changed();
  }
}

/**
 * GET subscriptions (topics-v2/usecases/list-topic-subscriptions/): cursor pages by subscription `_id`
 * (newest first unless ASC); a subscription whose subscriber is gone is left out of its page, so a page
 * may be shorter than `limit`; `subscriberId` narrows to one subscriber.
 */
function listTopicSubscriptions(ctx: RequestContext): RouteResult {
  const q = validated<CursorQuery & { subscriberId?: string }>(ctx.query, listTopicSubscriptionsQueryDto);
  const env = keyEnvironment(ctx);
  const topic = found(env, ctx);
  const subs = env.topics.subscriptionsOf(topic.key);
  const subscriber = q.subscriberId === undefined ? undefined : env.subscribers.get(q.subscriberId);
  const list =
    q.subscriberId === undefined ? subs.inOrder() : subscriber ? subs.ofSubscriber(subscriber._id) : [];
  const page = pageById(list, pageRequest(q));
  const data = page.items.flatMap((s) => {
    const who = env.subscribers.getById(s._subscriberId);
    if (!who || who.deleted) return [];
    const { _id, subscriberId, firstName, lastName, email, avatar } = who;
    return [
      {
        _id: s._id,
        identifier: s.identifier,
        topic: topicAnswer(topic),
        subscriber: { _id, subscriberId, firstName, lastName, email, avatar },
        // map-topic-entity-to.dto.ts mapTopicSubscriptionsToDto: createdAt only, no name, no preferences.
        createdAt: s.createdAt,
      },
    ];
  });
  const body = {
    data,
    next: page.next,
    previous: page.previous,
    totalCount: list.length,
    totalCountCapped: false,
  };
  return { status: 200, body };
}

/**
 * GET one subscription (subscriptions/usecases/get-subscription/): by identifier within the topic key;
 * `{ data: { id, identifier, name?, preferences } }`, or 204 with no body when there is none (an `_id` is
 * not an identifier).
 */
function getTopicSubscription(ctx: RequestContext): RouteResult {
  const env = keyEnvironment(ctx);
  const key = ctx.params["topicKey"] ?? "";
  const identifier = ctx.params["identifier"] ?? "";
  const s = env.topics.get(key) ? env.topics.subscriptionsOf(key).withIdentifier(identifier) : undefined;
  if (!s) return { status: 204 };
  const preferences = preferencesAnswer(env, s);
  const data = {
    id: s._id,
    identifier: s.identifier,
    ...(s.name === undefined ? {} : { name: s.name }),
    ...(preferences === undefined ? {} : { preferences }),
  };
  return { status: 200, body: { data } };
}

/**
 * PATCH one subscription (subscriptions/usecases/update-subscription/update-subscription.usecase.ts): 404
 * without the topic or the subscription; `preferences` given replaces every stored preference of the
 * subscription with those of the new filters (an empty list clears them); `name` given renames it. The
 * answer, wrapped, is the subscription with its preferences for the request's workflows only.
 */
function updateTopicSubscription(ctx: RequestContext): RouteResult {
  const body = validated<UpdateSubscriptionBody>(ctx.body ?? {}, updateTopicSubscriptionDto);
  const env = keyEnvironment(ctx);
  const filters = body.preferences === undefined ? [] : groupFilters(body.preferences);
  const workflows = filteredWorkflows(env, filters);
  const key = ctx.params["topicKey"] ?? "";
  const identifier = ctx.params["identifier"] ?? "";
  const topic = found(env, ctx);
  const s = env.topics.subscriptionsOf(key).withIdentifier(identifier);
  if (!s) throw notFound(`Subscription with identifier ${identifier} not found for topic ${key}`);
  if (body.preferences !== undefined) {
    const next = workflows.length > 0 ? storedPreferences(filters, workflows) : [];
    if (next.length > 0) s.preferences = next;
    else delete s.preferences;
  }
  if (body.name !== undefined) {
    s.name = body.name;
    s.updatedAt = new Date().toISOString();
  }
  ctx.store.changed();
  const preferences = workflows.length > 0 ? preferencesAnswer(env, s, workflows) : undefined;
  return { status: 200, body: { data: itemAnswer(env, topic, s, preferences) } };
}

/** The controller's throttler category (`@ThrottlerCategory(ApiRateLimitCategoryEnum.CONFIGURATION)`). */
const CATEGORY = "configuration";

/** The v2 topic routes. */
export const topicRoutes: Route[] = [
  { method: "GET", pattern: "/v2/topics", category: CATEGORY, handler: listTopics },
  { method: "POST", pattern: "/v2/topics", category: CATEGORY, handler: upsertTopic },
  { method: "GET", pattern: "/v2/topics/:topicKey", category: CATEGORY, handler: getTopic },
  { method: "PATCH", pattern: "/v2/topics/:topicKey", category: CATEGORY, handler: patchTopic },
  { method: "DELETE", pattern: "/v2/topics/:topicKey", category: CATEGORY, handler: deleteTopic },
  {
    method: "GET",
    pattern: "/v2/topics/:topicKey/subscriptions",
    category: CATEGORY,
    handler: listTopicSubscriptions,
  },
  {
    method: "POST",
    pattern: "/v2/topics/:topicKey/subscriptions",
    category: CATEGORY,
    handler: createTopicSubscriptions,
  },
  {
    method: "DELETE",
    pattern: "/v2/topics/:topicKey/subscriptions",
    category: CATEGORY,
    handler: deleteTopicSubscriptions,
  },
  {
    method: "GET",
    pattern: "/v2/topics/:topicKey/subscriptions/:identifier",
    category: CATEGORY,
    handler: getTopicSubscription,
  },
  {
    method: "PATCH",
    pattern: "/v2/topics/:topicKey/subscriptions/:identifier",
    category: CATEGORY,
    handler: updateTopicSubscription,
  },
];
