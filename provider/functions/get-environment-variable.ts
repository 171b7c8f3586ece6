import type * as pulumi from "@pulumi/pulumi";
import type { EnvironmentVariable } from "../../sdk/schemas";
import type { InputArgs } from "../inputs";
import { type DataSourceOptions, type DataSourceOutputOptions, requestOptions } from "./data-source-options";
import { invoke, outputOf } from "./invoke";

/** Arguments of {@link getEnvironmentVariable}. */
export interface GetEnvironmentVariableArgs {
  /** The variable's key. */
  key: string;
}

/**
 * One environment variable of the organization (`GET /v1/environment-variables/{key}`): `_id`, `key`,
 * `type`, `isSecret`, and `values`, which holds the API key's environment's value only (none when that
 * environment has none); a secret value reads as the mask (eight '\u2022'). Fails when the key is unknown.
 */
export function getEnvironmentVariable(
  args: GetEnvironmentVariableArgs,
  opts?: DataSourceOptions,
): Promise<EnvironmentVariable> {
  return invoke("getEnvironmentVariable", opts, (client) =>
    client.environmentVariables.get(args.key, requestOptions(opts)),
  );
}

/** {@link getEnvironmentVariable} with Input arguments. */
export function getEnvironmentVariableOutput(
  args: InputArgs<GetEnvironmentVariableArgs>,
  opts?: DataSourceOutputOptions,
): pulumi.Output<EnvironmentVariable> {
  return outputOf<GetEnvironmentVariableArgs, EnvironmentVariable>(args, opts, getEnvironmentVariable);
}
