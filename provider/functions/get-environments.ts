import type * as pulumi from "@pulumi/pulumi";
import type { Environment } from "../../sdk/schemas";
import type { InputArgs } from "../inputs";
import { type DataSourceOptions, type DataSourceOutputOptions, requestOptions } from "./data-source-options";
import { invoke, outputOf } from "./invoke";

/** Arguments of {@link getEnvironments}: none (the API key, or `opts.provider`, says which organization). */
export type GetEnvironmentsArgs = Record<string, never>;

/**
 * Every environment of the API key's organization (`GET /v1/environments`): `_id`, `name`, `identifier`,
 * `_parentId`, ... in the service's order. The API keys the service answers for the key's own environment
 * are left out.
 */
export function getEnvironments(
  _args: GetEnvironmentsArgs = {},
  opts?: DataSourceOptions,
): Promise<Environment[]> {
  return invoke("getEnvironments", opts, (client) => client.environments.list(requestOptions(opts)));
}

/** {@link getEnvironments} as an Output (waits for `opts.dependsOn` and the provider's settings). */
export function getEnvironmentsOutput(
  args: InputArgs<GetEnvironmentsArgs> = {},
  opts?: DataSourceOutputOptions,
): pulumi.Output<Environment[]> {
  return outputOf<GetEnvironmentsArgs, Environment[]>(args, opts, getEnvironments);
}
