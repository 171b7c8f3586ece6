/**
 * The `opts` argument of data sources, the counterpart of Pulumi's invoke options. Data sources run in the
 * program and call the service directly: `provider` (an `svc.Provider`) chooses the environment, as for
 * resources; the options that choose a provider plugin (`parent`, `version`, `pluginDownloadURL`) have no
 * meaning here; what remains is how the call is made and, for the Output forms, what it waits for.
 */
import * as pulumi from "@pulumi/pulumi";
import type { RequestOptions } from "../../sdk/options";
import type { Provider } from "../resources/provider";

/** Options of a data source's Promise form: the client's per-call options that apply to a read, and the provider. */
export type DataSourceOptions = Pick<RequestOptions, "signal" | "timeoutMs" | "maxRetries"> & {
  /** The environment to read (default: the stack config `svc:apiKey` / `svc:baseUrl`). */
  provider?: Provider;
};

/** Options of a data source's Output form. */
export interface DataSourceOutputOptions extends DataSourceOptions {
  /**
   * Resources to read after, as `pulumi.InvokeOutputOptions.dependsOn`: the call waits until they are
   * created or updated. In a preview where one of them is still to be created, the result is unknown.
   */
  dependsOn?: pulumi.Resource | readonly pulumi.Resource[];
}

/** The client options of `opts` (the client refuses keys it does not know, such as `dependsOn`). */
export function requestOptions(opts: DataSourceOptions | undefined): RequestOptions {
  const out: RequestOptions = {};
  if (opts?.signal !== undefined) out.signal = opts.signal;
  if (opts?.timeoutMs !== undefined) out.timeoutMs = opts.timeoutMs;
  if (opts?.maxRetries !== undefined) out.maxRetries = opts.maxRetries;
  return out;
}

/**
 * Known once every resource of `dependsOn` is registered: a custom resource's id, a component's URN
 * (a resource still to be created has an unknown id in a preview, so everything after it stays unknown).
 */
export function afterDependencies(dependsOn: DataSourceOutputOptions["dependsOn"]): pulumi.Output<unknown[]> {
  const list: readonly pulumi.Resource[] =
    dependsOn === undefined ? [] : Array.isArray(dependsOn) ? dependsOn : [dependsOn];
  return pulumi.all(list.map((r) => (pulumi.CustomResource.isInstance(r) ? r.id : r.urn)));
}
