/**
 * Errors handed to the Pulumi engine. They must carry no `id` field (the engine would read "created, failed
 * to initialize") and no secret: messages are scrubbed of the API key and every credential value. Used by the
 * host (provider/runtime/shared/service-session.ts) and by the data sources (../functions/invoke.ts).
 */
import { scrubText } from "../../sdk/redact";
import { ConfigError } from "../config";
import { SETTING_PROBLEM_CODES, type SettingContext, settingFix, settingProblem } from "./setting-fix";

/**
 * An error for the engine: `svc: <operation>: <scrubbed message>`, nothing else attached. A
 * {@link ConfigError} stays one (same class, name and code, so the user reads a configuration problem as such and
 * callers can tell it apart); so does a failure of a setting (a refused key, an address that does not answer:
 * ./setting-fix.ts), which becomes a {@link ConfigError} whose one line ends with the setting and the command
 * that fix it (`context` says how the settings were set); every other failure becomes a plain `Error`.
 */
export function providerError(
  operation: string,
  err: unknown,
  secrets: readonly string[],
  context?: SettingContext,
): Error {
  const message = err instanceof Error ? err.message : String(err);
  const prefix = message.startsWith("svc:") ? "" : `svc: ${operation}: `;
  const problem = settingProblem(err);
  const stop = /[.!?]$/.test(message) ? "" : ".";
  const fix = problem === undefined ? "" : `${stop} ${settingFix(problem, operation, context)}`;
  const text = scrubText(`${prefix}${message}${fix}`, secrets);
  if (err instanceof ConfigError) return new ConfigError(text, err.code);
  return problem === undefined ? new Error(text) : new ConfigError(text, SETTING_PROBLEM_CODES[problem]);
}
