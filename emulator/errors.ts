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

  constructor(statusCode: number, detail: string | string[], headers: Record<string, string> = {}) {
    super(Array.isArray(detail) ? detail.join("; ") : detail);
    this.name = "HttpError";
    this.statusCode = statusCode;
    this.detail = detail;
    this.headers = headers;
  }
}

/**
 * An exception thrown with an object as its response (`new BadRequestException({ ... })`): the body is
 * `{ statusCode, timestamp, path, message: <the object>, ...<the object> }` (apps/api/src/exception-filter.ts),
 * so the object's own `message`, when it has one, replaces the outer one, and no `error` is added.
 */
export class ObjectHttpError extends HttpError {
  /** The object the exception was thrown with. */
  readonly response: Record<string, unknown>;

  constructor(statusCode: number, response: Record<string, unknown>) {
    super(statusCode, typeof response["message"] === "string" ? response["message"] : "");
    this.name = "ObjectHttpError";
    this.response = response;
  }
}

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
  message: unknown;
  error?: string;
  errorId?: string;
  [field: string]: unknown;
}

/** The body of an {@link ObjectHttpError}: the object as `message`, then its fields spread over the body. */
export function objectErrorBody(status: number, path: string, response: Record<string, unknown>): ErrorBody {
  return { statusCode: status, timestamp: new Date().toISOString(), path, message: response, ...response };
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
