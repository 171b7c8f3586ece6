/**
 * The real implementation behind `svc.SubscriberCredentials`, loaded inside the dynamic-provider host through
 * `pulumi-svc/internal/provider-runtime`. One instance per host process, so every SubscriberCredentials of a
 * deployment shares one client, one connection pool and one rate pacer (sdk/rate-pacer.ts).
 *
 * Writing and clearing (PUT, what delete leaves) is ./credentials-writer.ts, shared with the set.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { SvcClient } from "../../sdk/client";
import type { Subscriber, UpsertCredentialsBody } from "../../sdk/schemas";
import type { ConfigSource } from "../config";
import { concealSecretInputs } from "./check-failures";
import { CredentialsWriter, isNoIntegration, isSubscriberMissing } from "./credentials-writer";
import { findSubscriber } from "./find-subscriber";
import { ListCache } from "./list-cache";
import { chatPushProviderId } from "./provider-id";
import type { ReadOutcome } from "./provider-results";
import { ServiceSession, type ServiceSessionOptions } from "./service-session";
import {
  checkSubscriberCredentials,
  credentialsId,
  diffSubscriberCredentials,
  findEntry,
  inputsOf,
  type SubscriberCredentialsCheck,
  type SubscriberCredentialsInputs,
  type SubscriberCredentialsOutputs,
  toOutputs,
} from "./subscriber-credentials-model";

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

  constructor(private readonly options: SubscriberCredentialsProviderOptions = {}) {
    this.session = new ServiceSession(options);
    this.writer = new CredentialsWriter(() => this.session.client());
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

  /** Compares checked inputs with the outputs in state (see {@link diffSubscriberCredentials}). */
  async diff(
    _id: string,
    olds: SubscriberCredentialsOutputs,
    news: SubscriberCredentialsInputs,
  ): Promise<dynamic.DiffResult> {
    return diffSubscriberCredentials(olds, news);
  }

  /** Writes the declared credentials (PUT: device tokens replaced exactly). */
  async create(
    inputs: SubscriberCredentialsInputs,
  ): Promise<{ id: string; outs: SubscriberCredentialsOutputs }> {
    return this.session.guard("create", inputs.credentials, async () => {
      const outs = await this.write("create", inputs);
      return { id: credentialsId(inputs), outs };
    });
  }

  /** The channel entry as the service holds it now, or `{}` when it (or its subscriber) is gone. */
  async read(id: string, props?: SubscriberCredentialsOutputs): Promise<SubscriberCredentialsRead> {
    return this.session.guard("read", props?.credentials, async () => {
      if (!props?.subscriberId || !props.providerId) {
        throw new Error(
          `svc: read: cannot read "${id}" without its state (import is not supported for dynamic resources)`,
        );
      }
      const subscriber = await this.cachedSubscriber(props.subscriberId);
      if (!subscriber) return {};
      const entry = findEntry(subscriber, props);
      if (!entry) return {};
      const current: SubscriberCredentialsInputs = {
        subscriberId: props.subscriberId,
        providerId: props.providerId,
        credentials: props.credentials ?? {},
      };
      if (props.integrationIdentifier !== undefined)
        current.integrationIdentifier = props.integrationIdentifier;
      const outs = toOutputs(current, subscriber, entry);
      return { id, props: outs, inputs: inputsOf(outs) };
    });
  }

  /** Writes the new credentials to the entry this resource manages. */
  async update(
    _id: string,
    olds: SubscriberCredentialsOutputs,
    news: SubscriberCredentialsInputs,
  ): Promise<{ outs: SubscriberCredentialsOutputs }> {
    return this.session.guard("update", [olds.credentials, news.credentials], async () => {
      // Without a declared identifier, keep writing the entry this resource already manages.
      const target: SubscriberCredentialsInputs =
        news.integrationIdentifier === undefined && olds.integrationIdentifier !== undefined
          ? { ...news, integrationIdentifier: olds.integrationIdentifier }
          : news;
      return { outs: await this.write("update", target) };
    });
  }

  /** Clears what the resource set (see the module comment for what remains). */
  async delete(_id: string, props: SubscriberCredentialsOutputs): Promise<void> {
    return this.session.guard("delete", props.credentials, async () => {
      const subscriberId = props.subscriberId;
      this.forget(subscriberId);
      const subscriber = await this.findSubscriber(subscriberId);
      if (!subscriber) return; // already gone
      const entry = findEntry(subscriber, props);
      if (!entry) return;
      const sameProvider = (subscriber.channels ?? []).filter((c) => c.providerId === props.providerId);
      try {
        await this.writer.clear(
          subscriberId,
          props.providerId,
          sameProvider.length === 1 ? "delete" : "empty",
          entry.integrationIdentifier,
        );
      } finally {
        this.forget(subscriberId);
      }
    });
  }

  private client(): SvcClient {
    return this.session.client();
  }

  /** Writes the declared credentials and returns the outputs read from the answer. */
  private async write(
    operation: string,
    inputs: SubscriberCredentialsInputs,
  ): Promise<SubscriberCredentialsOutputs> {
    const body: UpsertCredentialsBody = {
      providerId: chatPushProviderId(inputs.providerId),
      credentials: inputs.credentials,
    };
    if (inputs.integrationIdentifier !== undefined) body.integrationIdentifier = inputs.integrationIdentifier;
    this.forget(inputs.subscriberId);
    let subscriber: Subscriber;
    try {
      subscriber = await this.writer.write(inputs.subscriberId, body);
    } catch (e) {
      throw await this.explain(operation, inputs, e);
    } finally {
      this.forget(inputs.subscriberId);
    }
    this.environmentId ??= subscriber._environmentId;
    return toOutputs(inputs, subscriber, findEntry(subscriber, inputs));
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
        const page = await this.client().subscribers.search({ limit: 1 });
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
      const active = await this.client().integrations.listActive();
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
    const found = await findSubscriber(this.client(), subscriberId);
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
