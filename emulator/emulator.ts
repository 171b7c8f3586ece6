import type { Server } from "node:http";
import type { Integration } from "../sdk/schemas";
import type { EmulatorKey, KeyScope } from "./auth";
import { DEFAULT_EDITION, DEFAULT_PLAN, type Edition, type Plan } from "./edition";
import { EmulatorKeys } from "./emulator-keys";
import type { StoredEnvironmentVariable } from "./environment-variable-table";
import { FaultInjector, type Faults } from "./faults";
import { type Fixtures, loadFixtures, seedEnvironment } from "./fixtures";
import { type GenerateSubscribersOptions, generateSubscribers } from "./generate";
import { IdempotencyCache } from "./idempotency";
import type { EmulatorModes } from "./modes";
import { seedNewOrganization } from "./organization-seed";
import { Persister, readState, restore, snapshot } from "./persistence";
import { RateLimiter, type RateLimitOptions } from "./rate-limit";
import { RequestLog } from "./request-log";
import { Router } from "./router";
import { environmentVariableRoutes } from "./routes/environment-variables";
import { environmentRoutes } from "./routes/environments";
import { integrationRoutes, primaryIds } from "./routes/integrations";
import { layoutRoutes } from "./routes/layouts";
import { messageRoutes } from "./routes/messages";
import { notificationRoutes } from "./routes/notifications";
import { organizationSettingsRoutes } from "./routes/organization-settings";
import { preferenceRoutes } from "./routes/preferences";
import { subscriberWriteRoutes } from "./routes/subscriber-writes";
import { subscriberRoutes } from "./routes/subscribers";
import { topicRoutes } from "./routes/topics";
import { translationRoutes } from "./routes/translations";
import { workflowRoutes } from "./routes/workflows";
import { listen, type RequestRecord, requestHandler, type ServerDeps } from "./server";
import { DEFAULT_SERVICE_VERSION, type ServiceVersion } from "./service-version";
import { Store, type StoredWorkflow } from "./store";
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
  /**
   * Seed data: an object, a JSON file path, or a named set: `"default"` (a fresh organization, as the
   * service creates it, with the bundled demo data), `"none"` (a fresh organization alone), `"empty"`.
   * Without fixtures (or with an object or file not saying `organization: "fresh"`) the environments
   * start empty, without the default layout and in-app integration every real organization has.
   */
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
  /**
   * The service's edition (./edition.ts): `"community"` (default) has no organization settings and no
   * translations (404 `Cannot GET ...`) and stores `isTranslationEnabled` as false; `"enterprise"` serves
   * `/v1/organizations/settings` and `/v2/translations` and stores the flag.
   */
  edition?: Edition;
  /** The organizations' plan (./edition.ts): `"free"` (default) refuses `removeNovuBranding` with 402. */
  plan?: Plan;
  /**
   * The release of the service played where releases differ (./service-version.ts): `"2026-04"` (default,
   * api 3.15.0 as measured) or `"newest"` (the newest files of novuhq/novu).
   */
  serviceVersion?: ServiceVersion;
  /**
   * Most environment variables per organization, as a self-hosted service's
   * `MAX_ENVIRONMENT_VARIABLES_LIMIT_NUMBER` sets it (default 10).
   */
  maxEnvironmentVariables?: number;
}

/** A running emulator. */
export interface Emulator {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  /** The first key (by default `emu_dev_key`). */
  readonly apiKey: string;
  /** Every accepted key with its organization and environment ids. */
  readonly keys: KeyIds[];
  /** Requests received (the most recent 10,000), oldest first. */
  readonly requests: readonly RequestRecord[];
  /** Stops the server (and saves the data file). */
  close(): Promise<void>;
  /** Seeds fixtures into the environment of `opts.apiKey` (default: the first key). */
  seed(fixtures: Fixtures | string, opts?: { apiKey?: string }): void;
  /** Replaces the injected faults. */
  setFaults(faults: Faults): void;
  /** Turns rate limiting on with fresh (full) buckets, or off with `undefined`, from the next request on. */
  setRateLimit(rateLimit: RateLimitOptions | undefined): void;
  /** Clears {@link Emulator.requests}. */
  resetRequests(): void;
  /**
   * Adds an API key at run time (missing ids are generated; an existing organization id gets a new
   * environment). With fresh organizations (fixtures "default", "none" or `organization: "fresh"`) a new
   * environment starts as the service creates one: its own in-app integration and default layout.
   */
  addKey(key: EmulatorKey): KeyIds;
  /** Every organization's integrations with their stored credentials (for assertions). */
  integrations(opts?: { includeDeleted?: boolean }): Integration[];
  /** A copy of a stored subscriber (for assertions), or undefined. */
  subscriber(environmentId: string, subscriberId: string): StoredSubscriber | undefined;
  /** Copies of the v2 workflows stored in an environment, in creation order (for assertions). */
  workflows(environmentId: string): StoredWorkflow[];
  /**
   * Copies of an organization's environment-variable records with every environment's value as stored,
   * secrets in plaintext (for assertions: the API masks them), newest first.
   */
  environmentVariables(organizationId: string): StoredEnvironmentVariable[];
  /** Generates `count` subscribers in the environment of `opts.apiKey` (default: the first key). */
  generateSubscribers(count: number, opts?: GenerateSubscribersOptions & { apiKey?: string }): number;
}

/** A key with its organization and environment ids. */
type KeyIds = Required<Omit<EmulatorKey, "environmentName">>;

const publicKey = (k: KeyScope): KeyIds => ({
  apiKey: k.apiKey,
  organizationId: k.organizationId,
  environmentId: k.environmentId,
});

/** Starts a local emulator of the service on 127.0.0.1 (port 0 by default). */
export async function startEmulator(opts: EmulatorOptions = {}): Promise<Emulator> {
  const saved = opts.dataFile ? readState(opts.dataFile) : undefined;
  const store = new Store();
  store.modes = { ...opts.modes };
  store.edition = opts.edition ?? DEFAULT_EDITION;
  store.plan = opts.plan ?? DEFAULT_PLAN;
  store.serviceVersion = opts.serviceVersion ?? DEFAULT_SERVICE_VERSION;
  if (opts.maxEnvironmentVariables !== undefined)
    store.maxEnvironmentVariables = opts.maxEnvironmentVariables;
  if (saved) restore(store, saved);
  const keys = new EmulatorKeys(store, opts.keys, saved);
  const seed = seeder(store, keys);
  if (opts.fixtures !== undefined && !saved) seed(opts.fixtures);
  const persister = startPersister(opts.dataFile, store, keys);
  const faults = new FaultInjector(
    opts.faults?.seed === undefined && opts.seed !== undefined
      ? { ...opts.faults, seed: opts.seed }
      : opts.faults,
  );
  const log = new RequestLog();
  const deps: ServerDeps = {
    router: allRoutes(store.edition),
    keys: keys.registry,
    store,
    idempotency: new IdempotencyCache(),
    rateLimiter: opts.rateLimit ? new RateLimiter(opts.rateLimit) : undefined,
    faults,
    record: (r) => log.add(r),
  };
  const { server, url } = await listen(requestHandler(deps), opts.host ?? "127.0.0.1", opts.port ?? 0);
  return emulatorHandle({ url, server, store, keys, seed, persister, faults, log, deps });
}

/** Seeds fixtures into the environment of `opts.apiKey`, and each of `environments` into the one it names. */
function seeder(store: Store, keys: EmulatorKeys): Emulator["seed"] {
  return (fixtures, seedOpts = {}) => {
    const data = typeof fixtures === "string" ? loadFixtures(fixtures) : fixtures;
    const { environments, organization, ...top } = data;
    if (organization === "fresh") {
      store.freshOrganizations = true;
      for (const env of store.allEnvironments()) seedNewOrganization(store, env);
    }
    seedEnvironment(store, keys.environmentOf(seedOpts.apiKey), top);
    for (const [target, set] of Object.entries(environments ?? {})) {
      const env = keys.environmentNamed(target);
      if (!env) throw new Error("emulator: fixtures name an unknown environment or API key");
      seedEnvironment(store, env, set);
    }
  };
}

/** Saves the state to `dataFile` now and after every change (none without a data file). */
function startPersister(dataFile: string | undefined, store: Store, keys: EmulatorKeys) {
  if (!dataFile) return undefined;
  const persister = new Persister(dataFile, () => snapshot(store, keys.registry.all()));
  store.onChange(() => persister.schedule());
  persister.save();
  return persister;
}

/** Every route of the service's interface; the enterprise edition's only in that edition. */
function allRoutes(edition: Edition): Router {
  const enterprise = edition === "enterprise" ? [...organizationSettingsRoutes, ...translationRoutes] : [];
  return new Router().add(
    ...enterprise,
    ...integrationRoutes,
    ...subscriberRoutes,
    ...subscriberWriteRoutes,
    ...preferenceRoutes,
    ...workflowRoutes,
    ...layoutRoutes,
    ...topicRoutes,
    ...messageRoutes,
    ...notificationRoutes,
    ...environmentRoutes,
    ...environmentVariableRoutes,
  );
}

/** The parts of a running emulator that its handle exposes. */
interface EmulatorParts {
  url: string;
  server: Server;
  store: Store;
  keys: EmulatorKeys;
  seed: Emulator["seed"];
  persister: Persister | undefined;
  faults: FaultInjector;
  log: RequestLog;
  /** The request pipeline's dependencies (read per request, so a new rate limiter applies at once). */
  deps: ServerDeps;
}

/** The {@link Emulator} a test or program holds. */
function emulatorHandle(p: EmulatorParts): Emulator {
  let closed: Promise<void> | undefined;
  return {
    url: p.url,
    apiKey: p.keys.firstKey,
    get keys() {
      return p.keys.registry.all().map(publicKey);
    },
    get requests() {
      return p.log.list();
    },
    close: () => {
      closed ??= closeServer(p.server).then(() => p.persister?.save());
      return closed;
    },
    seed: p.seed,
    setFaults: (f) => p.faults.set(f),
    setRateLimit: (r) => {
      p.deps.rateLimiter = r ? new RateLimiter(r) : undefined;
    },
    resetRequests: () => p.log.reset(),
    addKey: (key) => {
      const known = p.store.allEnvironments().length;
      const scope = p.keys.register(key);
      const env = p.store.environment(scope.environmentId);
      // A new environment of a service-made organization gets its in-app integration and default layout
      // (create-environment.usecase.ts calls CreateDefaultLayout and CreateNovuIntegrations for each).
      if (env && p.store.freshOrganizations && p.store.allEnvironments().length > known)
        seedNewOrganization(p.store, env);
      p.persister?.schedule();
      return publicKey(scope);
    },
    integrations: (o = {}) => storedIntegrations(p.store, o.includeDeleted ?? false),
    subscriber: (environmentId, subscriberId) => {
      const found = p.store.environment(environmentId)?.subscribers.get(subscriberId);
      return found ? structuredClone(found) : undefined;
    },
    workflows: (environmentId) =>
      [...(p.store.environment(environmentId)?.workflows.values() ?? [])].map((w) => structuredClone(w)),
    environmentVariables: (organizationId) =>
      p.store.environmentVariables.ofOrganization(organizationId).map((v) => structuredClone(v)),
    generateSubscribers: (count, o = {}) => {
      const n = generateSubscribers(p.keys.environmentOf(o.apiKey), count, o);
      p.store.changed();
      return n;
    },
  };
}

/** Copies of every organization's integrations with their stored credentials, primary computed. */
function storedIntegrations(store: Store, includeDeleted: boolean): Integration[] {
  const primaries = primaryIds(store);
  return [...store.integrations.values()]
    .filter((i) => includeDeleted || !i.deleted)
    .map((i) => ({ ...structuredClone(i), primary: primaries.has(i._id) }));
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeAllConnections();
  });
}
