/**
 * What every resource implementation needs to talk to the service from inside the dynamic-provider host:
 * settings from `configure` (environment as fallback, errors deferred so preview works without a key), one
 * shared SvcClient whose requests are paced by the service's rate-limit headers, and turning failures into
 * engine-safe errors. One session per provider instance; the host keeps one instance per resource kind, so
 * every resource of a deployment shares the client, its connection pool and its pacing.
 */
import { createHash } from "node:crypto";
import { SvcClient } from "../../../sdk/client";
import { NotFoundError } from "../../../sdk/errors";
import { RatePacer } from "../../../sdk/rate-pacer";
import { ConfigError, type ConfigSource, resolveSettings, type SvcSettings } from "../../config";
import { providerError } from "../../model/engine-errors";
import {
  environmentMismatch,
  isElsewhere,
  type KeyConfig,
  type KeySource,
  type Placement,
  storedPlacement,
} from "../../model/key-environment";
import { type SettingContext, settingProblem } from "../../model/setting-fix";
import { PROVIDER_CONFIG } from "../../model/target";
import { isUnknown } from "../../model/values";
import { stringsIn } from "./engine-values";
import { keyConfig } from "./program-ran";

/** Options for tests and benchmarks that build a provider directly (the host passes none). */
export interface ServiceSessionOptions {
  /** Settings to use instead of configure/environment. */
  settings?: SvcSettings;
  /** Client factory (default: an SvcClient paced by the session's pacer). Receives the session's pacer. */
  client?: (settings: SvcSettings, pacer: RatePacer) => SvcClient;
}

/**
 * The environment of each key this process has asked about (`GET /v1/environments/me`), by base URL and key
 * (hashed): one request per process and key, shared by the sessions of every resource kind. `undefined`: the
 * service does not know the route (404, an older service), so the environment is unknown. A failed request
 * is not kept: the next operation asks again.
 */
const KEY_ENVIRONMENTS = new Map<string, Promise<Placement | undefined>>();

function keyOf(settings: SvcSettings): string {
  return createHash("sha256").update(`${settings.baseUrl}\n${settings.apiKey}`).digest("hex");
}

/** Settings, shared paced client and error mapping of one provider instance. */
export class ServiceSession {
  /** The pacer of the shared client (its figures are useful in benchmarks). */
  readonly pacer = new RatePacer();
  private settings: SvcSettings | undefined;
  private configError: Error | undefined;
  private clientInstance: SvcClient | undefined;
  private keySource: KeySource = {};

  constructor(private readonly options: ServiceSessionOptions = {}) {
    this.settings = options.settings;
  }

  /**
   * Reads `svc:apiKey` / `svc:baseUrl` from the stack config (environment as fallback), or from the inputs of
   * an explicit `svc.Provider` (marked by `svc:environment`; no fallback, so it never reaches another
   * environment).
   */
  configure(config: ConfigSource | undefined): void {
    const environment = config?.get(PROVIDER_CONFIG.environment);
    const explicit = environment !== undefined;
    this.keySource = { provider: typeof environment === "string" ? environment : undefined };
    if (this.options.settings) return;
    try {
      this.settings = resolveSettings(config, explicit ? {} : process.env);
    } catch (e) {
      // Preview (check/diff) needs no key: report the missing setting only when the service is called.
      this.configError = e as Error;
    }
  }

  /** The shared client (created on first use; throws the configuration error if there is one). */
  client(): SvcClient {
    if (this.clientInstance) return this.clientInstance;
    if (!this.settings) {
      if (this.configError) throw this.configError;
      this.settings = resolveSettings(undefined);
    }
    const make =
      this.options.client ??
      ((s: SvcSettings, pacer: RatePacer) =>
        new SvcClient({ apiKey: s.apiKey, baseUrl: s.baseUrl, pacing: { pacer } }));
    this.clientInstance = make(this.settings, this.pacer);
    return this.clientInstance;
  }

  /**
   * The environment and organization the API key acts on, asked once per process and key
   * (`GET /v1/environments/me`); undefined when the service does not have that route (an older service).
   * Throws the configuration error when there is no key, and the request's error when it failed.
   */
  async keyEnvironment(): Promise<Placement | undefined> {
    const client = this.client();
    const key = keyOf(this.settings as SvcSettings);
    let known = KEY_ENVIRONMENTS.get(key);
    if (known === undefined) {
      known = client.environments.me().then(
        (env): Placement => ({
          environmentId: env._id,
          environmentName: env.name,
          organizationId: env._organizationId,
        }),
        (e: unknown) => {
          if (e instanceof NotFoundError) return undefined;
          KEY_ENVIRONMENTS.delete(key);
          throw e;
        },
      );
      KEY_ENVIRONMENTS.set(key, known);
    }
    return known;
  }

  /**
   * Fails `operation` on a resource whose state (`props`) says it lives in another environment than the
   * one the API key acts on (see ../model/key-environment.ts), with a {@link ConfigError} coded
   * `SVC_ERR_ENVIRONMENT_MISMATCH`. Nothing to check: state without `environmentId` (older versions, or a
   * create), or a service that cannot say (404). With `bestEffort` (diff, which previews run, possibly
   * without a key), a key's environment that cannot be learned is no failure either: the operations that
   * reach the service check again. `config` says whether the key may be the one stored at the last `up`
   * (the fix the error names depends on it).
   */
  async checkEnvironment(
    operation: string,
    props: unknown,
    bestEffort = false,
    config: KeyConfig = "current",
  ): Promise<void> {
    const stored = storedPlacement(props);
    if (stored === undefined) return;
    let key: Placement | undefined;
    try {
      key = await this.keyEnvironment();
    } catch (e) {
      if (bestEffort) return;
      throw providerError(operation, e, this.secrets(), this.context(config));
    }
    if (key === undefined || !isElsewhere(stored, key)) return;
    throw new ConfigError(
      environmentMismatch(operation, stored, key, this.keySource, config),
      "SVC_ERR_ENVIRONMENT_MISMATCH",
    );
  }

  /**
   * The check of the key and address that a preview makes (issue 50 item 14), once per provider instance and
   * key: the request of {@link keyEnvironment} (`GET /v1/environments/me`), cached for the process, so it
   * costs nothing more. A key the service refuses (401) or an address where nothing answers fails `operation`
   * with the line that names the setting and the command that fix it (../../model/setting-fix.ts). Nothing to
   * check without settings (a preview needs no key) or while one is unknown (an explicit provider's key that
   * is the output of a resource not made yet); any other failure is left to the operations that need the
   * service.
   */
  async checkSettings(operation: string): Promise<void> {
    const s = this.settings;
    if (s === undefined || isUnknown(s.apiKey) || isUnknown(s.baseUrl)) return;
    try {
      await this.keyEnvironment();
    } catch (e) {
      if (settingProblem(e) === undefined) return;
      throw providerError(operation, e, this.secrets(), this.context(keyConfig(operation)));
    }
  }

  /** The strings every error of this session is scrubbed of: the API key. */
  private secrets(): string[] {
    return this.settings ? [this.settings.apiKey] : [];
  }

  /** How this session's settings were set, for the fix an error names. */
  private context(config: KeyConfig): SettingContext {
    return { source: this.keySource, config, baseUrl: this.settings?.baseUrl };
  }

  /**
   * The key's environment for a resource's outputs, best effort: undefined when it cannot be learned (the
   * write it describes has happened; failing now would lose it).
   */
  async placement(): Promise<Placement | undefined> {
    try {
      return await this.keyEnvironment();
    } catch {
      return undefined;
    }
  }

  /**
   * Runs an operation and turns any failure into an engine-safe error: `svc: <operation>: ...`, no `id`
   * field, every string of `secretSource` and the API key scrubbed.
   */
  async guard<T>(operation: string, secretSource: unknown, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      const secrets = [...stringsIn(secretSource), ...this.secrets()];
      throw providerError(operation, e, secrets, this.context(keyConfig(operation)));
    }
  }
}
