import {
  arrayMaxSize,
  arrayMinSize,
  type Dto,
  each,
  isArray,
  isNotEmpty,
  isString,
  length,
  rule,
} from "./class-validator";

/**
 * The v2 topic bodies and queries, from Novu's DTOs: apps/api/src/app/topics-v2/dtos/create-update-topic.dto.ts,
 * update-topic.dto.ts, cursor-pagination-query.dto.ts, list-topics-query.dto.ts,
 * list-topic-subscriptions-query.dto.ts, delete-topic-subscriptions.dto.ts and
 * apps/api/src/app/shared/dtos/subscriptions/create-subscriptions.dto.ts.
 */

/** create-update-topic.dto.ts: `key` 1..100, `name` up to 100, both non-empty strings. */
export const upsertTopicDto: Dto = {
  key: { checks: [length(1, 100), isNotEmpty(), isString()] },
  name: { checks: [length(0, 100), isNotEmpty(), isString()] },
};

/** update-topic.dto.ts: `name` a non-empty string. */
export const patchTopicDto: Dto = { name: { checks: [isNotEmpty(), isString()] } };

/**
 * cursor-pagination-query.dto.ts: `after`, `before` and `orderBy` strings; `limit` and `orderDirection` carry
 * no validator (read by the usecase); `includeCursor` is `value === 'true'`.
 */
const cursorQueryDto: Dto = {
  after: { optional: true, checks: [isString()] },
  before: { optional: true, checks: [isString()] },
  orderBy: { optional: true, checks: [isString()] },
};

/** list-topics-query.dto.ts: plus `key` and `name` strings. */
export const listTopicsQueryDto: Dto = {
  key: { optional: true, checks: [isString()] },
  name: { optional: true, checks: [isString()] },
  ...cursorQueryDto,
};

/** list-topic-subscriptions-query.dto.ts: plus `subscriberId`. */
export const listTopicSubscriptionsQueryDto: Dto = {
  subscriberId: { optional: true, checks: [isString()] },
  ...cursorQueryDto,
};

const eachString = each((v) => typeof v === "string", "$property must be a string");

/**
 * `@ValidateNested({ each: true }) @Type(() => Object)` over a list: every item must be an object; the items'
 * own fields are not checked (`Object` carries no rules). Measured on the April 2026 service for
 * `subscriptions: ["alice"]`: 422 `each value in nested property subscriptions must be either object or
 * array`, although the DTO's documentation shows plain strings.
 */
const eachNestedObject = rule(
  (v) => !Array.isArray(v) || v.every((item) => typeof item === "object" && item !== null),
  "each value in nested property $property must be either object or array",
);

/**
 * topics-v2/dtos/create-topic-subscriptions.dto.ts (the controller's body, over the shared
 * create-subscriptions.dto.ts item classes): `subscriberIds` (deprecated; strings) and `subscriptions`
 * (objects `{ identifier, subscriberId, name? }`: strings are refused by `@ValidateNested`, see
 * {@link eachNestedObject}), each 1..100 with the DTO's own messages; `name` a string; `preferences` a list of
 * objects the same way; `context` taken and, with the context feature flag off (its default), ignored.
 */
export const createTopicSubscriptionsDto: Dto = {
  subscriberIds: {
    optional: true,
    checks: [
      arrayMinSize(1, "At least one subscriber identifier is required"),
      arrayMaxSize(100, "Cannot subscribe more than 100 subscribers at once"),
      eachString,
      isArray(),
    ],
  },
  subscriptions: {
    optional: true,
    checks: [
      arrayMinSize(1, "At least one subscription is required"),
      arrayMaxSize(100, "Cannot subscribe more than 100 subscriptions at once"),
      eachNestedObject,
      isArray(),
    ],
  },
  name: { optional: true, checks: [isString()] },
  preferences: { optional: true, checks: [eachNestedObject, isArray()] },
};

/** topics-v2/dtos/update-topic-subscription.dto.ts: `name` a string; `preferences` a list of objects. */
export const updateTopicSubscriptionDto: Dto = {
  name: { optional: true, checks: [isString()] },
  preferences: { optional: true, checks: [eachNestedObject, isArray()] },
};

/**
 * delete-topic-subscriptions.dto.ts: `subscriberIds` 1..100 with its own messages ("Cannot unsubscribe more
 * than 100 subscribers at once", "At least one subscriber identifier is required"); the newer `subscriptions`
 * list is bounded the same way.
 */
export const deleteTopicSubscriptionsDto: Dto = {
  subscriberIds: {
    optional: true,
    checks: [
      arrayMinSize(1, "At least one subscriber identifier is required"),
      arrayMaxSize(100, "Cannot unsubscribe more than 100 subscribers at once"),
      isArray(),
    ],
  },
  subscriptions: {
    optional: true,
    checks: [
      arrayMinSize(1, "At least one subscription is required"),
      arrayMaxSize(100, "Cannot unsubscribe more than 100 subscriptions at once"),
      isArray(),
    ],
  },
};
