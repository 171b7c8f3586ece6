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

/** One failed property of a command: its class-validator messages and the value it had. */
export interface ConstraintViolation {
  messages: string[];
  value: unknown;
}

/**
 * A usecase command refused by its own class-validator rules (libs/application-generic/src/commands/
 * base.command.ts `BaseCommand.create` throws `CommandValidationException`), as the exception filter answers
 * it (apps/api/src/exception-filter.ts `handleCommandValidation`): 422, `message` "Validation failed for
 * <Command>: <field>: <messages>", an empty `ctx`, and `errors` keyed by the property's name (not `general`).
 */
export function commandInvalid(className: string, violated: Record<string, ConstraintViolation>): HttpError {
  const details = Object.entries(violated)
    .map(([field, v]) => `${field}: ${v.messages.join(", ")}`)
    .join("; ");
  return new HttpError(
    422,
    `Validation failed for ${className}: ${details}`,
    {},
    { error: undefined, ctx: {}, errors: violated },
  );
}

/**
 * A body the JSON parser refuses: body-parser's `SyntaxError` (its message is `JSON.parse`'s) becomes a
 * `BadRequestException(err.message)` (Nest's `RoutesResolver.mapExternalException`, for the parsers
 * registered in apps/api/src/bootstrap.ts), which the exception filter answers as any string HttpException:
 * 400 `{ error: "Bad Request", statusCode, timestamp, path, message: <the parser's message>, ctx }`.
 */
export const malformedJson = (parserMessage: string) => new HttpError(400, parserMessage);

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
  if (reason && !errorId) {
    // An HttpException thrown with a string has the response `{ message, error, statusCode }` (Nest's
    // `HttpException.createBody`); the filter's `buildMsgAndContextForHttpError` keeps the rest as `ctx`
    // and spreads `ctx` over the body too (`{ ...errorDto.ctx, ...errorDto }`).
    body.error = reason;
    body.ctx = { error: reason, statusCode: status };
  }
  if (errorId) body.errorId = errorId;
  return body;
}
