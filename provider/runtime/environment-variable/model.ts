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

/** Validates new inputs before any request: key pattern and length, value length, the mask as a value. */
export function checkEnvironmentVariable(_olds: Props, news: Props): EnvironmentVariableCheck {
  const raw = engineInputs(news);
  return {
    inputs: raw as EnvironmentVariableInputs,
    failures: schemaFailures(environmentVariableInputsSchema, raw),
  };
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
  const valued = isUnknown(news.value) || news.value !== olds.value;
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
 * masked), else what the service answered.
 */
export function toEnvironmentVariableOutputs(
  record: EnvironmentVariable,
  value: string,
  adopt: boolean | undefined,
): EnvironmentVariableOutputs {
  const outs: EnvironmentVariableOutputs = {
    variableId: record._id,
    key: record.key,
    value,
    isSecret: record.isSecret,
    type: record.type,
  };
  if (adopt !== undefined) outs.adopt = adopt;
  return outs;
}

/** The inputs that describe read outputs (what `pulumi import` writes, and what a refresh stores). */
export function environmentVariableInputsOf(outs: EnvironmentVariableOutputs): Props {
  const inputs: Props = { key: outs.key, value: outs.value };
  if (outs.isSecret) inputs.isSecret = true;
  if (outs.type !== DEFAULT_VARIABLE_TYPE) inputs.type = outs.type;
  if (outs.adopt !== undefined) inputs.adopt = outs.adopt;
  return inputs;
}
