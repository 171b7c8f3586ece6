/**
 * A minimal stand-in for the Pulumi engine's `Engine` gRPC service: the dynamic-provider host is given its
 * address and may call back to log. Every log message is recorded so tests can scan them for secrets.
 */
import * as grpc from "@grpc/grpc-js";
import * as enginerpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engineproto from "@pulumi/pulumi/proto/engine_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";

/** One log call received from the host. */
export interface EngineLog {
  severity: number;
  message: string;
  urn: string;
}

/** A running fake engine. */
export interface FakeEngine {
  /** `127.0.0.1:<port>`. */
  address: string;
  /** Log messages received so far. */
  logs: EngineLog[];
  close(): Promise<void>;
}

/** Starts a fake engine on a loopback port-0 gRPC server. */
export async function startFakeEngine(): Promise<FakeEngine> {
  const logs: EngineLog[] = [];
  const server = new grpc.Server();
  const impl: enginerpc.IEngineServer = {
    log(call, callback) {
      logs.push({
        severity: call.request.getSeverity(),
        message: call.request.getMessage(),
        urn: call.request.getUrn(),
      });
      callback(null, new Empty());
    },
    getRootResource(_call, callback) {
      callback(null, new engineproto.GetRootResourceResponse());
    },
    setRootResource(_call, callback) {
      callback(null, new engineproto.SetRootResourceResponse());
    },
    startDebugging(_call, callback) {
      callback(null, new Empty());
    },
    requirePulumiVersion(_call, callback) {
      callback(null, new engineproto.RequirePulumiVersionResponse());
    },
  };
  server.addService(enginerpc.EngineService, impl);
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    );
  });
  return {
    address: `127.0.0.1:${port}`,
    logs,
    close: () =>
      new Promise<void>((resolve) => {
        server.tryShutdown(() => resolve());
      }),
  };
}
