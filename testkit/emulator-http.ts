import { request } from "undici";
import type { Emulator } from "../emulator";

/** One raw answer from the emulator. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are inspected field by field
  body: any;
}

/** Options of {@link call}. */
export interface CallOptions {
  /** API key; default the emulator's first key; `null` sends no Authorization header. */
  key?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Raw HTTP call to the emulator (undici, no sdk client). */
export async function call(
  emu: Emulator,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  const key = opts.key === undefined ? emu.apiKey : opts.key;
  if (key !== null) headers["authorization"] = `ApiKey ${key}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const res = await request(`${emu.url}${path}`, {
    method: method as "GET",
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.body.text();
  const flat: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers))
    if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(",") : v;
  return { status: res.statusCode, headers: flat, body: text === "" ? undefined : JSON.parse(text) };
}

/** Builds a query string; arrays repeat the parameter. */
export function qs(
  params: Record<string, string | number | boolean | readonly string[] | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) search.append(k, item);
    else search.append(k, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** Asserts the bare error body of the real service and returns it. */
export function expectError(answer: Answer, status: number): Answer["body"] {
  if (answer.status !== status) {
    throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  const body = answer.body;
  if (
    typeof body?.statusCode !== "number" ||
    body.statusCode !== status ||
    typeof body.timestamp !== "string" ||
    typeof body.path !== "string" ||
    body.message === undefined ||
    "data" in body
  ) {
    throw new Error(`not an error body: ${JSON.stringify(body)}`);
  }
  return body;
}

/**
 * Asserts the service's refusal of a body or query by its DTOs (apps/api/src/exception-filter.ts
 * `handleValidationPipeValidation`): 422 "Validation Error", and returns the class-validator messages.
 */
export function validationMessages(answer: Answer): string[] {
  const body = expectError(answer, 422);
  if (body.message !== "Validation Error" || !Array.isArray(body.errors?.general?.messages)) {
    throw new Error(`not a validation refusal: ${JSON.stringify(body)}`);
  }
  return body.errors.general.messages;
}
