/**
 * An undici dispatcher that runs every HTTP attempt of an SvcClient (retries included) through a
 * {@link RatePacer}: waits for a token before sending, and feeds each answer's rate-limit headers back.
 */
import { type Dispatcher, Pool } from "undici";
import { DEFAULTS } from "../../sdk/defaults";
import type { RatePacer } from "./rate-pacer";

/** Options of {@link pacedPool}. */
export interface PacedPoolOptions {
  /** Sockets to the origin (default `DEFAULTS.connections`). */
  connections?: number;
}

/** Wraps a handler so that the pacer sees the status and headers of the answer. */
function observing(
  handler: Dispatcher.DispatchHandler,
  pacer: RatePacer,
  method: string,
  path: string,
): Dispatcher.DispatchHandler {
  if (typeof handler.onResponseStart !== "function") {
    pacer.release();
    return handler;
  }
  let answered = false;
  return new Proxy(handler, {
    get(target, key, receiver) {
      if (key === "onResponseError") {
        return (controller: Dispatcher.DispatchController, err: Error) => {
          if (!answered) {
            answered = true;
            pacer.release();
          }
          return target.onResponseError?.(controller, err);
        };
      }
      if (key === "onResponseStart") {
        return (
          controller: Dispatcher.DispatchController,
          status: number,
          headers: Record<string, string | string[] | undefined>,
          statusMessage?: string,
        ) => {
          try {
            if (!answered) {
              answered = true;
              pacer.observe(method, path, status, headers);
            }
          } catch {
            // Pacing is advisory: a malformed header must not fail the request.
          }
          return target.onResponseStart?.(controller, status, headers, statusMessage);
        };
      }
      const value = Reflect.get(target, key, receiver) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Adds pacing to any dispatcher. */
export function paced(base: Dispatcher, pacer: RatePacer): Dispatcher {
  return base.compose((dispatch) => (opts, handler) => {
    const method = String(opts.method ?? "GET");
    const path = String(opts.path ?? "/");
    pacer.acquire(method, path).then(
      () => {
        try {
          dispatch(opts, observing(handler, pacer, method, path));
        } catch (err) {
          pacer.release();
          handler.onResponseError?.(abortedController, err as Error);
        }
      },
      (err: unknown) => handler.onResponseError?.(abortedController, err as Error),
    );
    return true;
  });
}

/** A keep-alive pool to `origin` whose requests are paced. Close it with `close()` when done. */
export function pacedPool(origin: string, pacer: RatePacer, options: PacedPoolOptions = {}): Dispatcher {
  const pool = new Pool(origin, {
    connections: options.connections ?? DEFAULTS.connections,
    keepAliveTimeout: DEFAULTS.keepAliveTimeoutMs,
    keepAliveMaxTimeout: DEFAULTS.keepAliveMaxTimeoutMs,
  });
  return paced(pool, pacer);
}

/** A controller for the (never expected) case where pacing itself fails before dispatch. */
const abortedController: Dispatcher.DispatchController = {
  aborted: true,
  paused: false,
  reason: null,
  abort() {},
  pause() {},
  resume() {},
};
