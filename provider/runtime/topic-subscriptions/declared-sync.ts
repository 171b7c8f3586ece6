/**
 * The requests behind the subscriptions a TopicSubscriptions declares with their own identifiers (the pure
 * rules are ./declared-subscriptions.ts):
 *
 * - A subscription to add is looked up first (`GET .../subscriptions/{identifier}`, 204 when missing): the
 *   service's subscribe counts an existing identifier as done and leaves its name and preferences as they
 *   are (create-subscriptions.usecase.ts), so one made elsewhere (an export's adoption, an interrupted run)
 *   is edited to match instead, and left untouched (no write) when it already matches.
 * - New ones are POSTed 100 a request, grouped by their preferences (one request carries one list, stored
 *   with each subscription it makes); changed ones PATCHed one by one (`preferences` replace them all);
 *   removed ones DELETEd by identifier alone, before any add (a replaced subscriber's identifier is reused).
 * - A preference the service did not store (its workflow is missing: the usecase only logs it) fails the
 *   operation naming the workflow; every other item is still written.
 */

import type { SvcClient } from "../../../sdk";
import { NotFoundError } from "../../../sdk/errors";
import { MAX_SUBSCRIPTIONS_PER_REQUEST, type TopicSubscription } from "../../../sdk/schemas";
import type { DeclaredSubscription } from "../../model/topic-subscriptions-schema";
import { SyncFailures } from "../set-sync/sync-failures";
import { forEachLimited } from "../shared/for-each-limited";
import {
  comparable,
  planSubscriptions,
  subscriptionFromService,
  wirePreferences,
} from "./declared-subscriptions";

/** What one apply did, for the error of a partial failure. */
export interface DeclaredSyncReport {
  added: number;
  edited: number;
  removed: number;
  failures: SyncFailures;
}

/** The cause of a preference the service did not store. */
const missingWorkflow = (workflowId: string) =>
  `workflow "${workflowId}" does not exist in the API key's environment, so its preference was not stored (declare the workflow first: pass its workflowId from svc.Workflow)`;

/** The workflows of `s` whose preference an answer lacks. */
function unstored(s: DeclaredSubscription, answered: TopicSubscription | undefined): string[] {
  const got = new Set(
    ((answered?.["preferences"] as { workflow?: { identifier?: string } }[] | undefined) ?? []).map(
      (p) => p.workflow?.identifier,
    ),
  );
  return (s.preferences ?? []).map((p) => p.workflowId).filter((w) => !got.has(w));
}

/** Applies declared subscriptions with identifiers through one client. */
export class DeclaredSync {
  constructor(
    private readonly client: () => SvcClient,
    private readonly concurrency: number,
  ) {}

  /** The service's form of each subscription of `wanted` that exists (in `wanted`'s order), or undefined when the topic is gone. */
  async read(
    topicKey: string,
    wanted: readonly DeclaredSubscription[],
  ): Promise<DeclaredSubscription[] | undefined> {
    const subscriberOf = new Map<string, string>();
    try {
      for await (const s of this.client().topics.subscriptions.listAll(topicKey, {
        limit: MAX_SUBSCRIPTIONS_PER_REQUEST,
      })) {
        if (s.identifier !== undefined && s.subscriber)
          subscriberOf.set(s.identifier, s.subscriber.subscriberId);
      }
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
    const held = wanted.filter((s) => subscriberOf.has(s.identifier));
    const found = new Map<string, DeclaredSubscription>();
    await forEachLimited(held, this.concurrency, async (s) => {
      const detail = await this.client().topics.subscriptions.get(topicKey, s.identifier);
      const subscriberId = subscriberOf.get(s.identifier) ?? s.subscriberId;
      if (detail) found.set(s.identifier, subscriptionFromService(s.identifier, subscriberId, detail));
    });
    return wanted.flatMap((s) => found.get(s.identifier) ?? []);
  }

  /** Turns `before` (the state's) into `after` (the declaration); per-item failures are in the report. */
  async apply(
    topicKey: string,
    before: readonly DeclaredSubscription[],
    after: readonly DeclaredSubscription[],
  ): Promise<DeclaredSyncReport> {
    const plan = planSubscriptions(before, after);
    const report: DeclaredSyncReport = { added: 0, edited: 0, removed: 0, failures: new SyncFailures() };
    if (plan.remove.length > 0) report.removed = await this.remove(topicKey, plan.remove, report.failures);
    const { missing, differing } = await this.sortAdds(topicKey, plan.add);
    report.added = await this.post(topicKey, missing, report.failures);
    report.edited = await this.patch(topicKey, [...differing, ...plan.edit], report.failures);
    return report;
  }

  /** Removes every subscription of `list` by identifier; one already gone counts as removed. */
  async remove(
    topicKey: string,
    list: readonly DeclaredSubscription[],
    failures: SyncFailures,
  ): Promise<number> {
    let removed = 0;
    for (let i = 0; i < list.length; i += MAX_SUBSCRIPTIONS_PER_REQUEST) {
      const batch = list.slice(i, i + MAX_SUBSCRIPTIONS_PER_REQUEST);
      try {
        const result = await this.client().topics.subscriptions.delete(topicKey, {
          subscriptions: batch.map(({ identifier }) => ({ identifier })),
        });
        for (const e of result.errors ?? [])
          if (!/NOT_FOUND/i.test(e.code))
            failures.add(`${e.code}: ${e.message ?? ""}`.trim(), e.identifier ?? "?");
      } catch (e) {
        if (!(e instanceof NotFoundError)) throw e;
      }
      removed += batch.length;
    }
    return removed;
  }

  /** The adds split into those the topic lacks and those it holds in another form (to edit). */
  private async sortAdds(topicKey: string, adds: readonly DeclaredSubscription[]) {
    const missing: DeclaredSubscription[] = [];
    const differing: DeclaredSubscription[] = [];
    await forEachLimited(adds, this.concurrency, async (s) => {
      const detail = await this.client().topics.subscriptions.get(topicKey, s.identifier);
      if (detail === undefined) missing.push(s);
      else if (comparable(subscriptionFromService(s.identifier, s.subscriberId, detail)) !== comparable(s))
        differing.push(s);
    });
    return { missing, differing };
  }

  /** POSTs the new subscriptions, one request per 100 that share their preferences. */
  private async post(topicKey: string, list: readonly DeclaredSubscription[], failures: SyncFailures) {
    const groups = new Map<string, DeclaredSubscription[]>();
    for (const s of list) {
      const key = comparable(wirePreferences(s));
      groups.set(key, [...(groups.get(key) ?? []), s]);
    }
    let added = 0;
    for (const group of groups.values()) {
      for (let i = 0; i < group.length; i += MAX_SUBSCRIPTIONS_PER_REQUEST) {
        const batch = group.slice(i, i + MAX_SUBSCRIPTIONS_PER_REQUEST);
        const preferences = wirePreferences(batch[0] as DeclaredSubscription);
        const result = await this.client().topics.subscriptions.create(topicKey, {
          subscriptions: batch.map(({ identifier, subscriberId, name }) => ({
            identifier,
            subscriberId,
            ...(name === undefined ? {} : { name }),
          })),
          ...(preferences.length > 0 ? { preferences } : {}),
        });
        for (const e of result.errors ?? [])
          failures.add(`${e.code}: ${e.message ?? ""}`.trim(), e.subscriberId ?? "?");
        for (const s of batch) {
          const answered = result.data.find((d) => d.identifier === s.identifier);
          if (answered === undefined) continue;
          added++;
          for (const w of unstored(s, answered)) failures.add(missingWorkflow(w), s.identifier);
        }
      }
    }
    return added;
  }

  /** PATCHes each subscription to its declared name and preferences (a name taken away is sent empty). */
  private async patch(topicKey: string, list: readonly DeclaredSubscription[], failures: SyncFailures) {
    let edited = 0;
    await forEachLimited(list, this.concurrency, async (s) => {
      const answered = await this.client().topics.subscriptions.update(topicKey, s.identifier, {
        name: s.name ?? "",
        preferences: wirePreferences(s),
      });
      edited++;
      for (const w of unstored(s, answered)) failures.add(missingWorkflow(w), s.identifier);
    });
    return edited;
  }
}
