import { badRequest, ObjectHttpError } from "./errors";
import { objectId } from "./ids";
import type { EnvironmentState } from "./store";
import type { StoredSubscriber } from "./subscriber-table";
import {
  filteredWorkflows,
  type GroupFilter,
  preferencesAnswer,
  storedPreferences,
} from "./subscription-preferences";
import type { StoredSubscription, StoredTopic } from "./topic-table";

/**
 * Writing topic subscriptions as apps/api/src/app/subscriptions/usecases/create-subscriptions/
 * create-subscriptions.usecase.ts and apps/api/src/app/topics-v2/usecases/delete-topic-subscriptions/ do:
 * per-item results (`data`), counts (`meta`) and per-item failures (`errors`, left out when none).
 */

/** One item of a create: the subscriber and, when given, the subscription's identifier and name. */
export interface CreateItem {
  subscriberId: string;
  identifier?: string | undefined;
  name?: string | undefined;
}

/** One item of a delete: a subscriberId, an identifier, or both. */
export interface DeleteItem {
  subscriberId?: string | undefined;
  identifier?: string | undefined;
}

/** A per-item failure. */
interface ItemError {
  subscriberId: string;
  code: string;
  message: string;
}

/** The body of a create or delete answer. */
interface BatchResult {
  data: Record<string, unknown>[];
  meta: { totalCount: number; successful: number; failed: number };
  errors?: ItemError[];
}

/** At most this many subscriptions of one subscriber in one topic (`MAX_SUBSCRIPTIONS_PER_SUBSCRIBER`). */
export const MAX_SUBSCRIPTIONS_PER_SUBSCRIBER = 10;

/** `buildDefaultSubscriptionIdentifier` (libs/application-generic): `tk_<topicKey>:si_<subscriberId>`. */
export function defaultIdentifier(topicKey: string, subscriberId: string): string {
  return `tk_${topicKey}:si_${subscriberId}`;
}

/** `VALID_ID_REGEX` of @novu/shared: the key characters, or an email address. */
const KEY_PATTERN = /^[a-zA-Z0-9_:.-]+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Refuses a topic key the service refuses when it creates a topic (upsert-topic.usecase.ts `isValidTopicKey`). */
export function checkTopicKey(key: string): void {
  if (KEY_PATTERN.test(key) || EMAIL_PATTERN.test(key)) return;
  throw badRequest(
    `Invalid topic key: "${key}". Topic keys must contain only alphanumeric characters (a-z, A-Z, 0-9), hyphens (-), underscores (_), colons (:), or be a valid email address.`,
  );
}

/** A topic as answered (map-topic-entity-to.dto.ts): `name` left out when the topic has none. */
export function topicAnswer(topic: StoredTopic) {
  return {
    _id: topic._id,
    key: topic.key,
    ...(topic.name === undefined ? {} : { name: topic.name }),
    createdAt: topic.createdAt,
    updatedAt: topic.updatedAt,
  };
}

/** The subscriber part of a subscription answer. */
export function subscriberPart(s: StoredSubscriber) {
  return {
    _id: s._id,
    subscriberId: s.subscriberId,
    avatar: s.avatar,
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/**
 * A subscription as a create, update or delete answers it: with its topic (`_id`, key, name), subscriber and,
 * when `preferences` is given, those preferences (left out when undefined).
 */
export function itemAnswer(
  env: EnvironmentState,
  topic: StoredTopic,
  s: StoredSubscription,
  preferences?: ReturnType<typeof preferencesAnswer>,
) {
  const subscriber = env.subscribers.getById(s._subscriberId);
  return {
    _id: s._id,
    identifier: s.identifier,
    ...(s.name === undefined ? {} : { name: s.name }),
    topic: { _id: topic._id, key: topic.key, ...(topic.name === undefined ? {} : { name: topic.name }) },
    subscriber: subscriber ? subscriberPart(subscriber) : null,
    ...(preferences === undefined ? {} : { preferences }),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/** The answer body, or the 400 the controller throws when every item failed (exception-filter.ts shape). */
function finish(total: number, data: BatchResult["data"], errors: ItemError[], failed = errors.length) {
  const result: BatchResult = { data, meta: { totalCount: total, successful: data.length, failed } };
  if (errors.length > 0) result.errors = errors;
  if (failed > 0 && data.length === 0) throw new ObjectHttpError(400, { ...result });
  return result;
}

const notFoundError = (subscriberId: string): ItemError => ({
  subscriberId,
  code: "SUBSCRIBER_NOT_FOUND",
  message: `Subscriber with ID '${subscriberId}' could not be found.`,
});

/**
 * Subscribes the items' subscribers (create-subscriptions.usecase.ts): unknown subscribers fail per item
 * and are never created; a subscription whose identifier (given, else the default) exists counts as a
 * success and is answered as it is, its name and preferences unchanged (the answer shows its stored
 * preferences for the request's workflows); a subscriber already holding the maximum fails with
 * SUBSCRIPTION_LIMIT_EXCEEDED; every item failing is the 400. Each new subscription stores the preferences
 * of `filters` (./subscription-preferences.ts).
 */
export function createSubscriptions(
  env: EnvironmentState,
  topic: StoredTopic,
  items: readonly CreateItem[],
  filters: readonly GroupFilter[] = [],
) {
  const workflows = filteredWorkflows(env, filters);
  const answerOf = (s: StoredSubscription) =>
    itemAnswer(env, topic, s, filters.length > 0 ? preferencesAnswer(env, s, workflows) : undefined);
  const errors: ItemError[] = [];
  const found = new Map<string, StoredSubscriber>();
  for (const item of items) {
    const s = env.subscribers.get(item.subscriberId);
    if (s) found.set(s.subscriberId, s);
    else if (!errors.some((e) => e.subscriberId === item.subscriberId))
      errors.push(notFoundError(item.subscriberId));
  }
  if (found.size === 0) return finish(items.length, [], errors, items.length);
  const subs = env.topics.subscriptionsOf(topic.key);
  const existing: StoredSubscription[] = [];
  const created: StoredSubscription[] = [];
  const now = new Date().toISOString();
  for (const subscriber of found.values()) {
    const item = items.find((i) => i.subscriberId === subscriber.subscriberId);
    const identifier = item?.identifier || defaultIdentifier(topic.key, subscriber.subscriberId);
    const taken = subs.withIdentifier(identifier);
    if (taken) {
      existing.push(taken);
      continue;
    }
    if (subs.ofSubscriber(subscriber._id).length >= MAX_SUBSCRIPTIONS_PER_SUBSCRIBER) {
      errors.push({
        subscriberId: subscriber.subscriberId,
        code: "SUBSCRIPTION_LIMIT_EXCEEDED",
        message: `Subscriber ${subscriber.subscriberId} has reached the maximum allowed of ${MAX_SUBSCRIPTIONS_PER_SUBSCRIBER} subscriptions for topic "${topic.key}"`,
      });
      continue;
    }
    const subscription: StoredSubscription = {
      _id: objectId(),
      identifier,
      ...(item?.name === undefined ? {} : { name: item.name }),
      ...(filters.length > 0 && workflows.length > 0
        ? { preferences: storedPreferences(filters, workflows) }
        : {}),
      _topicId: topic._id,
      topicKey: topic.key,
      _subscriberId: subscriber._id,
      externalSubscriberId: subscriber.subscriberId,
      createdAt: now,
      updatedAt: now,
    };
    subs.add(subscription);
    created.push(subscription);
  }
  const data = [...existing, ...created].map(answerOf);
  return finish(items.length, data, errors);
}

/** The subscriptions one delete item names, or the item's failure. */
function deleteTargets(
  env: EnvironmentState,
  topic: StoredTopic,
  item: DeleteItem,
): StoredSubscription[] | ItemError {
  const subs = env.topics.subscriptionsOf(topic.key);
  if (item.subscriberId !== undefined) {
    const subscriber = env.subscribers.get(item.subscriberId);
    if (!subscriber) return notFoundError(item.subscriberId);
    const held = subs.ofSubscriber(subscriber._id);
    if (held.length > 0) return held;
    return {
      subscriberId: item.subscriberId,
      code: "SUBSCRIPTION_NOT_FOUND",
      message: `Subscription for subscriber '${item.subscriberId}' not found.`,
    };
  }
  const identifier = item.identifier ?? "";
  const one = subs.withIdentifier(identifier);
  if (one) return [one];
  return {
    subscriberId: identifier,
    code: "SUBSCRIPTION_NOT_FOUND",
    message: `Subscription with identifier '${identifier}' not found.`,
  };
}

/**
 * Unsubscribes (delete-topic-subscriptions.usecase.ts): an item with `identifier` alone deletes exactly
 * that subscription; an item with a `subscriberId` (even beside an identifier) deletes every subscription
 * of that subscriber in the topic; unknown subscribers and missing subscriptions fail per item; every item
 * failing is the 400.
 */
export function deleteSubscriptions(env: EnvironmentState, topic: StoredTopic, items: readonly DeleteItem[]) {
  const errors: ItemError[] = [];
  const data: BatchResult["data"] = [];
  const subs = env.topics.subscriptionsOf(topic.key);
  for (const item of items) {
    const targets = deleteTargets(env, topic, item);
    if (!Array.isArray(targets)) {
      errors.push(targets);
      continue;
    }
    for (const s of targets) {
      data.push(itemAnswer(env, topic, s));
      subs.remove(s);
    }
  }
  return finish(items.length, data, errors);
}
