import type { Server } from "node:http";
import type { Integration } from "../sdk/schemas";
import { DEFAULT_DEV_KEY, DEFAULT_PROD_KEY, type EmulatorKey, KeyRegistry, type KeyScope } from "./auth";
import { FaultInjector, type Faults } from "./faults";
import { type Fixtures, loadFixtures, seedEnvironment } from "./fixtures";
import { type GenerateSubscribersOptions, generateSubscribers } from "./generate";
import { IdempotencyCache } from "./idempotency";
import type { EmulatorModes } from "./modes";
import { hashKey, Persister, readState, restore, snapshot } from "./persistence";
import { RateLimiter, type RateLimitOptions } from "./rate-limit";
import { Router } from "./router";
import { integrationRoutes, primaryIds } from "./routes/integrations";
import { messageRoutes } from "./routes/messages";
import { notificationRoutes } from "./routes/notifications";
import { preferenceRoutes } from "./routes/preferences";
import { subscriberRoutes } from "./routes/subscribers";
import { workflowRoutes } from "./routes/workflows";
import { listen, type RequestRecord, requestHandler } from "./server";
import { Store } from "./store";
import type { StoredSubscriber } from "./subscriber-table";

/** Options of {@link startEmulator}. */
export interface EmulatorOptions {
  /** Port to listen on; default 0 (a free port). */
  port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /**
   * Accepted API keys. Default: one organization with a Development environment (key `emu_dev_key`) and
   * a Production environment (key `emu_prod_key`). These fixed keys are local-only test keys.
   */
  keys?: EmulatorKey[];
  /** Seed data: an object, a JSON file path, or `"default"` for the bundled demo set. */
  fixtures?: Fixtures | string;
  /** Injected faults (off by default); change them later with {@link Emulator.setFaults}. */
  faults?: Faults;
  /** Rate limiting (off by default). */
  rateLimit?: RateLimitOptions;
  /** Persist state to this JSON file (loaded at start when it exists; fixtures are then not re-seeded). */
  dataFile?: string;
  /** Seed for injected-fault draws (unless `faults.seed` is set). */
  seed?: number;
  /** Deliberate departures from the service, for tests that must see a figure go bad (off by default). */
  modes?: EmulatorModes;
}

/** A running emulator. */
export interface Emulator {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  /** The first key (by default `emu_dev_key`). */
  readonly apiKey: string;
  /** Every accepted key with its organization and environment ids. */
  readonly keys: Required<EmulatorKey>[];
  /** Requests received (the most recent 10,000), oldest first. */
  readonly requests: readonly RequestRecord[];
  /** Stops the server (and saves the data file). */
  close(): Promise<void>;
  /** Seeds fixtures into the environment of `opts.apiKey` (default: the first key). */
  seed(fixtures: Fixtures | string, opts?: { apiKey?: string }): void;
  /** Replaces the injected faults. */
  setFaults(faults: Faults): void;
  /** Clears {@link Emulator.requests}. */
  resetRequests(): void;
  /** Adds an API key at run time (missing ids are generated; an existing organization id gets a new environment). */
  addKey(key: EmulatorKey): Required<EmulatorKey>;
  /** Every organization's integrations with their stored credentials (for assertions). */
  integrations(opts?: { includeDeleted?: boolean }): Integration[];
  /** A copy of a stored subscriber (for assertions), or undefined. */
  subscriber(environmentId: string, subscriberId: string): StoredSubscriber | undefined;
  /** Generates `count` subscribers in the environment of `opts.apiKey` (default: the first key). */
  generateSubscribers(count: number, opts?: GenerateSubscribersOptions & { apiKey?: string }): number;
}

const MAX_RECORDS = 10_000;

const publicKey = (k: KeyScope): Required<EmulatorKey> => ({
  apiKey: k.apiKey,
  organizationId: k.organizationId,
  environmentId: k.environmentId,
});

/** Starts a local emulator of the service on 127.0.0.1 (port 0 by default). */
export async function startEmulator(opts: EmulatorOptions = {}): Promise<Emulator> {
  const store = new Store();
  store.modes = { ...opts.modes };
  const registry = new KeyRegistry();
  const saved = opts.dataFile ? readState(opts.dataFile) : undefined;
  const savedKeys = new Map(saved?.keys.map((k) => [k.keyHash, k]));
  const configured: EmulatorKey[] =
    opts.keys && opts.keys.length > 0
      ? opts.keys
      : [{ apiKey: DEFAULT_DEV_KEY }, { apiKey: DEFAULT_PROD_KEY }];

  const register = (key: EmulatorKey, name?: string): KeyScope => {
    const prior = savedKeys.get(hashKey(key.apiKey));
    const scope = registry.add({
      apiKey: key.apiKey,
      organizationId: key.organizationId ?? prior?.organizationId,
      environmentId: key.environmentId ?? prior?.environmentId,
    });
    const envName = name ?? (key.apiKey === DEFAULT_PROD_KEY ? "Production" : "Development");
    if (!store.environment(scope.environmentId))
      store.ensureEnvironment(scope.environmentId, scope.organizationId, envName);
    return scope;
  };

  if (saved) restore(store, saved);
  if (opts.keys && opts.keys.length > 0) {
    configured.forEach((k, i) => {
      register(k, i === 0 ? "Development" : undefined);
    });
  } else {
    // The default keys share one organization (ids reused from the data file when there is one).
    const dev = register({ apiKey: DEFAULT_DEV_KEY });
    register({ apiKey: DEFAULT_PROD_KEY, organizationId: dev.organizationId });
  }

  const scopeOf = (apiKey: string | undefined): KeyScope => {
    const scope = registry.get(apiKey ?? configured[0]?.apiKey ?? "");
    if (!scope) throw new Error(`emulator: unknown API key`);
    return scope;
  };
  const envOf = (apiKey: string | undefined) => {
    const scope = scopeOf(apiKey);
    return store.ensureEnvironment(scope.environmentId, scope.organizationId);
  };
  const seed = (fixtures: Fixtures | string, seedOpts: { apiKey?: string } = {}) => {
    const data = typeof fixtures === "string" ? loadFixtures(fixtures) : fixtures;
    const { environments, ...top } = data;
    seedEnvironment(store, envOf(seedOpts.apiKey), top);
    for (const [target, set] of Object.entries(environments ?? {})) {
      const byKey = registry.get(target);
      const env = byKey ? envOf(target) : store.allEnvironments().find((e) => e.id === target);
      if (!env) throw new Error(`emulator: fixtures name an unknown environment or API key`);
      seedEnvironment(store, env, set);
    }
  };
  if (opts.fixtures !== undefined && !saved) seed(opts.fixtures);

  const faults = new FaultInjector(
    opts.faults?.seed === undefined && opts.seed !== undefined
      ? { ...opts.faults, seed: opts.seed }
      : opts.faults,
  );
  let records: RequestRecord[] = [];
  const persister = opts.dataFile
    ? new Persister(opts.dataFile, () => snapshot(store, registry.all()))
    : undefined;
  if (persister) {
    store.onChange(() => persister.schedule());
    persister.save();
  }

  const router = new Router().add(
    ...integrationRoutes,
    ...subscriberRoutes,
    ...preferenceRoutes,
    ...workflowRoutes,
    ...messageRoutes,
    ...notificationRoutes,
  );
  const { server, url } = await listen(
    requestHandler({
      router,
      keys: registry,
      store,
      idempotency: new IdempotencyCache(),
      rateLimiter: opts.rateLimit ? new RateLimiter(opts.rateLimit) : undefined,
      faults,
      record: (r) => {
        records.push(r);
        if (records.length > 2 * MAX_RECORDS) records = records.slice(-MAX_RECORDS);
      },
    }),
    opts.host ?? "127.0.0.1",
    opts.port ?? 0,
  );

  let closed: Promise<void> | undefined;
  return {
    url,
    apiKey: configured[0]?.apiKey ?? DEFAULT_DEV_KEY,
    get keys() {
      return registry.all().map(publicKey);
    },
    get requests() {
      return records.length > MAX_RECORDS ? records.slice(-MAX_RECORDS) : records;
    },
    close: () => {
      closed ??= closeServer(server).then(() => persister?.save());
      return closed;
    },
    seed,
    setFaults: (f) => faults.set(f),
    resetRequests: () => {
      records = [];
    },
    addKey: (key) => {
      const scope = register(key);
      persister?.schedule();
      return publicKey(scope);
    },
    integrations: (o = {}) => {
      const primaries = primaryIds(store);
      return [...store.integrations.values()]
        .filter((i) => o.includeDeleted || !i.deleted)
        .map((i) => ({ ...structuredClone(i), primary: primaries.has(i._id) }));
    },
    subscriber: (environmentId, subscriberId) => {
      const found = store.environment(environmentId)?.subscribers.get(subscriberId);
      return found ? structuredClone(found) : undefined;
    },
    generateSubscribers: (count, o = {}) => {
      const n = generateSubscribers(envOf(o.apiKey), count, o);
      store.changed();
      return n;
    },
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeAllConnections();
  });
}
