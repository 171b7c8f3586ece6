/**
 * Failures as the engine receives them: a gRPC status whose message is what the user reads. The runtime's
 * errors are already scrubbed of the key and every credential (../model/engine-errors.ts); a configuration
 * problem keeps its name and code in front (`ConfigError [SVC_ERR_CONFIG]: svc: ...`), as the
 * dynamic-provider host prints it, so the two paths read alike.
 */
import type { grpcTypes } from "./grpc";
import { grpc } from "./grpc";

/** The gRPC error for a failure. */
export function grpcError(e: unknown): Partial<grpcTypes.StatusObject> {
  const message = e instanceof Error ? e.message : String(e);
  const named = e instanceof Error && e.name === "ConfigError" ? `${String(e)}: ${message}` : message;
  return { code: grpc.status.UNKNOWN, details: named };
}

/** The answer for a method the plugin does not serve. */
export function unimplemented(method: string): Partial<grpcTypes.StatusObject> {
  return {
    code: grpc.status.UNIMPLEMENTED,
    details: `svc: ${method} is not implemented by pulumi-resource-svc`,
  };
}
