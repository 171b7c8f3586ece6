import { objectId, uuid } from "./ids";

/** An API key the emulator accepts. Missing ids are generated. */
export interface EmulatorKey {
  apiKey: string;
  /** 24-hex ObjectId of the organization the key belongs to. */
  organizationId?: string;
  /** Uuid of the environment the key acts on. */
  environmentId?: string;
  /**
   * Name of the key's environment when the emulator creates it (`GET /v1/environments/me` answers it).
   * Default: "Development" for the first key, "Production" for `emu_prod_key`, else "Development".
   */
  environmentName?: string;
}

/** What a key identifies: its organization, environment, and the user id recorded as `deletedBy`. */
export interface KeyScope {
  apiKey: string;
  organizationId: string;
  environmentId: string;
  userId: string;
}

/** Fixed local-only test keys used when no keys are given (Development and Production of one organization). */
export const DEFAULT_DEV_KEY = "emu_dev_key";
/** See {@link DEFAULT_DEV_KEY}. */
export const DEFAULT_PROD_KEY = "emu_prod_key";

/** The accepted keys, looked up from the `Authorization: ApiKey <key>` header. */
export class KeyRegistry {
  private readonly byKey = new Map<string, KeyScope>();

  /** Registers a key, generating missing ids; re-registering a key returns the existing scope. */
  add(key: EmulatorKey): KeyScope {
    const existing = this.byKey.get(key.apiKey);
    if (existing) return existing;
    const scope: KeyScope = {
      apiKey: key.apiKey,
      organizationId: key.organizationId ?? objectId(),
      environmentId: key.environmentId ?? uuid(),
      userId: objectId(),
    };
    this.byKey.set(key.apiKey, scope);
    return scope;
  }

  /** The scope of a raw `Authorization` header value; undefined when missing, malformed or unknown. */
  authenticate(header: string | undefined): KeyScope | undefined {
    if (!header) return undefined;
    const match = /^ApiKey\s+(\S+)\s*$/i.exec(header);
    return match?.[1] ? this.byKey.get(match[1]) : undefined;
  }

  /** The scope of an API key. */
  get(apiKey: string): KeyScope | undefined {
    return this.byKey.get(apiKey);
  }

  /** Every registered key. */
  all(): KeyScope[] {
    return [...this.byKey.values()];
  }
}
