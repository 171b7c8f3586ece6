/**
 * The control issues of an `http_request` step, as the service builds them: build-step-issues.usecase.ts
 * validates the values (nullish ones filtered out: libs/application-generic/src/utils/sanitize-control-values.ts
 * `dashboardSanitizeControlValues`, default branch) with ajv against `httpRequestControlSchema`
 * (packages/shared/src/consts/providers/channels/http-request.ts) and words each error as
 * libs/application-generic/src/utils/issues.ts `processControlValuesBySchema` does:
 *
 * - `method` and `url` required ("Method is required", "Url is required"); `method` one of GET, POST, PUT,
 *   DELETE, PATCH, HEAD, OPTIONS;
 * - `url` non-empty, at most 2048 characters, matching `HTTP_REQUEST_URL_REGEX` (else `INVALID_URL`,
 *   "Invalid URL. Must be a valid absolute URL (https://...) or {{variable}}"); of a URL's errors only the
 *   first is kept;
 * - `headers` (at most 50) and `body` (at most 100): arrays of `{ key, value }`, both non-empty strings;
 * - `responseBodySchema` an object, `enforceSchemaValidation` and `continueOnFailure` booleans, `timeout` a
 *   number from 100 to 30000, `skip` an object.
 *
 * An unknown control makes an ajv error with no path, which the usecase drops: no issue.
 */
import type { StepControlIssue, Values } from "./step-control-issues";

/** Where issues go (the Issues collector of ./step-control-issues.ts). */
interface IssueSink {
  add(path: string, message: string, issueType?: StepControlIssue["issueType"]): void;
}

/** HttpMethodEnum of @novu/shared, as the control schema lists it. */
const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"];
/** HTTP_REQUEST_URL_REGEX of @novu/shared: `{{variable}}...`, or an absolute http(s) URL. */
const URL_PATTERN = /^(?:\{\{[^}]*\}\}.*|https?:\/\/[^\s/$.?#][^\s{}]*(?:\{\{[^}]*\}\}[^\s{}]*)*)$/;
const URL_MESSAGE = "Invalid URL. Must be a valid absolute URL (https://...) or {{variable}}";
/** ajv's own messages, which the usecase passes on. */
const ENUM_MESSAGE = "must be equal to one of the allowed values";

const isObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);

/** `capitalize` of the usecase over an ajv instancePath without its first `/`. */
function required(path: string): string {
  return `${path.charAt(0).toUpperCase()}${path.slice(1)} is required`;
}

/** `url`: required, a string, then length, then the pattern (ajv's keyword order); one issue kept. */
function url(v: unknown, out: IssueSink): void {
  if (v === undefined || v === "") out.add("url", required("url"));
  else if (typeof v !== "string") out.add("url", "must be string");
  else if (v.length > 2048) out.add("url", "must NOT have more than 2048 characters");
  else if (!URL_PATTERN.test(v)) out.add("url", URL_MESSAGE, "INVALID_URL");
}

/** One `{ key, value }` item of `headers` or `body` at `path` (e.g. `headers.0`). */
function pair(item: unknown, path: string, out: IssueSink): void {
  if (!isObject(item)) {
    out.add(path, "must be object");
    return;
  }
  const fields = item as Values;
  for (const key of ["key", "value"]) {
    const v = fields[key];
    if (v === undefined) out.add(`${path}.${key}`, required(key));
    else if (typeof v !== "string") out.add(`${path}.${key}`, "must be string");
    else if (v.length < 1) out.add(`${path}.${key}`, required(`${path.replace(".", "/")}/${key}`));
  }
  for (const key of Object.keys(fields))
    if (key !== "key" && key !== "value") out.add(path, "must NOT have additional properties");
}

/** `headers` or `body`: an array of at most `max` pairs. */
function pairs(v: unknown, name: string, max: number, out: IssueSink): void {
  if (v === undefined) return;
  if (!Array.isArray(v)) {
    out.add(name, "must be array");
    return;
  }
  if (v.length > max) out.add(name, `must NOT have more than ${max} items`);
  v.forEach((item, i) => {
    pair(item, `${name}.${i}`, out);
  });
}

/** The scalar controls: booleans, `timeout` bounds, objects. */
function scalars(v: Values, out: IssueSink): void {
  for (const key of ["enforceSchemaValidation", "continueOnFailure"])
    if (v[key] !== undefined && typeof v[key] !== "boolean") out.add(key, "must be boolean");
  for (const key of ["responseBodySchema", "skip"])
    if (v[key] !== undefined && !isObject(v[key])) out.add(key, "must be object");
  const timeout = v["timeout"];
  if (timeout === undefined) return;
  if (typeof timeout !== "number") out.add("timeout", "must be number");
  else if (timeout < 100) out.add("timeout", "must be >= 100");
  else if (timeout > 30000) out.add("timeout", "must be <= 30000");
}

/** The issues of an http_request step's values (nullish values count as absent). */
export function httpRequest(values: Values, out: IssueSink): void {
  const v = Object.fromEntries(Object.entries(values).filter(([, x]) => x !== null && x !== undefined));
  if (v["method"] === undefined) out.add("method", required("method"));
  else if (typeof v["method"] !== "string" || !METHODS.includes(v["method"])) out.add("method", ENUM_MESSAGE);
  url(v["url"], out);
  pairs(v["headers"], "headers", 50, out);
  pairs(v["body"], "body", 100, out);
  scalars(v, out);
}
