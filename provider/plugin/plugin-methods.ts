/**
 * Every method of the ResourceProvider service that works on the plugin's state (the config methods and the
 * resource methods), over one {@link SvcPlugin}. ./server.ts loads this module on the first such call, so
 * nothing of it is loaded before the port is served.
 */
import { configMethods } from "./config-methods";
import { resourceMethods } from "./resource-methods";
import { SvcPlugin } from "./svc-plugin";

/** The config and resource methods of one plugin process. */
export type PluginMethods = ReturnType<typeof configMethods> & ReturnType<typeof resourceMethods>;

/** The methods over a new plugin state that reads its environment fallback from `env`. */
export function pluginMethods(env?: Readonly<Record<string, string | undefined>>): PluginMethods {
  const plugin = new SvcPlugin(env);
  return { ...configMethods(plugin), ...resourceMethods(plugin.resources) };
}
