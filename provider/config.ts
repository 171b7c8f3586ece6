import { RunError } from "@pulumi/pulumi/errors";
import { getConfig } from "@pulumi/pulumi/runtime/config";
import { isHttpUrl } from "../sdk/http-url";

/**
 * Where the API key and base URL come from at run time.
 *
 * Resources: the dynamic provider's `configure(req)` receives the whole stack config (secrets decrypted),
 * read with `req.config.get("svc:apiKey")`. Data sources run in the program and read the same keys from the
 * program's config. In both cases the environment (`SVC_API_KEY`, `SVC_BASE_URL`) is the fallback.
 * Nothing is read at serialization time, so the key never lands in a resource's `__provider`.
 */

/** What the provider needs to talk to the service. */
export interface SvcSettings {
  /** The API key (`ApiKey <key>` authorization); never logged. */
  apiKey: string;
  /** The service's base URL, e.g. `https://api.example.com`. */
  baseUrl: string;
}

/** Anything with `get(fullKey)`: the `config` of a dynamic provider's ConfigureRequest. */
export interface ConfigSource {
  /** The value of a full config key such as `svc:apiKey`, or undefined. */
  get(key: string): unknown;
}

/**
 * A missing or unusable setting; the message names the command that fixes it. Never carries the value. A
 * `pulumi.RunError`, so the program prints its message alone; the host and the data sources pass it on as a
 * ConfigError (./model/engine-errors.ts), so a user sees a configuration problem as such and code can branch on it.
 */
export class ConfigError extends RunError {
  /**
   * Stable code of the problem: `SVC_ERR_CONFIG` for a missing or unusable setting,
   * `SVC_ERR_ENVIRONMENT_MISMATCH` for a key of another environment or organization than the one a resource
   * was written in (see ./model/key-environment.ts), `SVC_ERR_KEY_REFUSED` for a key the service refused
   * (401) and `SVC_ERR_UNREACHABLE` for a base URL where no service answered (./model/setting-fix.ts).
   */
  readonly code: ConfigErrorCode;

  constructor(message: string, code: ConfigErrorCode = "SVC_ERR_CONFIG") {
    super(message);
    this.name = "ConfigError";
    this.code = code;
    // A configuration problem is never a bug: no stack trace. The dynamic-provider host prints every error it
    // passes on as `${error}: ${error.stack}`, which is then one line: `ConfigError [<code>]: <message>`.
    this.stack = message;
  }

  /** `ConfigError [<code>]`: with {@link ConfigError.stack}, the one line the dynamic-provider host prints. */
  override toString(): string {
    return `${this.name} [${this.code}]`;
  }
}

/** The codes a {@link ConfigError} carries. */
export type ConfigErrorCode =
  | "SVC_ERR_CONFIG"
  | "SVC_ERR_ENVIRONMENT_MISMATCH"
  | "SVC_ERR_KEY_REFUSED"
  | "SVC_ERR_UNREACHABLE";

/**
 * Every `svc:` config key pulumi-svc reads, one entry each: the key, its environment fallback (if any) and
 * the command that sets it. Resources, data sources, the explicit provider and the host read keys only
 * through this table.
 */
export const SETTINGS = {
  apiKey: {
    key: "svc:apiKey",
    env: "SVC_API_KEY",
    command: "pulumi config set --secret svc:apiKey <key>",
  },
  baseUrl: {
    key: "svc:baseUrl",
    env: "SVC_BASE_URL",
    command: "pulumi config set svc:baseUrl <url>",
  },
  /** The secret that keys a SubscriberCredentialsSet's fingerprints (falls back to the API key). */
  fingerprintKey: {
    key: "svc:fingerprintKey",
    command: 'pulumi config set --secret svc:fingerprintKey "$(openssl rand -hex 32)"',
  },
  /** An explicit provider's environment name: set by `svc.Provider` in its inputs, never in stack config. */
  environment: {
    key: "svc:environment",
  },
} as const;

function pick(fromConfig: unknown, fromEnv: string | undefined): string | undefined {
  if (typeof fromConfig === "string" && fromConfig.trim() !== "") return fromConfig.trim();
  if (fromEnv !== undefined && fromEnv.trim() !== "") return fromEnv.trim();
  return undefined;
}

function missing(name: "apiKey" | "baseUrl"): ConfigError {
  const s = SETTINGS[name];
  return new ConfigError(
    `svc: missing ${s.key}. Set it with \`${s.command}\` (or export ${s.env} in the environment of \`pulumi\`).`,
  );
}

/**
 * Resolves the settings from a config source (a dynamic provider's `req.config`, or undefined) and the
 * environment. Throws {@link ConfigError} naming the exact command when a value is missing or invalid.
 */
export function resolveSettings(
  source: ConfigSource | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): SvcSettings {
  const apiKey = pick(source?.get(SETTINGS.apiKey.key), env[SETTINGS.apiKey.env]);
  if (apiKey === undefined) throw missing("apiKey");
  const baseUrl = pick(source?.get(SETTINGS.baseUrl.key), env[SETTINGS.baseUrl.env]);
  if (baseUrl === undefined) throw missing("baseUrl");
  if (!isHttpUrl(baseUrl)) {
    throw new ConfigError(
      `svc: svc:baseUrl must be an http(s) URL such as https://api.example.com. Set it with \`${SETTINGS.baseUrl.command}\`.`,
    );
  }
  return { apiKey, baseUrl };
}

/**
 * Settings for code that runs in the Pulumi program (data sources): reads the program's stack config
 * (`svc:apiKey`, `svc:baseUrl`) without Output wrapping, then the environment.
 */
export function resolveProgramSettings(
  env: Readonly<Record<string, string | undefined>> = process.env,
): SvcSettings {
  return resolveSettings({ get: (key: string) => getConfig(key) }, env);
}
