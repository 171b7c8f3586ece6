/**
 * Topics v2 (`/v2/topics`) and their subscriptions (`/v2/topics/{key}/subscriptions`): Novu's
 * `apps/api/src/app/topics-v2/dtos/`. What we send is strict, what we read tolerant.
 */
import { z } from "zod";
import { queryBooleanSchema, queryNumber, strictEnum } from "./common";

/** Longest topic key and topic name the service takes (`create-update-topic.dto.ts`, `@Length(1, 100)`). */
export const MAX_TOPIC_KEY_LENGTH = 100;
/** Most subscriptions one create or delete request takes (`@ArrayMaxSize(100)`). */
export const MAX_SUBSCRIPTIONS_PER_REQUEST = 100;

/** The characters of a topic key that is not an email address. */
const TOPIC_KEY_PATTERN = /^[a-zA-Z0-9_:.-]+$/;

/** What a topic key may be: 1 to 100 characters of letters, digits, `_`, `:`, `.`, `-`, or an email address. */
export const TOPIC_KEY_RULE =
  "must be 1 to 100 characters of letters, digits, '_', ':', '.', '-', or an email address";

/** Whether `key` is a topic key the service takes (see {@link TOPIC_KEY_RULE}). */
export function isTopicKey(key: string): boolean {
  if (key.length < 1 || key.length > MAX_TOPIC_KEY_LENGTH) return false;
  return TOPIC_KEY_PATTERN.test(key) || z.email().safeParse(key).success;
}

/**
 * The identifier the service gives a subscription made without one (`buildDefaultSubscriptionIdentifier`,
 * libs/application-generic/src/utils/subscription.ts, context off): `tk_<topicKey>:si_<subscriberId>`.
 */
export function defaultSubscriptionIdentifier(topicKey: string, subscriberId: string): string {
  return `tk_${topicKey}:si_${subscriberId}`;
}

/** A topic key (strict). */
export const topicKeySchema = z.string().refine(isTopicKey, { error: TOPIC_KEY_RULE });

/** A topic's name (strict): 1 to 100 characters. */
export const topicNameSchema = z
  .string()
  .min(1, "must not be empty")
  .max(MAX_TOPIC_KEY_LENGTH, `must be at most ${MAX_TOPIC_KEY_LENGTH} characters`);

/** A topic as read from the service (tolerant). */
export const topicSchema = z.looseObject({
  /** The topic's `_id`. */
  _id: z.string(),
  /** The topic's key in its environment (what a trigger addresses). */
  key: z.string(),
  /** Display name. */
  name: z.string().nullable().optional(),
  /** When it was created (ISO 8601). */
  createdAt: z.string().optional(),
  /** When it was last changed (ISO 8601). */
  updatedAt: z.string().optional(),
});
/** A topic. */
export type Topic = z.infer<typeof topicSchema>;

/** Body of `POST /v2/topics`, an upsert by key (strict). */
export const upsertTopicBodySchema = z.strictObject({
  key: topicKeySchema,
  name: topicNameSchema,
});
/** Body of the upsert-topic operation. */
export type UpsertTopicBody = z.infer<typeof upsertTopicBodySchema>;

/** Query of `POST /v2/topics`: `failIfExists` turns the upsert into a create that answers 409 on a taken key. */
export const upsertTopicQuerySchema = z.strictObject({
  failIfExists: queryBooleanSchema.optional(),
});
/** Query of the upsert-topic operation. */
export type UpsertTopicQuery = z.input<typeof upsertTopicQuerySchema>;

/** Body of `PATCH /v2/topics/{key}` (strict). */
export const updateTopicBodySchema = z.strictObject({ name: topicNameSchema });
/** Body of the update-topic operation. */
export type UpdateTopicBody = z.infer<typeof updateTopicBodySchema>;

/** Answer of `DELETE /v2/topics/{key}` (tolerant). */
export const deleteTopicResultSchema = z.looseObject({ acknowledged: z.boolean() });

/** Sort directions of the cursor lists. */
const ORDER_DIRECTIONS = ["ASC", "DESC"] as const;

/** The cursor query every topics list takes (`cursor-pagination-query.dto.ts`). */
const cursorQueryShape = {
  after: z.string().min(1).optional(),
  before: z.string().min(1).optional(),
  limit: queryNumber().int().min(1).max(100).optional(),
  orderDirection: strictEnum(ORDER_DIRECTIONS).optional(),
  orderBy: z.string().min(1).optional(),
  includeCursor: queryBooleanSchema.optional(),
};

/** Query of `GET /v2/topics` (strict). */
export const listTopicsQuerySchema = z.strictObject({
  ...cursorQueryShape,
  key: z.string().optional(),
  name: z.string().optional(),
});
/** Query of the list-topics operation, as a caller writes it. */
export type ListTopicsQuery = z.input<typeof listTopicsQuerySchema>;

/** One page of `GET /v2/topics` (tolerant). */
export const topicPageSchema = z.looseObject({
  data: z.array(topicSchema),
  next: z.string().nullable().optional(),
  previous: z.string().nullable().optional(),
  totalCount: z.number().optional(),
  totalCountCapped: z.boolean().optional(),
});
/** One page of topics. */
export type TopicPage = z.infer<typeof topicPageSchema>;

/** The subscriber of a subscription, as read (tolerant). */
const subscriptionSubscriberSchema = z.looseObject({
  _id: z.string(),
  subscriberId: z.string(),
  avatar: z.string().nullable().optional(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
});

/** One subscription of a topic, as read (tolerant). `identifier` names it; `tk_<key>:si_<subscriberId>` by default. */
export const topicSubscriptionSchema = z.looseObject({
  _id: z.string(),
  identifier: z.string().optional(),
  /** Answered by a create or update only (a list leaves it out). */
  name: z.string().nullable().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  topic: z.looseObject({ _id: z.string(), key: z.string() }).optional(),
  subscriber: subscriptionSubscriberSchema.nullable().optional(),
});
/** One subscription of a topic. */
export type TopicSubscription = z.infer<typeof topicSubscriptionSchema>;

/**
 * One preference a subscription carries, as read (tolerant): the service stores one per workflow
 * (`create-subscription-preferences.usecase.ts`), whatever filter made it, answered with its workflow (left
 * out when the workflow is gone), `enabled` and the JSON Logic `condition`.
 */
export const subscriptionPreferenceSchema = z.looseObject({
  workflow: z.looseObject({ id: z.string(), identifier: z.string() }).nullable().optional(),
  subscriptionId: z.string().optional(),
  enabled: z.boolean(),
  condition: z.unknown().optional(),
});
/** One preference of a subscription. */
export type SubscriptionPreference = z.infer<typeof subscriptionPreferenceSchema>;

/**
 * One subscription as `GET /v2/topics/{key}/subscriptions/{identifier}` answers it (tolerant; the
 * subscriptions usecase's shape): `id` (not `_id`), identifier, name, preferences.
 */
export const topicSubscriptionDetailSchema = z.looseObject({
  id: z.string(),
  identifier: z.string(),
  name: z.string().nullable().optional(),
  /** Left out when the subscription has none. */
  preferences: z.array(subscriptionPreferenceSchema).optional(),
});
/** One subscription, read by its identifier. */
export type TopicSubscriptionDetail = z.infer<typeof topicSubscriptionDetailSchema>;

/** Query of `GET /v2/topics/{key}/subscriptions` (strict). */
export const listTopicSubscriptionsQuerySchema = z.strictObject({
  ...cursorQueryShape,
  subscriberId: z.string().optional(),
});
/** Query of the list-subscriptions operation, as a caller writes it. */
export type ListTopicSubscriptionsQuery = z.input<typeof listTopicSubscriptionsQuerySchema>;

/** One page of a topic's subscriptions (tolerant; a page may be shorter than `limit`). */
export const topicSubscriptionPageSchema = z.looseObject({
  data: z.array(topicSubscriptionSchema),
  next: z.string().nullable().optional(),
  previous: z.string().nullable().optional(),
  totalCount: z.number().optional(),
  totalCountCapped: z.boolean().optional(),
});
/** One page of a topic's subscriptions. */
export type TopicSubscriptionPage = z.infer<typeof topicSubscriptionPageSchema>;

/**
 * A subscription to create: a subscriberId (sent as `{ identifier: tk_<key>:si_<subscriberId>, subscriberId }`,
 * the service's default identifier: the April 2026 service refuses plain strings, 422 `each value in nested
 * property subscriptions must be either object or array`), or a subscriberId with its own identifier and
 * optional name.
 */
const subscriptionToCreateSchema = z.union([
  z.string().min(1, "must not be empty"),
  z.strictObject({
    identifier: z.string().min(1),
    subscriberId: z.string().min(1),
    name: z.string().optional(),
  }),
]);

/** A JSON Logic rule (`json-logic-js` `RulesLogic`): an object. */
export const jsonLogicSchema = z.record(z.string(), z.unknown());

/**
 * A preference a subscribe or update carries (`create-subscriptions.dto.ts`): a group filter `{ filter: {
 * workflowIds?, tags? }, enabled?, condition? }` or a workflow preference `{ workflowId, condition? }`. The
 * service drops the `enabled` of a workflow preference (topics.controller.ts
 * `convertPreferencesToGroupFilters`), so this client takes `enabled` on a group filter only.
 */
export const subscriptionPreferenceInputSchema = z.union([
  z.strictObject({
    filter: z.strictObject({
      workflowIds: z.array(z.string().min(1)).optional(),
      tags: z.array(z.string().min(1)).optional(),
    }),
    enabled: z.boolean().optional(),
    condition: jsonLogicSchema.optional(),
  }),
  z.strictObject({ workflowId: z.string().min(1), condition: jsonLogicSchema.optional() }),
]);
/** A preference to send. */
export type SubscriptionPreferenceInput = z.infer<typeof subscriptionPreferenceInputSchema>;

/** The list of a subscriptions request: 1 to 100 items. */
function subscriptionList<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .min(1, "must have at least 1 item")
    .max(MAX_SUBSCRIPTIONS_PER_REQUEST, `must have at most ${MAX_SUBSCRIPTIONS_PER_REQUEST} items`);
}

/** Body of `POST /v2/topics/{key}/subscriptions` (strict). A `name` renames the topic. */
export const createTopicSubscriptionsBodySchema = z.strictObject({
  subscriptions: subscriptionList(subscriptionToCreateSchema),
  name: topicNameSchema.optional(),
  /** Stored with each subscription this request makes (an existing one keeps its own). */
  preferences: z.array(subscriptionPreferenceInputSchema).optional(),
});
/** Body of the create-subscriptions operation. */
export type CreateTopicSubscriptionsBody = z.infer<typeof createTopicSubscriptionsBodySchema>;

/**
 * Body of `PATCH /v2/topics/{key}/subscriptions/{identifier}` (strict): a new name, and preferences that
 * replace every preference of the subscription (`[]` clears them).
 */
export const updateTopicSubscriptionBodySchema = z.strictObject({
  name: z.string().optional(),
  preferences: z.array(subscriptionPreferenceInputSchema).optional(),
});
/** Body of the update-subscription operation. */
export type UpdateTopicSubscriptionBody = z.infer<typeof updateTopicSubscriptionBodySchema>;

/**
 * A subscription to delete. An item with `identifier` alone deletes exactly that subscription; a
 * subscriberId (alone, or even beside an identifier) deletes every subscription of that subscriber in the
 * topic (`delete-topic-subscriptions.usecase.ts`).
 */
const subscriptionToDeleteSchema = z.union([
  z.string().min(1, "must not be empty"),
  z.strictObject({ identifier: z.string().min(1) }),
  z.strictObject({ identifier: z.string().min(1), subscriberId: z.string().min(1) }),
]);

/** Body of `DELETE /v2/topics/{key}/subscriptions` (strict). */
export const deleteTopicSubscriptionsBodySchema = z.strictObject({
  subscriptions: subscriptionList(subscriptionToDeleteSchema),
});
/** Body of the delete-subscriptions operation. */
export type DeleteTopicSubscriptionsBody = z.infer<typeof deleteTopicSubscriptionsBodySchema>;

/** One failed item of a subscriptions request (tolerant), e.g. `SUBSCRIBER_NOT_FOUND`. */
const subscriptionErrorSchema = z.looseObject({
  subscriberId: z.string().optional(),
  identifier: z.string().optional(),
  code: z.string(),
  message: z.string().optional(),
});
/** One failed item of a subscriptions request. */
export type SubscriptionError = z.infer<typeof subscriptionErrorSchema>;

/**
 * Answer of a subscriptions create or delete (tolerant): the subscriptions done, counts, and the items that
 * failed. The service answers 201 (200 for delete) when some item succeeded, 400 with the same fields when
 * every one failed.
 */
export const topicSubscriptionsResultSchema = z.looseObject({
  data: z.array(topicSubscriptionSchema),
  meta: z.looseObject({ totalCount: z.number(), successful: z.number(), failed: z.number() }),
  errors: z.array(subscriptionErrorSchema).optional(),
});
/** Answer of a subscriptions create or delete. */
export type TopicSubscriptionsResult = z.infer<typeof topicSubscriptionsResultSchema>;
