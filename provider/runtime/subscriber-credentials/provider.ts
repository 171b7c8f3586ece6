/**
 * The real implementation behind `svc.SubscriberCredentials`, loaded inside the dynamic-provider host through
 * `pulumi-svc/internal/provider-runtime`. One instance per host process, so every SubscriberCredentials of a
 * deployment shares one client, one connection pool and one rate pacer (sdk/rate-pacer.ts).
 *
 * Every operation reads (the subscriber, or a write's own answer; the organization's integrations), plans
 * with the service's rules (provider/runtime/channel-entries/channel-entry-rules.ts) and applies the plan (provider/runtime/channel-entries/credentials-writer.ts). The entry is the
 * one bound (`_integrationId`) to the integration the resource writes to: the identifier's, or without one
 * the provider's newest active integration; the state keeps that `_id`. A binding that moved (the
 * integration recreated, a newer one without identifier) is drift: diff sees it, and the write moves the
 * credentials, clearing the entry left behind.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { Integration, Subscriber } from "../../../sdk/schemas";
import type { ConfigSource } from "../../config";
import { findSubscriber } from "../../model/find-subscriber";
import type { CreateOutcome, DiffOutcome, ReadOutcome, UpdateOutcome } from "../../model/pulumi-results";
import type {
  SubscriberCredentialsInputs,
  SubscriberCredentialsOutputs,
} from "../../model/subscriber-credentials-schema";
import {
  credentialValues,
  type EntryPlan,
  entryOn,
  type Ownership,
  planPut,
  planRemoval,
  planWrite,
  writeTarget,
} from "../channel-entries/channel-entry-rules";
import {
  CredentialsWriter,
  isNoIntegration,
  isSubscriberMissing,
} from "../channel-entries/credentials-writer";
import { warnLeftEntries } from "../channel-entries/stranded-entries";
import { inTurn } from "../channel-entries/subscriber-turns";
import { concealSecretInputs } from "../shared/check-failures";
import { IntegrationDirectory } from "../shared/integration-directory";
import { ListCache } from "../shared/list-cache";
import { credentialsKeyOf } from "../shared/lookup-ids";
import { carryWriteId, ReplacementGuard, type Stamped } from "../shared/replacement-guard";
import { ServiceSession, type ServiceSessionOptions } from "../shared/service-session";
import {
  checkSubscriberCredentials,
  credentialsId,
  diffSubscriberCredentials,
  inputsOf,
  type ManagedInputs,
  managesCredentials,
  type SubscriberCredentialsCheck,
  toOutputs,
} from "./model";

/**
 * A lookup (`SubscriberCredentials.get`: no state, so no credentials) of an entry that is not there: an
 * error, since the dynamic-provider host would turn `{}` into a resource that exists.
 */
function lookupMissing(id: string): Error {
  return new Error(
    `svc: read: no channel entry "${id}" (subscriberId/providerId[/integrationIdentifier]) exists`,
  );
}

/** A write's failure before any request: the service would answer it with a 400 (see `explain`). */
class Unwritable extends Error {
  constructor(readonly missing: "subscriber" | "integration") {
    super(`no ${missing}`);
  }
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
  /** The subscriber read that is learning {@link environmentId}, while one is in flight. */
  private environmentRead: Promise<Subscriber | undefined> | undefined;
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
   * to another integration than the one a write would target now is a change too.
   */
  async diff(
    _id: string,
    olds: SubscriberCredentialsOutputs,
    news: SubscriberCredentialsInputs,
  ): Promise<DiffOutcome> {
    const outcome = diffSubscriberCredentials(olds, news);
    // Credentials left to the service are not moved either: nothing of the entry is the resource's to write.
    if (outcome.changes || !managesCredentials(news)) return outcome;
    if (!(await this.bindingMoved(olds, news))) return outcome;
    return { ...outcome, changes: true };
  }

  /**
   * Writes the declared credentials onto the integration the entry belongs to. Without credentials nothing
   * is written: the resource records the entry as the service holds it (see {@link hold}).
   */
  async create(
    inputs: SubscriberCredentialsInputs,
  ): Promise<CreateOutcome<Stamped<SubscriberCredentialsOutputs>>> {
    return this.session.guard("create", inputs.credentials, async () => {
      const outs = managesCredentials(inputs)
        ? await inTurn(inputs.subscriberId, () => this.write("create", inputs, undefined))
        : await this.hold("create", inputs, undefined);
      const id = credentialsId(inputs);
      return { id, outs: this.creates.stamp(id, outs, undefined) };
    });
  }

  /**
   * The entry as the service holds it now, or `{}` when it (or its subscriber) is gone. A refresh has the
   * state (the bound `_id`); a lookup (`SubscriberCredentials.get`) may have only the id, which names the
   * entry through its identifier or, without one, the provider's newest active integration.
   */
  async read(id: string, props?: Partial<SubscriberCredentialsOutputs>): Promise<SubscriberCredentialsRead> {
    return this.session.guard("read", props?.credentials, async () => {
      const key = credentialsKeyOf(id, props);
      const lookup = props?.credentials === undefined;
      // A lookup or import manages nothing: its inputs leave the credentials to the service.
      const held = lookup || props.credentialsManaged === false;
      const subscriber = await this.cachedSubscriber(key.subscriberId);
      const index = subscriber && (await this.directory.index());
      const boundId =
        props?.integrationId ?? (index && writeTarget(index, subscriber?._environmentId, key)?._id);
      const entry = entryOn(subscriber, key.providerId, boundId);
      if (!subscriber || (!entry && !(held && !lookup && boundId !== undefined))) {
        if (lookup) throw lookupMissing(id);
        return {};
      }
      // An entry the resource does not manage that is gone now still has its place: it reads as holding nothing.
      const declared = held ? key : { ...key, credentials: {} };
      const boundTo = entry?._integrationId ?? boundId;
      const integration = index?.live(boundTo) ?? { _id: boundTo, identifier: undefined };
      const outs = toOutputs(declared, { subscriber, integration: withIdentifier(integration), entry });
      return { id, props: carryWriteId(outs, props), inputs: inputsOf(outs) };
    });
  }

  /**
   * Writes the new credentials; an entry the resource wrote on the integration the state names is cleared.
   * An entry the resource did not manage (`credentialsManaged: false`) is taken over: written, and an entry
   * of it left on another integration is not the resource's to clear. Without credentials nothing is written.
   */
  async update(
    _id: string,
    olds: SubscriberCredentialsOutputs,
    news: SubscriberCredentialsInputs,
  ): Promise<UpdateOutcome<Stamped<SubscriberCredentialsOutputs>>> {
    return this.session.guard("update", [olds.credentials, news.credentials], async () => {
      const previous = olds.credentialsManaged === false ? { environmentId: olds.environmentId } : olds;
      const outs = managesCredentials(news)
        ? await inTurn(news.subscriberId, () => this.write("update", news, previous))
        : await this.hold("update", news, olds);
      return { outs: carryWriteId(outs, olds) };
    });
  }

  /**
   * Removes the resource's entry (provider/runtime/channel-entries/channel-entry-rules.ts `planRemoval`: one DELETE when every other entry
   * of the provider is inert, else cleared in place, or left when its integration is gone). The old half of
   * a create-before-delete replacement of the same entry removes nothing: the entry is the new half's.
   */
  async delete(id: string, props: SubscriberCredentialsOutputs): Promise<void> {
    return this.session.guard("delete", props.credentials, async () => {
      if (this.creates.supersededBy(id, props)) return;
      // An entry the resource never managed is the service's (or your application's): it is left as it is.
      if (props.credentialsManaged === false) return;
      await inTurn(props.subscriberId, () => this.remove(props));
    });
  }

  /** Reads, plans and applies the removal of the resource's entry (in the subscriber's turn). */
  private async remove(props: SubscriberCredentialsOutputs): Promise<void> {
    this.forget(props.subscriberId);
    try {
      const subscriber = await this.findSubscriber(props.subscriberId);
      if (!subscriber) return; // already gone
      const index = await this.directory.index();
      const bound = props.integrationId ?? writeTarget(index, subscriber._environmentId, props)?._id;
      if (bound === undefined) return; // nothing the resource can know as its own
      const values = credentialValues(props.credentials);
      const own: Ownership = { providerId: props.providerId, owned: new Set([bound]), index, values };
      const plan = planRemoval(subscriber, own);
      await this.writer.apply(props.subscriberId, props.providerId, plan);
      await this.warnLeft(props, plan.left, own);
    } finally {
      this.forget(props.subscriberId);
    }
  }

  /**
   * One write: the declared credentials PUT onto the integration a write targets now, then reconciled on the
   * answer (the service's read of the subscriber after the write): keys the entry holds that the program
   * left out are cleared, and the resource's entry on `previous` (another integration) is removed, both
   * planned by provider/runtime/channel-entries/channel-entry-rules.ts. Usually one request. Returns the outputs as written.
   */
  private async write(
    operation: string,
    inputs: ManagedInputs,
    previous:
      | (Pick<SubscriberCredentialsOutputs, "environmentId"> &
          Partial<Pick<SubscriberCredentialsOutputs, "integrationId" | "credentials">>)
      | undefined,
  ): Promise<SubscriberCredentialsOutputs> {
    this.forget(inputs.subscriberId);
    try {
      const index = await this.directory.index();
      const environmentId = previous?.environmentId ?? (await this.environmentFor(inputs));
      const target = writeTarget(index, environmentId, inputs);
      if (target?._id === undefined) throw new Unwritable("integration");
      const owned = new Set([target._id]);
      if (previous?.integrationId !== undefined) owned.add(previous.integrationId);
      const values = credentialValues(inputs.credentials, previous?.credentials);
      const own: Ownership = { providerId: inputs.providerId, owned, index, values };
      const first = planPut(target.identifier, inputs.credentials);
      let after = await this.writer.apply(inputs.subscriberId, inputs.providerId, first);
      const rest = after && planWrite(after, own, target, inputs.credentials);
      if (after && rest && rest.steps.length > 0) {
        after = (await this.writer.apply(inputs.subscriberId, inputs.providerId, rest)) ?? after;
      }
      if (rest) await this.warnLeft(inputs, rest.left, own);
      this.environmentId ??= after?._environmentId;
      const entry = entryOn(after, inputs.providerId, target._id);
      return toOutputs(inputs, { subscriber: after, integration: target, entry });
    } catch (e) {
      throw await this.explain(operation, inputs, e);
    } finally {
      this.forget(inputs.subscriberId);
    }
  }

  /** Warns in the engine's output about the entries holding the resource's credentials that a plan left. */
  private async warnLeft(
    key: Pick<SubscriberCredentialsInputs, "subscriberId" | "providerId" | "integrationIdentifier">,
    left: EntryPlan["left"],
    own: Ownership,
  ): Promise<void> {
    const resource = `SubscriberCredentials "${credentialsId(key)}"`;
    await warnLeftEntries(resource, key.subscriberId, key.providerId, left, own.index);
  }

  /**
   * The entry as the service holds it, recorded without a write: inputs without credentials leave the entry
   * to the service. The subscriber must exist and the integration must resolve, as for a write; the entry
   * may be absent (it then reads as holding nothing).
   */
  private async hold(
    operation: string,
    inputs: SubscriberCredentialsInputs,
    previous: Pick<SubscriberCredentialsOutputs, "integrationId" | "environmentId"> | undefined,
  ): Promise<SubscriberCredentialsOutputs> {
    this.forget(inputs.subscriberId);
    try {
      const subscriber = await this.findSubscriber(inputs.subscriberId);
      if (!subscriber) throw new Unwritable("subscriber");
      const index = await this.directory.index();
      const environmentId = previous?.environmentId ?? subscriber._environmentId;
      const target = writeTarget(index, environmentId, inputs);
      const boundId = previous?.integrationId ?? target?._id;
      if (boundId === undefined) throw new Unwritable("integration");
      const integration = target?._id === boundId ? target : { _id: boundId, identifier: undefined };
      const entry = entryOn(subscriber, inputs.providerId, boundId);
      return toOutputs(inputs, { subscriber, integration: withIdentifier(integration), entry });
    } catch (e) {
      throw await this.explain(operation, inputs, e);
    }
  }

  /**
   * The environment a write lands in, for picking its integration: known once any answer of this process
   * named it. An identifier names one integration across the organization, so only a write without one
   * reads the subscriber to learn it (once per process).
   */
  private async environmentFor(inputs: SubscriberCredentialsInputs): Promise<string | undefined> {
    if (this.environmentId !== undefined || inputs.integrationIdentifier !== undefined) {
      return this.environmentId;
    }
    // Writes started while another one is learning it wait for that read instead of sending their own.
    if (this.environmentRead !== undefined) {
      await this.environmentRead.catch(() => undefined);
      if (this.environmentId !== undefined) return this.environmentId;
    }
    const read = this.findSubscriber(inputs.subscriberId);
    this.environmentRead = read;
    try {
      const subscriber = await read;
      if (!subscriber) throw new Unwritable("subscriber");
      return subscriber._environmentId;
    } finally {
      if (this.environmentRead === read) this.environmentRead = undefined;
    }
  }

  /**
   * True when a write would now target another integration than the one the entry in state is bound to.
   * Best effort: false when the service cannot be asked (a preview without a key, a failing service).
   */
  private async bindingMoved(
    olds: SubscriberCredentialsOutputs,
    news: SubscriberCredentialsInputs,
  ): Promise<boolean> {
    if (olds.integrationId === undefined) return false;
    try {
      const index = await this.directory.index();
      const target = news.integrationIdentifier === undefined ? { providerId: news.providerId } : news;
      return writeTarget(index, olds.environmentId, target)?._id !== olds.integrationId;
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
    if (isSubscriberMissing(err) || (err instanceof Unwritable && err.missing === "subscriber")) {
      const env = await this.describeEnvironment();
      return new Error(
        `svc: ${operation}: subscriber "${inputs.subscriberId}" does not exist in ${env}. ` +
          "Subscribers are created by your application (or the service's dashboard); create it first, or check svc:apiKey points at the right environment.",
      );
    }
    if (isNoIntegration(err) || (err instanceof Unwritable && err.missing === "integration")) {
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

/** The integration with its identifier, when the index knew it. */
function withIdentifier(i: {
  _id?: string | undefined;
  identifier?: string | undefined;
}): Pick<Integration, "_id" | "identifier"> | undefined {
  return i.identifier === undefined ? undefined : { _id: i._id, identifier: i.identifier };
}
