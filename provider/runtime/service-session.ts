/**
 * What every resource implementation needs to talk to the service from inside the dynamic-provider host:
 * settings from `configure` (environment as fallback, errors deferred so preview works without a key), one
 * shared SvcClient whose requests are paced by the service's rate-limit headers, and turning failures into
 * engine-safe errors. One session per provider instance; the host keeps one instance per resource kind, so
 * every resource of a deployment shares the client, its connection pool and its pacing.
 */
import { SvcClient } from "../../sdk/client";
import { RatePacer } from "../../sdk/rate-pacer";
import { type ConfigSource, resolveSettings, type SvcSettings } from "../config";
import { providerError } from "../model/engine-errors";
import { PROVIDER_CONFIG } from "../model/target";
import { stringsIn } from "./engine-values";

/** Options for tests and benchmarks that build a provider directly (the host passes none). */
export interface ServiceSessionOptions {
  /** Settings to use instead of configure/environment. */
  settings?: SvcSettings;
  /** Client factory (default: an SvcClient paced by the session's pacer). Receives the session's pacer. */
  client?: (settings: SvcSettings, pacer: RatePacer) => SvcClient;
}

/** Settings, shared paced client and error mapping of one provider instance. */
export class ServiceSession {
  /** The pacer of the shared client (its figures are useful in benchmarks). */
  readonly pacer = new RatePacer();
  private settings: SvcSettings | undefined;
  private configError: Error | undefined;
  private clientInstance: SvcClient | undefined;

  constructor(private readonly options: ServiceSessionOptions = {}) {
    this.settings = options.settings;
  }

  /**
   * Reads `svc:apiKey` / `svc:baseUrl` from the stack config (environment as fallback), or from the inputs of
   * an explicit `svc.Provider` (marked by `svc:environment`; no fallback, so it never reaches another
   * environment).
   */
  configure(config: ConfigSource | undefined): void {
    if (this.options.settings) return;
    const explicit = config?.get(PROVIDER_CONFIG.environment) !== undefined;
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
   * Runs an operation and turns any failure into an engine-safe error: `svc: <operation>: ...`, no `id`
   * field, every string of `secretSource` and the API key scrubbed.
   */
  async guard<T>(operation: string, secretSource: unknown, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      const secrets = stringsIn(secretSource);
      if (this.settings) secrets.push(this.settings.apiKey);
      throw providerError(operation, e, secrets);
    }
  }
}
