/**
 * Errors handed to the Pulumi engine. They must carry no `id` field (the engine would read "created, failed
 * to initialize") and no secret: messages are scrubbed of the API key and every credential value.
 */
import { scrubText } from "../../sdk/redact";

/** HTTP status of an sdk ApiError, if the error is one. */
export function statusOf(err: unknown): number | undefined {
  const s = (err as { status?: unknown } | null)?.status;
  return typeof s === "number" ? s : undefined;
}

/** The sdk's scrubber (one placeholder, every form of a secret), under the name this module gave it. */
export { scrubText as scrub } from "../../sdk/redact";

/** A plain `Error` for the engine: `svc: <operation>: <scrubbed message>`, nothing else attached. */
export function providerError(operation: string, err: unknown, secrets: readonly string[]): Error {
  const message = err instanceof Error ? err.message : String(err);
  const prefix = message.startsWith("svc:") ? "" : `svc: ${operation}: `;
  return new Error(scrubText(`${prefix}${message}`, secrets));
}
