/**
 * Secret headers of `http_request` steps: a header that carries a credential (`Authorization: Bearer ...`)
 * is declared in the Workflow's `secretHeaders` input (a secret input: ./secret-inputs.ts), by step name,
 * never among a step's plain `controls.headers`. The service stores every header of a step as sent and
 * answers them in plaintext (`controls.values.headers`, libs/application-generic/src/usecases/upsert-workflow/
 * upsert-workflow.usecase.ts), so the provider sends the secret ones appended to the step's headers and splits
 * them out of every answer again: the step's outputs hold the plain headers only, `secretHeaders` (secret in
 * state and previews) the others.
 *
 * A header is split out when the step declares it in `secretHeaders`, or when its name looks like a
 * credential ({@link looksSecretHeader}), so that a workflow read without a declaration (an import, a copy
 * by svc-export) never puts such a value in plaintext; check refuses such a name among the plain headers.
 */
import { z } from "zod";

/** A header of an http_request step, as the service stores it. */
export interface HeaderPair {
  key: string;
  value: string;
}

/** Step name -> header name -> value. */
export type SecretHeaders = Record<string, Record<string, string>>;

/** The header values of one step, each non-empty (the service's `keyValuePairSchema`: minLength 1). */
const stepSecretHeadersSchema = z.record(z.string().min(1), z.string().min(1, "must not be empty"));

/**
 * Secret headers of the workflow's http_request steps, by step name: `{ "Notify CRM": { Authorization:
 * "Bearer ..." } }`. Sent appended to that step's `controls.headers`; kept secret in the state, the
 * previews and the outputs (the steps' outputs never list them). A header whose name looks like a credential
 * (Authorization, Cookie, or one naming a token, key, secret, password, signature or session) belongs here.
 * Left out: not managed (each step keeps the credential-looking headers the service holds for it).
 */
export const secretHeadersSchema = z.record(z.string().min(1), stepSecretHeadersSchema);

/** Header names that carry credentials: a value of such a header never goes to a step's plain headers. */
const SECRET_HEADER_NAME =
  /^(?:authorization|proxy-authorization|cookie|set-cookie)$|token|secret|passw|api[-_]?key|auth[-_]?key|signature|session|credential/i;

/** Whether a header's name says it carries a credential (Authorization, X-Api-Key, X-Auth-Token, ...). */
export function looksSecretHeader(name: string): boolean {
  return SECRET_HEADER_NAME.test(name);
}

function isPair(v: unknown): v is HeaderPair {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const { key, value } = v as Record<string, unknown>;
  return typeof key === "string" && typeof value === "string";
}

/** Whether `name` is a secret header of a step that declares `declared` (case-insensitive, as HTTP). */
function isSecretHeader(name: string, declared: Readonly<Record<string, string>>): boolean {
  const lower = name.toLowerCase();
  return looksSecretHeader(name) || Object.keys(declared).some((k) => k.toLowerCase() === lower);
}

/**
 * A stored step's controls split: the controls with the plain headers only (no `headers` when none is
 * left and none was stored plain), and the secret headers by name. `declared`: the step's declared
 * secret headers, whose names are split out whatever they look like.
 */
export function splitSecretHeaders(
  controls: Record<string, unknown>,
  declared: Readonly<Record<string, string>> = {},
): { controls: Record<string, unknown>; secrets: Record<string, string> } {
  const headers = controls["headers"];
  if (!Array.isArray(headers)) return { controls, secrets: {} };
  const secrets: Record<string, string> = {};
  const plain = headers.filter((h) => {
    if (!isPair(h) || !isSecretHeader(h.key, declared)) return true;
    secrets[h.key] = h.value;
    return false;
  });
  if (Object.keys(secrets).length === 0) return { controls, secrets };
  const { headers: _all, ...rest } = controls;
  const onlySecret = plain.length === 0;
  return { controls: onlySecret ? rest : { ...rest, headers: plain }, secrets };
}

/** A declared step's controls as sent: its secret headers appended to its plain ones. */
export function withSecretHeaders(
  controls: Record<string, unknown>,
  secrets: Readonly<Record<string, string>> | undefined,
): Record<string, unknown> {
  const pairs = Object.entries(secrets ?? {}).map(([key, value]) => ({ key, value }));
  if (pairs.length === 0) return controls;
  const plain = Array.isArray(controls["headers"]) ? (controls["headers"] as unknown[]) : [];
  return { ...controls, headers: [...plain, ...pairs] };
}
