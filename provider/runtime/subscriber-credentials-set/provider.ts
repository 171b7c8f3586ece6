/**
 * The real implementation behind `svc.SubscriberCredentialsSet`: the channel credentials of many subscribers
 * for one provider in one resource (one engine step, one state entry), synced entry by entry.
 *
 * - Writes are PUT (replace), through provider/runtime/channel-entries/credentials-writer.ts like the single resource, with at most
 *   `concurrency` requests in flight, paced by the service's rate-limit headers (the session's pacer).
 * - Read-before-write: create, update and delete first read the stored entries they would touch (a paged
 *   scan or per-subscriber lookups, whichever costs fewer requests: provider/runtime/subscriber-credentials-set/reader.ts)
 *   and send requests only for entries that differ (provider/runtime/subscriber-credentials-set/diff.ts `planSync`).
 *   A dynamic provider cannot return partial state from a failed operation: after a partial failure the
 *   engine keeps the old state (update) or none (create), and the next `up` sends the same operation again.
 *   The read makes that retry skip everything already written, so it converges with no duplicate writes.
 * - Partial failure: every entry is attempted; the error then names the failed subscriberIds grouped by
 *   cause (never a credential). 401/403 stop the sync at once.
 * - Refresh reads every entry back (same reader): out-of-band changes show in the credentials, and the
 *   fingerprint of a changed entry becomes `changed-outside-pulumi` so the next preview lists it.
 * - Entries are the ones bound (`_integrationId`) to the integration a write targets (the identifier's, or
 *   the provider's newest active one); the state keeps its `_id`. Which requests write or remove an entry
 *   without touching other integrations' entries is provider/runtime/channel-entries/channel-entry-rules.ts: a removed subscriber's entry
 *   is DELETEd when every other entry of the provider is inert, else cleared in place.
 * - A binding that moved (the integration recreated, a newer one without identifier) is drift: diff sees it,
 *   and the update writes every subscriber onto the new integration, clearing the entries left behind.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ChannelCredentials, Integration, Subscriber } from "../../../sdk/schemas";
import type { ConfigSource } from "../../config";
import { comparableCredentials } from "../../model/channel-entry";
import { findSubscriber } from "../../model/find-subscriber";
import { markPhase, timedPhase } from "../../model/phase-log";
import type { CreateOutcome, DiffOutcome, ReadOutcome, UpdateOutcome } from "../../model/pulumi-results";
import {
  DRIFT_FINGERPRINT,
  type SubscriberCredentialsSetOutputs,
  type SubscriberCredentialsSetWire,
} from "../../model/subscriber-credentials-set-schema";
import {
  credentialValues,
  entryOn,
  type Ownership,
  writeTarget,
} from "../channel-entries/channel-entry-rules";
import {
  CredentialsWriter,
  isNoIntegration,
  isSubscriberMissing,
} from "../channel-entries/credentials-writer";
import { warnLeftEntries } from "../channel-entries/stranded-entries";
import { inTurn, writesTo } from "../channel-entries/subscriber-turns";
import { causeOf, isFatal } from "../set-sync/failure-causes";
import { runSetSync } from "../set-sync/run-set-sync";
import { failedSyncError, SyncFailures } from "../set-sync/sync-failures";
import { concealSecretInputs } from "../shared/check-failures";
import { IntegrationDirectory } from "../shared/integration-directory";
import { carryWriteId, ReplacementGuard, type Stamped } from "../shared/replacement-guard";
import { ServiceSession, type ServiceSessionOptions } from "../shared/service-session";
import {
  credentialsOf,
  diffSubscriberCredentialsSet,
  entryChanges,
  planSync,
  replanned,
  type SetTarget,
  type SubscriberStep,
  type SyncPlan,
} from "./diff";
import { hasSetState, lookUpSet } from "./lookup";
import {
  checkSubscriberCredentialsSet,
  credentialsSetId,
  decodeSet,
  encodeSet,
  type SubscriberCredentialsSetCheck,
} from "./model";
import { type ReadStrategy, readSubscribers } from "./reader";

/** Requests in flight per set (writes and lookups); the pacer keeps them within the service's rate. */
const DEFAULT_SET_CONCURRENCY = 16;

/** Options for tests and benchmarks that call the provider directly (the host passes none). */
export interface SubscriberCredentialsSetProviderOptions extends ServiceSessionOptions {
  /** Requests in flight (default {@link DEFAULT_SET_CONCURRENCY}). */
  concurrency?: number;
}

/** What the last sync did (for tests and benchmarks). */
export interface SyncReport {
  operation: string;
  strategy: ReadStrategy;
  written: number;
  cleared: number;
  upToDate: number;
  failed: number;
}

/** What read answers for a SubscriberCredentialsSet (credentials in the form they were asked in). */
export type SubscriberCredentialsSetRead = ReadOutcome<
  SubscriberCredentialsSetWire,
  Partial<SubscriberCredentialsSetWire>
>;

/** `pulumi.dynamic.ResourceProvider` for a set of subscriber channel credentials. */
export class SubscriberCredentialsSetProvider implements dynamic.ResourceProvider {
  /** Settings, the shared paced client and error mapping. */
  readonly session: ServiceSession;
  /** What the last create/update/delete did. */
  lastSync: SyncReport | undefined;
  private readonly writer: CredentialsWriter;
  private readonly concurrency: number;
  private readonly directory: IntegrationDirectory;
  /** Creates of this deployment with the entries each wrote (the old half of a replacement leaves them). */
  private readonly creates = new ReplacementGuard<ReadonlySet<string>>();

  constructor(options: SubscriberCredentialsSetProviderOptions = {}) {
    this.session = new ServiceSession(options);
    this.writer = new CredentialsWriter(() => this.session.client());
    this.concurrency = options.concurrency ?? DEFAULT_SET_CONCURRENCY;
    this.directory = new IntegrationDirectory(() => this.session.client());
  }

  /** Reads `svc:apiKey` / `svc:baseUrl` from the stack config the engine sends (env as fallback). */
  async configure(req: { config: ConfigSource }): Promise<void> {
    this.session.configure(req.config);
  }

  async check(
    _olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<SubscriberCredentialsSetCheck> {
    return timedPhase("check", async () => concealSecretInputs(checkSubscriberCredentialsSet(news ?? {})));
  }

  async diff(
    _id: string,
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<DiffOutcome> {
    return timedPhase("diff", async () => {
      const outcome = diffSubscriberCredentialsSet(olds, news);
      // Entries left to the service are not moved either: none of them is the set's to write.
      if (outcome.changes || news.credentials === undefined) return outcome;
      if (!(await this.bindingMoved(olds))) return outcome;
      return { ...outcome, changes: true };
    });
  }

  /**
   * Writes every declared entry. Without credentials nothing is written: the set records the entries on its
   * integration as the service holds them (see {@link held}).
   */
  async create(
    wire: SubscriberCredentialsSetWire,
  ): Promise<CreateOutcome<Stamped<SubscriberCredentialsSetWire>>> {
    if (!managesEntries(wire)) {
      const id = credentialsSetId(wire);
      return this.session.guard("create", undefined, async () => ({ id, outs: await this.held(id, wire) }));
    }
    const { props: inputs, encoded } = decodeSet(wire);
    return this.session.guard("create", inputs.credentials, () =>
      timedPhase("create", async () => {
        const ids = Object.keys(inputs.credentials);
        const integrationId = await this.sync("create", inputs, inputs.credentials, ids, [], undefined);
        const id = credentialsSetId(inputs);
        const outs = encodeSet(bound(inputs, integrationId), encoded);
        return { id, outs: this.creates.stamp(id, outs, new Set(ids)) };
      }),
    );
  }

  async update(
    _id: string,
    oldWire: SubscriberCredentialsSetWire,
    newWire: SubscriberCredentialsSetWire,
  ): Promise<UpdateOutcome<Stamped<SubscriberCredentialsSetWire>>> {
    if (!managesEntries(newWire)) {
      const id = credentialsSetId(newWire);
      return this.session.guard("update", undefined, async () => ({
        outs: carryWriteId(await this.held(id, newWire), oldWire),
      }));
    }
    const olds = decodeSet(oldWire).props;
    const news = decodeSet(newWire).props;
    // Entries the set did not manage (an import) are taken over: none of them is the set's to clear.
    const managed = oldWire.credentialsManaged !== false;
    return this.session.guard("update", [olds.credentials, news.credentials], () =>
      timedPhase("update", async () => {
        const c = entryChanges(managed ? olds.credentials : {}, news.credentials);
        const toWrite = [...c.added, ...c.changed];
        const previous = managed ? { integrationId: olds.integrationId } : undefined;
        const integrationId = await this.sync("update", news, news.credentials, toWrite, c.removed, previous);
        // The outputs are the new inputs, in the form they came in, and the integration written to.
        return { outs: carryWriteId(bound(newWire, integrationId), oldWire) };
      }),
    );
  }

  /**
   * Removes every entry the set manages (see the rules above); entries it never managed
   * (`credentialsManaged: false`) are left as they are.
   */
  async delete(_id: string, wire: SubscriberCredentialsSetWire): Promise<void> {
    const { props } = decodeSet(wire);
    return this.session.guard("delete", props.credentials, async () => {
      if (wire.credentialsManaged === false) return;
      const kept = this.creates.supersededBy(credentialsSetId(props), props)?.payload;
      const ids = Object.keys(props.credentials ?? {}).filter((id) => !kept?.has(id));
      await this.sync("delete", props, {}, [], ids, props);
    });
  }

  async read(id: string, wire?: SubscriberCredentialsSetWire): Promise<SubscriberCredentialsSetRead> {
    const { props, encoded } = wire ? decodeSet(wire) : { props: undefined, encoded: false };
    return this.session.guard("read", props?.credentials, () =>
      timedPhase("read", async () => {
        if (!hasSetState(props) || props.credentialsManaged === false) {
          // A lookup or import, or a set whose entries the service holds: every entry, managed by none.
          const outs = await this.held(id, props);
          return { id, props: carryWriteId(outs, props), inputs: inputsOfSet(outs) };
        }
        const wanted = new Set(Object.keys(props.credentials));
        const { found } = await readSubscribers(this.session.client(), wanted, this.concurrency);
        const boundId = props.integrationId ?? (await this.target(props, found, false))?._id;
        const outs = encodeSet(refreshed(props, found, boundId), encoded);
        return { id, props: carryWriteId(outs, props), inputs: inputsOfSet(outs) };
      }),
    );
  }

  /**
   * Every entry on the integration the id (or `props`) names, as the service holds it, recorded without a
   * write: `credentialsManaged: false`, credentials as text.
   */
  private async held(
    id: string,
    props: Partial<SubscriberCredentialsSetWire> | undefined,
  ): Promise<SubscriberCredentialsSetWire> {
    const key = props === undefined ? undefined : { ...props, credentials: undefined };
    const found = await lookUpSet(this.session.client(), id, key, await this.directory.index());
    return { ...encodeSet(found, true), credentialsManaged: false };
  }

  /**
   * Reads the entries to touch, plans (provider/runtime/subscriber-credentials-set/diff.ts `planSync`) and applies the plan;
   * throws naming every failed subscriber. `previous` is the state (the integration its entries are bound
   * to); when a write now targets another integration, every declared subscriber is written again. Returns
   * the `_id` of the integration written to.
   */
  private async sync(
    operation: string,
    target: SetTarget,
    desired: Readonly<Record<string, ChannelCredentials>>,
    toWrite: readonly string[],
    toClear: readonly string[],
    previous: Previous | undefined,
  ): Promise<string | undefined> {
    const read = await this.readForSync(target, desired, toWrite, toClear, previous);
    const plan = planSync(read.own, read.integration, desired, read.toWrite, toClear, read.found);
    markPhase("host", `${operation}:read-done`, { write: plan.write.length, clear: plan.clear.length });
    const failures = new SyncFailures();
    const missingCause = read.integration ? this.missingCause(read.found) : this.noIntegrationCause(target);
    for (const id of plan.missing) failures.add(missingCause, id);
    const phase = (verb: string, items: readonly SubscriberStep[]) => ({
      verb,
      items,
      batchSize: 1,
      idOf: (step: SubscriberStep) => step.subscriberId,
      apply: async ([step]: readonly SubscriberStep[]) => {
        if (step) await inTurn(step.subscriberId, () => this.applyStep(step, read));
        return undefined;
      },
    });
    const [written = 0, cleared = 0] = await runSetSync(
      {
        label: `SubscriberCredentialsSet ${credentialsSetId(target)}`,
        operation,
        concurrency: this.concurrency,
        failures,
        isFatal,
        causeOf: (e, id) => this.causeOfWrite(e, target, id),
      },
      [phase("written", plan.write), phase("cleared", plan.clear)],
    );
    await this.warnLeft(target, plan, read);
    const failed = failures.count;
    this.lastSync = { operation, strategy: read.strategy, written, cleared, upToDate: plan.upToDate, failed };
    if (failed > 0) throw partialFailure(operation, plan, failures, written + cleared);
    return read.integration?._id ?? previous?.integrationId;
  }

  /** Warns in the engine's output about the entries holding the set's credentials that the plan left. */
  private async warnLeft(target: SetTarget, plan: SyncPlan, read: SyncRead): Promise<void> {
    const resource = `SubscriberCredentialsSet "${credentialsSetId(target)}"`;
    for (const { subscriberId, entries } of plan.stranded) {
      await warnLeftEntries(resource, subscriberId, target.providerId, entries, read.own.index);
    }
  }

  /**
   * One subscriber's requests, in its turn (provider/runtime/channel-entries/subscriber-turns.ts): planned again from a fresh read of the
   * subscriber when another write of this process reached it after the sync's read.
   */
  private async applyStep(step: SubscriberStep, read: SyncRead): Promise<void> {
    let current = step;
    if (writesTo(step.subscriberId) !== read.writesSeen.get(step.subscriberId)) {
      const fresh = await findSubscriber(this.session.client(), step.subscriberId);
      if (!fresh) return;
      current = replanned(step, fresh, read.own, read.integration);
    }
    await this.writer.apply(step.subscriberId, read.own.providerId, current.plan);
  }

  /**
   * The read of a sync: the integrations, the subscribers to touch, the integration writes land on and what
   * the set owns. When the binding moved, every declared subscriber is to be written.
   */
  private async readForSync(
    target: SetTarget,
    desired: Readonly<Record<string, ChannelCredentials>>,
    toWrite: readonly string[],
    toClear: readonly string[],
    previous: Previous | undefined,
  ): Promise<SyncRead> {
    const client = this.session.client();
    markPhase("host", "sync:plan", { entries: toWrite.length + toClear.length });
    const index = await this.directory.index(true);
    let writes = toWrite;
    const writesSeen = new Map<string, number>();
    for (const id of [...Object.keys(desired), ...toClear]) writesSeen.set(id, writesTo(id));
    let read = await readSubscribers(client, new Set([...writes, ...toClear]), this.concurrency);
    const landsOn = () => writeTarget(index, environmentOf(read.found), target);
    const before = previous?.integrationId;
    const now = landsOn()?._id;
    if (
      before !== undefined &&
      now !== undefined &&
      now !== before &&
      writes.length < Object.keys(desired).length
    ) {
      writes = Object.keys(desired);
      read = await readSubscribers(client, new Set([...writes, ...toClear]), this.concurrency);
    }
    const integration = landsOn();
    const owned = new Set<string>();
    if (before !== undefined) owned.add(before);
    if (integration?._id !== undefined) owned.add(integration._id);
    const values = credentialValues(...Object.values(desired), ...Object.values(previous?.credentials ?? {}));
    const own: Ownership = { providerId: target.providerId, owned, index, values };
    return { found: read.found, strategy: read.strategy, integration, own, toWrite: writes, writesSeen };
  }

  /** The integration a write of the set lands on now, in the environment of the subscribers read. */
  private async target(
    target: SetTarget,
    found: ReadonlyMap<string, Subscriber>,
    fresh: boolean,
  ): Promise<Integration | undefined> {
    return writeTarget(await this.directory.index(fresh), environmentOf(found), target);
  }

  /**
   * True when a write would now target another integration than the one the state's entries are bound to.
   * Best effort: false when the service cannot be asked (a preview without a key, a failing service).
   */
  private async bindingMoved(olds: Record<string, unknown>): Promise<boolean> {
    const { integrationId, providerId, integrationIdentifier } = olds;
    if (typeof integrationId !== "string" || typeof providerId !== "string") return false;
    const identifier = typeof integrationIdentifier === "string" ? integrationIdentifier : undefined;
    try {
      const index = await this.directory.index();
      const environmentId = index.live(integrationId)?._environmentId;
      const now = writeTarget(index, environmentId, { providerId, integrationIdentifier: identifier });
      return now?._id !== integrationId;
    } catch {
      return false;
    }
  }

  private missingCause(found: ReadonlyMap<string, Subscriber>): string {
    const env = environmentOf(found);
    const where = env ? `environment ${env}` : "the API key's environment";
    return `subscriber does not exist in ${where} (subscribers are created by your application; create them first, or check svc:apiKey)`;
  }

  private noIntegrationCause(target: SetTarget): string {
    const which =
      target.integrationIdentifier === undefined
        ? `providerId "${target.providerId}"`
        : `providerId "${target.providerId}" with identifier "${target.integrationIdentifier}"`;
    return `no active integration for ${which} (create one and make the set depend on it)`;
  }

  private causeOfWrite(err: unknown, target: SetTarget, subscriberId: string): string {
    if (isSubscriberMissing(err)) return "subscriber does not exist";
    if (isNoIntegration(err)) return this.noIntegrationCause(target);
    return causeOf(err, subscriberId);
  }
}

/** What a sync knows of the state before it: the integration its entries are bound to, their credentials. */
interface Previous {
  integrationId?: string | undefined;
  credentials?: Readonly<Record<string, ChannelCredentials>> | undefined;
}

/** What a sync reads before it plans. */
interface SyncRead {
  found: ReadonlyMap<string, Subscriber>;
  strategy: ReadStrategy;
  /** The integration writes land on (undefined: there is no active one). */
  integration: Integration | undefined;
  own: Ownership;
  /** The subscribers to write (every declared one when the binding moved). */
  toWrite: readonly string[];
  /** {@link writesTo} of each subscriber before the read: a later write means the read is stale. */
  writesSeen: ReadonlyMap<string, number>;
}

/** The environment of the subscribers read (the API key's), when any was read. */
function environmentOf(found: ReadonlyMap<string, Subscriber>): string | undefined {
  return found.values().next().value?._environmentId;
}

/** Outputs with the `_id` of the integration the entries are bound to (kept when none is known). */
function bound<T extends object>(outs: T, integrationId: string | undefined): T & { integrationId?: string } {
  return integrationId === undefined ? outs : { ...outs, integrationId };
}

/** Whether the inputs declare the credentials (the set manages its entries) rather than leave them to the service. */
function managesEntries(wire: Partial<SubscriberCredentialsSetWire>): boolean {
  return wire.credentials !== undefined;
}

/**
 * The inputs that describe read outputs: the same, without what only outputs carry; without credentials
 * (and fingerprints) when the set does not manage them, as `pulumi import` generates it.
 */
function inputsOfSet(outs: SubscriberCredentialsSetWire): Partial<SubscriberCredentialsSetWire> {
  const { integrationId: _bound, credentialsManaged, ...inputs } = outs;
  if (credentialsManaged !== false) return inputs;
  const { credentials: _held, fingerprints: _none, ...rest } = inputs;
  return rest;
}

/** The error of a sync with failed entries: counts, then each cause with the subscriberIds it hit. */
function partialFailure(operation: string, plan: SyncPlan, failures: SyncFailures, done: number): Error {
  const total = plan.write.length + plan.clear.length + plan.missing.length + plan.upToDate;
  return failedSyncError(
    {
      operation,
      noun: "subscribers",
      total,
      done: `${done} written now, ${plan.upToDate} already up to date`,
      advice:
        "Run `pulumi up` again once fixed: entries already written are read back and skipped, not written twice.",
    },
    failures,
  );
}

/**
 * The state after a refresh: each entry as stored on the integration the set is bound to (entries gone, or
 * holding nothing, dropped: the next `up` writes them again), and for entries changed outside Pulumi the
 * drift fingerprint, so that the next preview lists them.
 */
function refreshed(
  props: SubscriberCredentialsSetOutputs,
  found: ReadonlyMap<string, Subscriber>,
  boundId: string | undefined,
): SubscriberCredentialsSetOutputs {
  const credentials: Record<string, ChannelCredentials> = {};
  const fingerprints: Record<string, string> = {};
  for (const [id, declared] of Object.entries(props.credentials)) {
    const stored = credentialsOf(entryOn(found.get(id), props.providerId, boundId));
    if (stored === undefined) continue;
    credentials[id] = stored;
    const same = comparableCredentials(stored) === comparableCredentials(declared);
    fingerprints[id] = same ? (props.fingerprints?.[id] ?? DRIFT_FINGERPRINT) : DRIFT_FINGERPRINT;
  }
  const outs: SubscriberCredentialsSetOutputs = { providerId: props.providerId, credentials };
  if (props.integrationIdentifier !== undefined) outs.integrationIdentifier = props.integrationIdentifier;
  if (props.fingerprints !== undefined) outs.fingerprints = fingerprints;
  if (boundId !== undefined) outs.integrationId = boundId;
  return outs;
}
