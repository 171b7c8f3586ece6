/**
 * What every data source shares: settings from `opts.provider` (an `svc.Provider`), else from the program's
 * stack config (`svc:apiKey`, `svc:baseUrl`, environment as fallback), one short-lived client per call, paced by one pacer per account and address for
 * the whole program (so many lookups at once run at the service's rate), errors prefixed with the function's
 * name, and the Output variant with secret marking.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import * as pulumi from "@pulumi/pulumi";
import type { SvcClient } from "../../sdk/client";
import { RatePacer } from "../../sdk/rate-pacer";
import { isSecretKey } from "../../sdk/redact";
import { ConfigError, resolveProgramSettings, type SvcSettings } from "../config";
import type { InputArgs } from "../inputs";
import { providerError } from "../model/engine-errors";
import type { SettingContext } from "../model/setting-fix";
import { providerReady, providerSettings } from "../resources/provider";
import {
  afterDependencies,
  type DataSourceOptions,
  type DataSourceOutputOptions,
} from "./data-source-options";

/** One pacer per base URL and API key, shared by every data-source call of the program. */
const pacers = new Map<string, RatePacer>();

function pacerFor(baseUrl: string, apiKey: string): RatePacer {
  const key = `${baseUrl}\n${apiKey}`;
  let pacer = pacers.get(key);
  if (!pacer) {
    pacer = new RatePacer();
    pacers.set(key, pacer);
  }
  return pacer;
}

/** Settings that stand in for the program's, while a provider plugin's Invoke runs (see {@link withSettings}). */
const pluginSettings = new AsyncLocalStorage<SvcSettings>();

/**
 * Runs `fn` (a data source call) with `settings` instead of the program's stack config: how the provider
 * plugin (../plugin) serves these same functions through Invoke, with its configured key and base URL.
 */
export function withSettings<T>(settings: SvcSettings, fn: () => Promise<T>): Promise<T> {
  return pluginSettings.run(settings, fn);
}

/**
 * Runs `fn` with a paced client built from the settings of `opts.provider`, else of the plugin's Invoke
 * ({@link withSettings}), else of the program, and closes it afterwards. A failure is a `pulumi.RunError`
 * (see {@link dataSourceError}).
 */
export async function invoke<T>(
  name: string,
  opts: DataSourceOptions | undefined,
  fn: (client: SvcClient) => Promise<T>,
): Promise<T> {
  let apiKey: string | undefined;
  let baseUrl: string | undefined;
  try {
    const settings = opts?.provider
      ? await providerSettings(opts.provider)
      : (pluginSettings.getStore() ?? resolveProgramSettings());
    apiKey = settings.apiKey;
    baseUrl = settings.baseUrl;
    const key = settings.apiKey;
    // Loaded on first use: a program that calls no data source does not load the HTTP client (undici).
    const { SvcClient } = await import("../../sdk/client.js");
    const client = new SvcClient({ apiKey: key, baseUrl, pacing: { pacer: pacerFor(baseUrl, key) } });
    try {
      return await fn(client);
    } finally {
      await client.close();
    }
  } catch (e) {
    // A refused key or a dead address names the setting: the provider's, else the stack's (or the plugin's).
    const context = { source: opts?.provider ? { provider: "" } : {}, baseUrl };
    throw dataSourceError(name, e, apiKey === undefined ? [] : [apiKey], context);
  }
}

/**
 * A data source's failure as Pulumi reports a program error it explains itself: a `pulumi.RunError`, which the
 * Node.js runtime prints as its message alone (`svc: <function>: GET <path> -> <status> (req <id>): ...`),
 * without a stack trace from inside this package. Scrubbed of the key like every provider error. A missing or
 * bad setting stays a {@link ConfigError} (itself a `RunError`).
 */
export function dataSourceError(
  name: string,
  err: unknown,
  secrets: readonly string[],
  context?: SettingContext,
): pulumi.RunError {
  const flat = providerError(name, err, secrets, context);
  const error = flat instanceof ConfigError ? flat : new pulumi.RunError(flat.message);
  error.stack = error.message;
  return error;
}

function nonEmpty(v: unknown): boolean {
  if (v === undefined || v === null || v === "") return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === "object") return Object.keys(v).length > 0;
  return true;
}

/**
 * True when the value holds a credential anywhere: a non-empty value under a secret key of the sdk's list
 * (`credentials`, `deviceTokens`, `webhookUrl`, `directWebhookUrl`, `overrides`, ...). The Output variants
 * mark such results secret as a whole.
 */
export function holdsSecret(value: unknown, depth = 0): boolean {
  if (depth > 32 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((v) => holdsSecret(v, depth + 1));
  for (const [k, v] of Object.entries(value)) {
    if (isSecretKey(k) && nonEmpty(v)) return true;
    if (holdsSecret(v, depth + 1)) return true;
  }
  return false;
}

/**
 * The Output variant of a data source: waits for `opts.dependsOn`, the settings of `opts.provider` and the
 * (possibly unknown) args, calls the
 * Promise variant `fn`, and marks the result secret when it holds a credential (or when any arg was secret,
 * as Pulumi does).
 */
export function outputOf<A, T>(
  args: InputArgs<A>,
  opts: DataSourceOutputOptions | undefined,
  fn: (args: pulumi.Unwrap<InputArgs<A>>, opts?: DataSourceOptions) => Promise<T>,
): pulumi.Output<T> {
  const result = pulumi
    .all([afterDependencies(opts?.dependsOn), providerReady(opts?.provider)])
    .apply(() => pulumi.output(args))
    .apply((plain) => fn(plain, opts));
  const secret = result.apply((r) => (holdsSecret(r) ? pulumi.secret(true) : pulumi.output(false)));
  return secret.apply(() => result);
}
