import type * as pulumi from "@pulumi/pulumi";
import { type ChannelType, type Integration, sameServiceName } from "../../sdk/schemas";
import type { InputArgs } from "../inputs";
import { type DataSourceOptions, type DataSourceOutputOptions, requestOptions } from "./data-source-options";
import { invoke, outputOf } from "./invoke";

/** Filters of {@link getActiveIntegrations} (all optional, combined with AND). */
export interface GetActiveIntegrationsArgs {
  /** Only integrations of this channel. */
  channel?: ChannelType | (string & {});
  /** Only integrations of this provider, e.g. `fcm` (the spec's `svc` spellings name the service's `novu` ones). */
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
      (args.providerId === undefined || sameServiceName(i.providerId, args.providerId)) &&
      (args.environmentId === undefined || i._environmentId === args.environmentId),
  );
}

/**
 * The active integrations of the organization (`GET /v1/integrations/active`), filtered here by channel,
 * provider and environment. Values are plain (never secret): the service does not return credentials to an
 * API-key caller; should it ever, use {@link getActiveIntegrationsOutput}, which marks them secret.
 */
export function getActiveIntegrations(
  args: GetActiveIntegrationsArgs = {},
  opts?: DataSourceOptions,
): Promise<Integration[]> {
  return invoke("getActiveIntegrations", opts, async (client) =>
    filterIntegrations(await client.integrations.listActive(requestOptions(opts)), args),
  );
}

/** {@link getActiveIntegrations} with Input arguments; the result is secret if it holds credentials. */
export function getActiveIntegrationsOutput(
  args: InputArgs<GetActiveIntegrationsArgs> = {},
  opts?: DataSourceOutputOptions,
): pulumi.Output<Integration[]> {
  return outputOf<GetActiveIntegrationsArgs, Integration[]>(args, opts, getActiveIntegrations);
}
