/**
 * The retry policy: one pure function, no clock, no randomness of its own, no I/O. The transport asks it
 * after every failed attempt whether and how long to wait.
 */
import {
  errorMessageOf,
  type HeaderBag,
  headerValue as header,
  parseRateLimitReset,
  parseRetryAfter,
} from "./http-utils";

/** The knobs of the policy (defaults in `defaults.ts`). */
export interface RetryOptions {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff step; doubles per attempt. */
  baseRetryDelayMs: number;
  /** Longest single wait. A server hint longer than this ends the retries rather than being shortened. */
  maxRetryDelayMs: number;
  /** No retry may start later than this after the logical call began. */
  totalRetryBudgetMs: number;
}

/** How an attempt failed without an HTTP status. */
export type AttemptFailure = "connection" | "timeout" | "abort";

/** Everything the policy looks at. */
export interface RetryInput {
  /** HTTP method, upper case. */
  method: string;
  /** Whether the request carries an `Idempotency-Key` (makes POST/PATCH safe to repeat). */
  hasIdempotencyKey: boolean;
  /** Attempts made so far, including the one that just failed (1 after the first). */
  attempt: number;
  /** The response status, when there was a response. */
  status?: number;
  /** How the attempt failed, when there was no response. */
  error?: AttemptFailure;
  /** Response headers (lower-case names). */
  headers?: HeaderBag;
  /** The parsed error body (used to tell an in-flight 409 from an identifier conflict). */
  body?: unknown;
  /** Time since the logical call began. */
  elapsedMs: number;
  /** Policy knobs. */
  options: RetryOptions;
  /** Uniform in [0, 1): `Math.random` in production, fixed in tests. */
  random: () => number;
  /** Current time in ms since the epoch, to read HTTP-date `Retry-After`. */
  now?: number;
}

/**
 * The verdict. `reason` is for logs and error messages. `renewIdempotencyKey`: the retry must carry a new
 * `Idempotency-Key`, because an answer was received and the service keeps it (error answers included, a
 * 500 too) for 24 h under the old key: repeating the key would only replay that error.
 */
export type RetryDecision =
  | { retry: false; reason: string }
  | { retry: true; delayMs: number; reason: string; renewIdempotencyKey: boolean };

/**
 * True when a retry after this attempt needs a new idempotency key: the request carried one and an answer
 * came back (any status). The same key is kept after a lost answer (timeout, connection error: the first
 * attempt may have been processed, and the key makes the retry replay its answer) and after the in-flight
 * 409 (the first attempt is still running; its answer is what the retry should get).
 */
export function needsNewIdempotencyKey(
  input: Pick<RetryInput, "status" | "headers" | "body" | "hasIdempotencyKey">,
): boolean {
  return input.hasIdempotencyKey && input.status !== undefined && !isInFlightConflict(input);
}

const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
const RETRYABLE_5XX = new Set([500, 502, 503, 504]);
/** How the service words "a request with this key is still being processed". */
const IN_FLIGHT =
  /(in[ -]?flight|in progress|being processed|still processing|currently processing|retry after)/i;
/** How it words an identifier conflict, which repeating cannot fix. */
const DUPLICATE = /(already exists|duplicate|identifier)/i;

/**
 * True for the idempotency "same key still in flight" 409: it is the only 409 worth repeating. Identified by
 * a `Retry-After` header or an in-progress message, and never when the message speaks of a duplicate.
 */
export function isInFlightConflict(
  input: Pick<RetryInput, "status" | "headers" | "body" | "hasIdempotencyKey">,
) {
  if (input.status !== 409 || !input.hasIdempotencyKey) return false;
  const message = errorMessageOf(input.body) ?? "";
  if (IN_FLIGHT.test(message)) return true;
  if (DUPLICATE.test(message)) return false;
  return header(input.headers, "retry-after") !== undefined;
}

/** The server's hint of how long to wait, in ms, if any. */
function serverHintMs(input: RetryInput): number | undefined {
  const now = input.now ?? Date.now();
  const retryAfter = parseRetryAfter(header(input.headers, "retry-after"), now);
  if (retryAfter !== undefined) return retryAfter;
  // RateLimit-Reset is on every response; it only says "wait" when the bucket is empty.
  const remaining = header(input.headers, "ratelimit-remaining");
  if (input.status === 429 || remaining?.trim() === "0") {
    return parseRateLimitReset(header(input.headers, "ratelimit-reset"), now);
  }
  return undefined;
}

/** Why this failure is worth repeating, or undefined when it is not. */
function retryableCause(input: RetryInput): string | undefined {
  if (input.error === "connection") return "connection error";
  if (input.error === "timeout") return "timeout";
  const s = input.status;
  if (s === undefined) return undefined;
  if (s === 429) return "429 rate limited";
  if (RETRYABLE_5XX.has(s)) return `${s} server error`;
  if (isInFlightConflict(input)) return "409 idempotent request still in flight";
  return undefined;
}

/**
 * How long to wait before a retry: the server's hint (never less) plus a little jitter so synchronized
 * clients spread out, else exponential backoff with full jitter; or why not to retry (a hint too long).
 */
function delayOf(input: RetryInput, cause: string): number | RetryDecision {
  const { options } = input;
  const exp = Math.min(
    options.maxRetryDelayMs,
    options.baseRetryDelayMs * 2 ** Math.max(0, input.attempt - 1),
  );
  const backoff = Math.floor(input.random() * exp);
  const hint = serverHintMs(input);
  if (hint === undefined) return backoff;
  if (hint > options.maxRetryDelayMs) {
    return {
      retry: false,
      reason: `${cause}; server asked to wait ${hint} ms, more than maxRetryDelayMs ${options.maxRetryDelayMs}`,
    };
  }
  return (
    hint + Math.floor(input.random() * Math.min(options.baseRetryDelayMs, options.maxRetryDelayMs - hint))
  );
}

/**
 * Decides whether to repeat a failed attempt and how long to wait first.
 *
 * Repeats only requests that are safe to repeat (GET, HEAD, OPTIONS, PUT, DELETE, and POST/PATCH carrying an
 * `Idempotency-Key`), and only for 429, 500/502/503/504, the in-flight 409, connection errors and timeouts.
 * Never other 4xx, never a caller abort. Waits at least the server's `Retry-After` (or `RateLimit-Reset` when
 * rate limited), otherwise exponential backoff with full jitter, capped per wait (`maxRetryDelayMs`) and in
 * total (`totalRetryBudgetMs`).
 * At most `maxRetries` retries, except that a 429 carrying a wait hint is retried until the budget is spent
 * (unless `maxRetries` is 0).
 */
export function decideRetry(input: RetryInput): RetryDecision {
  const { options } = input;
  if (input.error === "abort") return { retry: false, reason: "aborted by caller" };
  const cause = retryableCause(input);
  if (cause === undefined) {
    return {
      retry: false,
      reason: input.status === undefined ? "not retryable" : `status ${input.status} is not retryable`,
    };
  }
  const method = input.method.toUpperCase();
  if (!IDEMPOTENT_METHODS.has(method) && !input.hasIdempotencyKey) {
    return { retry: false, reason: `${method} without an idempotency key is not safe to repeat (${cause})` };
  }
  // A 429 that says how long to wait is waited out for as long as the retry budget allows: under contention a
  // fair share of the bucket can take more than maxRetries refusals, and the budget still bounds the call.
  const rateLimitedWithHint = input.status === 429 && serverHintMs(input) !== undefined;
  if (input.attempt > options.maxRetries && !(rateLimitedWithHint && options.maxRetries > 0)) {
    return {
      retry: false,
      reason: `${cause}; gave up after ${input.attempt} attempts (maxRetries ${options.maxRetries})`,
    };
  }

  const delayMs = delayOf(input, cause);
  if (typeof delayMs !== "number") return delayMs;
  if (input.elapsedMs + delayMs > options.totalRetryBudgetMs) {
    return {
      retry: false,
      reason: `${cause}; waiting ${delayMs} ms would exceed the retry budget of ${options.totalRetryBudgetMs} ms`,
    };
  }
  return {
    retry: true,
    delayMs,
    reason: `${cause}; retry ${input.attempt} in ${delayMs} ms`,
    renewIdempotencyKey: needsNewIdempotencyKey(input),
  };
}
