/**
 * Reading a response body: a 2xx payload checked against its schema (wrapped as `{ "data": ... }` or bare),
 * and an error body kept as JSON or text. Pure functions of the text; the transport turns their verdicts
 * into errors.
 */
import type { z } from "zod";
import { type Acceptor, fastAcceptor } from "./schemas/fast-accept";
import { formatIssues } from "./schemas/validation";

/** Outcome of reading a payload: the value, or one line per problem (`<field path>: <what is wrong>`). */
type Parsed<T> = { ok: true; value: T } | { ok: false; issues: string[] };

/** Longest text error body kept. */
const MAX_ERROR_TEXT = 2000;

function isJsonContentType(ct: string | undefined): boolean {
  return ct === undefined || /[/+]json\b/i.test(ct);
}

/**
 * Validates a payload that may come wrapped as `{ "data": ... }` or bare. A body whose only key is `data`
 * is unwrapped first; any other body is tried as is first (paginated bodies have `data` plus cursors, and a
 * subscriber has a `data` field of its own), then the other way round. `accept`: a fast acceptor for JSON
 * parsed just now (nobody else holds it): a candidate it takes is the result as it is, with no zod parse;
 * anything else is parsed by zod.
 */
function parseEnvelope<T>(json: unknown, schema: z.ZodType<T>, accept: Acceptor | undefined): Parsed<T> {
  const wrapped =
    json !== null && typeof json === "object" && !Array.isArray(json) && Object.hasOwn(json, "data")
      ? (json as { data: unknown })
      : undefined;
  if (!wrapped) {
    if (accept?.(json)) return { ok: true, value: json as T };
    const r = schema.safeParse(json);
    return r.success ? { ok: true, value: r.data } : { ok: false, issues: formatIssues(r.error) };
  }
  const onlyData = Object.keys(wrapped).length === 1;
  const first = onlyData ? wrapped.data : json;
  const second = onlyData ? json : wrapped.data;
  if (accept?.(first)) return { ok: true, value: first as T };
  const r1 = schema.safeParse(first);
  if (r1.success) return { ok: true, value: r1.data };
  const r2 = schema.safeParse(second);
  if (r2.success) return { ok: true, value: r2.data };
  return { ok: false, issues: formatIssues(r1.error) };
}

/**
 * Reads a 2xx payload: it must be non-empty JSON (by content type and by parse) matching `schema`. A
 * payload the schema's fast acceptor takes (see `schemas/fast-accept.ts`) is returned without a zod parse.
 * The issues of a failure name what was wrong with the body as a whole as `(body): ...`.
 */
export function parsePayload<T>(
  status: number,
  contentType: string | undefined,
  text: string,
  schema: z.ZodType<T>,
): Parsed<T> {
  if (status === 204 || text.trim() === "") {
    return { ok: false, issues: ["(body): empty response, expected JSON"] };
  }
  if (!isJsonContentType(contentType)) {
    const html = /^\s*</.test(text) ? " (looks like HTML)" : "";
    return {
      ok: false,
      issues: [`(body): expected application/json, got content-type ${contentType}${html}`],
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, issues: [`(body): malformed JSON (${malformedAt(e)}), ${text.length} bytes`] };
  }
  return parseEnvelope(json, schema, fastAcceptor(schema));
}

/**
 * Where JSON.parse failed, without its words: V8 quotes the text around the failure (`Unexpected token 'S',
 * "{"apiKey":"SG.abc"... is not valid JSON`), and a body may hold credentials (some releases answer an
 * integration's in plaintext), so only the position is kept.
 */
function malformedAt(e: unknown): string {
  const message = e instanceof Error ? e.message : "";
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position !== undefined) return `at position ${position}`;
  return /end of JSON input/.test(message) ? "unexpected end" : "unexpected token";
}

/** An error body: parsed JSON, else the text (shortened), else undefined when empty. */
export function parseErrorBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)}…` : text;
  }
}
