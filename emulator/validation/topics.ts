import {
  arrayMaxSize,
  arrayMinSize,
  type Dto,
  each,
  isArray,
  isNotEmpty,
  isString,
  length,
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
 * shared/dtos/subscriptions/create-subscriptions.dto.ts: `subscriberIds` (deprecated; strings) and
 * `subscriptions` (strings or `{ identifier, subscriberId, name? }`, not validated item by item), each 1..100
 * with the DTO's own messages; `name` a string; `preferences` an array.
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
      isArray(),
    ],
  },
  name: { optional: true, checks: [isString()] },
  preferences: { optional: true, checks: [isArray()] },
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
