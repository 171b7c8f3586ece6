import { randomUUID } from "node:crypto";
import { type Dispatcher, Pool } from "undici";
import type { z } from "zod";
import { DEFAULTS } from "./defaults";
import {
  AbortError,
  ApiError,
  ConnectionError,
  ResponseValidationError,
  type SvcError,
  TimeoutError,
  ValidationError,
} from "./errors";
import { exchange } from "./http-exchange";
import { type HeaderBag, headerValue, parseRetryAfter, requestIdOf } from "./http-utils";
import { checkRequestOptions, type RequestOptions, type ResolvedClientOptions } from "./options";
import type { RatePacer } from "./rate-pacer";
import { redactUrl } from "./redact";
import { parseErrorBody, parsePayload } from "./response";
import { type AttemptFailure, decideRetry, type RetryDecision, type RetryOptions } from "./retry";
import { formatIssues } from "./schemas/validation";

/** HTTP methods the service uses. */
type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Query values: arrays are sent by repeating the parameter; `undefined`/`null` are left out. */
export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[];

/** One call of the service, as the resource groups describe it. */
interface CallSpec<T> {
  /** Name used in errors, e.g. `integrations.create`. */
  operation: string;
  method: HttpMethod;
  /** Path below the base URL with path parameters already encoded, e.g. `/v1/integrations`. */
  path: string;
  query?: Readonly<Record<string, QueryValue>>;
  /** JSON body (already validated). */
  body?: unknown;
  /**
   * Schema of the response payload; `null` when no body is expected (204). A schema that accepts
   * `undefined` makes a 204 resolve to `undefined`.
   */
  response: z.ZodType<T> | null;
}

/** Encodes one path parameter. */
export function pathParam(value: string): string {
  return encodeURIComponent(value);
}

/**
 * Validates a request body or query with its strict schema before anything is sent; returns the parsed
 * value or throws a {@link ValidationError} naming each field and, for enums, the allowed values.
 */
export function validateInput<S extends z.ZodType>(
  operation: string,
  schema: S,
  value: unknown,
  what: string,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError(operation, formatIssues(parsed.error), what);
  return parsed.data;
}

function queryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  if (!query) return "";
  let out = "";
  const add = (k: string, v: string | number | boolean) => {
    out += `${out === "" ? "?" : "&"}${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`;
  };
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) add(k, item);
    else add(k, v as string | number | boolean);
  }
  return out;
}

/** One logical call, prepared once and shared by its attempts. */
interface PreparedCall<T> {
  spec: CallSpec<T>;
  /** Base path, path and query. */
  path: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The key the next attempt sends (POST and PATCH only); renewed after a received error answer. */
  idempotencyKey: string | undefined;
  /** The caller's key, when given: renewed keys derive from it. */
  callerKey: string | undefined;
  /** How many times the key was renewed. */
  renewals: number;
  timeoutMs: number;
  retry: RetryOptions;
  signal: AbortSignal | undefined;
  /** The pacer this call waits for, unless pacing is off (for the client or this call). */
  pacer: RatePacer | undefined;
  started: number;
}

/** What one attempt produced: a 2xx read whole, an error status with its body, or no answer. */
type Outcome =
  | { kind: "success"; status: number; headers: HeaderBag; text: string }
  | { kind: "status"; status: number; headers: HeaderBag; body: unknown }
  | { kind: "failure"; failure: AttemptFailure; cause: unknown; final: boolean; timeoutMs: number };

/** An attempt that did not succeed. */
type Failed = Exclude<Outcome, { kind: "success" }>;

/**
 * undici errors that no retry can fix: the client was closed, or the request itself is malformed (for
 * example a header value with a newline).
 */
const FINAL_CODES = new Set([
  "UND_ERR_CLOSED",
  "UND_ERR_DESTROYED",
  "UND_ERR_INVALID_ARG",
  "UND_ERR_NOT_SUPPORTED",
]);

/** Most field problems listed in a {@link ResponseValidationError}. */
const MAX_ISSUES = 10;

/** Longest `Idempotency-Key` the service accepts. */
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * The key a retry after a received error answer sends: a fresh uuid, or for a caller's key `<key>:r<n>`
 * (the key cut short so the whole stays within 255 characters; the suffix always stays, so it differs).
 */
export function renewedIdempotencyKey(callerKey: string | undefined, renewal: number): string {
  if (callerKey === undefined) return randomUUID();
  const suffix = `:r${renewal}`;
  return `${callerKey.slice(0, MAX_IDEMPOTENCY_KEY_LENGTH - suffix.length)}${suffix}`;
}

/** Gives the call a new idempotency key (its headers are the call's own copy once a key is set). */
function renewKey(call: PreparedCall<unknown>): void {
  if (call.idempotencyKey === undefined) return;
  call.renewals += 1;
  call.idempotencyKey = renewedIdempotencyKey(call.callerKey, call.renewals);
  call.headers["idempotency-key"] = call.idempotencyKey;
}

/** A retry's timeout may not run past the call's retry budget: it shrinks to what is left (at least 1 s). */
function attemptTimeoutMs(call: PreparedCall<unknown>, attempt: number): number {
  if (attempt === 1) return call.timeoutMs;
  const left = Math.ceil(call.retry.totalRetryBudgetMs - (performance.now() - call.started));
  return Math.min(call.timeoutMs, Math.max(1_000, left));
}

/** An attempt without a whole answer: a caller abort is final, and so are undici errors no retry can fix. */
function failureOf(failure: AttemptFailure, cause: unknown, timeoutMs: number): Outcome {
  const code = (cause as { code?: unknown } | null)?.code;
  const final = failure === "abort" || (typeof code === "string" && FINAL_CODES.has(code));
  return { kind: "failure", failure, cause, final, timeoutMs };
}

/**
 * The HTTP layer of {@link SvcClient}: one keep-alive pool per client (or the given dispatcher), auth and
 * JSON, pacing, timeouts, retries with idempotency keys, and turning every failure into the error family.
 * A call is prepared once, then attempted, judged by the retry policy, and waited on, until it succeeds
 * or the policy gives up.
 */
export class Transport {
  readonly #o: ResolvedClientOptions;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #baseHeaders: Record<string, string>;
  readonly #secrets: readonly string[];
  /** The retry options of a call that sets no `maxRetries` of its own (shared, never changed). */
  readonly #retry: RetryOptions;
  #closing: Promise<void> | undefined;

  constructor(options: ResolvedClientOptions) {
    this.#o = options;
    this.#secrets = [options.apiKey];
    this.#ownsDispatcher = options.dispatcher === undefined;
    this.#dispatcher =
      options.dispatcher ??
      new Pool(options.origin, {
        connections: options.connections,
        keepAliveTimeout: options.keepAliveTimeoutMs,
        keepAliveMaxTimeout: Math.max(options.keepAliveTimeoutMs, DEFAULTS.keepAliveMaxTimeoutMs),
      });
    this.#retry = {
      maxRetries: options.maxRetries,
      baseRetryDelayMs: options.baseRetryDelayMs,
      maxRetryDelayMs: options.maxRetryDelayMs,
      totalRetryBudgetMs: options.totalRetryBudgetMs,
    };
    this.#baseHeaders = {
      authorization: `ApiKey ${options.apiKey}`,
      accept: "application/json",
      "user-agent": options.userAgent,
    };
  }

  /** Closes the client's own pool (a dispatcher passed in is left to its owner). Idempotent. */
  close(): Promise<void> {
    this.#closing ??= this.#ownsDispatcher ? this.#dispatcher.close() : Promise.resolve();
    return this.#closing;
  }

  /** Performs one logical call: validates per-call options, then attempts, decides, waits, until done. */
  async request<T>(spec: CallSpec<T>, callOptions?: RequestOptions): Promise<T> {
    const call = this.#prepare(spec, checkRequestOptions(spec.operation, callOptions));
    let retryReason: string | undefined;
    for (let attempt = 1; ; attempt++) {
      if (call.signal?.aborted) throw new AbortError(spec.operation, call.signal.reason);
      if (this.#o.onRequest) this.#notify(call, attempt, retryReason);
      const outcome = await this.#attempt(call, attempt);
      if (outcome.kind === "success") return this.#payload(call, outcome);
      const decision = this.#decide(call, attempt, outcome);
      if (!decision.retry) throw this.#error(call, attempt, outcome);
      retryReason = decision.reason;
      if (decision.renewIdempotencyKey) renewKey(call);
      await sleep(decision.delayMs, call.signal, spec.operation);
    }
  }

  /** Everything the attempts of a call share: URL, headers, body, idempotency key, limits. */
  #prepare<T>(spec: CallSpec<T>, options: RequestOptions): PreparedCall<T> {
    const o = this.#o;
    const path = `${o.basePath}${spec.path}${queryString(spec.query)}`;
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    // POST and PATCH always carry a key (reused by a retry after a lost answer, renewed after a received
    // one); PUT and DELETE never do: the service ignores it there.
    const needsKey = spec.method === "POST" || spec.method === "PATCH";
    const idempotencyKey = needsKey ? (options.idempotencyKey ?? randomUUID()) : undefined;
    // The shared base headers are sent as they are (undici does not change them); others get a copy.
    let headers = this.#baseHeaders;
    if (body !== undefined || idempotencyKey !== undefined) {
      headers = { ...headers };
      if (body !== undefined) headers["content-type"] = "application/json";
      if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
    }
    return {
      spec,
      path,
      url: `${o.origin}${path}`,
      headers,
      body,
      idempotencyKey,
      callerKey: needsKey ? options.idempotencyKey : undefined,
      renewals: 0,
      timeoutMs: options.timeoutMs ?? o.timeoutMs,
      retry:
        options.maxRetries === undefined ? this.#retry : { ...this.#retry, maxRetries: options.maxRetries },
      signal: options.signal,
      pacer: options.pacing === false ? undefined : o.pacer,
      started: performance.now(),
    };
  }

  /** One attempt: waits for the pacer (outside the attempt's timeout), then sends. */
  #attempt(call: PreparedCall<unknown>, attempt: number): Promise<Outcome> {
    const timeoutMs = attemptTimeoutMs(call, attempt);
    return call.pacer ? this.#pacedSend(call, call.pacer, timeoutMs) : this.#send(call, timeoutMs);
  }

  async #pacedSend(call: PreparedCall<unknown>, pacer: RatePacer, timeoutMs: number): Promise<Outcome> {
    try {
      await pacer.acquire(call.spec.method, call.path, call.signal);
    } catch (cause) {
      return { kind: "failure", failure: "abort", cause, final: true, timeoutMs };
    }
    return this.#send(call, timeoutMs);
  }

  /** Sends once and reads the answer whole, within `timeoutMs`; ends the pacer's acquisition, if any. */
  async #send(call: PreparedCall<unknown>, timeoutMs: number): Promise<Outcome> {
    const { spec, pacer } = call;
    let answered = false;
    const result = await exchange(this.#dispatcher, {
      origin: this.#o.origin,
      path: call.path,
      method: spec.method,
      headers: call.headers,
      body: call.body,
      timeoutMs,
      signal: call.signal,
      onAnswer: this.#o.pacer
        ? (status, headers) => {
            answered = true;
            pacer?.release();
            this.#o.pacer?.observe(spec.method, call.path, status, headers);
          }
        : undefined,
    });
    if (!answered) pacer?.release();
    if (!result.ok) return failureOf(result.failure, result.cause, timeoutMs);
    const { status, headers, text } = result;
    if (status >= 200 && status < 300) return { kind: "success", status, headers, text };
    return { kind: "status", status, headers, body: parseErrorBody(text) };
  }

  /** Asks the retry policy about a failed attempt. */
  #decide(call: PreparedCall<unknown>, attempt: number, outcome: Failed): RetryDecision {
    if (outcome.kind === "failure" && outcome.final) return { retry: false, reason: "not retryable" };
    const input = {
      method: call.spec.method,
      hasIdempotencyKey: call.idempotencyKey !== undefined,
      attempt,
      elapsedMs: performance.now() - call.started,
      options: call.retry,
      random: Math.random,
    };
    if (outcome.kind === "failure") return decideRetry({ ...input, error: outcome.failure });
    return decideRetry({ ...input, status: outcome.status, headers: outcome.headers, body: outcome.body });
  }

  /** The error a call ends with when the policy gives up. */
  #error(call: PreparedCall<unknown>, attempts: number, outcome: Failed): SvcError {
    const { operation, method } = call.spec;
    const base = { operation, method, url: call.url, attempts, secrets: this.#secrets };
    if (outcome.kind === "status") {
      return ApiError.from({
        ...base,
        status: outcome.status,
        body: outcome.body,
        requestId: requestIdOf(outcome.headers),
        retryAfterMs: parseRetryAfter(headerValue(outcome.headers, "retry-after")),
      });
    }
    const { failure, cause } = outcome;
    if (failure === "abort") return new AbortError(operation, call.signal?.reason);
    if (failure === "timeout") return new TimeoutError({ ...base, timeoutMs: outcome.timeoutMs, cause });
    return new ConnectionError({ ...base, reason: describeCause(cause), cause });
  }

  /** The payload of a 2xx, checked against the call's schema. */
  #payload<T>(call: PreparedCall<T>, outcome: Outcome & { kind: "success" }): T {
    const { spec } = call;
    if (spec.response === null) return undefined as T;
    const { status, headers, text } = outcome;
    // A 204 answers "nothing there" where the call's schema allows that (a missing topic subscription).
    if (status === 204 && spec.response.safeParse(undefined).success) return undefined as T;
    const parsed = parsePayload(status, headerValue(headers, "content-type"), text, spec.response);
    if (parsed.ok) return parsed.value;
    const { issues } = parsed;
    throw new ResponseValidationError({
      operation: spec.operation,
      method: spec.method,
      url: call.url,
      status,
      requestId: requestIdOf(headers),
      issues:
        issues.length > MAX_ISSUES
          ? [...issues.slice(0, MAX_ISSUES), `… ${issues.length - MAX_ISSUES} more`]
          : issues,
      secrets: this.#secrets,
    });
  }

  #notify(call: PreparedCall<unknown>, attempt: number, retryReason: string | undefined) {
    try {
      this.#o.onRequest?.({
        operation: call.spec.operation,
        method: call.spec.method,
        url: redactUrl(call.url, this.#secrets),
        attempt,
        ...(call.idempotencyKey === undefined ? {} : { idempotencyKey: call.idempotencyKey }),
        ...(retryReason === undefined ? {} : { retryReason }),
      });
    } catch {
      // A logging hook must not change the outcome of the call.
    }
  }
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === "string" ? `${cause.message} (${code})` : cause.message;
  }
  return String(cause);
}

/** Waits `ms`, or rejects with an {@link AbortError} as soon as `signal` fires. */
function sleep(ms: number, signal: AbortSignal | undefined, operation: string): Promise<void> {
  if (ms <= 0 && !signal?.aborted) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortError(operation, signal.reason));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError(operation, signal?.reason));
    };
    // Node's timers may fire up to ~1 ms early; a wait for Retry-After must never end before it.
    const until = performance.now() + ms;
    const wake = () => {
      const left = until - performance.now();
      if (left > 0) {
        timer = setTimeout(wake, Math.ceil(left));
        return;
      }
      signal?.removeEventListener("abort", onAbort);
      resolve();
    };
    let timer = setTimeout(wake, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
