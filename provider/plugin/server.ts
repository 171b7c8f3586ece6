/**
 * The gRPC server of `pulumi-resource-svc`: the ResourceProvider service of @pulumi/pulumi's generated stubs,
 * every method answered (those the plugin does not serve with UNIMPLEMENTED, as the engine expects of a
 * provider without them), on a loopback port of its own.
 */
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { packageVersion } from "../package-version";
import { configMethods, type PluginIdentity } from "./config-methods";
import { grpc, type grpcTypes } from "./grpc";
import { unimplemented } from "./plugin-errors";
import { resourceMethods } from "./resource-methods";
import schemaJson from "./schema.json";
import { SvcPlugin } from "./svc-plugin";
import { unary } from "./unary";

/** The schema the plugin serves: provider/plugin/schema.json, pinned by test/plugin/schema.test.ts. */
export const SERVED_SCHEMA = JSON.stringify(schemaJson);

/** A method the plugin does not serve. */
function refused<Req, Res>(method: string): grpcTypes.handleUnaryCall<Req, Res> {
  return (_call, callback) => callback(unimplemented(method), null);
}

/** The service implementation over one plugin state. */
export function serviceImplementation(
  plugin: SvcPlugin,
  identity: PluginIdentity,
): provrpc.IResourceProviderServer {
  const config = configMethods(plugin, identity);
  const resources = resourceMethods(plugin.resources);
  return {
    getPluginInfo: unary(config.getPluginInfo),
    getSchema: unary(config.getSchema),
    checkConfig: unary(config.checkConfig),
    diffConfig: unary(config.diffConfig),
    configure: unary(config.configure),
    invoke: unary(config.invoke),
    cancel: unary(config.cancel),
    check: unary(resources.check),
    diff: unary(resources.diff),
    create: unary(resources.create),
    read: unary(resources.read),
    update: unary(resources.update),
    delete: unary(resources.delete),
    getMapping: unary(async () => new provproto.GetMappingResponse()),
    getMappings: unary(async () => new provproto.GetMappingsResponse()),
    handshake: refused("Handshake"),
    parameterize: refused("Parameterize"),
    attach: refused("Attach"),
    construct: refused("Construct"),
    call: refused("Call"),
    list: (call) => call.emit("error", unimplemented("List")),
  };
}

/** A running plugin server. */
export interface PluginServer {
  /** The port it listens on (127.0.0.1). */
  port: number;
  /** Stops it (in-flight calls are cut). */
  close(): Promise<void>;
}

/** Options of {@link startPluginServer} (tests pass an environment; the plugin passes none). */
export interface PluginServerOptions {
  /** Where `SVC_API_KEY` / `SVC_BASE_URL` are read for the default provider (default: process.env). */
  env?: Readonly<Record<string, string | undefined>>;
}

/** Starts the server on a free loopback port. */
export function startPluginServer(opts: PluginServerOptions = {}): Promise<PluginServer> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 1 << 30 });
  const identity = { version: packageVersion(), schema: () => SERVED_SCHEMA };
  server.addService(
    provrpc.ResourceProviderService,
    serviceImplementation(new SvcPlugin(opts.env), identity),
  );
  return new Promise((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => {
      if (err) return reject(err);
      resolve({ port, close: () => new Promise((done) => server.tryShutdown(() => done())) });
    });
  });
}
