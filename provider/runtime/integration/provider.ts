/**
 * The real implementation behind `svc.Integration`, loaded inside the dynamic-provider host through
 * `pulumi-svc/internal/provider-runtime`. One instance per host process (the host caches the configured
 * provider), so the client and the list cache are shared by every Integration of a deployment.
 */
import { createHash, randomUUID } from "node:crypto";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { ConflictError, NotFoundError } from "../../../sdk/errors";
import { type Integration, missingCredentialKeys } from "../../../sdk/schemas";
import type { ConfigSource } from "../../config";
import { defaultIdentifier, keepDefaultIdentifier } from "../../default-identifier";
import type { IntegrationInputs, IntegrationOutputs } from "../../model/integration-schema";
import { KEY_CHANGES_DOC } from "../../model/key-environment";
import type { CreateOutcome, DiffOutcome, ReadOutcome, UpdateOutcome } from "../../model/pulumi-results";
import { canonical } from "../../model/values";
import { concealSecretInputs } from "../shared/check-failures";
import { type EngineLog, engineLog } from "../shared/engine-log";
import { integrationsChanged } from "../shared/integration-directory";
import { ListCache } from "../shared/list-cache";
import {
  carryWriteId,
  keptByReplacementWarning,
  ReplacementGuard,
  type Stamped,
} from "../shared/replacement-guard";
import { ServiceSession, type ServiceSessionOptions } from "../shared/service-session";
import {
  checkIntegration,
  diffIntegration,
  type IntegrationCheck,
  inputsOf,
  matchesInputs,
  refreshedCredentials,
  toCreateBody,
  toOutputs,
  toUpdateBody,
  toUpdateBodyFrom,
} from "./model";

/** Options for tests and benchmarks that call the provider directly (the host passes none). */
export interface IntegrationProviderOptions extends ServiceSessionOptions {
  /** How long a list answer is shared between reads (default 2 s). */
  listTtlMs?: number;
  /** Where warnings go (default: the engine that started this process, if any). */
  log?: EngineLog;
}

/** What read answers for an Integration. */
export type IntegrationRead = ReadOutcome<IntegrationOutputs, ReturnType<typeof inputsOf>>;

/** `pulumi.dynamic.ResourceProvider` for integrations. */
export class IntegrationProvider implements dynamic.ResourceProvider {
  /** Settings, the shared paced client and error mapping. */
  readonly session: ServiceSession;
  private readonly lists: ListCache<Integration[]>;
  /** Creates of this deployment: the old half of a replacement that took its object over leaves it. */
  private readonly creates = new ReplacementGuard();
  private readonly log: EngineLog | undefined;

  constructor(options: IntegrationProviderOptions = {}) {
    this.session = new ServiceSession(options);
    this.log = options.log ?? engineLog();
    this.lists = new ListCache(() => this.session.client().integrations.list(), options.listTtlMs);
  }

  /** Reads `svc:apiKey` / `svc:baseUrl` from the stack config the engine sends (env as fallback). */
  async configure(req: { config: ConfigSource }): Promise<void> {
    this.session.configure(req.config);
  }

  /**
   * Validates and normalizes the inputs (see {@link checkIntegration}); no request is made. A default
   * identifier already in state is kept when the resource is renamed (see {@link keepDefaultIdentifier}).
   */
  async check(olds: Record<string, unknown>, news: Record<string, unknown>): Promise<IntegrationCheck> {
    return concealSecretInputs(checkIntegration(keepDefaultIdentifier(olds, news ?? {}), olds ?? {}));
  }

  /** Compares checked inputs with the outputs in state (see {@link diffIntegration}); no request is made. */
  async diff(_id: string, olds: IntegrationOutputs, news: IntegrationInputs): Promise<DiffOutcome> {
    return diffIntegration(olds, news);
  }

  /** Creates the integration; a create answered 409 may take over the existing one (see `takeOver`). */
  async create(inputs: IntegrationInputs): Promise<CreateOutcome<Stamped<IntegrationOutputs>>> {
    return this.session.guard("create", inputs.credentials, async () => {
      const api = this.session.client().integrations;
      const body = toCreateBody(inputs);
      // The key is reused by the client's retries of this one call (the service replays a stored answer);
      // a whole re-run of `pulumi up` after a lost answer sends a new key and meets the identifier conflict
      // below, which takes the integration over only when it can be no one else's (mayTakeOver).
      const digest = createHash("sha256")
        .update(JSON.stringify(canonical(body)))
        .digest("hex")
        .slice(0, 32);
      const idempotencyKey = `pulumi-svc:integration:${digest}:${randomUUID()}`;
      const adopted = inputs.adopt === true ? await this.adoptExisting(inputs) : undefined;
      if (adopted !== undefined) {
        const id = idOf(adopted);
        return { id, outs: this.creates.stamp(id, toOutputs(adopted, inputs), undefined) };
      }
      this.changed();
      let created: Integration;
      try {
        created = await api.create(body, { idempotencyKey });
      } catch (e) {
        if (!(e instanceof ConflictError)) throw e;
        created = await this.takeOver(inputs, e);
      } finally {
        this.changed();
      }
      const id = idOf(created);
      await this.warnWithoutCredentials(inputs);
      return { id, outs: this.creates.stamp(id, toOutputs(created, inputs), undefined) };
    });
  }

  /**
   * A new integration made without credentials that its provider needs (an adopting program run against
   * another service, whose credentials config is unset): said in the engine's output, naming the keys.
   */
  private async warnWithoutCredentials(inputs: IntegrationInputs): Promise<void> {
    if (inputs.credentials !== undefined) return;
    const missing = missingCredentialKeys(inputs.providerId, {});
    if (missing.length === 0) return;
    await this.log?.warn(
      `svc: integration "${inputs.identifier}" was created without credentials (its provider ${inputs.providerId} needs ` +
        `${missing.join(", ")}); declare its \`credentials\` (a program written by svc-export reads them from the ` +
        "secret config key its README names: `pulumi config set --secret --path '<key>.<field>' <value>`), then `pulumi up`.",
    );
  }

  /**
   * The integration as the service holds it now, or `{}` when it is gone. Credentials: those in state, or the
   * service's when it answered different ones (see {@link refreshedCredentials}); kept secret as the state's. A lookup (`Integration.get`: no
   * state, so no `providerId`) of an id that names nothing fails instead: the dynamic-provider host would
   * turn `{}` into a resource that exists.
   */
  async read(id: string, props?: Partial<IntegrationOutputs>): Promise<IntegrationRead> {
    return this.session.guard("read", props?.credentials, async () => {
      const all = await this.lists.get();
      const found = all.find((i) => i._id === id);
      if ((!found || found.deleted === true) && props?.providerId === undefined) {
        throw new Error(`svc: read: no integration has the id "${id}" in the API key's environment`);
      }
      if (!found || found.deleted === true) return {};
      const outs = toOutputs(found, { credentials: refreshedCredentials(found, props?.credentials) });
      return { id, props: carryWriteId(outs, props), inputs: inputsOf(outs) };
    });
  }

  /** Updates the integration in place (PUT: credentials replaced whole). */
  async update(
    id: string,
    olds: IntegrationOutputs,
    news: IntegrationInputs,
  ): Promise<UpdateOutcome<Stamped<IntegrationOutputs>>> {
    return this.session.guard("update", [olds.credentials, news.credentials], async () => {
      this.changed();
      try {
        const updated = await this.session.client().integrations.update(id, toUpdateBodyFrom(olds, news));
        // Credentials left out were not sent: the outputs keep the ones last written.
        const kept = { credentials: news.credentials ?? olds.credentials };
        return { outs: carryWriteId(toOutputs(updated, kept), olds) };
      } catch (e) {
        if (e instanceof NotFoundError) {
          throw new Error(
            `svc: update: integration ${id} no longer exists; run \`pulumi refresh\` so that it is created again`,
          );
        }
        throw e;
      } finally {
        this.changed();
      }
    });
  }

  /**
   * Deletes the integration; one already gone counts as deleted. One that a create of this deployment took
   * over is left: it is the new half's (a create-before-delete replacement that kept the identifier; see
   * provider/runtime/shared/replacement-guard.ts).
   */
  async delete(id: string, props: IntegrationOutputs): Promise<void> {
    return this.session.guard("delete", props.credentials, async () => {
      if (this.creates.supersededBy(id, props)) {
        const what = `integration "${props.identifier}" (_id ${id})`;
        await this.log?.warn(keptByReplacementWarning(what, "an integration's identifier is unique"));
        return;
      }
      this.changed();
      try {
        await this.session.client().integrations.delete(id);
      } catch (e) {
        if (!(e instanceof NotFoundError)) throw e; // already gone
      } finally {
        this.changed();
      }
    });
  }

  /**
   * A create answered 409: an integration with this identifier exists. Take it over only when it lives in the
   * key's environment (when the service tells it) and cannot be someone else's (see {@link mayTakeOver});
   * otherwise fail, naming it and how to adopt it.
   */
  private async takeOver(inputs: IntegrationInputs, conflict: ConflictError): Promise<Integration> {
    const existing = await this.existingFor(inputs, conflict);
    await this.refuseElsewhere(inputs, existing);
    if (!mayTakeOver(inputs, existing, conflict)) {
      throw new Error(
        `svc: create: integration "${inputs.identifier}" already exists (id ${idOf(existing)}) and this resource did not create it ` +
          "(its identifier was set explicitly, so it may belong to another stack or to someone else). " +
          "To take it over, set `adopt: true` on this resource (its settings and credentials will be replaced); " +
          "otherwise choose another identifier.",
      );
    }
    return this.writeOver(inputs, existing);
  }

  /**
   * With `adopt`: the live integration holding the identifier, looked up before any write, taken over (and
   * updated only where it differs from the declaration: adopting what is declared writes nothing); undefined
   * when there is none (then the create goes on).
   */
  private async adoptExisting(inputs: IntegrationInputs): Promise<Integration | undefined> {
    const all = await this.lists.get();
    const candidates = all.filter((i) => i.identifier === inputs.identifier && i.deleted !== true);
    if (candidates.length !== 1) return undefined;
    const existing = candidates[0]!;
    await this.refuseElsewhere(inputs, existing);
    return this.writeOver(inputs, existing);
  }

  /** The existing integration updated to the declaration, or as it is when nothing differs. */
  private async writeOver(inputs: IntegrationInputs, existing: Integration): Promise<Integration> {
    if (!diffIntegration(toOutputs(existing, {}), inputs).changes) return existing;
    this.changed();
    try {
      return await this.session.client().integrations.update(idOf(existing), toUpdateBody(inputs));
    } finally {
      this.changed();
    }
  }

  /** Fails when the existing integration is of another provider or channel, or of another environment. */
  private async refuseElsewhere(inputs: IntegrationInputs, existing: Integration): Promise<void> {
    const id = idOf(existing);
    if (existing.providerId !== inputs.providerId || existing.channel !== inputs.channel) {
      throw new Error(
        `svc: create: integration "${inputs.identifier}" already exists (id ${id}) with providerId ${existing.providerId} ` +
          `and channel ${existing.channel}; it cannot be adopted as ${inputs.providerId}/${inputs.channel}. Choose another identifier.`,
      );
    }
    const key = await this.session.placement();
    if (
      key !== undefined &&
      existing._environmentId !== undefined &&
      existing._environmentId !== key.environmentId
    ) {
      throw new Error(
        `svc: create: integration "${inputs.identifier}" already exists (id ${id}) in environment ${existing._environmentId} ` +
          `of the organization, not in the API key's environment "${key.environmentName}" (${key.environmentId}); identifiers are ` +
          "unique across an organization's environments, and it cannot be taken over from here. Choose another identifier, " +
          `or remove it with a key of its environment first (${KEY_CHANGES_DOC}).`,
      );
    }
  }

  /** The one live integration the conflict is about (in the resource's environment, when it names one). */
  private async existingFor(inputs: IntegrationInputs, conflict: ConflictError): Promise<Integration> {
    const all = await this.session.client().integrations.list();
    const candidates = all.filter((i) => i.identifier === inputs.identifier && i.deleted !== true);
    if (candidates.length === 0) throw conflict;
    if (candidates.length > 1) {
      throw new Error(
        `svc: create: identifier "${inputs.identifier}" exists in ${candidates.length} environments; choose another identifier`,
      );
    }
    return candidates[0]!;
  }

  /** Forgets cached lists here and in every integration directory of this process (call around writes). */
  private changed(): void {
    this.lists.invalidate();
    integrationsChanged();
  }
}

/**
 * Whether an existing integration with this resource's identifier may be taken over without asking: the
 * user said so (`adopt`), or it can only be this resource's own. That is the case when the identifier is
 * this resource's default one (recomputed here from the project, stack and name the resource sent, so an
 * explicit identifier, or one a transform changed, never qualifies), or when the conflict answered a retry
 * of this very request (an earlier attempt of it created the integration) and it matches the inputs.
 */
export function mayTakeOver(
  inputs: IntegrationInputs,
  existing: Integration,
  conflict: ConflictError,
): boolean {
  if (inputs.adopt) return true;
  const origin = inputs.defaultIdentifierOf;
  if (origin !== undefined && defaultIdentifier(origin) === inputs.identifier) return true;
  return conflict.attempts > 1 && matchesInputs(existing, inputs);
}

function idOf(i: Integration): string {
  if (!i._id) throw new Error("svc: the service answered an integration without _id");
  return i._id;
}
