import { STATUS_CODES } from "node:http";

/**
 * An error answered to the caller with the service's bare error body
 * `{ statusCode, timestamp, path, message, error? }`. Validation failures carry `message` as an array of
 * strings naming the fields.
 */
export class HttpError extends Error {
  /** HTTP status code. */
  readonly statusCode: number;
  /** The `message` of the body: one string, or one string per invalid field. */
  readonly detail: string | string[];
  /** Extra response headers (Retry-After, ...). */
  readonly headers: Record<string, string>;
  /** Extra fields of the body beside the standard ones (`errors`, `ctx` of a 422). */
  readonly extra: Record<string, unknown>;

  constructor(
    statusCode: number,
    detail: string | string[],
    headers: Record<string, string> = {},
    extra: Record<string, unknown> = {},
  ) {
    super(Array.isArray(detail) ? detail.join("; ") : detail);
    this.name = "HttpError";
    this.statusCode = statusCode;
    this.detail = detail;
    this.headers = headers;
    this.extra = extra;
  }
}

/**
 * A request the service's ValidationPipe refuses, as its exception filter answers it
 * (apps/api/src/exception-filter.ts `handleValidationPipeValidation`): 422, `message` "Validation Error",
 * the class-validator messages under `errors.general.messages`, the empty `ctx` the filter spreads in, and
 * no `error` field.
 * Used by the v2 workflow routes, whose DTOs the spec does not describe.
 */
export function unprocessable(messages: string[]): HttpError {
  return new HttpError(
    422,
    "Validation Error",
    {},
    {
      error: undefined,
      ctx: {},
      errors: { general: { messages, value: "No Value Recorded" } },
    },
  );
}

/** 403 (a ForbiddenException), e.g. an API key asking for another environment. */
export const forbidden = (detail: string) => new HttpError(403, detail);

/**
 * A failure the real service answers as an unexpected exception: 500 with an `errorId` and Novu's generic
 * message (apps/api/src/exception-filter.ts). Unlike other thrown errors it is expected, so not logged.
 */
export class InternalError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "InternalError";
  }
}

/** The `message` of a 500 (apps/api/src/exception-filter.ts). */
export const INTERNAL_ERROR_MESSAGE =
  "Internal server error, contact support and provide them with the errorId";

/** Shorthands for the statuses the routes use. */
export const badRequest = (detail: string | string[]) => new HttpError(400, detail);
export const notFound = (detail: string) => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);

/** The error body of the real service. `errorId` is only set on 500s. */
interface ErrorBody {
  statusCode: number;
  timestamp: string;
  path: string;
  message: string | string[];
  error?: string;
  errorId?: string;
}

/** Builds the bare error body for `status` at `path`. */
export function errorBody(
  status: number,
  path: string,
  message: string | string[],
  errorId?: string,
): ErrorBody {
  const body: ErrorBody = { statusCode: status, timestamp: new Date().toISOString(), path, message };
  // A 500 from an unexpected exception carries no `error` (apps/api/src/exception-filter.ts).
  const reason = STATUS_CODES[status];
  if (reason && !errorId) body.error = reason;
  if (errorId) body.errorId = errorId;
  return body;
}
