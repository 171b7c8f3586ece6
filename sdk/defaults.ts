/**
 * Every default of the client in one place. Options passed to `new SvcClient(...)` or to a single call
 * override these; nothing else in the sdk hard-codes a timeout, a retry count or a pool size.
 */
export const DEFAULTS = {
  /** Per-attempt timeout: connect, headers and body of one HTTP exchange. */
  timeoutMs: 30_000,
  /** Retries after the first attempt (so at most 6 attempts; a 429 with Retry-After is waited out within the budget). */
  maxRetries: 5,
  /** First backoff step; doubles per attempt, full jitter. */
  baseRetryDelayMs: 250,
  /** Longest single wait between attempts. A server asking for longer (Retry-After) ends the retries. */
  maxRetryDelayMs: 20_000,
  /** Budget for the whole logical call, attempts and waits included; no retry starts past it. */
  totalRetryBudgetMs: 60_000,
  /** How long an idle keep-alive socket stays open. */
  keepAliveTimeoutMs: 10_000,
  /** Upper bound for keep-alive timeouts a server announces. */
  keepAliveMaxTimeoutMs: 60_000,
  /** Sockets per origin. */
  connections: 32,
  /** Pacing: share of the rate the server announces that is used (a little below 1 absorbs clock skew). */
  pacingSafety: 0.97,
  /** Pacing: how long every request pauses after a 429 that names no `Retry-After`. */
  rateLimitPauseMs: 1_000,
  /** Sent as `User-Agent`. */
  userAgent: "pulumi-svc-sdk/0.1.0",
} as const;
