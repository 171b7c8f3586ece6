import { type Dispatcher, Pool } from "undici";

/** A response header seen by the client, keyed later by the emulator's `x-request-id`. */
export interface TappedResponse {
  status: number;
  requestId: string | undefined;
  retryAfter: string | undefined;
}

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/**
 * A keep-alive pool for `origin` that records the status, `x-request-id` and `Retry-After` of every response
 * before handing it on unchanged: what the client actually received, to join with the emulator's log.
 */
export function tappedPool(origin: string, seen: TappedResponse[]): Dispatcher {
  return new Pool(origin, { connections: 32 }).compose(
    (dispatch) => (opts, handler) =>
      dispatch(opts, {
        onRequestStart: (c, ctx) => handler.onRequestStart?.(c, ctx),
        onRequestUpgrade: (c, s, h, socket) => handler.onRequestUpgrade?.(c, s, h, socket),
        onResponseStart: (c, status, headers, message) => {
          seen.push({
            status,
            requestId: one(headers["x-request-id"]),
            retryAfter: one(headers["retry-after"]),
          });
          handler.onResponseStart?.(c, status, headers, message);
        },
        onResponseData: (c, chunk) => handler.onResponseData?.(c, chunk),
        onResponseEnd: (c, trailers) => handler.onResponseEnd?.(c, trailers),
        onResponseError: (c, err) => handler.onResponseError?.(c, err),
      }),
  );
}
