import { DEFAULT_DEV_KEY, DEFAULT_PROD_KEY, type EmulatorKey, KeyRegistry, type KeyScope } from "./auth";
import { hashKey, type PersistedState } from "./persistence";
import type { EnvironmentState, Store } from "./store";

/**
 * The emulator's API keys and their environments: registration (ids reused from a data file), the key an
 * operation means when none is named, and the environment of a key.
 */
export class EmulatorKeys {
  /** The registry the request pipeline authenticates against. */
  readonly registry = new KeyRegistry();
  /** The key operations use when none is named (the first configured one). */
  readonly firstKey: string;
  private readonly saved: Map<string, PersistedState["keys"][number]>;

  /**
   * Registers `configured` (or, without any, the two default keys of one organization) into `store`,
   * reusing the organization and environment ids a data file saved for the same key.
   */
  constructor(
    private readonly store: Store,
    configured: readonly EmulatorKey[] | undefined,
    saved: PersistedState | undefined,
  ) {
    this.saved = new Map(saved?.keys.map((k) => [k.keyHash, k]));
    if (configured && configured.length > 0) {
      configured.forEach((k, i) => {
        this.register(k, i === 0 ? "Development" : undefined);
      });
      this.firstKey = configured[0]?.apiKey ?? DEFAULT_DEV_KEY;
    } else {
      const dev = this.register({ apiKey: DEFAULT_DEV_KEY });
      this.register({ apiKey: DEFAULT_PROD_KEY, organizationId: dev.organizationId });
      this.firstKey = DEFAULT_DEV_KEY;
    }
  }

  /** Registers a key (missing ids generated or reused from the data file) and ensures its environment. */
  register(key: EmulatorKey, name?: string): KeyScope {
    const prior = this.saved.get(hashKey(key.apiKey));
    const scope = this.registry.add({
      apiKey: key.apiKey,
      organizationId: key.organizationId ?? prior?.organizationId,
      environmentId: key.environmentId ?? prior?.environmentId,
    });
    const envName =
      key.environmentName ?? name ?? (key.apiKey === DEFAULT_PROD_KEY ? "Production" : "Development");
    if (!this.store.environment(scope.environmentId))
      this.store.ensureEnvironment(scope.environmentId, scope.organizationId, envName);
    return scope;
  }

  /** The scope of `apiKey` (default: the first key); throws for an unknown key. */
  scopeOf(apiKey: string | undefined): KeyScope {
    const scope = this.registry.get(apiKey ?? this.firstKey);
    if (!scope) throw new Error("emulator: unknown API key");
    return scope;
  }

  /** The environment of `apiKey` (default: the first key). */
  environmentOf(apiKey: string | undefined): EnvironmentState {
    const scope = this.scopeOf(apiKey);
    return this.store.ensureEnvironment(scope.environmentId, scope.organizationId);
  }

  /** The environment a fixture set names: by API key, else by environment id. */
  environmentNamed(target: string): EnvironmentState | undefined {
    if (this.registry.get(target)) return this.environmentOf(target);
    return this.store.allEnvironments().find((e) => e.id === target);
  }
}
