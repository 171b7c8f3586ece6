/**
 * The plugin's provider configuration: `svc:apiKey` (secret), `svc:baseUrl`, `svc:environment` and
 * `svc:fingerprintKey` (secret), the keys of ../config.ts `SETTINGS`. The engine sends them without the
 * package prefix (`apiKey`): from the stack config for the default provider, from the inputs of an explicit
 * `svc:index:Provider` (pulumi:providers:svc) resource.
 *
 * CheckConfig validates them; DiffConfig says what a change does: a `baseUrl` or `environment` change
 * replaces the provider, and so every resource it manages (they live elsewhere then), a rotated `apiKey` or
 * `fingerprintKey` updates it in place (the resources stay). Configure hands them to the runtime as the
 * `svc:`-keyed config source the dynamic-provider host hands it (../config.ts `ConfigSource`).
 */
import { isHttpUrl } from "../../sdk/http-url";
import { type ConfigSource, SETTINGS } from "../config";
import type { CheckFailure } from "../model/pulumi-results";
import { canonical, containsUnknown, isUnknown } from "../model/values";
import type { Props } from "./wire-values";

/** The config keys, unprefixed as the engine sends them. */
export const CONFIG_KEYS = ["apiKey", "baseUrl", "environment", "fingerprintKey"] as const;
/** One of {@link CONFIG_KEYS}. */
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/** Config keys that hold secrets: always answered marked secret. */
export const SECRET_CONFIG_KEYS: ReadonlySet<string> = new Set(["apiKey", "fingerprintKey"]);

/** A change of one of these moves every resource of the provider elsewhere: a replace. */
export const REPLACING_CONFIG_KEYS: readonly ConfigKey[] = ["baseUrl", "environment"];

/** Keys the engine itself adds to a provider's inputs (a default provider's version, a download URL). */
const ENGINE_KEYS: ReadonlySet<string> = new Set(["version", "pluginDownloadURL"]);

function isConfigKey(key: string): key is ConfigKey {
  return (CONFIG_KEYS as readonly string[]).includes(key);
}

/** How to set a key, for failure messages (never the value). */
function how(key: ConfigKey): string {
  const s = SETTINGS[key];
  return "command" in s ? ` Set it with \`${s.command}\`.` : "";
}

function keyFailure(key: string, value: unknown): CheckFailure | undefined {
  if (ENGINE_KEYS.has(key)) return undefined;
  if (!isConfigKey(key)) {
    return { property: key, reason: `svc:${key}: unknown setting (known: ${CONFIG_KEYS.join(", ")})` };
  }
  if (value === undefined || value === null || isUnknown(value)) return undefined;
  const property = SECRET_CONFIG_KEYS.has(key) ? "" : key;
  if (typeof value !== "string" || value.trim() === "") {
    return { property, reason: `svc:${key}: must be a non-empty string.${how(key)}` };
  }
  if (key === "baseUrl" && !isHttpUrl(value.trim())) {
    return {
      property,
      reason: `svc:baseUrl: must be an http(s) URL such as https://api.example.com.${how(key)}`,
    };
  }
  return undefined;
}

/** CheckConfig: the failures of the provider's inputs (a secret's failure names no property, as for resources). */
export function checkConfig(news: Props): CheckFailure[] {
  return Object.entries(news)
    .map(([k, v]) => keyFailure(k, v))
    .filter((f): f is CheckFailure => f !== undefined);
}

function normalized(v: unknown): string {
  if (typeof v === "string" && !isUnknown(v)) return JSON.stringify(v.trim());
  return JSON.stringify(canonical(v ?? null));
}

/** What a config change does: the keys that changed and those of them that replace. */
export interface ConfigDiff {
  changed: ConfigKey[];
  replaces: ConfigKey[];
}

/** DiffConfig: changed keys (an unknown new value counts as changed), and which of them replace. */
export function diffConfig(olds: Props, news: Props): ConfigDiff {
  const changed = CONFIG_KEYS.filter(
    (k) => containsUnknown(news[k]) || normalized(olds[k]) !== normalized(news[k]),
  );
  return { changed, replaces: changed.filter((k) => REPLACING_CONFIG_KEYS.includes(k)) };
}

/**
 * The config as the runtime reads it (`get("svc:apiKey")`), from the plain values of Configure's args. An
 * unknown value (a preview, before an explicit provider's inputs are known) reads as absent.
 */
export function configSource(args: Props): ConfigSource {
  return {
    get(key: string): unknown {
      const short = key.startsWith("svc:") ? key.slice(4) : key;
      const v = isConfigKey(short) ? args[short] : undefined;
      return isUnknown(v) ? undefined : v;
    },
  };
}
