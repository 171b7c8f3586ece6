import type * as pulumi from "@pulumi/pulumi";
import type { Environment } from "../../sdk/schemas";
import type { InputArgs } from "../inputs";
import { type DataSourceOptions, type DataSourceOutputOptions, requestOptions } from "./data-source-options";
import { invoke, outputOf } from "./invoke";

/** Arguments of {@link getEnvironment}: none (the API key, or `opts.provider`, says which environment). */
export type GetEnvironmentArgs = Record<string, never>;

/**
 * The environment the API key acts on (`GET /v1/environments/me`): `_id`, `name` ("Development",
 * "Production", ...), `_organizationId`, and `_parentId` (the Development environment of a derived one).
 * With `opts.provider`, the environment of that `svc.Provider`'s key. The key itself is never answered.
 */
export function getEnvironment(
  _args: GetEnvironmentArgs = {},
  opts?: DataSourceOptions,
): Promise<Environment> {
  return invoke("getEnvironment", opts, (client) => client.environments.me(requestOptions(opts)));
}

/** {@link getEnvironment} as an Output (waits for `opts.dependsOn` and the provider's settings). */
export function getEnvironmentOutput(
  args: InputArgs<GetEnvironmentArgs> = {},
  opts?: DataSourceOutputOptions,
): pulumi.Output<Environment> {
  return outputOf<GetEnvironmentArgs, Environment>(args, opts, getEnvironment);
}
