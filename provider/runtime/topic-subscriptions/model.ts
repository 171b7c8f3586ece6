/**
 * The pure rules of TopicSubscriptions: check (the subscriberIds as a sorted set), diff by set, the
 * identifiers that tell the resource's subscriptions from everyone else's, and its id.
 *
 * Each subscription the resource makes has its own identifier, `tk_<key>:si_<subscriberId>:<owner>`, where
 * `<owner>` is derived from the resource's project, stack and name (kept in state across renames). The
 * application's subscriptions (`tk_<key>:si_<subscriberId>` by default, or identifiers of its own) never
 * match, so they are never removed, even for a subscriber both declare: a DELETE names the identifier alone
 * (a subscriberId would remove every subscription of the subscriber in the topic).
 */
import { createHash } from "node:crypto";
import type { IdentifierOrigin } from "../../default-identifier";
import type { CheckOutcome, DiffOutcome } from "../../model/pulumi-results";
import {
  type DeclaredSubscription,
  type TopicSubscriptionsInputs,
  topicSubscriptionsInputsSchema,
} from "../../model/topic-subscriptions-schema";
import { containsUnknown, isUnknown } from "../../model/values";
import { setDifference } from "../set-sync/set-difference";
import { schemaFailures } from "../shared/check-failures";
import { engineInputs } from "../shared/engine-values";
import {
  comparable,
  type PropertyChange,
  storedSubscriptions,
  subscriptionsChanges,
  subscriptionsFailures,
} from "./declared-subscriptions";

type Props = Record<string, unknown>;

/** The result of check for TopicSubscriptions. */
export type TopicSubscriptionsCheck = CheckOutcome<TopicSubscriptionsInputs>;

/** The owner tag of a resource with no origin (the plugin always sends one; a direct call may not). */
const ANONYMOUS_OWNER = "pulumi";

/**
 * Validates new inputs; the subscriberIds become a sorted set (order and repeats are no change), the
 * subscriptions with identifiers their stored form sorted by identifier (./declared-subscriptions.ts).
 */
export function checkTopicSubscriptions(news: Props): TopicSubscriptionsCheck {
  const raw = engineInputs(news);
  if (raw.subscriberIds === undefined) raw.subscriberIds = [];
  const failures = schemaFailures(topicSubscriptionsInputsSchema, raw);
  const ids = raw.subscriberIds;
  if (Array.isArray(ids) && !containsUnknown(ids) && ids.every((id) => typeof id === "string")) {
    raw.subscriberIds = [...new Set(ids as string[])].sort();
  }
  if (raw.subscriptions !== undefined && failures.length === 0 && !containsUnknown(raw.subscriptions)) {
    const list = (raw as TopicSubscriptionsInputs).subscriptions ?? [];
    failures.push(...subscriptionsFailures(list));
    raw.subscriptions = storedSubscriptions(list);
  }
  return { inputs: raw as TopicSubscriptionsInputs, failures };
}

/** The declared subscriptions with identifiers of a props value (none when absent: states before them). */
export function declaredOf(v: unknown): DeclaredSubscription[] {
  return Array.isArray(v) ? (v as DeclaredSubscription[]) : [];
}

/** `pulumi-<8 hex>` from the resource's project, stack and name: stable across runs, unique per resource. */
export function ownerTag(origin: IdentifierOrigin | undefined): string {
  if (origin === undefined) return ANONYMOUS_OWNER;
  const seed = `${origin.project}/${origin.stack}/${origin.name}`;
  return `pulumi-${createHash("sha256").update(seed).digest("hex").slice(0, 8)}`;
}

/** The identifier of the subscription the resource `owner` makes for a subscriber. */
export function subscriptionIdentifier(topicKey: string, subscriberId: string, owner: string): string {
  return `tk_${topicKey}:si_${subscriberId}:${owner}`;
}

/** The resource id: `<topicKey>/<owner>` (a topic key has no `/`). */
export function topicSubscriptionsId(topicKey: string, owner: string): string {
  return `${topicKey}/${owner}`;
}

/** The topic key and owner an id names, or undefined when it is not one. */
export function parseTopicSubscriptionsId(id: string): { topicKey: string; owner: string } | undefined {
  const cut = id.lastIndexOf("/");
  if (cut <= 0 || cut === id.length - 1) return undefined;
  return { topicKey: id.slice(0, cut), owner: id.slice(cut + 1) };
}

/** The subscriberIds of a props value, as strings (none when not a list). */
export function subscriberIdsOf(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

/** A new topic key replaces; a different set of subscriberIds updates. */
export function diffTopicSubscriptions(olds: Props, news: Props): DiffOutcome {
  const replaces = isUnknown(news.topicKey) || news.topicKey !== olds.topicKey ? ["topicKey"] : [];
  const unknown = containsUnknown(news.subscriberIds);
  const d = setDifference(subscriberIdsOf(olds.subscriberIds), subscriberIdsOf(news.subscriberIds));
  const declaredChanged =
    containsUnknown(news.subscriptions) ||
    comparable(declaredOf(olds.subscriptions)) !== comparable(declaredOf(news.subscriptions));
  const changed = unknown || declaredChanged || d.added.length + d.removed.length > 0;
  return { changes: replaces.length > 0 || changed, replaces, deleteBeforeReplace: false };
}

/** One changed property path, as the plugin's detailed diff takes it. */
export type SubscriberChange = PropertyChange;

/**
 * Each added subscriber (`subscriberIds[i]` of the new list) and each removed one (`[i]` of the old
 * list): the plugin's detailed diff, so that the preview names them.
 */
export function topicSubscriptionsChanges(olds: Props, news: Props): SubscriberChange[] {
  const out: SubscriberChange[] = [];
  if (isUnknown(news.topicKey) || news.topicKey !== olds.topicKey) {
    out.push({ property: "topicKey", kind: "update", replace: true });
  }
  if (containsUnknown(news.subscriptions))
    out.push({ property: "subscriptions", kind: "update", replace: false });
  else out.push(...subscriptionsChanges(declaredOf(olds.subscriptions), declaredOf(news.subscriptions)));
  if (containsUnknown(news.subscriberIds)) {
    out.push({ property: "subscriberIds", kind: "update", replace: false });
    return out;
  }
  const before = subscriberIdsOf(olds.subscriberIds);
  const after = subscriberIdsOf(news.subscriberIds);
  const d = setDifference(before, after);
  for (const id of d.added)
    out.push({ property: `subscriberIds[${after.indexOf(id)}]`, kind: "add", replace: false });
  for (const id of d.removed) {
    out.push({ property: `subscriberIds[${before.indexOf(id)}]`, kind: "delete", replace: false });
  }
  return out;
}
