/**
 * Scrubbing of secrets from anything an error keeps or prints: URLs, bodies and free text. The one scrubber
 * and the one list of secret keys: the error family, the transport and the provider (engine errors, secret
 * outputs of data sources) all use these. The API key itself is never stored, only scrubbed out of strings.
 */

/** What replaces a secret. */
export const REDACTED = "[REDACTED]";

/**
 * Keys whose values are secrets wherever they appear (request or response bodies, query strings):
 * credentials, (device) tokens, webhook URLs, per-provider overrides and the like. Matched
 * case-insensitively against the whole key.
 */
const SECRET_KEY =
  /(api[-_]?key|secret|token|password|passwd|credential|webhook|authorization|cookie|session|private|access[-_]?key|signature|accountsid|^auth|^key$|^sid$|^overrides$)/i;

/** True when a property or query parameter name looks like it holds a secret. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** Secrets shorter than this are not scrubbed (they would match ordinary text). */
const MIN_SECRET_LENGTH = 4;

/**
 * The forms a secret can take in a text: as is, JSON-escaped once and twice (a service quoting the request
 * body), and, for a secret that is itself JSON (a service account), each string inside it.
 */
function secretForms(secret: string, into: Set<string>, depth = 0): void {
  if (secret.length < MIN_SECRET_LENGTH || depth > 2) return;
  const once = JSON.stringify(secret).slice(1, -1);
  into.add(secret).add(once).add(JSON.stringify(once).slice(1, -1));
  if (!/^\s*[[{]/.test(secret)) return;
  try {
    const walk = (v: unknown): void => {
      if (typeof v === "string") secretForms(v, into, depth + 1);
      else if (v !== null && typeof v === "object") for (const x of Object.values(v)) walk(x);
    };
    walk(JSON.parse(secret));
  } catch {
    // Not JSON: the plain forms above are all there is.
  }
}

/**
 * Replaces every occurrence of each secret (4+ characters, in any of its forms: plain, JSON-escaped, and
 * the strings inside a JSON secret) in `text` with {@link REDACTED}.
 */
export function scrubText(text: string, secrets: readonly string[]): string {
  const forms = new Set<string>();
  for (const s of secrets) secretForms(s, forms);
  let out = text;
  // Longest first, so a short secret inside a longer one cannot break the longer one's match.
  for (const s of [...forms].sort((a, b) => b.length - a.length)) {
    if (out.includes(s)) out = out.split(s).join(REDACTED);
  }
  return out;
}

/**
 * A copy of `value` with secret-looking keys replaced by {@link REDACTED} and the given secrets scrubbed
 * out of every string. Depth- and size-bounded so a huge or cyclic body cannot blow up an error.
 */
export function redactValue(value: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  if (typeof value === "string") return scrubText(value, secrets);
  if (value === null || typeof value !== "object") return value;
  if (depth > 8) return "[…]";
  if (Array.isArray(value)) {
    const items = value.slice(0, 50).map((v) => redactValue(v, secrets, depth + 1));
    if (value.length > 50) items.push(`[… ${value.length - 50} more]`);
    return items;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      isSecretKey(k) && v !== null && v !== undefined && v !== ""
        ? REDACTED
        : redactValue(v, secrets, depth + 1);
  }
  return out;
}

/**
 * A URL safe to show: no user info, secret-looking query parameters replaced, and the given secrets scrubbed.
 * Accepts absolute URLs and paths; anything unparsable is scrubbed as text.
 */
export function redactUrl(url: string, secrets: readonly string[] = []): string {
  let parsed: URL;
  try {
    parsed = new URL(url, "http://relative.invalid");
  } catch {
    return scrubText(url, secrets);
  }
  parsed.username = "";
  parsed.password = "";
  for (const key of new Set(parsed.searchParams.keys())) {
    if (isSecretKey(key)) {
      const n = parsed.searchParams.getAll(key).length;
      parsed.searchParams.delete(key);
      for (let i = 0; i < n; i++) parsed.searchParams.append(key, REDACTED);
    }
  }
  const text =
    parsed.origin === "http://relative.invalid" ? `${parsed.pathname}${parsed.search}` : parsed.toString();
  return scrubText(text.replaceAll(encodeURIComponent(REDACTED), REDACTED), secrets);
}
