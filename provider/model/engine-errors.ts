/**
 * Errors handed to the Pulumi engine. They must carry no `id` field (the engine would read "created, failed
 * to initialize") and no secret: messages are scrubbed of the API key and every credential value. Used by the
 * host (provider/runtime/shared/service-session.ts) and by the data sources (../functions/invoke.ts).
 */
import { scrubText } from "../../sdk/redact";
import { ConfigError } from "../config";

/**
 * An error for the engine: `svc: <operation>: <scrubbed message>`, nothing else attached. A
 * {@link ConfigError} stays one (same class, name and code, so the user reads a configuration problem as such and
 * callers can tell it apart); every other failure becomes a plain `Error`.
 */
export function providerError(operation: string, err: unknown, secrets: readonly string[]): Error {
  const message = err instanceof Error ? err.message : String(err);
  const prefix = message.startsWith("svc:") ? "" : `svc: ${operation}: `;
  const text = scrubText(`${prefix}${message}`, secrets);
  return err instanceof ConfigError ? new ConfigError(text, err.code) : new Error(text);
}
