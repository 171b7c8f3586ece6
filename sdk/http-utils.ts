/**
 * Reading what the service says besides the payload: headers (request id, `Retry-After`, the rate-limit
 * headers) and the human message of an error body. The retry policy, the rate pacer, the error family and
 * the provider all read them here, so each is parsed one way.
 */
import { validationReasons } from "./validation-reasons";

/** Header lookup: undici's shape (lower-case names, string or string[]). */
export type HeaderBag = Readonly<Record<string, string | string[] | undefined>>;

/** The first value of a header (names are lower case), or undefined. */
export function headerValue(headers: HeaderBag | undefined, name: string): string | undefined {
  const v = headers?.[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Headers that carry a request id, most specific first. */
const REQUEST_ID_HEADERS = ["x-request-id", "request-id", "x-correlation-id", "x-amzn-requestid"];

/** The service's request id, for support (from `x-request-id` and the like). */
export function requestIdOf(headers: HeaderBag): string | undefined {
  for (const h of REQUEST_ID_HEADERS) {
    const v = headerValue(headers, h);
    if (v) return v;
  }
  return undefined;
}

const DECIMAL = /^\s*\d+(\.\d+)?\s*$/;

/** A non-negative decimal header value (`500`, `1.5`), or undefined for anything else. */
export function headerNumber(text: string | undefined): number | undefined {
  return text !== undefined && DECIMAL.test(text) ? Number(text) : undefined;
}

/**
 * Seconds to whole milliseconds, rounded up: a wait the server asked for never ends early. The one
 * rounding rule for every header that counts seconds.
 */
function secondsToMs(seconds: number): number {
  return Math.ceil(seconds * 1000);
}

/**
 * Parses `Retry-After`: delta seconds (fractions tolerated, rounded up to the ms) or an HTTP date. Returns
 * ms (>= 0), or undefined when absent or unparsable.
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const seconds = headerNumber(value);
  if (seconds !== undefined) return secondsToMs(seconds);
  const date = Date.parse(value.trim());
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil(date - now));
}

/**
 * Parses `RateLimit-Reset`: seconds until the window resets (IETF draft), rounded up to the ms. A value that
 * looks like an epoch timestamp (seconds) is converted too.
 */
export function parseRateLimitReset(value: string | undefined, now: number = Date.now()): number | undefined {
  const n = headerNumber(value);
  if (n === undefined) return undefined;
  if (n > 1_000_000_000) return Math.max(0, secondsToMs(n) - now);
  return secondsToMs(n);
}

/** What `RateLimit-Policy` (`500;w=5;comment="...";category="global"`) tells: window and category. */
interface RateLimitPolicy {
  /** Window in seconds. */
  windowS?: number;
  /** The bucket's category (`global`, `trigger`, ...). */
  category?: string;
}

/** Parses `RateLimit-Policy`; unknown parameters are ignored. */
export function parseRateLimitPolicy(text: string | undefined): RateLimitPolicy {
  if (!text) return {};
  const w = /(?:^|;)\s*w=(\d+(?:\.\d+)?)/.exec(text)?.[1];
  const c = /(?:^|;)\s*category="?([^";]+)"?/.exec(text)?.[1];
  return { ...(w ? { windowS: Number(w) } : {}), ...(c ? { category: c } : {}) };
}

/** The `message` of a JSON error body (joined with `; ` when it is the list of a validation failure), else its `error`. */
function bodyMessage(b: Record<string, unknown>): string | undefined {
  const m = b["message"];
  if (typeof m === "string" && m !== "") return m;
  if (Array.isArray(m) && m.length > 0) return m.map(String).join("; ");
  const e = b["error"];
  return typeof e === "string" && e !== "" ? e : undefined;
}

/**
 * The human message of an error body: a text body as is; of a JSON body its `message` (joined with `; `
 * when it is the list of a validation failure), else its `error`, followed by the reasons of its `errors`
 * (./validation-reasons.ts: `Validation Error: origin must be one of ...`) unless the message already holds
 * them. Undefined when there is none.
 */
export function errorMessageOf(body: unknown): string | undefined {
  if (typeof body === "string") return body;
  if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined;
  const message = bodyMessage(body as Record<string, unknown>);
  const reasons = validationReasons(body).filter((r) => message === undefined || !message.includes(r));
  if (reasons.length === 0) return message;
  return message === undefined ? reasons.join("; ") : `${message}: ${reasons.join("; ")}`;
}
