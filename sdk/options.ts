import type { Dispatcher } from "undici";
import { z } from "zod";
import { DEFAULTS } from "./defaults";
import { ValidationError } from "./errors";
import { isHttpUrl } from "./http-url";
import { RatePacer } from "./rate-pacer";
import { idempotencyKeySchema } from "./schemas/common";
import { formatIssues } from "./schemas/validation";

/** What `onRequest` sees before every attempt. Never contains the API key or a body. */
export interface RequestEvent {
  /** The sdk operation, e.g. `integrations.create`. */
  operation: string;
  method: string;
  /** Redacted request URL. */
  url: string;
  /** 1 for the first attempt, 2 for the first retry, ... */
  attempt: number;
  /** The `Idempotency-Key` sent, for POST and PATCH. */
  idempotencyKey?: string;
  /** Why this attempt is a retry (absent on the first attempt). */
  retryReason?: string;
}

const positiveInt = (what: string) =>
  z
    .number({ error: `must be a number (${what})` })
    .int("must be an integer")
    .positive("must be greater than 0");
const nonNegativeInt = (what: string) =>
  z
    .number({ error: `must be a number (${what})` })
    .int("must be an integer")
    .min(0, "must be 0 or more");

/** `pacing: { ... }`: how the client paces itself by the service's rate-limit headers. */
const pacingOptionsSchema = z.strictObject({
  /** Share of the announced rate used, in (0, 1] (default `DEFAULTS.pacingSafety`). */
  safety: z
    .number({ error: "must be a number (share of the announced rate, in (0, 1])" })
    .gt(0, "must be greater than 0")
    .max(1, "must be at most 1")
    .optional(),
  /** A pacer shared with other clients of the same account (then `safety` is the pacer's own). */
  pacer: z.custom<RatePacer>((v) => v instanceof RatePacer, "must be a RatePacer").optional(),
});

/** The options of `new SvcClient(...)`, validated as one object. */
const clientOptionsSchema = z.strictObject({
  /** The API key, sent as `Authorization: ApiKey <key>`. Required. */
  apiKey: z.string({ error: "is required (the svc API key)" }).trim().min(1, "must not be empty"),
  /** Base URL of the service, e.g. `https://api.example.com` (a path prefix is kept). Required. */
  baseUrl: z
    .string({ error: "is required (an http(s) URL, e.g. https://api.example.com)" })
    .refine(isHttpUrl, "must be an http(s) URL, e.g. https://api.example.com"),
  /** Per-attempt timeout in ms. */
  timeoutMs: positiveInt("milliseconds").optional(),
  /** Retries after the first attempt; 0 disables retries. */
  maxRetries: nonNegativeInt("retries").max(20, "must be at most 20").optional(),
  /** First backoff step in ms. */
  baseRetryDelayMs: nonNegativeInt("milliseconds").optional(),
  /** Longest single wait between attempts in ms. */
  maxRetryDelayMs: nonNegativeInt("milliseconds").optional(),
  /** Budget for a whole call, retries and waits included, in ms. */
  totalRetryBudgetMs: nonNegativeInt("milliseconds").optional(),
  /** Sockets per origin of the client's own pool (ignored with `dispatcher`). */
  connections: positiveInt("sockets").optional(),
  /** Idle keep-alive timeout of the client's own pool in ms (ignored with `dispatcher`). */
  keepAliveTimeoutMs: positiveInt("milliseconds").optional(),
  /** `User-Agent` header. */
  userAgent: z.string().min(1, "must not be empty").optional(),
  /** An undici dispatcher (Agent, Pool, MockAgent, ProxyAgent...) to use instead of the client's own pool. */
  dispatcher: z
    .custom<Dispatcher>(
      (v) => typeof v === "object" && v !== null && typeof (v as Dispatcher).dispatch === "function",
      "must be an undici Dispatcher (Agent, Pool, ...)",
    )
    .optional(),
  /** Called before every attempt (for logging/metrics); must not throw. */
  onRequest: z
    .custom<(event: RequestEvent) => void>((v) => typeof v === "function", "must be a function")
    .optional(),
  /**
   * Paces requests by the service's rate-limit headers (`RateLimit-*`, `Retry-After`), so that many calls
   * run at the server's rate instead of bursting into 429s: `true`, or `{ safety?, pacer? }`. Default off.
   */
  pacing: z
    .union([pacingOptionsSchema, z.boolean()], {
      // An object gets the message of its own problem (e.g. `pacing.safety: must be at most 1`).
      error: (iss) =>
        typeof iss.input === "object" && iss.input !== null
          ? undefined
          : "must be true, false or { safety?, pacer? }",
    })
    .optional(),
});

/** Options of `new SvcClient(...)`. */
export type SvcClientOptions = z.input<typeof clientOptionsSchema>;

/** Options with every default applied. */
export interface ResolvedClientOptions {
  apiKey: string;
  /** Origin of `baseUrl`, e.g. `https://api.example.com`. */
  origin: string;
  /** Path prefix of `baseUrl` without trailing slash (usually empty). */
  basePath: string;
  timeoutMs: number;
  maxRetries: number;
  baseRetryDelayMs: number;
  maxRetryDelayMs: number;
  totalRetryBudgetMs: number;
  connections: number;
  keepAliveTimeoutMs: number;
  userAgent: string;
  dispatcher: Dispatcher | undefined;
  onRequest: ((event: RequestEvent) => void) | undefined;
  /** The pacer every attempt goes through, when pacing is on. */
  pacer: RatePacer | undefined;
}

function pacerOf(pacing: SvcClientOptions["pacing"]): RatePacer | undefined {
  if (pacing === undefined || pacing === false) return undefined;
  if (pacing === true) return new RatePacer();
  return pacing.pacer ?? new RatePacer(pacing.safety === undefined ? {} : { safety: pacing.safety });
}

/** Validates client options and applies {@link DEFAULTS}; throws a {@link ValidationError} naming the option. */
export function resolveClientOptions(options: SvcClientOptions): ResolvedClientOptions {
  if (options === null || typeof options !== "object") {
    throw new ValidationError(
      "SvcClient",
      ["(root): options must be an object { apiKey, baseUrl, ... }"],
      "options",
    );
  }
  const parsed = clientOptionsSchema.safeParse(options);
  if (!parsed.success) throw new ValidationError("SvcClient", formatIssues(parsed.error), "options");
  const o = parsed.data;
  const url = new URL(o.baseUrl);
  return {
    apiKey: o.apiKey,
    origin: url.origin,
    basePath: url.pathname.replace(/\/+$/, ""),
    timeoutMs: o.timeoutMs ?? DEFAULTS.timeoutMs,
    maxRetries: o.maxRetries ?? DEFAULTS.maxRetries,
    baseRetryDelayMs: o.baseRetryDelayMs ?? DEFAULTS.baseRetryDelayMs,
    maxRetryDelayMs: o.maxRetryDelayMs ?? DEFAULTS.maxRetryDelayMs,
    totalRetryBudgetMs: o.totalRetryBudgetMs ?? DEFAULTS.totalRetryBudgetMs,
    connections: o.connections ?? DEFAULTS.connections,
    keepAliveTimeoutMs: o.keepAliveTimeoutMs ?? DEFAULTS.keepAliveTimeoutMs,
    userAgent: o.userAgent ?? DEFAULTS.userAgent,
    dispatcher: o.dispatcher,
    onRequest: o.onRequest,
    pacer: pacerOf(o.pacing),
  };
}

/** The per-call options every method takes last. */
const requestOptionsSchema = z.strictObject({
  /** Aborts the call (and its retries); the call rejects with an `AbortError`. */
  signal: z.custom<AbortSignal>((v) => v instanceof AbortSignal, "must be an AbortSignal").optional(),
  /** Per-attempt timeout for this call, in ms. */
  timeoutMs: positiveInt("milliseconds").optional(),
  /** `Idempotency-Key` for this POST/PATCH (default: a new UUID per call, reused by its retries). */
  idempotencyKey: idempotencyKeySchema.optional(),
  /** Retries for this call. */
  maxRetries: nonNegativeInt("retries").max(20, "must be at most 20").optional(),
  /** `false` sends this call without waiting for the client's pacer (it still learns from the answer). */
  pacing: z.boolean({ error: "must be true or false" }).optional(),
});

/** Per-call options: `{ signal?, timeoutMs?, idempotencyKey?, maxRetries?, pacing? }`. */
export type RequestOptions = z.input<typeof requestOptionsSchema>;

/** Validates per-call options; throws a {@link ValidationError} naming the option. */
export function checkRequestOptions(operation: string, options: RequestOptions | undefined): RequestOptions {
  if (options === undefined) return {};
  const parsed = requestOptionsSchema.safeParse(options);
  if (!parsed.success) throw new ValidationError(operation, formatIssues(parsed.error), "options");
  return parsed.data;
}
