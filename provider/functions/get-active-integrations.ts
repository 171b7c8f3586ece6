import type * as pulumi from "@pulumi/pulumi";
import type { ChannelType, Integration } from "../../sdk/schemas";
import type { InputArgs } from "../inputs";
import { type DataSourceOptions, type DataSourceOutputOptions, requestOptions } from "./data-source-options";
import { invoke, outputOf } from "./invoke";

/** Filters of {@link getActiveIntegrations} (all optional, combined with AND). */
export interface GetActiveIntegrationsArgs {
  /** Only integrations of this channel. */
  channel?: ChannelType | (string & {});
  /** Only integrations of this provider, e.g. `fcm`. */
  providerId?: string;
  /**
   * Only integrations of this environment. The service lists the active integrations of the whole
   * organization (every environment): set this whenever one environment is meant.
   */
  environmentId?: string;
}

/** Applies the filters (the service cannot filter this list itself). */
function filterIntegrations(list: readonly Integration[], args: GetActiveIntegrationsArgs): Integration[] {
  return list.filter(
    (i) =>
      i.active !== false &&
      i.deleted !== true &&
      (args.channel === undefined || i.channel === args.channel) &&
      (args.providerId === undefined || i.providerId === args.providerId) &&
      (args.environmentId === undefined || i._environmentId === args.environmentId),
  );
}

/**
 * The active integrations as the service answers them, credentials included: the April 2026 service answers
 * them in plaintext to an API key (apps/api/src/app/integrations/integrations.controller.ts
 * `canUserAccessCredentials`), the newest `{}`. Only for what marks them secret: the Output form and the
 * plugin's Invoke (../plugin/functions.ts).
 */
export function readActiveIntegrations(
  args: GetActiveIntegrationsArgs = {},
  opts?: DataSourceOptions,
): Promise<Integration[]> {
  return invoke("getActiveIntegrations", opts, async (client) =>
    filterIntegrations(await client.integrations.listActive(requestOptions(opts)), args),
  );
}

/** The integration with `credentials: {}` in place of any the service answered (as the newest service answers). */
function withoutCredentials(integration: Integration): Integration {
  return integration.credentials === undefined ? integration : { ...integration, credentials: {} };
}

/**
 * The active integrations of the organization (`GET /v1/integrations/active`), filtered here by channel,
 * provider and environment. A plain value cannot be secret, so each integration comes with `credentials: {}`
 * whatever the service answered (some releases answer them in plaintext to an API key); the credentials
 * themselves, as secrets: {@link getActiveIntegrationsOutput}.
 */
export async function getActiveIntegrations(
  args: GetActiveIntegrationsArgs = {},
  opts?: DataSourceOptions,
): Promise<Integration[]> {
  return (await readActiveIntegrations(args, opts)).map(withoutCredentials);
}

/**
 * {@link getActiveIntegrations} with Input arguments, and the credentials the service answered (some releases
 * answer them to an API key, the newest `{}`): the result is secret as a whole when any holds credentials.
 */
export function getActiveIntegrationsOutput(
  args: InputArgs<GetActiveIntegrationsArgs> = {},
  opts?: DataSourceOutputOptions,
): pulumi.Output<Integration[]> {
  return outputOf<GetActiveIntegrationsArgs, Integration[]>(args, opts, readActiveIntegrations);
}
