/**
 * The setting behind a failure, and the command that fixes it (issue 50 items 12-14): a refused key (401)
 * names `svc:apiKey` (or the `apiKey` of the `svc.Provider` whose key acts), a service that does not answer
 * names `svc:baseUrl` (or that provider's `baseUrl`), each with the command to set it and the command to run
 * next. `refresh` and `destroy` act with the key and address stored at the last `pulumi up`, so their fix is
 * the `--run-program` form, which acts with the settings as they are now (./key-environment.ts).
 */
import { AuthenticationError, ConnectionError } from "../../sdk/errors";
import { SETTINGS } from "../config";
import { type KeyConfig, type KeySource, RUN_PROGRAM } from "./key-environment";

/** Which setting a failure points at: the key the service refused, or the address that did not answer. */
export type SettingProblem = "key" | "address";

/** The stable code of a {@link SettingProblem} (a `ConfigError`'s code). */
export const SETTING_PROBLEM_CODES = {
  key: "SVC_ERR_KEY_REFUSED",
  address: "SVC_ERR_UNREACHABLE",
} as const;

/** What the failure's context says about the settings that acted. */
export interface SettingContext {
  /** How the key was set: the stack's config, or an explicit provider (`provider`: its environment name). */
  source?: KeySource | undefined;
  /** Whether the settings are the stack's as set now, or may be those stored at the last `up`. */
  config?: KeyConfig | undefined;
  /** The address the request went to (its origin is named; never a credential in it). */
  baseUrl?: string | undefined;
}

/** The setting a failure points at, or undefined when it is not one of a setting. */
export function settingProblem(err: unknown): SettingProblem | undefined {
  if (err instanceof AuthenticationError) return "key";
  if (err instanceof ConnectionError) return "address";
  return undefined;
}

/** The setting's name as the user set it. */
function settingName(problem: SettingProblem, source: KeySource | undefined): string {
  const field = problem === "key" ? "apiKey" : "baseUrl";
  if (source?.provider === undefined) return SETTINGS[field].key;
  return source.provider === ""
    ? `the ${field} of the svc.Provider`
    : `the ${field} of svc.Provider "${source.provider}"`;
}

/** `http://host:port` of a URL, without credentials, path or query; undefined when it is not one. */
function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The sentence that fixes `problem` for `operation`: what the setting is, how to set it (the stack's command,
 * or the provider's input), and the one command to run next.
 */
export function settingFix(problem: SettingProblem, operation: string, context: SettingContext = {}): string {
  const name = settingName(problem, context.source);
  const explicit = context.source?.provider !== undefined;
  const command = problem === "key" ? SETTINGS.apiKey.command : SETTINGS.baseUrl.command;
  const setIt = explicit ? "set it in the program" : `set it with \`${command}\``;
  const at = originOf(context.baseUrl);
  const what =
    problem === "key"
      ? `The service refused ${name}: ${setIt} (a key of the environment the stack acts on)`
      : `No answer from the service at ${name}${at === undefined ? "" : ` (${at})`}: if the address is wrong, ${setIt}`;
  const rerun = context.config === "stored" ? RUN_PROGRAM[operation] : undefined;
  const next =
    rerun === undefined
      ? "then run the command again"
      : `then run \`${rerun}\` (\`${rerun.split(" --")[0]}\` acts with the settings stored at the last \`pulumi up\`; this form acts with those set now)`;
  return `${what}, ${next}.`;
}
