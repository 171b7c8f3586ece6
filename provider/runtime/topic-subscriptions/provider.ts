/**
 * The real implementation behind `svc.TopicSubscriptions` (and `svc:index:TopicSubscriptions` of the
 * plugin): the subscribers a stack declares for one topic, thousands per deploy, synced as a set through the
 * one set-sync mechanism (../set-sync/).
 *
 * - The plan is the set difference between the state and the declaration: added subscribers are POSTed
 *   (`/v2/topics/{key}/subscriptions`, 100 a request, each with the resource's own identifier, ./model.ts),
 *   removed ones DELETEd by identifier alone (100 a request). No read is needed: the service counts an
 *   existing subscription as done and a missing one as gone, so a retried sync after a partial failure
 *   converges with nothing made twice. A no-op preview makes no request.
 * - The topic must exist: one GET first (the service's POST would create a missing topic, unmanaged).
 * - An unknown subscriber is reported by the service per item (`SUBSCRIBER_NOT_FOUND`, never created):
 *   every other item is still written, then the operation fails naming each failed subscriber by cause
 *   and saying what was written, which stays (a dynamic provider cannot return partial state; the next
 *   `up` sends the same plan again and converges).
 * - Only the resource's own subscriptions are ever removed: the application's stay through every update and
 *   the destroy.
 * - Refresh lists the topic's subscriptions and keeps those with the resource's identifiers.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { NotFoundError } from "../../../sdk/errors";
import {
  MAX_SUBSCRIPTIONS_PER_REQUEST,
  type SubscriptionError,
  type TopicSubscriptionsResult,
} from "../../../sdk/schemas";
import type { ConfigSource } from "../../config";
import type { CreateOutcome, DiffOutcome, ReadOutcome, UpdateOutcome } from "../../model/pulumi-results";
import type {
  DeclaredSubscription,
  TopicSubscriptionsInputs,
  TopicSubscriptionsOutputs,
} from "../../model/topic-subscriptions-schema";
import { causeOf, isFatal } from "../set-sync/failure-causes";
import { listIds } from "../set-sync/list-ids";
import { runSetSync, type SyncPhase } from "../set-sync/run-set-sync";
import { setDifference } from "../set-sync/set-difference";
import type { ItemFailure } from "../set-sync/sync-failures";
import { failedSyncError, SyncFailures } from "../set-sync/sync-failures";
import { engineLog } from "../shared/engine-log";
import { carryWriteId, ReplacementGuard, type Stamped } from "../shared/replacement-guard";
import { ServiceSession, type ServiceSessionOptions } from "../shared/service-session";
import { DeclaredSync, type DeclaredSyncReport } from "./declared-sync";
import {
  checkTopicSubscriptions,
  declaredOf,
  diffTopicSubscriptions,
  ownerTag,
  parseTopicSubscriptionsId,
  subscriberIdsOf,
  subscriptionIdentifier,
  type TopicSubscriptionsCheck,
  topicSubscriptionsId,
} from "./model";

/** Requests in flight per resource; the session's pacer keeps them within the service's rate. */
const DEFAULT_CONCURRENCY = 4;

/** The cause of an unknown subscriber, as the user fixes it. */
const SUBSCRIBER_MISSING =
  "subscriber does not exist in the API key's environment (subscribers are created by your application; create them first, or check svc:apiKey)";

/** Options for tests and benchmarks that call the provider directly (the host passes none). */
export interface TopicSubscriptionsProviderOptions extends ServiceSessionOptions {
  /** Requests in flight (default {@link DEFAULT_CONCURRENCY}). */
  concurrency?: number;
}

/** What the last sync did (for tests and benchmarks). */
export interface TopicSyncReport {
  operation: string;
  added: number;
  removed: number;
  failed: number;
}

/** What read answers for TopicSubscriptions. */
export type TopicSubscriptionsRead = ReadOutcome<Stamped<TopicSubscriptionsOutputs>, Record<string, unknown>>;

/** One subscriber's subscription, as a batch carries it. */
interface Item {
  subscriberId: string;
  identifier: string;
}

/** `pulumi.dynamic.ResourceProvider` for a topic's declared subscribers. */
export class TopicSubscriptionsProvider implements dynamic.ResourceProvider {
  /** Settings, the shared paced client and error mapping. */
  readonly session: ServiceSession;
  /** What the last create/update/delete did. */
  lastSync: TopicSyncReport | undefined;
  private readonly concurrency: number;
  /** Creates of this deployment with the subscribers each wrote (the old half of a replacement leaves them). */
  private readonly creates = new ReplacementGuard<ReadonlySet<string>>();

  /** The subscriptions declared with identifiers (./declared-sync.ts). */
  private readonly declared: DeclaredSync;

  constructor(options: TopicSubscriptionsProviderOptions = {}) {
    this.session = new ServiceSession(options);
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.declared = new DeclaredSync(() => this.session.client(), this.concurrency);
  }

  /** Reads `svc:apiKey` / `svc:baseUrl` from the stack config the engine sends (env as fallback). */
  async configure(req: { config: ConfigSource }): Promise<void> {
    this.session.configure(req.config);
  }

  /** Validates the inputs and sorts the subscriberIds into a set; no request is made. */
  async check(
    _olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<TopicSubscriptionsCheck> {
    return checkTopicSubscriptions(news ?? {});
  }

  /** The set difference; named in the engine's output (each added and removed subscriber). No request. */
  async diff(
    _id: string,
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<DiffOutcome> {
    const outcome = diffTopicSubscriptions(olds, news);
    if (outcome.changes && outcome.replaces.length === 0) await sayChanges(olds, news);
    return outcome;
  }

  /** Subscribes every declared subscriber, under the resource's own identifiers. */
  async create(inputs: TopicSubscriptionsInputs): Promise<CreateOutcome<Stamped<TopicSubscriptionsOutputs>>> {
    return this.session.guard("create", undefined, async () => {
      const owner = ownerTag(inputs.ownerOf);
      await this.sync("create", inputs.topicKey, owner, inputs.subscriberIds, []);
      await this.syncDeclared("create", inputs.topicKey, [], declaredOf(inputs.subscriptions));
      const id = topicSubscriptionsId(inputs.topicKey, owner);
      const outs = outputsOf(inputs.topicKey, owner, inputs.subscriberIds, inputs.subscriptions);
      return { id, outs: this.creates.stamp(id, outs, new Set(inputs.subscriberIds)) };
    });
  }

  /** Adds the subscribers new to the set and removes the ones gone from it; the owner stays the state's. */
  async update(
    _id: string,
    olds: TopicSubscriptionsOutputs,
    news: TopicSubscriptionsInputs,
  ): Promise<UpdateOutcome<Stamped<TopicSubscriptionsOutputs>>> {
    return this.session.guard("update", undefined, async () => {
      const d = setDifference(olds.subscriberIds, news.subscriberIds);
      await this.sync("update", news.topicKey, olds.owner, d.added, d.removed);
      const before = declaredOf(olds.subscriptions);
      await this.syncDeclared("update", news.topicKey, before, declaredOf(news.subscriptions));
      const outs = outputsOf(news.topicKey, olds.owner, news.subscriberIds, news.subscriptions);
      return { outs: carryWriteId(outs, olds) };
    });
  }

  /** Removes every subscription the resource made (by identifier); the application's stay. */
  async delete(id: string, props: TopicSubscriptionsOutputs): Promise<void> {
    return this.session.guard("delete", undefined, async () => {
      const kept = this.creates.supersededBy(id, props)?.payload;
      const ids = subscriberIdsOf(props.subscriberIds).filter((s) => !kept?.has(s));
      await this.sync("delete", props.topicKey, props.owner, [], ids);
      // The old half of a replacement leaves the identifiers the new half declares (they are the same).
      if (kept === undefined)
        await this.syncDeclared("delete", props.topicKey, declaredOf(props.subscriptions), []);
    });
  }

  /**
   * The subscribers of the topic that hold one of the resource's subscriptions, or `{}` when the topic is
   * gone. A lookup or import (`<topicKey>/<owner>`, no state) reads the same.
   */
  async read(id: string, props?: Partial<TopicSubscriptionsOutputs>): Promise<TopicSubscriptionsRead> {
    return this.session.guard("read", undefined, async () => {
      const key =
        props?.topicKey !== undefined && props.owner !== undefined ? props : parseTopicSubscriptionsId(id);
      if (key?.topicKey === undefined || key.owner === undefined) {
        throw new Error(`svc: read: "${id}" is not a TopicSubscriptions id (<topicKey>/<owner>)`);
      }
      const held = await this.held(key.topicKey, key.owner);
      if (held === undefined) return {};
      const wanted = declaredOf(props?.subscriptions);
      const found = wanted.length > 0 ? await this.declared.read(key.topicKey, wanted) : undefined;
      const subscriptions = props?.subscriptions === undefined ? undefined : (found ?? []);
      const outs = outputsOf(key.topicKey, key.owner, held, subscriptions);
      const inputs = {
        topicKey: outs.topicKey,
        subscriberIds: outs.subscriberIds,
        ...(subscriptions === undefined ? {} : { subscriptions }),
      };
      return { id: topicSubscriptionsId(key.topicKey, key.owner), props: carryWriteId(outs, props), inputs };
    });
  }

  /** Applies the declared subscriptions with identifiers; throws naming every failed one and what was written. */
  private async syncDeclared(
    operation: string,
    topicKey: string,
    before: readonly DeclaredSubscription[],
    after: readonly DeclaredSubscription[],
  ): Promise<void> {
    if (before.length + after.length === 0) return;
    if (after.length > 0 && operation !== "delete") await this.requireTopic(topicKey);
    const report = await this.declared.apply(topicKey, before, after);
    if (report.failures.count > 0) throw declaredFailure(operation, topicKey, after.length, report);
  }

  /** The subscriberIds with a subscription of `owner` in the topic (sorted), or undefined when it is gone. */
  private async held(topicKey: string, owner: string): Promise<string[] | undefined> {
    const found: string[] = [];
    try {
      const pages = this.session.client().topics.subscriptions.listAll(topicKey, {
        limit: MAX_SUBSCRIPTIONS_PER_REQUEST,
      });
      for await (const s of pages) {
        const subscriberId = s.subscriber?.subscriberId;
        if (subscriberId === undefined || s.identifier === undefined) continue;
        if (s.identifier === subscriptionIdentifier(topicKey, subscriberId, owner)) found.push(subscriberId);
      }
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
    return [...new Set(found)].sort();
  }

  /**
   * Adds `toAdd` and removes `toRemove` in batches (../set-sync/run-set-sync.ts); throws naming every
   * failed subscriber and what was written.
   */
  private async sync(
    operation: string,
    topicKey: string,
    owner: string,
    toAdd: readonly string[],
    toRemove: readonly string[],
  ): Promise<void> {
    if (toAdd.length + toRemove.length === 0) return;
    if (toAdd.length > 0) await this.requireTopic(topicKey);
    const item = (subscriberId: string): Item => ({
      subscriberId,
      identifier: subscriptionIdentifier(topicKey, subscriberId, owner),
    });
    const failures = new SyncFailures();
    const phases: SyncPhase<Item>[] = [
      this.phase("added", toAdd.map(item), (batch) => this.add(topicKey, batch)),
      this.phase("removed", toRemove.map(item), (batch) => this.remove(topicKey, batch)),
    ];
    const [added = 0, removed = 0] = await runSetSync(
      {
        label: `TopicSubscriptions ${topicKey}`,
        operation,
        concurrency: this.concurrency,
        failures,
        isFatal,
        causeOf,
      },
      phases,
    );
    this.lastSync = { operation, added, removed, failed: failures.count };
    if (failures.count > 0)
      throw partialFailure(
        operation,
        topicKey,
        owner,
        toAdd.length + toRemove.length,
        added,
        removed,
        failures,
      );
  }

  private phase(
    verb: string,
    items: readonly Item[],
    apply: (batch: readonly Item[]) => Promise<readonly ItemFailure[]>,
  ): SyncPhase<Item> {
    return { verb, items, batchSize: MAX_SUBSCRIPTIONS_PER_REQUEST, idOf: (i) => i.subscriberId, apply };
  }

  /** One POST; the items the service reports as failed. */
  private async add(topicKey: string, batch: readonly Item[]): Promise<readonly ItemFailure[]> {
    const result = await this.session.client().topics.subscriptions.create(topicKey, {
      subscriptions: batch.map(({ identifier, subscriberId }) => ({ identifier, subscriberId })),
    });
    return failedItems(result, batch, false);
  }

  /** One DELETE by identifier alone; a subscription (or topic) already gone counts as removed. */
  private async remove(topicKey: string, batch: readonly Item[]): Promise<readonly ItemFailure[]> {
    try {
      const result = await this.session.client().topics.subscriptions.delete(topicKey, {
        subscriptions: batch.map(({ identifier }) => ({ identifier })),
      });
      return failedItems(result, batch, true);
    } catch (e) {
      if (e instanceof NotFoundError) return [];
      throw e;
    }
  }

  /** Fails when the topic does not exist (the service would create it, unmanaged, on the first POST). */
  private async requireTopic(topicKey: string): Promise<void> {
    try {
      await this.session.client().topics.get(topicKey);
    } catch (e) {
      if (!(e instanceof NotFoundError)) throw e;
      throw new Error(
        `svc: topic "${topicKey}" does not exist in the API key's environment; declare it (svc.Topic) and pass \`topicKey: topic.key\``,
      );
    }
  }
}

/**
 * The outputs: the topic, the managed subscriberIds (sorted), the subscriptions with identifiers (when
 * declared), how many subscriptions in all, the owner tag.
 */
function outputsOf(
  topicKey: string,
  owner: string,
  subscriberIds: readonly string[],
  subscriptions?: DeclaredSubscription[],
): TopicSubscriptionsOutputs {
  const ids = [...new Set(subscriberIds)].sort();
  const count = ids.length + (subscriptions?.length ?? 0);
  return {
    topicKey,
    subscriberIds: ids,
    ...(subscriptions === undefined ? {} : { subscriptions }),
    count,
    owner,
  };
}

/** The error of a declared sync with failed subscriptions: each cause with the identifiers it hit. */
function declaredFailure(operation: string, topicKey: string, total: number, r: DeclaredSyncReport): Error {
  return failedSyncError(
    {
      operation,
      noun: `subscriptions of topic "${topicKey}"`,
      total,
      done: `${r.added} subscribed now, ${r.edited} edited now, ${r.removed} unsubscribed now; those stay so`,
      advice: "Fix them and run `pulumi up` again: what is already as declared is not written again.",
    },
    r.failures,
  );
}

/** Whether a failed item of a DELETE means the subscription is already gone. */
function isGone(error: SubscriptionError): boolean {
  return /NOT_FOUND/i.test(error.code);
}

/** The items of a batch the service reported as failed, by subscriberId, each with its cause. */
function failedItems(
  result: TopicSubscriptionsResult,
  batch: readonly Item[],
  removing: boolean,
): ItemFailure[] {
  const byIdentifier = new Map(batch.map((i) => [i.identifier, i.subscriberId]));
  const out: ItemFailure[] = [];
  for (const error of result.errors ?? []) {
    if (removing && isGone(error)) continue;
    const id =
      error.subscriberId ?? (error.identifier === undefined ? undefined : byIdentifier.get(error.identifier));
    const cause =
      error.code === "SUBSCRIBER_NOT_FOUND"
        ? SUBSCRIBER_MISSING
        : `${error.code}: ${error.message ?? ""}`.trim();
    out.push({ id: id ?? error.identifier ?? "(unnamed item)", cause });
  }
  return out;
}

/** Names the subscribers a change adds and removes in the engine's output (a preview shows it). */
async function sayChanges(olds: Record<string, unknown>, news: Record<string, unknown>): Promise<void> {
  const log = engineLog();
  if (!log || !Array.isArray(news.subscriberIds)) return;
  const d = setDifference(subscriberIdsOf(olds.subscriberIds), subscriberIdsOf(news.subscriberIds));
  const parts: string[] = [];
  if (d.added.length > 0) parts.push(`adds ${d.added.length}: ${listIds(d.added, 1000)}`);
  if (d.removed.length > 0) parts.push(`removes ${d.removed.length}: ${listIds(d.removed, 1000)}`);
  if (parts.length > 0)
    await log.info(`svc: TopicSubscriptions "${String(news.topicKey)}" ${parts.join("; ")}`);
}

/** The error of a sync with failed subscribers: what failed, what was written (and stays), what to do. */
function partialFailure(
  operation: string,
  topicKey: string,
  owner: string,
  total: number,
  added: number,
  removed: number,
  failures: SyncFailures,
): Error {
  return failedSyncError(
    {
      operation,
      noun: `subscribers of topic "${topicKey}"`,
      total,
      done: `${added} subscribed now, ${removed} unsubscribed now; those stay so, under identifiers ending in ":${owner}"`,
      advice:
        "Fix them (or take them out of subscriberIds) and run `pulumi up` again: subscriptions already made count as done, none is made twice.",
    },
    failures,
  );
}
