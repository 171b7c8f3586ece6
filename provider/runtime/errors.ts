/**
 * Errors handed to the Pulumi engine. They must carry no `id` field (the engine would read "created, failed
 * to initialize") and no secret: messages are scrubbed of the API key and every credential value.
 */

/** HTTP status of an sdk ApiError, if the error is one. */
export function statusOf(err: unknown): number | undefined {
  const s = (err as { status?: unknown } | null)?.status;
  return typeof s === "number" ? s : undefined;
}

/**
 * The forms a secret can take in an error text: as is, JSON-escaped once and twice (a service quoting the
 * request body), and, for a secret that is itself JSON (a service account), each string inside it.
 */
function secretForms(secret: string, into: Set<string>, depth = 0): void {
  if (secret.length < 4 || depth > 2) return;
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

/** Replaces every occurrence of the given secrets (4+ chars, in any of their forms) in `text`. */
export function scrub(text: string, secrets: readonly string[]): string {
  const forms = new Set<string>();
  for (const s of secrets) secretForms(s, forms);
  let out = text;
  // Longest first, so a short secret inside a longer one cannot break the longer one's match.
  for (const s of [...forms].sort((a, b) => b.length - a.length)) {
    if (s.length >= 4 && out.includes(s)) out = out.split(s).join("[secret]");
  }
  return out;
}

/** A plain `Error` for the engine: `svc: <operation>: <scrubbed message>`, nothing else attached. */
export function providerError(operation: string, err: unknown, secrets: readonly string[]): Error {
  const message = err instanceof Error ? err.message : String(err);
  const prefix = message.startsWith("svc:") ? "" : `svc: ${operation}: `;
  return new Error(scrub(`${prefix}${message}`, secrets));
}
