/**
 * The resource methods of the plugin, on plain values: each decodes what the engine sent, calls the runtime
 * provider of the resource's kind (../runtime/index.ts `createProvider`, the implementation the dynamic
 * resources run), and encodes its answer with the secret policy applied (./wire-values.ts). No rule of a
 * resource lives here: only the engine protocol (defaults the program computes on the dynamic path, detailed
 * diffs, stables, what an import reads).
 */

import type { CheckFailure } from "../model/pulumi-results";
import { SECRET_INPUTS } from "../model/secret-inputs";
import { decodeCredentials } from "../model/subscriber-credentials-set-schema";
import type { RuntimeProvider } from "../runtime";
import { detailedDiff, type PropertyChange } from "./detailed-diff";
import { withProgramDefaults } from "./resource-defaults";
import { parseUrn, type ResourceType, resourceType } from "./resource-types";
import { markSecrets, type Props, type Unwrapped } from "./wire-values";

/** The runtime provider of a resource type (configured), and the secret that keys set fingerprints. */
export interface RuntimeAccess {
  provider(type: ResourceType): Promise<RuntimeProvider>;
  fingerprintSecret(): string | undefined;
}

/** What Check answers. */
export interface CheckAnswer {
  inputs: Props;
  failures: CheckFailure[];
}

/** What Diff answers. */
export interface DiffAnswer {
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: boolean;
  stables: string[];
  changed: PropertyChange[];
}

/** What Read answers; `id` empty when the object is gone. */
export interface ReadAnswer {
  id: string;
  properties: Props;
  inputs: Props | undefined;
}

/** A set's credentials as the map the schema declares (the runtime answers a lookup with the text form). */
function asDeclared(type: ResourceType, props: Props): Props {
  if (type.kind !== "subscriber-credentials-set" || props.credentials === undefined) return props;
  return { ...props, credentials: decodeCredentials(props.credentials) };
}

/** Props without the secret-policy inputs: what an import may hand to code generation. */
function withoutSecretInputs(props: Props): Props {
  return Object.fromEntries(Object.entries(props).filter(([k]) => !SECRET_INPUTS.has(k)));
}

/** Resource methods over the runtime. */
export class ResourceCalls {
  constructor(private readonly runtime: RuntimeAccess) {}

  /**
   * Check: the declared form made the runtime's (refused before anything else), the program's defaults, then
   * the runtime's check, its failures named after what was declared.
   */
  async check(urn: string, type: string, olds: Unwrapped, news: Unwrapped): Promise<CheckAnswer> {
    const t = resourceType(type);
    const form = t.declared?.(news.props);
    if (form !== undefined && form.failures.length > 0)
      return { inputs: markSecrets(news.props, news.secretKeys), failures: form.failures };
    const props = form?.inputs ?? news.props;
    const declared = withProgramDefaults(t.kind, props, parseUrn(urn), this.runtime.fingerprintSecret());
    const result = await (await this.runtime.provider(t)).check(olds.props, declared);
    const failures = result.failures ?? [];
    return {
      inputs: markSecrets(result.inputs ?? {}, news.secretKeys),
      failures: form ? form.named(failures) : failures,
    };
  }

  /** Diff: the runtime's outcome, with the properties it is about and the stables of the type. */
  async diff(
    id: string,
    type: string,
    olds: Unwrapped,
    news: Unwrapped,
    oldInputs: Unwrapped,
  ): Promise<DiffAnswer> {
    const t = resourceType(type);
    const result = await (await this.runtime.provider(t)).diff(id, olds.props, news.props);
    const changes = result.changes === true;
    const replaces = result.replaces ?? [];
    const base = Object.keys(oldInputs.props).length > 0 ? oldInputs.props : olds.props;
    return {
      changes,
      replaces,
      deleteBeforeReplace: result.deleteBeforeReplace === true,
      stables: changes ? [...t.stables] : [],
      changed: !changes
        ? []
        : t.changes
          ? t.changes(olds.props, news.props)
          : detailedDiff(t, olds.props, base, news.props, replaces),
    };
  }

  /** Create: the new object's id and outputs. */
  async create(type: string, inputs: Unwrapped): Promise<{ id: string; properties: Props }> {
    const t = resourceType(type);
    const result = await (await this.runtime.provider(t)).create(inputs.props);
    return { id: result.id, properties: markSecrets(asDeclared(t, result.outs ?? {}), inputs.secretKeys) };
  }

  /**
   * Read: a refresh (the state's outputs given) or an import or lookup (the id alone). An import's inputs
   * become the program `pulumi import` writes, so they hold no secret input: the user declares those.
   */
  async read(id: string, type: string, properties: Unwrapped, inputs: Unwrapped): Promise<ReadAnswer> {
    const t = resourceType(type);
    const given = Object.keys(properties.props).length > 0 ? properties : inputs;
    const lookup = Object.keys(given.props).length === 0;
    const result = await (await this.runtime.provider(t)).read(id, lookup ? undefined : given.props);
    if (result.props === undefined) return { id: "", properties: {}, inputs: undefined };
    const secret = [...properties.secretKeys, ...inputs.secretKeys];
    const outs = markSecrets(asDeclared(t, result.props), secret);
    if (result.inputs === undefined) return { id: result.id ?? id, properties: outs, inputs: undefined };
    const declared = asDeclared(t, result.inputs);
    const ins = markSecrets(lookup ? withoutSecretInputs(declared) : declared, secret);
    return { id: result.id ?? id, properties: outs, inputs: ins };
  }

  /** Update: the outputs as written. */
  async update(id: string, type: string, olds: Unwrapped, news: Unwrapped): Promise<Props> {
    const t = resourceType(type);
    const result = await (await this.runtime.provider(t)).update(id, olds.props, news.props);
    return markSecrets(asDeclared(t, result.outs ?? {}), news.secretKeys);
  }

  /** Delete. */
  async delete(id: string, type: string, olds: Unwrapped): Promise<void> {
    const t = resourceType(type);
    await (await this.runtime.provider(t)).delete(id, olds.props);
  }
}
