/**
 * The state of one plugin process: the provider's configuration and one configured runtime provider per
 * resource kind, created on first use and shared by every resource of that kind (as the dynamic-provider
 * host keeps one per kind), so they share a client, its connection pool and its rate pacing. The engine
 * starts one plugin process per provider (the default one, each explicit `pulumi:providers:svc`).
 */
import { resolveSettings, SETTINGS, type SvcSettings } from "../config";
import type { ProviderKind } from "../model/kinds";
import type { RuntimeProvider } from "../runtime";
import { configSource } from "./plugin-config";
import { ResourceCalls } from "./resource-calls";
import type { ResourceType } from "./resource-types";
import type { Props } from "./wire-values";

/** Text of a config value, when it is one. */
function text(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
}

/** One plugin process's provider. */
export class SvcPlugin {
  /** The resource methods, over this plugin's runtime providers. */
  readonly resources: ResourceCalls;
  private config: Props = {};
  private readonly providers = new Map<ProviderKind, Promise<RuntimeProvider>>();

  constructor(private readonly env: Readonly<Record<string, string | undefined>> = process.env) {
    this.resources = new ResourceCalls({
      provider: (type) => this.provider(type),
      fingerprintSecret: () => this.fingerprintSecret(),
    });
  }

  /** Configure: keeps the plain config; runtime providers made before are made again with it. */
  configure(args: Props): void {
    this.config = args;
    this.providers.clear();
  }

  /** Whether this is an explicit provider (`environment` set): then nothing falls back to the environment. */
  private get explicit(): boolean {
    return this.config.environment !== undefined;
  }

  /** The configured runtime provider of a resource type. */
  provider(type: ResourceType): Promise<RuntimeProvider> {
    let made = this.providers.get(type.kind);
    if (!made) {
      // The runtime (the service client, undici, every kind's rules) loads on the first resource call. It
      // reads its settings through `get("svc:...")`, the one method of the Config it is handed.
      const config = configSource(this.config);
      made = import("../runtime/index.js").then(async ({ createProvider }) => {
        const impl = createProvider(type.kind);
        await impl.configure({ config });
        return impl;
      });
      this.providers.set(type.kind, made);
    }
    return made;
  }

  /** The key and base URL the functions use (the environment as fallback for the default provider). */
  settings(): SvcSettings {
    return resolveSettings(configSource(this.config), this.explicit ? {} : this.env);
  }

  /** The secret that keys set fingerprints: `fingerprintKey`, else the API key (as on the dynamic path). */
  fingerprintSecret(): string | undefined {
    const fallback = this.explicit ? undefined : text(this.env[SETTINGS.apiKey.env]);
    return text(this.config.fingerprintKey) ?? text(this.config.apiKey) ?? fallback;
  }
}
