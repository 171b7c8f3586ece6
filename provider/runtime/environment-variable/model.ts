/**
 * The pure rules of an EnvironmentVariable: check, diff, the outputs of this environment's value, and the
 * inputs a read describes.
 */
import type { EnvironmentVariable } from "../../../sdk/schemas";
import {
  type EnvironmentVariableInputs,
  type EnvironmentVariableOutputs,
  environmentVariableInputsSchema,
} from "../../model/environment-variable-schema";
import type { CheckOutcome, DiffOutcome } from "../../model/pulumi-results";
import { isUnknown } from "../../model/values";
import { schemaFailures } from "../shared/check-failures";
import { engineInputs } from "../shared/engine-values";

type Props = Record<string, unknown>;

/** The result of check for an EnvironmentVariable. */
export type EnvironmentVariableCheck = CheckOutcome<EnvironmentVariableInputs>;

/** The type a variable has when none is declared. */
export const DEFAULT_VARIABLE_TYPE = "string";

/**
 * Validates new inputs before any request: key pattern and length, value length, the mask as a value, and
 * a value left out anywhere but on a secret variable with `adopt` ({@link keepsHeldValue}).
 */
export function checkEnvironmentVariable(_olds: Props, news: Props): EnvironmentVariableCheck {
  const raw = engineInputs(news);
  const failures = schemaFailures(environmentVariableInputsSchema, raw);
  if (raw.value === undefined && !keepsHeldValue(raw) && !isUnknown(raw.isSecret) && !isUnknown(raw.adopt)) {
    failures.push({
      property: "value",
      reason:
        "value: required; it may be left out only with isSecret: true and adopt: true, to keep the secret value this environment holds",
    });
  }
  return { inputs: raw as EnvironmentVariableInputs, failures };
}

/**
 * Whether the declaration keeps the value this environment holds instead of declaring one: a secret
 * variable with `adopt: true` and no `value` (the service never reads a secret value back, so an exported
 * program cannot know it; docs/environment-variables.md, "Adopting a secret value").
 */
export function keepsHeldValue(p: Props): boolean {
  return p.value === undefined && p.isSecret === true && p.adopt === true;
}

/** `isSecret` as declared or stored (default false). */
const secretOf = (p: Props) => (isUnknown(p.isSecret) ? p.isSecret : p.isSecret === true);
/** `type` as declared or stored (default `string`). */
const typeOf = (p: Props) => p.type ?? DEFAULT_VARIABLE_TYPE;

/** The record-wide properties (`isSecret`, `type`) whose declaration differs from state. */
export function changedMetadata(olds: Props, news: Props): string[] {
  const out: string[] = [];
  if (isUnknown(news.isSecret) || secretOf(news) !== secretOf(olds)) out.push("isSecret");
  if (isUnknown(news.type) || typeOf(news) !== typeOf(olds)) out.push("type");
  return out;
}

/**
 * A new key replaces the value, and so does a new `isSecret` or `type` (the record's; whether the
 * provider may do it is the provider's question, ./provider.ts); a new value updates it; a new `adopt`
 * updates with no request.
 */
export function diffEnvironmentVariable(olds: Props, news: Props): DiffOutcome {
  const replaces = [
    ...(isUnknown(news.key) || news.key !== olds.key ? ["key"] : []),
    ...changedMetadata(olds, news),
  ];
  // A value left out keeps what the service holds: no change of its own (./provider.ts, update).
  const valued = isUnknown(news.value) || (news.value !== undefined && news.value !== olds.value);
  const adopted = (news.adopt ?? false) !== (olds.adopt ?? false);
  return {
    changes: replaces.length > 0 || valued || adopted,
    replaces,
    deleteBeforeReplace: replaces.length > 0,
  };
}

/** This environment's value in a record, or undefined when it holds none. */
export function valueIn(record: EnvironmentVariable, environmentId: string): string | undefined {
  return record.values.find((v) => v._environmentId === environmentId)?.value;
}

/**
 * The outputs of this environment's value: `value` is the declared one when given (a secret reads back
 * masked), else what the service answered; absent for a secret value kept without declaring it.
 */
export function toEnvironmentVariableOutputs(
  record: EnvironmentVariable,
  value: string | undefined,
  adopt: boolean | undefined,
): EnvironmentVariableOutputs {
  const outs: EnvironmentVariableOutputs = {
    variableId: record._id,
    key: record.key,
    isSecret: record.isSecret,
    type: record.type,
  };
  if (value !== undefined) outs.value = value;
  if (adopt !== undefined) outs.adopt = adopt;
  return outs;
}

/** The inputs that describe read outputs (what `pulumi import` writes, and what a refresh stores). */
export function environmentVariableInputsOf(outs: EnvironmentVariableOutputs): Props {
  const inputs: Props = { key: outs.key };
  if (outs.value !== undefined) inputs.value = outs.value;
  if (outs.isSecret) inputs.isSecret = true;
  if (outs.type !== DEFAULT_VARIABLE_TYPE) inputs.type = outs.type;
  if (outs.adopt !== undefined) inputs.adopt = outs.adopt;
  return inputs;
}
