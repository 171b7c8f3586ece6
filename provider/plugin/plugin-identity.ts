/**
 * What the plugin says of itself: GetPluginInfo (its version) and GetSchema (the package schema). Served
 * without loading the runtime: the engine asks for the schema of a YAML program before any other call.
 */
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";

/** What the identity methods answer. */
export interface PluginIdentity {
  /** The plugin's version (the package's). */
  version: string;
  /** The package schema, as JSON text. */
  schema(): string;
}

/** The schema the plugin serves: provider/plugin/schema.json (pinned by test/plugin/schema.test.ts), read on first use. */
export function servedSchema(): string {
  servedSchemaText ??= JSON.stringify(require("./schema.json") as typeof import("./schema.json"));
  return servedSchemaText;
}
let servedSchemaText: string | undefined;

/** GetPluginInfo and GetSchema of the ResourceProvider service. */
export function identityMethods(identity: PluginIdentity) {
  return {
    async getPluginInfo(): Promise<plugproto.PluginInfo> {
      return new plugproto.PluginInfo().setVersion(identity.version);
    },
    async getSchema(req: provproto.GetSchemaRequest): Promise<provproto.GetSchemaResponse> {
      if (req.getVersion() !== 0) throw new Error(`svc: unsupported schema version ${req.getVersion()}`);
      return new provproto.GetSchemaResponse().setSchema(identity.schema());
    },
  };
}
