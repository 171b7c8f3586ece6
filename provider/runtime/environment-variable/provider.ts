/**
 * The real implementation behind `svc.EnvironmentVariable` (and `svc:index:EnvironmentVariable` of the
 * plugin): one environment's value of an organization's variable (`/v1/environment-variables`). The record
 * of a key is shared by every environment; each stack (or `svc.Provider`) owns its environment's value. The
 * resource id is the key.
 *
 * - create: the key's record from the list (one request, shared by every resource of a deployment). None:
 *   POST with this environment's value. There: its `isSecret` and `type` must be the declared ones (an API
 *   key cannot change them); then PATCH this environment's value, into the record, unless this environment
 *   already holds one, which is taken over only with `adopt`. A secret adopted with no `value` declared
 *   keeps the value this environment holds (no write); none held fails before any write.
 * - diff: pure, except for an `isSecret` or `type` change of a record that exists: refused (see
 *   ./messages.ts `metadataRefusal`, and docs/environment-variables.md for why it is conservative).
 * - read: the list (coalesced over a refresh); this environment's value gone answers `{}`. A secret value
 *   reads back masked: the declared one is kept (its drift is not detectable, and the refresh says so in the
 *   engine's output, ./messages.ts `maskedSecretNotice`).
 * - update: PATCH of this environment's value; `adopt` alone sends nothing.
 * - delete: warns when workflows read the variable (usage), then DELETE, which removes this environment's
 *   value only (the record goes with its last value). 404: already gone.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { BadRequestError, ConflictError, NotFoundError } from "../../../sdk/errors";
import type { EnvironmentVariable } from "../../../sdk/schemas";
import type { ConfigSource } from "../../config";
import type {
  EnvironmentVariableInputs,
  EnvironmentVariableOutputs,
} from "../../model/environment-variable-schema";
import type { Placement } from "../../model/key-environment";
import type { CreateOutcome, DiffOutcome, ReadOutcome, UpdateOutcome } from "../../model/pulumi-results";
import { type EngineLog, engineLog } from "../shared/engine-log";
import { ListCache } from "../shared/list-cache";
import { ServiceSession, type ServiceSessionOptions } from "../shared/service-session";
import {
  limitRefusal,
  maskedSecretNotice,
  metadataRefusal,
  noHeldValue,
  noKeyEnvironment,
  notOursRefusal,
  usedVariableWarning,
} from "./messages";
import {
  changedMetadata,
  checkEnvironmentVariable,
  DEFAULT_VARIABLE_TYPE,
  diffEnvironmentVariable,
  type EnvironmentVariableCheck,
  environmentVariableInputsOf,
  toEnvironmentVariableOutputs,
  valueIn,
} from "./model";

/** Options for tests and benchmarks that call the provider directly (the host passes none). */
export interface EnvironmentVariableProviderOptions extends ServiceSessionOptions {
  /** How long a list of the variables is reused (default 2 s, ./list-cache.ts). */
  listTtlMs?: number;
  /** Where warnings go (default: the engine's log when there is one). */
  log?: EngineLog;
}

/** What read answers for an EnvironmentVariable. */
export type EnvironmentVariableRead = ReadOutcome<EnvironmentVariableOutputs, Record<string, unknown>>;

type Props = Record<string, unknown>;

/** `pulumi.dynamic.ResourceProvider` for environment variables. */
export class EnvironmentVariableProvider implements dynamic.ResourceProvider {
  /** Settings, the shared paced client and error mapping. */
  readonly session: ServiceSession;
  private readonly lists: ListCache<EnvironmentVariable[]>;
  private readonly log: EngineLog | undefined;

  constructor(options: EnvironmentVariableProviderOptions = {}) {
    this.session = new ServiceSession(options);
    this.lists = new ListCache(() => this.session.client().environmentVariables.list(), options.listTtlMs);
    this.log = options.log ?? engineLog();
  }

  /** Reads `svc:apiKey` / `svc:baseUrl` from the stack config the engine sends (env as fallback). */
  async configure(req: { config: ConfigSource }): Promise<void> {
    this.session.configure(req.config);
  }

  /** Validates key, value and type (./model.ts); no request is made. */
  async check(olds: Props, news: Props): Promise<EnvironmentVariableCheck> {
    return checkEnvironmentVariable(olds ?? {}, news ?? {});
  }

  /**
   * Compares checked inputs with the outputs in state. No request, except for an `isSecret` or `type` change
   * of the same key: the record is looked up (the list), and a record that exists refuses the change.
   */
  async diff(_id: string, olds: Props, news: Props): Promise<DiffOutcome> {
    const outcome = diffEnvironmentVariable(olds, news);
    const fields = changedMetadata(olds, news);
    if (fields.length === 0 || news.key !== olds.key || typeof news.key !== "string") return outcome;
    const key = news.key;
    return this.session.guard("diff", news.value, async () => {
      const record = await this.find(key);
      if (record) await this.refuseMetadataChange(record, fields);
      return outcome;
    });
  }

  /** Writes this environment's value: a new record, or a value in the existing one (see the file header). */
  async create(inputs: EnvironmentVariableInputs): Promise<CreateOutcome<EnvironmentVariableOutputs>> {
    return this.session.guard("create", inputs.value, async () => {
      const env = await this.keyEnvironment(inputs.key);
      const existing = await this.find(inputs.key);
      // No value declared (check allows it only for a secret with adopt): keep the one held.
      if (inputs.value === undefined) {
        const held = await this.heldValueRecord(existing, inputs, env);
        return { id: held.key, outs: toEnvironmentVariableOutputs(held, undefined, inputs.adopt) };
      }
      const declared = { ...inputs, value: inputs.value };
      const written = existing
        ? await this.writeInto(existing, declared, env)
        : await this.createNew(declared, env);
      this.lists.invalidate();
      return { id: written.key, outs: toEnvironmentVariableOutputs(written, declared.value, inputs.adopt) };
    });
  }

  /** This environment's value as the service holds it now, or `{}` when it is gone. */
  async read(id: string, props?: Partial<EnvironmentVariableOutputs>): Promise<EnvironmentVariableRead> {
    return this.session.guard("read", props?.value, async () => {
      const env = await this.keyEnvironment(id);
      const record = await this.find(id);
      const remote = record ? valueIn(record, env.environmentId) : undefined;
      if (record === undefined || remote === undefined) {
        if (props?.key === undefined)
          throw new Error(
            `svc: read: environment variable "${id}" has no value in environment ${envName(env)}`,
          );
        return {};
      }
      // A secret reads back masked: the declared value stays (its drift cannot be seen, and a refresh says so);
      // a value kept without declaring it stays unknown to the stack.
      const kept = props?.key !== undefined && props.value === undefined && props.adopt === true;
      const unreadable = record.isSecret && (props?.value !== undefined || kept);
      if (unreadable) await this.log?.info(maskedSecretNotice(record.key, envName(env), !kept));
      const value = unreadable ? props?.value : remote;
      const outs = toEnvironmentVariableOutputs(record, value, props?.adopt);
      const inputs = environmentVariableInputsOf(outs);
      // An import of a secret: the mask is no value to declare; the program declares the real one.
      if (record.isSecret && props?.value === undefined) delete inputs.value;
      return { id: record.key, props: outs, inputs };
    });
  }

  /** PATCH of this environment's value when it changed; `adopt` alone is recorded without a request. */
  async update(
    _id: string,
    olds: EnvironmentVariableOutputs,
    news: EnvironmentVariableInputs,
  ): Promise<UpdateOutcome<EnvironmentVariableOutputs>> {
    return this.session.guard("update", [news.value, olds.value], async () => {
      // The same value, or none declared (a secret kept as the service holds it): nothing to send.
      if (news.value === undefined || news.value === olds.value) {
        const { adopt: _old, ...kept } = olds;
        return { outs: { ...kept, ...adoptOf(news.adopt) } };
      }
      const env = await this.keyEnvironment(news.key);
      const value = news.value;
      const updated = await this.session.client().environmentVariables.update(news.key, {
        values: [{ _environmentId: env.environmentId, value }],
      });
      this.lists.invalidate();
      return { outs: toEnvironmentVariableOutputs(updated, news.value, news.adopt) };
    });
  }

  /** Deletes this environment's value (warning first when workflows read the variable). */
  async delete(id: string, props: EnvironmentVariableOutputs): Promise<void> {
    return this.session.guard("delete", props.value, async () => {
      const env = await this.keyEnvironment(id);
      await this.warnIfUsed(id, env);
      try {
        await this.session.client().environmentVariables.delete(id);
      } catch (e) {
        if (!(e instanceof NotFoundError)) throw e;
      }
      this.lists.invalidate();
    });
  }

  /** The key's record, from the organization's list (shared by the resources of one deployment). */
  private async find(key: string): Promise<EnvironmentVariable | undefined> {
    return (await this.lists.get()).find((v) => v.key === key);
  }

  /** The key's environment; a service that cannot say fails: every value names its environment. */
  private async keyEnvironment(key: string): Promise<Placement> {
    const env = await this.session.keyEnvironment();
    if (!env) throw new Error(noKeyEnvironment(key));
    return env;
  }

  /**
   * The record whose value this environment holds, for a secret value adopted without declaring it (no
   * write); none held fails naming the key and what to declare, before any write.
   */
  private async heldValueRecord(
    record: EnvironmentVariable | undefined,
    inputs: EnvironmentVariableInputs,
    env: Placement,
  ): Promise<EnvironmentVariable> {
    if (record === undefined || valueIn(record, env.environmentId) === undefined)
      throw new Error(noHeldValue(inputs.key, envName(env)));
    const fields = changedMetadata({ isSecret: record.isSecret, type: record.type }, { ...inputs });
    if (fields.length > 0) await this.refuseMetadataChange(record, fields);
    return record;
  }

  /** POST of a new record holding this environment's value; a record made meanwhile (409) is written into. */
  private async createNew(
    inputs: EnvironmentVariableInputs & { value: string },
    env: Placement,
  ): Promise<EnvironmentVariable> {
    const client = this.session.client();
    try {
      return await client.environmentVariables.create({
        key: inputs.key,
        type: inputs.type ?? DEFAULT_VARIABLE_TYPE,
        isSecret: inputs.isSecret ?? false,
        values: [{ _environmentId: env.environmentId, value: inputs.value }],
      });
    } catch (e) {
      if (e instanceof BadRequestError && /limit exceeded/i.test(e.message))
        throw new Error(limitRefusal(inputs.key, limitMessage(e)));
      if (!(e instanceof ConflictError)) throw e;
      this.lists.invalidate();
      const appeared = await this.find(inputs.key);
      if (!appeared) throw e;
      return this.writeInto(appeared, inputs, env);
    }
  }

  /** This environment's value written into an existing record, when the record and the value allow it. */
  private async writeInto(
    record: EnvironmentVariable,
    inputs: EnvironmentVariableInputs & { value: string },
    env: Placement,
  ): Promise<EnvironmentVariable> {
    const fields = changedMetadata({ isSecret: record.isSecret, type: record.type }, { ...inputs });
    if (fields.length > 0) await this.refuseMetadataChange(record, fields);
    const current = valueIn(record, env.environmentId);
    if (current !== undefined && inputs.adopt !== true)
      throw new Error(notOursRefusal(inputs.key, envName(env)));
    if (current === inputs.value && !record.isSecret) return record;
    return this.session.client().environmentVariables.update(inputs.key, {
      values: [{ _environmentId: env.environmentId, value: inputs.value }],
    });
  }

  /** Fails naming the environments that may hold values of the record (no write has happened). */
  private async refuseMetadataChange(record: EnvironmentVariable, fields: readonly string[]): Promise<never> {
    const env = await this.keyEnvironment(record.key);
    const ownValue = valueIn(record, env.environmentId) !== undefined;
    const others = (await this.session.client().environments.list())
      .filter((e) => e._id !== env.environmentId)
      .map((e) => e.name);
    throw new Error(metadataRefusal(record.key, fields, others, ownValue));
  }

  /** Warns when workflows (of any environment) read the variable; a failed usage read is no reason to stop. */
  private async warnIfUsed(key: string, env: Placement): Promise<void> {
    let ids: string[];
    try {
      ids = (await this.session.client().environmentVariables.usage(key)).workflows.map((w) => w.workflowId);
    } catch (e) {
      if (e instanceof NotFoundError) return;
      throw e;
    }
    if (ids.length > 0) await this.log?.warn(usedVariableWarning(key, envName(env), [...new Set(ids)]));
  }
}

/** An environment's name for a message. */
function envName(env: Placement): string {
  return env.environmentName ?? env.environmentId;
}

/** `{ adopt }` when declared. */
function adoptOf(adopt: boolean | undefined): { adopt?: boolean } {
  return adopt === undefined ? {} : { adopt };
}

/** The service's own sentence of a limit refusal (its body's `message`). */
function limitMessage(e: BadRequestError): string {
  const body = e.body as { message?: unknown } | undefined;
  return typeof body?.message === "string" ? body.message : e.message;
}
