/**
 * The real implementation behind `svc.SubscriberCredentialsSet`: the channel credentials of many subscribers
 * for one provider in one resource (one engine step, one state entry), synced entry by entry.
 *
 * - Writes are PUT (replace), through ./credentials-writer.ts like the single resource, with at most
 *   `concurrency` requests in flight, paced by the service's rate-limit headers (the session's pacer).
 * - Read-before-write: create, update and delete first read the stored entries they would touch (a paged
 *   scan or per-subscriber lookups, whichever costs fewer requests: ./subscriber-credentials-set-reader.ts)
 *   and send requests only for entries that differ (./subscriber-credentials-set-diff.ts `planSync`).
 *   A dynamic provider cannot return partial state from a failed operation: after a partial failure the
 *   engine keeps the old state (update) or none (create), and the next `up` sends the same operation again.
 *   The read makes that retry skip everything already written, so it converges with no duplicate writes.
 * - Partial failure: every entry is attempted; the error then names the failed subscriberIds grouped by
 *   cause (never a credential). 401/403 stop the sync at once.
 * - Refresh reads every entry back (same reader): out-of-band changes show in the credentials, and the
 *   fingerprint of a changed entry becomes `changed-outside-pulumi` so the next preview lists it.
 * - Credentials follow their integration (./integration-directory.ts): an entry bound to an integration that
 *   is gone, or to an older `_id` of the identifier, is drift. Refresh drops it from the state (the next
 *   `up` writes it again), a sync removes it before writing the subscriber again, and delete removes every
 *   entry of the set whatever integration it points at.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { AuthenticationError, PermissionDeniedError } from "../../sdk/errors";
import type { ChannelCredentials, Subscriber, UpsertCredentialsBody } from "../../sdk/schemas";
import type { ConfigSource } from "../config";
import { comparableCredentials, ownEntries } from "../model/channel-entry";
import { chatPushProviderId } from "../model/delivery-provider-id";
import { markPhase, timedPhase } from "../model/phase-log";
import type { CreateOutcome, DiffOutcome, ReadOutcome, UpdateOutcome } from "../model/pulumi-results";
import {
  DRIFT_FINGERPRINT,
  type SubscriberCredentialsSetOutputs,
  type SubscriberCredentialsSetWire,
} from "../model/subscriber-credentials-set-schema";
import { concealSecretInputs } from "./check-failures";
import { CredentialsWriter, isNoIntegration, isSubscriberMissing } from "./credentials-writer";
import { forEachLimited } from "./for-each-limited";
import { IntegrationDirectory } from "./integration-directory";
import { carryWriteId, ReplacementGuard, type Stamped } from "./replacement-guard";
import { ServiceSession, type ServiceSessionOptions } from "./service-session";
import {
  type ClearStep,
  type CurrentIntegration,
  credentialsOf,
  diffSubscriberCredentialsSet,
  entryChanges,
  planSync,
  type SetTarget,
  type SyncPlan,
} from "./subscriber-credentials-set-diff";
import { hasSetState, lookUpSet } from "./subscriber-credentials-set-lookup";
import {
  checkSubscriberCredentialsSet,
  credentialsSetId,
  decodeSet,
  encodeSet,
  listIds,
  type SubscriberCredentialsSetCheck,
} from "./subscriber-credentials-set-model";
import { type ReadStrategy, readSubscribers } from "./subscriber-credentials-set-reader";
import { setSyncProgress } from "./sync-progress";

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

/** Answers after which no further entry is attempted (401, 403): every one would fail the same way. */
function isFatal(err: unknown): boolean {
  return err instanceof AuthenticationError || err instanceof PermissionDeniedError;
}

/** A failed entry's cause, the same text for every subscriber it hit (the subscriberId templated out). */
function causeOf(err: unknown, subscriberId: string): string {
  const text = err instanceof Error ? err.message : String(err);
  return text
    .split(encodeURIComponent(subscriberId))
    .join("{subscriberId}")
    .split(subscriberId)
    .join("{subscriberId}");
}

/** What read answers for a SubscriberCredentialsSet (credentials in the form they were asked in). */
export type SubscriberCredentialsSetRead = ReadOutcome<
  SubscriberCredentialsSetWire,
  SubscriberCredentialsSetWire
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
    return timedPhase("diff", async () => diffSubscriberCredentialsSet(olds, news));
  }

  async create(
    wire: SubscriberCredentialsSetWire,
  ): Promise<CreateOutcome<Stamped<SubscriberCredentialsSetWire>>> {
    const { props: inputs, encoded } = decodeSet(wire);
    return this.session.guard("create", inputs.credentials, () =>
      timedPhase("create", async () => {
        const ids = Object.keys(inputs.credentials);
        await this.sync("create", inputs, inputs.credentials, ids, []);
        const id = credentialsSetId(inputs);
        return { id, outs: this.creates.stamp(id, encodeSet(inputs, encoded), new Set(ids)) };
      }),
    );
  }

  async update(
    _id: string,
    oldWire: SubscriberCredentialsSetWire,
    newWire: SubscriberCredentialsSetWire,
  ): Promise<UpdateOutcome<Stamped<SubscriberCredentialsSetWire>>> {
    const olds = decodeSet(oldWire).props;
    const news = decodeSet(newWire).props;
    return this.session.guard("update", [olds.credentials, news.credentials], () =>
      timedPhase("update", async () => {
        const c = entryChanges(olds.credentials, news.credentials);
        await this.sync("update", news, news.credentials, [...c.added, ...c.changed], c.removed);
        // The outputs are the new inputs, in the form they came in.
        return { outs: carryWriteId(newWire, oldWire) };
      }),
    );
  }

  async delete(_id: string, wire: SubscriberCredentialsSetWire): Promise<void> {
    const { props } = decodeSet(wire);
    return this.session.guard("delete", props.credentials, async () => {
      const kept = this.creates.supersededBy(credentialsSetId(props), props)?.payload;
      const ids = Object.keys(props.credentials ?? {}).filter((id) => !kept?.has(id));
      await this.sync("delete", props, {}, [], ids);
    });
  }

  async read(id: string, wire?: SubscriberCredentialsSetWire): Promise<SubscriberCredentialsSetRead> {
    const { props, encoded } = wire ? decodeSet(wire) : { props: undefined, encoded: false };
    return this.session.guard("read", props?.credentials, () =>
      timedPhase("read", async () => {
        if (!hasSetState(props)) {
          const found = await lookUpSet(this.session.client(), id, props, (k, f) =>
            this.currentIntegration(k, f),
          );
          const outs = encodeSet(found, true);
          return { id, props: outs, inputs: outs };
        }
        const wanted = new Set(Object.keys(props.credentials));
        const { found } = await readSubscribers(this.session.client(), wanted, this.concurrency);
        const outs = encodeSet(refreshed(props, found, await this.currentIntegration(props, found)), encoded);
        return { id, props: carryWriteId(outs, props), inputs: outs };
      }),
    );
  }

  /** Reads the entries to touch, then writes and clears what differs; throws naming every failed subscriber. */
  private async sync(
    operation: string,
    target: SetTarget,
    desired: Readonly<Record<string, ChannelCredentials>>,
    toWrite: readonly string[],
    toClear: readonly string[],
  ): Promise<void> {
    const client = this.session.client();
    const wanted = new Set([...toWrite, ...toClear]);
    markPhase("host", `${operation}:plan`, { entries: wanted.size });
    const { found, strategy } = await readSubscribers(client, wanted, this.concurrency);
    const currentId = await this.currentIntegration(target, found, true);
    const plan = planSync(target, desired, toWrite, toClear, found, currentId);
    markPhase("host", `${operation}:read-done`, { write: plan.write.length, clear: plan.clear.length });
    const failures = new Map<string, string[]>();
    const fail = (cause: string, id: string) => failures.set(cause, [...(failures.get(cause) ?? []), id]);
    for (const id of plan.missing) fail(this.missingCause(found), id);
    let written = 0;
    let cleared = 0;
    const clear = async (step: ClearStep) => {
      try {
        await this.writer.remove(step.subscriberId, target.providerId, step.integrationIdentifier);
        cleared++;
      } catch (e) {
        if (isFatal(e)) throw e;
        fail(causeOf(e, step.subscriberId), step.subscriberId);
      }
    };
    const failedSoFar = () => [...failures.values()].reduce((n, ids) => n + ids.length, 0);
    const progress = setSyncProgress(target, plan, () => ({ written, cleared, failed: failedSoFar() }));
    try {
      await forEachLimited(plan.purge, this.concurrency, clear);
      await forEachLimited(plan.write, this.concurrency, async (id) => {
        try {
          await this.writer.write(id, bodyOf(target, desired[id] ?? {}));
          written++;
        } catch (e) {
          if (isFatal(e)) throw e;
          fail(this.causeOfWrite(e, target, id), id);
        }
      });
      await forEachLimited(plan.clear, this.concurrency, clear);
    } finally {
      await progress.finish(operation);
    }
    const failed = failedSoFar();
    this.lastSync = { operation, strategy, written, cleared, upToDate: plan.upToDate, failed };
    if (failed > 0) throw partialFailure(operation, plan, failures, written + cleared, failed);
  }

  /** The `_id` the set's identifier names now, in the environment of the subscribers read. */
  private async currentIntegration(
    target: SetTarget,
    found: ReadonlyMap<string, Subscriber>,
    fresh = false,
  ): Promise<CurrentIntegration> {
    const environmentId = found.values().next().value?._environmentId;
    const current = await this.directory.current(
      { environmentId, integrationIdentifier: target.integrationIdentifier },
      fresh,
    );
    return current === undefined ? undefined : (current?._id ?? null);
  }

  private missingCause(found: ReadonlyMap<string, Subscriber>): string {
    const env = found.values().next().value?._environmentId;
    const where = env ? `environment ${env}` : "the API key's environment";
    return `subscriber does not exist in ${where} (subscribers are created by your application; create them first, or check svc:apiKey)`;
  }

  private causeOfWrite(err: unknown, target: SetTarget, subscriberId: string): string {
    if (isSubscriberMissing(err)) return "subscriber does not exist";
    if (isNoIntegration(err)) {
      const which =
        target.integrationIdentifier === undefined
          ? `providerId "${target.providerId}"`
          : `providerId "${target.providerId}" with identifier "${target.integrationIdentifier}"`;
      return `no active integration for ${which} (create one and make the set depend on it)`;
    }
    return causeOf(err, subscriberId);
  }
}

/** The write request of one entry. */
function bodyOf(target: SetTarget, credentials: ChannelCredentials): UpsertCredentialsBody {
  const body: UpsertCredentialsBody = {
    providerId: chatPushProviderId(target.providerId),
    credentials,
  };
  if (target.integrationIdentifier !== undefined) body.integrationIdentifier = target.integrationIdentifier;
  return body;
}

/** The error of a sync with failed entries: counts, then each cause with the subscriberIds it hit. */
function partialFailure(
  operation: string,
  plan: SyncPlan,
  failures: ReadonlyMap<string, string[]>,
  done: number,
  failed: number,
): Error {
  const total = plan.write.length + plan.clear.length + plan.missing.length + plan.upToDate;
  const lines = [...failures].map(([cause, ids]) => `  ${cause}: ${listIds(ids)}`);
  return new Error(
    `svc: ${operation}: ${failed} of ${total} subscribers failed (${done} written now, ${plan.upToDate} already up to date):\n` +
      `${lines.join("\n")}\n` +
      "Run `pulumi up` again once fixed: entries already written are read back and skipped, not written twice.",
  );
}

/**
 * The state after a refresh: each entry as stored on the current integration (gone entries, and entries
 * with a stale binding, dropped: the next `up` writes them again), and for entries changed outside Pulumi
 * the drift fingerprint, so that the next preview lists them.
 */
function refreshed(
  props: SubscriberCredentialsSetOutputs,
  found: ReadonlyMap<string, Subscriber>,
  currentId: CurrentIntegration,
): SubscriberCredentialsSetOutputs {
  const credentials: Record<string, ChannelCredentials> = {};
  const fingerprints: Record<string, string> = {};
  for (const [id, declared] of Object.entries(props.credentials)) {
    const subscriber = found.get(id);
    const entries = subscriber ? ownEntries(subscriber, props, currentId) : undefined;
    if (entries && entries.stale.length > 0) continue;
    const stored = credentialsOf(entries?.current);
    if (stored === undefined) continue;
    credentials[id] = stored;
    const same = comparableCredentials(stored) === comparableCredentials(declared);
    fingerprints[id] = same ? (props.fingerprints?.[id] ?? DRIFT_FINGERPRINT) : DRIFT_FINGERPRINT;
  }
  const outs: SubscriberCredentialsSetOutputs = { providerId: props.providerId, credentials };
  if (props.integrationIdentifier !== undefined) outs.integrationIdentifier = props.integrationIdentifier;
  if (props.fingerprints !== undefined) outs.fingerprints = fingerprints;
  return outs;
}
