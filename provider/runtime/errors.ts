/**
 * Errors handed to the Pulumi engine. They must carry no `id` field (the engine would read "created, failed
 * to initialize") and no secret: messages are scrubbed of the API key and every credential value.
 */

/** HTTP status of an sdk ApiError, if the error is one. */
export function statusOf(err: unknown): number | undefined {
  const s = (err as { status?: unknown } | null)?.status;
  return typeof s === "number" ? s : undefined;
}

/** Replaces every occurrence of the given secrets (4+ chars) in `text`. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4 && out.includes(s)) out = out.split(s).join("[secret]");
  return out;
}

/** A plain `Error` for the engine: `svc: <operation>: <scrubbed message>`, nothing else attached. */
export function providerError(operation: string, err: unknown, secrets: readonly string[]): Error {
  const message = err instanceof Error ? err.message : String(err);
  const prefix = message.startsWith("svc:") ? "" : `svc: ${operation}: `;
  return new Error(scrub(`${prefix}${message}`, secrets));
}
