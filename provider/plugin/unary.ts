/** gRPC unary handlers from async functions: a resolved value is the answer, a rejection the error status. */
import type { grpcTypes } from "./grpc";
import { grpcError } from "./plugin-errors";

/** A unary handler answering with `fn(request)`. */
export function unary<Req, Res>(fn: (request: Req) => Promise<Res>): grpcTypes.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    fn(call.request).then(
      (response) => callback(null, response),
      (e: unknown) => callback(grpcError(e), null),
    );
  };
}
