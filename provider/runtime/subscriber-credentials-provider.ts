/**
 * The real implementation behind `svc.SubscriberCredentials`, loaded inside the dynamic-provider host through
 * `pulumi-svc/internal/provider-runtime`. One instance per host process, so every SubscriberCredentials of a
 * deployment shares one client, one connection pool and one rate pacer (sdk/rate-pacer.ts).
 *
 * Writing and removing (PUT, scoped DELETE) is ./credentials-writer.ts, shared with the set.
 *
 * Credentials follow their integration: an entry bound to an integration that is gone, or to an older `_id`
 * of the same identifier (./integration-directory.ts), is drift. Read reports it, diff sees it, a write
 * removes such entries and writes the credentials onto the current integration, and delete removes every
 * entry of the resource whatever integration it points at.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ChannelSettings, Subscriber, UpsertCredentialsBody } from "../../sdk/schemas";
import type { ConfigSource } from "../config";
import {
  type EntryTarget,
  entriesOf,
  findEntry,
  type OwnEntries,
  ownEntries,
  removalsOf,
} from "../model/channel-entry";
import { chatPushProviderId } from "../model/delivery-provider-id";
import { findSubscriber } from "../model/find-subscriber";
import type { CreateOutcome, DiffOutcome, ReadOutcome, UpdateOutcome } from "../model/pulumi-results";
import type {
  SubscriberCredentialsInputs,
  SubscriberCredentialsOutputs,
} from "../model/subscriber-credentials-schema";
import { concealSecretInputs } from "./check-failures";
import { CredentialsWriter, isNoIntegration, isSubscriberMissing } from "./credentials-writer";
import { IntegrationDirectory } from "./integration-directory";
import { ListCache } from "./list-cache";
import { credentialsKeyOf } from "./lookup-ids";
import { carryWriteId, ReplacementGuard, type Stamped } from "./replacement-guard";
import { ServiceSession, type ServiceSessionOptions } from "./service-session";
import {
  checkSubscriberCredentials,
  credentialsId,
  diffSubscriberCredentials,
  inputsOf,
  observedOutputs,
  type SubscriberCredentialsCheck,
  toOutputs,
} from "./subscriber-credentials-model";

/**
 * A lookup (`SubscriberCredentials.get`: no state, so no credentials) of an entry that is not there: an
 * error, since the dynamic-provider host would turn `{}` into a resource that exists.
 */
function lookupMissing(id: string): Error {
  return new Error(
    `svc: read: no channel entry "${id}" (subscriberId/providerId[/integrationIdentifier]) exists`,
  );
}

/** Options for tests and benchmarks that call the provider directly (the host passes none). */
export interface SubscriberCredentialsProviderOptions extends ServiceSessionOptions {
  /**
   * How long a completed subscriber read is reused by later reads of the same subscriber (default 0: only
   * concurrent reads, such as a refresh of several entries of one subscriber, share a request).
   */
  readTtlMs?: number;
}

/** What read answers for SubscriberCredentials. */
export type SubscriberCredentialsRead = ReadOutcome<
  SubscriberCredentialsOutputs,
  SubscriberCredentialsInputs
>;

/** `pulumi.dynamic.ResourceProvider` for subscriber channel credentials. */
export class SubscriberCredentialsProvider implements dynamic.ResourceProvider {
  /** Settings, the shared paced client and error mapping. */
  readonly session: ServiceSession;
  private readonly reads = new Map<string, ListCache<Subscriber | undefined>>();
  private environmentId: string | undefined;
  private readonly writer: CredentialsWriter;
  private readonly directory: IntegrationDirectory;
  /** Creates of this deployment (the old half of a replacement leaves their entry alone). */
  private readonly creates = new ReplacementGuard();

  constructor(private readonly options: SubscriberCredentialsProviderOptions = {}) {
    this.session = new ServiceSession(options);
    this.writer = new CredentialsWriter(() => this.session.client());
    this.directory = new IntegrationDirectory(() => this.session.client());
  }

  /** Reads `svc:apiKey` / `svc:baseUrl` from the stack config the engine sends (env as fallback). */
  async configure(req: { config: ConfigSource }): Promise<void> {
    this.session.configure(req.config);
  }

  /** Validates and normalizes the inputs (see {@link checkSubscriberCredentials}); no request is made. */
  async check(
    _olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<SubscriberCredentialsCheck> {
    return concealSecretInputs(checkSubscriberCredentials(news ?? {}));
  }

  /**
   * Compares checked inputs with the outputs in state (see {@link diffSubscriberCredentials}); an entry bound
   * to another integration than the one its identifier names now is a change too.
   */
  async diff(
    _id: string,
    olds: SubscriberCredentialsOutputs,
    news: SubscriberCredentialsInputs,
  ): Promise<DiffOutcome> {
    const outcome = diffSubscriberCredentials(olds, news);
    if (outcome.changes || !(await this.bindingDrifted(olds))) return outcome;
    return { ...outcome, changes: true };
  }

  /** Writes the declared credentials (PUT: device tokens replaced exactly). */
  async create(
    inputs: SubscriberCredentialsInputs,
  ): Promise<CreateOutcome<Stamped<SubscriberCredentialsOutputs>>> {
    return this.session.guard("create", inputs.credentials, async () => {
      const outs = await this.write("create", inputs);
      const id = credentialsId(inputs);
      return { id, outs: this.creates.stamp(id, outs, undefined) };
    });
  }

  /**
   * The channel entry as the service holds it now, or `{}` when it (or its subscriber) is gone. A refresh
   * has the state; a lookup (`SubscriberCredentials.get`) may have only the id, which names the entry.
   */
  async read(id: string, props?: Partial<SubscriberCredentialsOutputs>): Promise<SubscriberCredentialsRead> {
    return this.session.guard("read", props?.credentials, async () => {
      const target: SubscriberCredentialsOutputs = {
        credentials: {},
        ...props,
        ...credentialsKeyOf(id, props),
      };
      const subscriber = await this.cachedSubscriber(target.subscriberId);
      const entries = subscriber && (await this.bound(subscriber, target));
      if (!subscriber || !entries || (!entries.current && entries.stale.length === 0)) {
        if (props?.credentials === undefined) throw lookupMissing(id);
        return {};
      }
      const outs = observedOutputs(target, subscriber, entries);
      return { id, props: carryWriteId(outs, props), inputs: inputsOf(outs) };
    });
  }

  /** Writes the new credentials to the entry this resource manages. */
  async update(
    _id: string,
    olds: SubscriberCredentialsOutputs,
    news: SubscriberCredentialsInputs,
  ): Promise<UpdateOutcome<Stamped<SubscriberCredentialsOutputs>>> {
    return this.session.guard("update", [olds.credentials, news.credentials], async () => {
      // Without a declared identifier, keep writing the entry this resource already manages.
      const target: SubscriberCredentialsInputs =
        news.integrationIdentifier === undefined && olds.integrationIdentifier !== undefined
          ? { ...news, integrationIdentifier: olds.integrationIdentifier }
          : news;
      return { outs: carryWriteId(await this.write("update", target, olds.integrationId), olds) };
    });
  }

  /**
   * Removes every entry of the resource, whatever integration it is bound to, and leaves the subscriber's
   * other entries alone. The old half of a create-before-delete replacement of the same entry (the id was
   * created again in this deployment: ./replacement-guard.ts) removes nothing: the entry is the new half's.
   */
  async delete(id: string, props: SubscriberCredentialsOutputs): Promise<void> {
    return this.session.guard("delete", props.credentials, async () => {
      if (this.creates.supersededBy(id, props)) return;
      const subscriberId = props.subscriberId;
      this.forget(subscriberId);
      const subscriber = await this.findSubscriber(subscriberId);
      if (!subscriber) return; // already gone
      try {
        await this.removeEntries(subscriber, props, entriesOf(subscriber, props));
      } finally {
        this.forget(subscriberId);
      }
    });
  }

  /**
   * Writes the declared credentials and returns the outputs read from the answer. Entries of the resource
   * left bound to another integration (`previousId`, or an older `_id` of the identifier) are removed and
   * the credentials written again: after it the resource has exactly one entry, on the current integration.
   */
  private async write(
    operation: string,
    inputs: SubscriberCredentialsInputs,
    previousId?: string,
  ): Promise<SubscriberCredentialsOutputs> {
    const body: UpsertCredentialsBody = {
      providerId: chatPushProviderId(inputs.providerId),
      credentials: inputs.credentials,
    };
    if (inputs.integrationIdentifier !== undefined) body.integrationIdentifier = inputs.integrationIdentifier;
    const target: EntryTarget = { ...inputs, integrationId: previousId };
    this.forget(inputs.subscriberId);
    let written: { subscriber: Subscriber; entry: ChannelSettings | undefined };
    try {
      const subscriber = await this.writer.write(inputs.subscriberId, body);
      written = await this.rebind(subscriber, target, body);
    } catch (e) {
      throw await this.explain(operation, inputs, e);
    } finally {
      this.forget(inputs.subscriberId);
    }
    this.environmentId ??= written.subscriber._environmentId;
    return toOutputs(inputs, written.subscriber, written.entry);
  }

  /**
   * After a write: when the resource has more than the one entry just written, those bound to another
   * integration are removed (a scoped DELETE, which removes the fresh entry too) and the body written again.
   */
  private async rebind(
    subscriber: Subscriber,
    target: EntryTarget,
    body: UpsertCredentialsBody,
  ): Promise<{ subscriber: Subscriber; entry: ChannelSettings | undefined }> {
    if (entriesOf(subscriber, target).length <= 1) {
      return { subscriber, entry: findEntry(subscriber, target) };
    }
    const entries = await this.bound(subscriber, target, true);
    if (entries.stale.length === 0) return { subscriber, entry: entries.current };
    const all = entries.current ? [entries.current, ...entries.stale] : entries.stale;
    await this.removeEntries(subscriber, target, all);
    const rewritten = await this.writer.write(subscriber.subscriberId, body);
    const current = entries.current?._integrationId ?? null;
    return { subscriber: rewritten, entry: ownEntries(rewritten, target, current).current };
  }

  /** The subscriber's entries of the resource, split by whether their integration is the current one. */
  private async bound(subscriber: Subscriber, target: EntryTarget, fresh = false): Promise<OwnEntries> {
    const current = await this.directory.current(
      { environmentId: subscriber._environmentId, integrationIdentifier: target.integrationIdentifier },
      fresh,
    );
    return ownEntries(subscriber, target, current === undefined ? undefined : (current?._id ?? null));
  }

  /** Removes the given entries of the resource (see `removalsOf`). */
  private async removeEntries(
    subscriber: Subscriber,
    target: EntryTarget,
    ours: readonly ChannelSettings[],
  ): Promise<void> {
    for (const r of removalsOf(subscriber, target.providerId, ours)) {
      await this.writer.remove(subscriber.subscriberId, target.providerId, r.integrationIdentifier);
    }
  }

  /**
   * True when the entry in state is bound to another integration than the one its identifier names now.
   * Best effort: false when the service cannot be asked (a preview without a key, a failing service).
   */
  private async bindingDrifted(olds: SubscriberCredentialsOutputs): Promise<boolean> {
    if (olds.integrationId === undefined) return false;
    try {
      const current = await this.directory.current(olds);
      return current !== undefined && current?._id !== olds.integrationId;
    } catch {
      return false;
    }
  }

  /** Turns the service's 400s into errors that say what is missing and where. */
  private async explain(
    operation: string,
    inputs: SubscriberCredentialsInputs,
    err: unknown,
  ): Promise<unknown> {
    if (isSubscriberMissing(err)) {
      const env = await this.describeEnvironment();
      return new Error(
        `svc: ${operation}: subscriber "${inputs.subscriberId}" does not exist in ${env}. ` +
          "Subscribers are created by your application (or the service's dashboard); create it first, or check svc:apiKey points at the right environment.",
      );
    }
    if (isNoIntegration(err)) {
      const env = await this.describeEnvironment();
      const which =
        inputs.integrationIdentifier === undefined
          ? `providerId "${inputs.providerId}"`
          : `providerId "${inputs.providerId}" with identifier "${inputs.integrationIdentifier}"`;
      const others = await this.activeIdentifiers(inputs.providerId);
      const hint =
        others.length > 0
          ? ` Active ${inputs.providerId} integrations there: ${others.join(", ")}.`
          : ` Create one, e.g. new svc.Integration("${inputs.providerId}", { providerId: "${inputs.providerId}", channel: ..., active: true }), and make this resource depend on it.`;
      return new Error(`svc: ${operation}: no active integration for ${which} in ${env}.${hint}`);
    }
    return err;
  }

  /** "environment <id>" of the API key, learned from any subscriber of it (one request at most). */
  private async describeEnvironment(): Promise<string> {
    if (this.environmentId === undefined) {
      try {
        const page = await this.session.client().subscribers.search({ limit: 1 });
        this.environmentId = page.data[0]?._environmentId;
      } catch {
        // Best effort: the message below still says which environment was searched.
      }
    }
    return this.environmentId === undefined
      ? "the API key's environment (id unknown: it has no subscribers)"
      : `environment ${this.environmentId} (the API key's environment)`;
  }

  /** Identifiers of the active integrations of the key's environment for a provider (best effort). */
  private async activeIdentifiers(providerId: string): Promise<string[]> {
    try {
      const active = await this.session.client().integrations.listActive();
      return active
        .filter(
          (i) =>
            i.providerId === providerId &&
            (this.environmentId === undefined || i._environmentId === this.environmentId),
        )
        .map((i) => i.identifier);
    } catch {
      return [];
    }
  }

  /** The subscriber with exactly this subscriberId, or undefined. */
  private async findSubscriber(subscriberId: string): Promise<Subscriber | undefined> {
    const found = await findSubscriber(this.session.client(), subscriberId);
    this.environmentId ??= found?._environmentId;
    return found;
  }

  /** Concurrent reads of one subscriber (a refresh of its several entries) share one request. */
  private cachedSubscriber(subscriberId: string): Promise<Subscriber | undefined> {
    let cache = this.reads.get(subscriberId);
    if (!cache) {
      cache = new ListCache(() => this.findSubscriber(subscriberId), this.options.readTtlMs ?? 0);
      this.reads.set(subscriberId, cache);
    }
    return cache.get();
  }

  private forget(subscriberId: string): void {
    const cache = this.reads.get(subscriberId);
    if (cache) {
      cache.invalidate();
      this.reads.delete(subscriberId);
    }
  }
}
