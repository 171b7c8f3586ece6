import { type CursorKey, cursorPage } from "./cursor";
import { SortedIndex } from "./sorted-index";
import type { StoredSubscriptionPreference } from "./subscription-preferences";

/**
 * The v2 topics of one environment and their subscriptions (the `topics` and `topic_subscribers`
 * collections behind apps/api/src/app/topics-v2/ and apps/api/src/app/subscriptions/), indexed for scale:
 * topics by key; per topic, subscriptions by identifier, by subscriber and in `_id` order, so a create or
 * delete of 100 items and a cursor page cost O(log n + page) whatever the topic's size.
 */

/** A stored topic. */
export interface StoredTopic {
  _id: string;
  key: string;
  /** Absent when the topic was created by a subscriptions POST without a name. */
  name?: string;
  createdAt: string;
  updatedAt: string;
}

/** A stored subscription of a subscriber to a topic. */
export interface StoredSubscription {
  _id: string;
  /** Unique in the topic; by default `tk_<topicKey>:si_<subscriberId>`. */
  identifier: string;
  name?: string;
  /** The preferences stored with it (the `preferences` collection, ./subscription-preferences.ts). */
  preferences?: StoredSubscriptionPreference[];
  _topicId: string;
  topicKey: string;
  /** The subscriber's `_id`. */
  _subscriberId: string;
  /** The subscriber's `subscriberId`. */
  externalSubscriberId: string;
  createdAt: string;
  updatedAt: string;
}

const byId = (a: { _id: string }, b: { _id: string }) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
const idKey = (s: { _id: string }): CursorKey => ({ value: s._id, id: s._id });

/** One page of a cursor list, cursors being `_id`s (findWithCursorBasedPagination, paginateField `_id`). */
export interface IdPage<T> {
  items: T[];
  next: string | null;
  previous: string | null;
}

/** A page request over an `_id`-ordered list. */
export interface IdPageRequest {
  after?: string | undefined;
  before?: string | undefined;
  limit: number;
  descending: boolean;
  includeCursor: boolean;
}

/** Reads one page of an `_id`-sorted list. */
export function pageById<T extends { _id: string }>(list: readonly T[], req: IdPageRequest): IdPage<T> {
  const page = cursorPage(list, idKey, {
    ...(req.after ? { after: { value: req.after, id: req.after } } : {}),
    ...(req.before ? { before: { value: req.before, id: req.before } } : {}),
    includeCursor: req.includeCursor,
    limit: req.limit,
    descending: req.descending,
  });
  const first = page.items[0];
  const last = page.items[page.items.length - 1];
  return {
    items: page.items,
    next: page.hasNext && last ? last._id : null,
    previous: page.hasPrevious && first ? first._id : null,
  };
}

/** The subscriptions of one topic. */
export class TopicSubscriptions {
  private readonly byIdentifier = new Map<string, StoredSubscription>();
  private readonly bySubscriber = new Map<string, Set<StoredSubscription>>();
  private readonly ordered = new SortedIndex<StoredSubscription>(byId);

  /** Number of subscriptions. */
  get size(): number {
    return this.ordered.size;
  }

  /** The subscription with this identifier. */
  withIdentifier(identifier: string): StoredSubscription | undefined {
    return this.byIdentifier.get(identifier);
  }

  /** The subscriptions of a subscriber (by its `_id`), in `_id` order. */
  ofSubscriber(subscriberInternalId: string): StoredSubscription[] {
    return [...(this.bySubscriber.get(subscriberInternalId) ?? [])].sort(byId);
  }

  /** Every subscription in `_id` order (read only; do not keep across writes). */
  inOrder(): readonly StoredSubscription[] {
    return this.ordered.view;
  }

  /** Adds a subscription (its identifier must be free). */
  add(s: StoredSubscription): void {
    this.byIdentifier.set(s.identifier, s);
    const set = this.bySubscriber.get(s._subscriberId);
    if (set) set.add(s);
    else this.bySubscriber.set(s._subscriberId, new Set([s]));
    this.ordered.insert(s);
  }

  /** Removes a subscription. */
  remove(s: StoredSubscription): void {
    this.byIdentifier.delete(s.identifier);
    const set = this.bySubscriber.get(s._subscriberId);
    set?.delete(s);
    if (set?.size === 0) this.bySubscriber.delete(s._subscriberId);
    this.ordered.remove(s);
  }
}

/** The topics of one environment with their subscriptions. */
export class TopicTable {
  private readonly byKey = new Map<string, StoredTopic>();
  private readonly subscriptions = new Map<string, TopicSubscriptions>();

  /** The topic with this key. */
  get(key: string): StoredTopic | undefined {
    return this.byKey.get(key);
  }

  /** Stores a new or changed topic (its key never changes). */
  put(topic: StoredTopic): void {
    this.byKey.set(topic.key, topic);
  }

  /** Deletes a topic and every subscription in it. */
  remove(topic: StoredTopic): void {
    this.byKey.delete(topic.key);
    this.subscriptions.delete(topic.key);
  }

  /** The subscriptions of a topic (an empty set when it has none). */
  subscriptionsOf(key: string): TopicSubscriptions {
    let subs = this.subscriptions.get(key);
    if (!subs) {
      subs = new TopicSubscriptions();
      this.subscriptions.set(key, subs);
    }
    return subs;
  }

  /** Every topic, in `_id` order. */
  all(): StoredTopic[] {
    return [...this.byKey.values()].sort(byId);
  }

  /** Every subscription of every topic (persistence). */
  allSubscriptions(): StoredSubscription[] {
    return [...this.subscriptions.values()].flatMap((s) => [...s.inOrder()]);
  }

  /** Loads saved topics and subscriptions (persistence). */
  load(topics: readonly StoredTopic[], subscriptions: readonly StoredSubscription[]): void {
    for (const t of topics) this.put(t);
    for (const s of subscriptions) this.subscriptionsOf(s.topicKey).add(s);
  }
}
