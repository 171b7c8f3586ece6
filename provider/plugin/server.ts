/**
 * The gRPC server of `pulumi-resource-svc`: the ResourceProvider service of @pulumi/pulumi's generated stubs,
 * every method answered (those the plugin does not serve with UNIMPLEMENTED, as the engine expects of a
 * provider without them), on a loopback port of its own.
 *
 * Start-up is what the engine waits for on every `preview`, `up` and `refresh`: before the port is served
 * this module loads the gRPC library and the stubs alone. GetPluginInfo and GetSchema are answered from
 * ./plugin-identity.ts; the other methods load ./plugin-methods.ts (and through it the runtime) on the first
 * call that needs them. test/plugin/startup-modules.test.ts holds that line.
 */
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { packageVersion } from "../../node-support/package-version";
import { grpc, type grpcTypes } from "./grpc";
import { unimplemented } from "./plugin-errors";
import { identityMethods, type PluginIdentity, servedSchema } from "./plugin-identity";
import type * as methods from "./plugin-methods";
import { unary } from "./unary";

/** A method the plugin does not serve. */
function refused<Req, Res>(method: string): grpcTypes.handleUnaryCall<Req, Res> {
  return (_call, callback) => callback(unimplemented(method), null);
}

/** The service implementation: `identity` answered at once, the other methods by `load()` (called on use). */
export function serviceImplementation(
  identity: PluginIdentity,
  load: () => Promise<methods.PluginMethods>,
): provrpc.IResourceProviderServer {
  const { getPluginInfo, getSchema } = identityMethods(identity);
  return {
    getPluginInfo: unary(getPluginInfo),
    getSchema: unary(getSchema),
    checkConfig: unary(async (req) => (await load()).checkConfig(req)),
    diffConfig: unary(async (req) => (await load()).diffConfig(req)),
    configure: unary(async (req) => (await load()).configure(req)),
    invoke: unary(async (req) => (await load()).invoke(req)),
    cancel: unary(async () => (await load()).cancel()),
    check: unary(async (req) => (await load()).check(req)),
    diff: unary(async (req) => (await load()).diff(req)),
    create: unary(async (req) => (await load()).create(req)),
    read: unary(async (req) => (await load()).read(req)),
    update: unary(async (req) => (await load()).update(req)),
    delete: unary(async (req) => (await load()).delete(req)),
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

/** ./plugin-methods.ts over one plugin state, loaded and made on the first call. */
function onFirstCall(env: PluginServerOptions["env"]): () => Promise<methods.PluginMethods> {
  let made: Promise<methods.PluginMethods> | undefined;
  return () => {
    made ??= import("./plugin-methods.js").then((m) => m.pluginMethods(env));
    return made;
  };
}

/** Starts the server on a free loopback port. */
export function startPluginServer(opts: PluginServerOptions = {}): Promise<PluginServer> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 1 << 30 });
  const identity = { version: packageVersion(), schema: servedSchema };
  server.addService(provrpc.ResourceProviderService, serviceImplementation(identity, onFirstCall(opts.env)));
  return new Promise((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => {
      if (err) return reject(err);
      resolve({ port, close: () => new Promise((done) => server.tryShutdown(() => done())) });
    });
  });
}
