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
import { type HeaderBag, headerValue, parseRetryAfter, requestIdOf } from "./http-utils";
import { checkRequestOptions, type RequestOptions, type ResolvedClientOptions } from "./options";
import type { RatePacer } from "./rate-pacer";
import { redactUrl } from "./redact";
import { type AttemptFailure, decideRetry, type RetryDecision } from "./retry";
import { formatIssues } from "./schemas/validation";

/** HTTP methods the service uses. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Query values: arrays are sent by repeating the parameter; `undefined`/`null` are left out. */
export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[];

/** One call of the service, as the resource groups describe it. */
export interface CallSpec<T> {
  /** Name used in errors, e.g. `integrations.create`. */
  operation: string;
  method: HttpMethod;
  /** Path below the base URL with path parameters already encoded, e.g. `/v1/integrations`. */
  path: string;
  query?: Readonly<Record<string, QueryValue>>;
  /** JSON body (already validated). */
  body?: unknown;
  /** Schema of the response payload; `null` when no body is expected (204). */
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

/** What one attempt produced: a response read whole, or a failure without response. */
type AttemptResult =
  | { kind: "response"; status: number; headers: HeaderBag; text: string }
  | { kind: "failure"; failure: AttemptFailure; cause: unknown; final?: boolean };

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

/** Outcome of parsing a response payload. */
type Parsed<T> = { ok: true; value: T } | { ok: false; issues: string[] };

function isJsonContentType(ct: string | undefined): boolean {
  return ct === undefined || /[/+]json\b/i.test(ct);
}

/**
 * Validates a payload that may come wrapped as `{ "data": ... }` or bare. A body whose only key is `data`
 * is unwrapped first; any other body is tried as is first (paginated bodies have `data` plus cursors, and a
 * subscriber has a `data` field of its own), then the other way round.
 */
export function parseEnvelope<T>(json: unknown, schema: z.ZodType<T>): Parsed<T> {
  const wrapped =
    json !== null && typeof json === "object" && !Array.isArray(json) && Object.hasOwn(json, "data")
      ? (json as { data: unknown })
      : undefined;
  if (!wrapped) {
    const r = schema.safeParse(json);
    return r.success ? { ok: true, value: r.data } : { ok: false, issues: formatIssues(r.error) };
  }
  const onlyData = Object.keys(wrapped).length === 1;
  const first = onlyData ? wrapped.data : json;
  const second = onlyData ? json : wrapped.data;
  const r1 = schema.safeParse(first);
  if (r1.success) return { ok: true, value: r1.data };
  const r2 = schema.safeParse(second);
  if (r2.success) return { ok: true, value: r2.data };
  return { ok: false, issues: formatIssues(r1.error) };
}

const MAX_ISSUES = 10;

/**
 * The HTTP layer of {@link SvcClient}: one keep-alive pool per client (or the given dispatcher), auth and
 * JSON, timeouts, retries with idempotency keys, and turning every failure into the error family.
 */
export class Transport {
  readonly #o: ResolvedClientOptions;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #baseHeaders: Record<string, string>;
  readonly #secrets: readonly string[];
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

  /** Performs one logical call: validates per-call options, attempts, retries, parses. */
  async request<T>(spec: CallSpec<T>, callOptions?: RequestOptions): Promise<T> {
    const call = checkRequestOptions(spec.operation, callOptions);
    const o = this.#o;
    const path = `${o.basePath}${spec.path}${queryString(spec.query)}`;
    const url = `${o.origin}${path}`;
    const hasBody = spec.body !== undefined;
    const bodyText = hasBody ? JSON.stringify(spec.body) : undefined;
    const headers: Record<string, string> = hasBody
      ? { ...this.#baseHeaders, "content-type": "application/json" }
      : { ...this.#baseHeaders };
    const needsKey = spec.method === "POST" || spec.method === "PATCH";
    // POST and PATCH always carry a key (made once, reused by every retry); other methods only when asked.
    const idempotencyKey = needsKey ? (call.idempotencyKey ?? randomUUID()) : call.idempotencyKey;
    if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
    const timeoutMs = call.timeoutMs ?? o.timeoutMs;
    const retryOptions = {
      maxRetries: call.maxRetries ?? o.maxRetries,
      baseRetryDelayMs: o.baseRetryDelayMs,
      maxRetryDelayMs: o.maxRetryDelayMs,
      totalRetryBudgetMs: o.totalRetryBudgetMs,
    };
    const signal = call.signal;
    const started = performance.now();
    let retryReason: string | undefined;

    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw new AbortError(spec.operation, signal.reason);
      if (o.onRequest) this.#notify(spec, url, attempt, idempotencyKey, retryReason);
      // A retry may not run past the total budget: its timeout shrinks to what is left (at least 1 s).
      const attemptTimeoutMs =
        attempt === 1
          ? timeoutMs
          : Math.min(
              timeoutMs,
              Math.max(1_000, Math.ceil(retryOptions.totalRetryBudgetMs - (performance.now() - started))),
            );
      const result = await this.#attempt(
        spec.method,
        path,
        headers,
        bodyText,
        attemptTimeoutMs,
        signal,
        call.pacing === false ? undefined : o.pacer,
      );

      let failureError: SvcError;
      if (result.kind === "failure") {
        if (result.failure === "abort") throw new AbortError(spec.operation, signal?.reason);
        const decision: RetryDecision = result.final
          ? { retry: false, reason: "not retryable" }
          : decideRetry({
              method: spec.method,
              hasIdempotencyKey: idempotencyKey !== undefined,
              attempt,
              error: result.failure,
              elapsedMs: performance.now() - started,
              options: retryOptions,
              random: Math.random,
            });
        if (decision.retry) {
          retryReason = decision.reason;
          await sleep(decision.delayMs, signal, spec.operation);
          continue;
        }
        const base = {
          operation: spec.operation,
          method: spec.method,
          url,
          attempts: attempt,
          secrets: this.#secrets,
        };
        failureError =
          result.failure === "timeout"
            ? new TimeoutError({ ...base, timeoutMs: attemptTimeoutMs, cause: result.cause })
            : new ConnectionError({ ...base, reason: describeCause(result.cause), cause: result.cause });
        throw failureError;
      }

      const { status, headers: resHeaders, text } = result;
      if (status >= 200 && status < 300) return this.#parseSuccess(spec, url, status, resHeaders, text);

      const body = parseErrorBody(text);
      const decision = decideRetry({
        method: spec.method,
        hasIdempotencyKey: idempotencyKey !== undefined,
        attempt,
        status,
        headers: resHeaders,
        body,
        elapsedMs: performance.now() - started,
        options: retryOptions,
        random: Math.random,
      });
      if (decision.retry) {
        retryReason = decision.reason;
        await sleep(decision.delayMs, signal, spec.operation);
        continue;
      }
      throw ApiError.from({
        operation: spec.operation,
        method: spec.method,
        url,
        status,
        body,
        requestId: requestIdOf(resHeaders),
        retryAfterMs: parseRetryAfter(headerValue(resHeaders, "retry-after")),
        attempts: attempt,
        secrets: this.#secrets,
      });
    }
  }

  #notify(
    spec: CallSpec<unknown>,
    url: string,
    attempt: number,
    idempotencyKey?: string,
    retryReason?: string,
  ) {
    try {
      this.#o.onRequest?.({
        operation: spec.operation,
        method: spec.method,
        url: redactUrl(url, this.#secrets),
        attempt,
        ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
        ...(retryReason === undefined ? {} : { retryReason }),
      });
    } catch {
      // A logging hook must not change the outcome of the call.
    }
  }

  async #attempt(
    method: HttpMethod,
    path: string,
    headers: Record<string, string>,
    body: string | undefined,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    pacer: RatePacer | undefined,
  ): Promise<AttemptResult> {
    if (pacer) {
      try {
        await pacer.acquire(method, path, signal);
      } catch (cause) {
        return { kind: "failure", failure: "abort", cause };
      }
    }
    let answered = false;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const res = await this.#dispatcher.request({
        origin: this.#o.origin,
        path,
        method,
        headers,
        body: body ?? null,
        signal: controller.signal,
      });
      answered = true;
      pacer?.release();
      this.#o.pacer?.observe(method, path, res.statusCode, res.headers);
      // Read the body exactly once, whole; undici rejects here if the connection drops mid-body.
      const text = await res.body.text();
      return { kind: "response", status: res.statusCode, headers: res.headers, text };
    } catch (cause) {
      if (signal?.aborted) return { kind: "failure", failure: "abort", cause };
      if (timedOut) return { kind: "failure", failure: "timeout", cause };
      const code = (cause as { code?: unknown } | null)?.code;
      return {
        kind: "failure",
        failure: "connection",
        cause,
        final: typeof code === "string" && FINAL_CODES.has(code),
      };
    } finally {
      if (!answered) pacer?.release();
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  #parseSuccess<T>(spec: CallSpec<T>, url: string, status: number, headers: HeaderBag, text: string): T {
    const fail = (issues: string[]) =>
      new ResponseValidationError({
        operation: spec.operation,
        method: spec.method,
        url,
        status,
        requestId: requestIdOf(headers),
        issues:
          issues.length > MAX_ISSUES
            ? [...issues.slice(0, MAX_ISSUES), `… ${issues.length - MAX_ISSUES} more`]
            : issues,
        secrets: this.#secrets,
      });
    if (spec.response === null) return undefined as T;
    if (status === 204 || text.trim() === "") throw fail(["(body): empty response, expected JSON"]);
    const contentType = headerValue(headers, "content-type");
    if (!isJsonContentType(contentType)) {
      const html = /^\s*</.test(text) ? " (looks like HTML)" : "";
      throw fail([`(body): expected application/json, got content-type ${contentType}${html}`]);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw fail([`(body): malformed JSON (${(e as Error).message}), ${text.length} bytes`]);
    }
    const parsed = parseEnvelope(json, spec.response);
    if (!parsed.ok) throw fail(parsed.issues);
    return parsed.value;
  }
}

function parseErrorBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
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
