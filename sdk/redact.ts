/**
 * Scrubbing of secrets from anything an error keeps or prints: URLs, bodies and free text. Used by the
 * error family and the transport; the API key itself is never stored, only scrubbed out of strings.
 */

/** What replaces a secret. */
export const REDACTED = "[REDACTED]";

/**
 * Keys whose values are secrets wherever they appear (request or response bodies, query strings):
 * credentials, tokens, webhook URLs and the like. Matched case-insensitively against the whole key.
 */
const SECRET_KEY =
  /(api[-_]?key|secret|token|password|passwd|credential|webhook|authorization|cookie|session|private|access[-_]?key|signature|accountsid|^auth|^key$|^sid$)/i;

/** True when a property or query parameter name looks like it holds a secret. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** Replaces every occurrence of each secret in `text` (secrets shorter than 4 characters are ignored). */
export function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    if (s.length >= 4 && out.includes(s)) out = out.split(s).join(REDACTED);
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
