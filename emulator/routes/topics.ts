import { z } from "zod";
import { conflict, notFound } from "../errors";
import { objectId } from "../ids";
import type { RequestContext, Route, RouteResult } from "../router";
import type { EnvironmentState } from "../store";
import {
  type CreateItem,
  checkTopicKey,
  createSubscriptions,
  type DeleteItem,
  deleteSubscriptions,
  topicAnswer,
} from "../topic-subscriptions";
import { pageById, type StoredTopic } from "../topic-table";
import { validate } from "../validate";
import { keyEnvironment } from "./scope";

/**
 * The v2 topic endpoints (apps/api/src/app/topics-v2/topics.controller.ts) and their subscriptions
 * (apps/api/src/app/subscriptions/usecases/), all in the key's environment. Single answers are wrapped in
 * `data`; answers that already hold `data` (lists, subscription batches) are sent as they are
 * (apps/api/src/app/shared/framework/response.interceptor.ts).
 */

/** dtos/create-update-topic.dto.ts: `key` 1..100, `name` 1..100. */
const upsertBodySchema = z.looseObject({ key: z.string().min(1).max(100), name: z.string().min(1).max(100) });
/** dtos/update-topic.dto.ts: `name` 1..100. */
const patchBodySchema = z.looseObject({ name: z.string().min(1).max(100) });
/** Cursor pagination (dtos/cursor-pagination-query.dto.ts): limit 1..100, cursors are `_id`s. */
const cursorQuery = {
  after: z.string().optional(),
  before: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  orderDirection: z.enum(["ASC", "DESC"]).optional(),
  orderBy: z.string().optional(),
  includeCursor: z.enum(["true", "false"]).optional(),
};
/** dtos/list-topics-query.dto.ts: plus `key` (exact) and `name` (part, case-insensitive). */
const listTopicsQuerySchema = z.object({
  ...cursorQuery,
  key: z.string().optional(),
  name: z.string().optional(),
});
/** dtos/list-topic-subscriptions-query.dto.ts: plus `subscriberId`. */
const listSubscriptionsQuerySchema = z.object({ ...cursorQuery, subscriberId: z.string().optional() });

/** A create item: a subscriberId, or `{ identifier, subscriberId, name? }` (TopicSubscriberIdentifierDto). */
const createItemSchema = z.union([
  z.string().min(1),
  z.looseObject({
    identifier: z.string().min(1),
    subscriberId: z.string().min(1),
    name: z.string().optional(),
  }),
]);
/** A delete item: a subscriberId, or `{ identifier?, subscriberId? }` with at least one. */
const deleteItemSchema = z.union([
  z.string().min(1),
  z
    .looseObject({ identifier: z.string().min(1).optional(), subscriberId: z.string().min(1).optional() })
    .refine((i) => i.identifier !== undefined || i.subscriberId !== undefined, {
      message: "an item needs an identifier or a subscriberId",
    }),
]);
/** 1..100 items a request (dtos/create-topic-subscriptions.dto.ts, delete-topic-subscriptions.dto.ts). */
const items = <T extends z.ZodType>(item: T) => z.array(item).min(1).max(100);
/** dtos/create-topic-subscriptions.dto.ts: `subscriptions` (or the deprecated `subscriberIds`), `name`. */
const createSubscriptionsBodySchema = z
  .looseObject({
    subscriptions: items(createItemSchema).optional(),
    subscriberIds: items(z.string().min(1)).optional(),
    name: z.string().optional(),
  })
  .refine((b) => b.subscriptions !== undefined || b.subscriberIds !== undefined, {
    message: "subscriptions: at least one subscription is required",
    path: ["subscriptions"],
  });
/** dtos/delete-topic-subscriptions.dto.ts: `subscriptions` (or the deprecated `subscriberIds`). */
const deleteSubscriptionsBodySchema = z
  .looseObject({
    subscriptions: items(deleteItemSchema).optional(),
    subscriberIds: items(z.string().min(1)).optional(),
  })
  .refine((b) => b.subscriptions !== undefined || b.subscriberIds !== undefined, {
    message: "subscriptions: at least one subscription is required",
    path: ["subscriptions"],
  });

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
  const body = validate(upsertBodySchema, ctx.body, "body.");
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
  const env = keyEnvironment(ctx);
  const topic = found(env, ctx);
  const body = validate(patchBodySchema, ctx.body ?? {}, "body.");
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

/** The page request of a cursor query (default limit 10, newest `_id` first). */
function pageRequest(
  q: z.infer<typeof listTopicsQuerySchema> | z.infer<typeof listSubscriptionsQuerySchema>,
) {
  return {
    after: q.after,
    before: q.before,
    limit: q.limit ?? 10,
    descending: q.orderDirection !== "ASC",
    includeCursor: q.includeCursor === "true",
  };
}

/**
 * GET list (usecases/list-topics/): `{ data, next, previous, totalCount, totalCountCapped }` unwrapped,
 * ordered by `_id` (newest first unless ASC), cursors being topic `_id`s; `key` exact, `name` a part.
 */
function listTopics(ctx: RequestContext): RouteResult {
  const q = validate(listTopicsQuerySchema, ctx.query);
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

/** The create items of a body: strings are subscriberIds with the default identifier. */
function createItems(body: z.infer<typeof createSubscriptionsBodySchema>): CreateItem[] {
  const sent = body.subscriptions ?? body.subscriberIds ?? [];
  return sent.map((i) => (typeof i === "string" ? { subscriberId: i } : i));
}

/**
 * POST subscriptions (subscriptions/usecases/create-subscriptions/): the topic is created when missing (its
 * key checked) or renamed when `name` is given, before any item is looked at, so it stays even when every
 * item fails; 201 `{ data, meta, errors? }`, or 400 with the same fields when every item failed.
 */
function createTopicSubscriptions(ctx: RequestContext): RouteResult {
  const body = validate(createSubscriptionsBodySchema, ctx.body, "body.");
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
  return { status: 201, body: createSubscriptions(env, topic, createItems(body)) };
}

/** DELETE subscriptions (topics-v2/usecases/delete-topic-subscriptions/): 200 `{ data, meta, errors? }`; 404 without the topic. */
function deleteTopicSubscriptions(ctx: RequestContext): RouteResult {
  const body = validate(deleteSubscriptionsBodySchema, ctx.body ?? {}, "body.");
  const env = keyEnvironment(ctx);
  const topic = found(env, ctx);
  const sent = body.subscriptions ?? body.subscriberIds ?? [];
  const list: DeleteItem[] = sent.map((i) => (typeof i === "string" ? { subscriberId: i } : i));
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
  const q = validate(listSubscriptionsQuerySchema, ctx.query);
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
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
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
  const data = {
    id: s._id,
    identifier: s.identifier,
    ...(s.name === undefined ? {} : { name: s.name }),
    preferences: [],
  };
  return { status: 200, body: { data } };
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
];
