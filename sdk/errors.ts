import { inspect } from "node:util";
import { errorMessageOf } from "./http-utils";
import { redactUrl, redactValue, scrubText } from "./redact";

/** Longest part of a non-JSON error body kept in a message. */
const MAX_TEXT_DETAIL = 200;

/**
 * The error family of the sdk. Everything the client throws is a {@link SvcError}:
 *
 * - {@link ApiError} and its subclasses by status: the service answered with an error status.
 * - {@link ConnectionError} / {@link TimeoutError}: no answer (no status is invented for these).
 * - {@link AbortError}: the caller's `AbortSignal` fired.
 * - {@link ValidationError}: a request body or query was rejected before sending.
 * - {@link ResponseValidationError}: a response was not JSON or did not match the schema.
 *
 * Every error has a stable machine-readable `code` (like undici's `UND_ERR_*`), one per class and the same
 * on every instance; the class also carries it as a static (`TimeoutError.code`), so
 * `err.code === TimeoutError.code` needs no `instanceof`. See {@link SvcErrorCode}. The service's own code
 * from an error body is {@link ApiError.serviceCode}.
 *
 * The API key is never stored on an error and is scrubbed from every string an error keeps; bodies are
 * redacted (credential-looking fields replaced). No error has an `id` property: the Pulumi engine reads
 * an error with `id` as "created, failed to initialize".
 */

/**
 * The stable codes of the error family, one per class:
 *
 * - `SVC_ERR`: {@link SvcError}, the base class (not thrown by the client itself).
 * - `SVC_ERR_HTTP`: {@link ApiError}, an error status without a subclass of its own (e.g. 405, 418).
 * - `SVC_ERR_BAD_REQUEST`: {@link BadRequestError}, 400.
 * - `SVC_ERR_AUTHENTICATION`: {@link AuthenticationError}, 401.
 * - `SVC_ERR_PERMISSION_DENIED`: {@link PermissionDeniedError}, 403.
 * - `SVC_ERR_NOT_FOUND`: {@link NotFoundError}, 404.
 * - `SVC_ERR_CONFLICT`: {@link ConflictError}, 409.
 * - `SVC_ERR_UNPROCESSABLE_ENTITY`: {@link UnprocessableEntityError}, 422.
 * - `SVC_ERR_RATE_LIMIT`: {@link RateLimitError}, 429.
 * - `SVC_ERR_INTERNAL_SERVER`: {@link InternalServerError}, 5xx.
 * - `SVC_ERR_CONNECTION`: {@link ConnectionError}, no usable answer.
 * - `SVC_ERR_TIMEOUT`: {@link TimeoutError}, an attempt ran out of time.
 * - `SVC_ERR_ABORTED`: {@link AbortError}, the caller's signal fired.
 * - `SVC_ERR_VALIDATION`: {@link ValidationError}, a request rejected before sending.
 * - `SVC_ERR_RESPONSE_VALIDATION`: {@link ResponseValidationError}, a 2xx of the wrong shape.
 */
export type SvcErrorCode =
  | "SVC_ERR"
  | "SVC_ERR_HTTP"
  | "SVC_ERR_BAD_REQUEST"
  | "SVC_ERR_AUTHENTICATION"
  | "SVC_ERR_PERMISSION_DENIED"
  | "SVC_ERR_NOT_FOUND"
  | "SVC_ERR_CONFLICT"
  | "SVC_ERR_UNPROCESSABLE_ENTITY"
  | "SVC_ERR_RATE_LIMIT"
  | "SVC_ERR_INTERNAL_SERVER"
  | "SVC_ERR_CONNECTION"
  | "SVC_ERR_TIMEOUT"
  | "SVC_ERR_ABORTED"
  | "SVC_ERR_VALIDATION"
  | "SVC_ERR_RESPONSE_VALIDATION";

/** Base class of every error the sdk throws. */
export class SvcError extends Error {
  /** The stable code of this class: `SVC_ERR`. */
  static readonly code: SvcErrorCode = "SVC_ERR";
  /** The stable code of the error's class (see {@link SvcErrorCode}), e.g. `SVC_ERR_TIMEOUT`. */
  readonly code: SvcErrorCode;
  /** The sdk operation that failed, e.g. `integrations.create`. */
  readonly operation: string | undefined;

  constructor(message: string, options: { operation?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = new.target.code;
    this.operation = options.operation;
  }

  /** The fields worth logging, all redacted; used by `JSON.stringify` and `util.inspect`. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [k, v] of Object.entries(this)) {
      if (v !== undefined && k !== "name" && k !== "message") out[k] = v;
    }
    const cause = this.cause;
    if (cause instanceof Error) out["cause"] = `${cause.name}: ${cause.message}`;
    return out;
  }

  /** Prints the stack and the redacted fields, never anything the constructor did not redact. */
  [inspect.custom](
    depth: number,
    options: { stylize?: unknown },
    inspectFn: typeof inspect = inspect,
  ): string {
    const { name: _n, message: _m, ...fields } = this.toJSON();
    const head = this.stack ?? `${this.name}: ${this.message}`;
    if (depth < 0) return `[${this.name}: ${this.message}]`;
    return Object.keys(fields).length === 0 ? head : `${head} ${inspectFn(fields, { ...options, depth: 3 })}`;
  }
}

/** What the transport knows about a failed HTTP exchange. */
interface ApiErrorInit {
  operation: string;
  method: string;
  /** The full request URL (redacted here). */
  url: string;
  status: number;
  /** Parsed JSON body, or the raw text when it was not JSON. */
  body?: unknown;
  requestId?: string;
  /** Parsed `Retry-After`, in milliseconds. */
  retryAfterMs?: number;
  /** Attempts made, retries included. */
  attempts?: number;
  /** Strings to scrub from everything kept (the API key). Not stored. */
  secrets?: readonly string[];
}

function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

/** The human part of an error body (see {@link errorMessageOf}; a text body shortened), else the status text. */
function detailOf(status: number, body: unknown): string {
  // One line: the service's text may hold line breaks.
  const text = errorMessageOf(body)
    ?.replace(/\s*\n\s*/g, " ")
    .trim();
  if (text === undefined || text === "") return statusText(status);
  if (typeof body !== "string") return text;
  if (text.startsWith("<")) return `${statusText(status)} (non-JSON body: HTML)`;
  return text.length > MAX_TEXT_DETAIL ? `${text.slice(0, MAX_TEXT_DETAIL)}…` : text;
}

function statusText(status: number): string {
  const known: Record<number, string> = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    409: "Conflict",
    422: "Unprocessable Entity",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
  };
  return known[status] ?? `HTTP ${status}`;
}

function serviceCodeOf(body: unknown): string | undefined {
  if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  for (const k of ["code", "error"]) if (typeof b[k] === "string") return b[k] as string;
  return undefined;
}

/**
 * The service answered with an error status. The message stands alone, e.g.
 * `POST /v1/integrations -> 409 (req 8f2c...): Integration with identifier "x" already exists`.
 */
export class ApiError extends SvcError {
  /** `SVC_ERR_HTTP`: an error status without a subclass of its own. */
  static override readonly code: SvcErrorCode = "SVC_ERR_HTTP";
  /** HTTP status. */
  readonly status: number;
  /**
   * The service's own short code from the error body (`code` or `error`, e.g. `Conflict`), if any; free
   * text chosen by the service, unlike the stable {@link SvcError.code}.
   */
  readonly serviceCode: string | undefined;
  /** HTTP method. */
  readonly method: string;
  /** Request URL without credentials or secret query values. */
  readonly url: string;
  /** The service's request id (from `x-request-id` / `request-id`), for support. */
  readonly requestId: string | undefined;
  /** The error body, redacted (`message` is an array for validation failures). */
  readonly body: unknown;
  /** The server's `Retry-After`, in milliseconds, when it sent one. */
  readonly retryAfterMs: number | undefined;
  /** Attempts made, retries included. */
  readonly attempts: number;

  constructor(init: ApiErrorInit) {
    const secrets = init.secrets ?? [];
    const url = redactUrl(init.url, secrets);
    const body = redactValue(init.body, secrets);
    const req = init.requestId ? ` (req ${scrubText(init.requestId, secrets)})` : "";
    const tries = (init.attempts ?? 1) > 1 ? ` [after ${init.attempts} attempts]` : "";
    const message = scrubText(
      `${init.method} ${pathOf(url)} -> ${init.status}${req}: ${detailOf(init.status, body)}${tries}`,
      secrets,
    );
    super(message, { operation: init.operation });
    this.status = init.status;
    this.serviceCode = serviceCodeOf(body);
    this.method = init.method;
    this.url = url;
    this.requestId = init.requestId ? scrubText(init.requestId, secrets) : undefined;
    this.body = body;
    this.retryAfterMs = init.retryAfterMs;
    this.attempts = init.attempts ?? 1;
  }

  /** Builds the subclass that matches the status. */
  static from(init: ApiErrorInit): ApiError {
    const s = init.status;
    if (s === 400) return new BadRequestError(init);
    if (s === 401) return new AuthenticationError(init);
    if (s === 403) return new PermissionDeniedError(init);
    if (s === 404) return new NotFoundError(init);
    if (s === 409) return new ConflictError(init);
    if (s === 422) return new UnprocessableEntityError(init);
    if (s === 429) return new RateLimitError(init);
    if (s >= 500) return new InternalServerError(init);
    return new ApiError(init);
  }
}

/** 400: the service rejected the request (also: unknown subscriber, no active integration). */
export class BadRequestError extends ApiError {
  /** `SVC_ERR_BAD_REQUEST`. */
  static override readonly code: SvcErrorCode = "SVC_ERR_BAD_REQUEST";
}
/** 401: the API key is missing or wrong. */
export class AuthenticationError extends ApiError {
  /** `SVC_ERR_AUTHENTICATION`. */
  static override readonly code: SvcErrorCode = "SVC_ERR_AUTHENTICATION";
}
/** 403: the API key may not do this. */
export class PermissionDeniedError extends ApiError {
  /** `SVC_ERR_PERMISSION_DENIED`. */
  static override readonly code: SvcErrorCode = "SVC_ERR_PERMISSION_DENIED";
}
/** 404: no such object. */
export class NotFoundError extends ApiError {
  /** `SVC_ERR_NOT_FOUND`. */
  static override readonly code: SvcErrorCode = "SVC_ERR_NOT_FOUND";
}
/** 409: identifier conflict, or an idempotent request with the same key still in flight. */
export class ConflictError extends ApiError {
  /** `SVC_ERR_CONFLICT`. */
  static override readonly code: SvcErrorCode = "SVC_ERR_CONFLICT";
}
/** 422: e.g. an idempotency key reused with a different body. */
export class UnprocessableEntityError extends ApiError {
  /** `SVC_ERR_UNPROCESSABLE_ENTITY`. */
  static override readonly code: SvcErrorCode = "SVC_ERR_UNPROCESSABLE_ENTITY";
}
/** 429: rate limited; `retryAfterMs` tells how long the server asked to wait. */
export class RateLimitError extends ApiError {
  /** `SVC_ERR_RATE_LIMIT`. */
  static override readonly code: SvcErrorCode = "SVC_ERR_RATE_LIMIT";
}
/** 5xx: the service failed. */
export class InternalServerError extends ApiError {
  /** `SVC_ERR_INTERNAL_SERVER`. */
  static override readonly code: SvcErrorCode = "SVC_ERR_INTERNAL_SERVER";
}

/** What the transport knows about a request that got no answer. */
interface ConnectionErrorInit {
  operation: string;
  method: string;
  url: string;
  /** Short description of what went wrong. */
  reason: string;
  attempts?: number;
  cause?: unknown;
  secrets?: readonly string[];
}

/** No usable answer: refused, reset, DNS failure, body cut short. Carries no status. */
export class ConnectionError extends SvcError {
  /** `SVC_ERR_CONNECTION`. */
  static override readonly code: SvcErrorCode = "SVC_ERR_CONNECTION";
  /** HTTP method. */
  readonly method: string;
  /** Request URL without credentials or secret query values. */
  readonly url: string;
  /** Attempts made, retries included. */
  readonly attempts: number;

  constructor(init: ConnectionErrorInit) {
    const secrets = init.secrets ?? [];
    const url = redactUrl(init.url, secrets);
    const tries = (init.attempts ?? 1) > 1 ? ` [after ${init.attempts} attempts]` : "";
    super(
      scrubText(`${init.method} ${pathOf(url)} failed (${init.operation}): ${init.reason}${tries}`, secrets),
      {
        operation: init.operation,
        cause: init.cause,
      },
    );
    this.method = init.method;
    this.url = url;
    this.attempts = init.attempts ?? 1;
  }
}

/** One attempt took longer than its timeout (`timeoutMs`). Carries no status. */
export class TimeoutError extends ConnectionError {
  /** `SVC_ERR_TIMEOUT`. */
  static override readonly code: SvcErrorCode = "SVC_ERR_TIMEOUT";
  /** The per-attempt timeout that expired. */
  readonly timeoutMs: number;

  constructor(init: Omit<ConnectionErrorInit, "reason"> & { timeoutMs: number }) {
    super({ ...init, reason: `no response within ${init.timeoutMs} ms` });
    this.timeoutMs = init.timeoutMs;
  }
}

/** The caller's `AbortSignal` fired; never retried. `name` is `"AbortError"` like DOM aborts. */
export class AbortError extends SvcError {
  /** `SVC_ERR_ABORTED`. */
  static override readonly code: SvcErrorCode = "SVC_ERR_ABORTED";

  constructor(operation: string, cause?: unknown) {
    super(`${operation} was aborted`, { operation, cause });
  }
}

/** A request body, query or option was rejected before anything was sent. */
export class ValidationError extends SvcError {
  /** `SVC_ERR_VALIDATION`. */
  static override readonly code: SvcErrorCode = "SVC_ERR_VALIDATION";
  /** One line per problem: `<field path>: <what is wrong>` (values are not echoed). */
  readonly issues: readonly string[];

  constructor(operation: string, issues: readonly string[], what = "request") {
    super(`${operation}: invalid ${what}: ${issues.join("; ")}`, { operation });
    this.issues = issues;
  }
}

/** What the transport knows about a response it could not use. */
interface ResponseValidationErrorInit {
  operation: string;
  method: string;
  url: string;
  status: number;
  requestId?: string;
  issues: readonly string[];
  secrets?: readonly string[];
}

/** The service answered 2xx, but not with JSON of the documented shape. Names the field paths. */
export class ResponseValidationError extends SvcError {
  /** `SVC_ERR_RESPONSE_VALIDATION`. */
  static override readonly code: SvcErrorCode = "SVC_ERR_RESPONSE_VALIDATION";
  /** HTTP status of the response. */
  readonly status: number;
  /** HTTP method. */
  readonly method: string;
  /** Request URL, redacted. */
  readonly url: string;
  /** The service's request id, if any. */
  readonly requestId: string | undefined;
  /** One line per mismatch: `<field path>: <what is wrong>`. */
  readonly issues: readonly string[];

  constructor(init: ResponseValidationErrorInit) {
    const secrets = init.secrets ?? [];
    const url = redactUrl(init.url, secrets);
    const req = init.requestId ? ` (req ${init.requestId})` : "";
    const issues = init.issues.map((i) => scrubText(i, secrets));
    super(
      scrubText(
        `${init.method} ${pathOf(url)} -> ${init.status}${req}: unexpected response for ${init.operation}: ${issues.join("; ")}`,
        secrets,
      ),
      { operation: init.operation },
    );
    this.status = init.status;
    this.method = init.method;
    this.url = url;
    this.requestId = init.requestId;
    this.issues = issues;
  }
}
