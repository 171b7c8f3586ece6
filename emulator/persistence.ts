import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import type { KeyScope } from "./auth";
import type { StoredEnvironmentVariable } from "./environment-variable-table";
import type { StoredLayout } from "./layout-table";
import type {
  Store,
  StoredIntegration,
  StoredMessage,
  StoredNotification,
  StoredOrganizationSettings,
  StoredPreferences,
  StoredWorkflow,
} from "./store";
import type { StoredSubscriber } from "./subscriber-table";
import type { StoredSubscription, StoredTopic } from "./topic-table";
import type { StoredTranslation } from "./translation-table";

/**
 * Optional persistence of the whole state to one JSON file, so it survives a restart: saved (debounced)
 * on every change and on close, written atomically (temp file + rename). API keys are stored only as
 * hashes, so a restarted emulator with the same keys finds the same organization and environments.
 */

/** One environment in the data file. */
interface PersistedEnvironment {
  id: string;
  organizationId: string;
  name: string;
  subscribers: StoredSubscriber[];
  workflows: StoredWorkflow[];
  messages: StoredMessage[];
  notifications: StoredNotification[];
  /** [subscriber _id, preferences] pairs. */
  preferences: [string, StoredPreferences][];
  /** v2 layouts (absent in files written before layouts existed). */
  layouts?: StoredLayout[];
  /** v2 topics and their subscriptions (absent in older files). */
  topics?: StoredTopic[];
  subscriptions?: StoredSubscription[];
  /** Translations (enterprise edition; absent in older files). */
  translations?: StoredTranslation[];
}

/** The data file. */
export interface PersistedState {
  version: 1;
  /** sha256 of each API key -> its ids. */
  keys: { keyHash: string; organizationId: string; environmentId: string; userId: string }[];
  environments: PersistedEnvironment[];
  integrations: StoredIntegration[];
  /** [organization id, settings] pairs (enterprise edition; absent in older files). */
  organizationSettings?: [string, StoredOrganizationSettings][];
  /** Environment variable records of every organization (absent in older files). */
  environmentVariables?: StoredEnvironmentVariable[];
}

/** sha256 of an API key, as the data file stores it. */
export function hashKey(apiKey: string): string {
  return createHash("sha256").update(apiKey).digest("hex");
}

/** Reads the data file; undefined when it does not exist. */
export function readState(file: string): PersistedState | undefined {
  if (!existsSync(file)) return undefined;
  const parsed = JSON.parse(readFileSync(file, "utf8")) as PersistedState;
  if (parsed?.version !== 1) throw new Error(`emulator: ${file} is not an emulator data file (version 1)`);
  return parsed;
}

/** The whole state as plain JSON. */
export function snapshot(store: Store, keys: readonly KeyScope[]): PersistedState {
  return {
    version: 1,
    keys: keys.map((k) => ({
      keyHash: hashKey(k.apiKey),
      organizationId: k.organizationId,
      environmentId: k.environmentId,
      userId: k.userId,
    })),
    environments: store.allEnvironments().map((env) => ({
      id: env.id,
      organizationId: env.organizationId,
      name: env.name,
      subscribers: env.subscribers.all(),
      workflows: [...env.workflows.values()],
      messages: [...env.messages.all()],
      notifications: [...env.notifications.all()],
      preferences: [...env.preferences.entries()],
      layouts: env.layouts.all(),
      topics: env.topics.all(),
      subscriptions: env.topics.allSubscriptions(),
      translations: env.translations.all(),
    })),
    integrations: [...store.integrations.values()],
    organizationSettings: [...store.organizationSettings.entries()],
    environmentVariables: store.environmentVariables.all(),
  };
}

/** Loads a saved state into an empty store. */
export function restore(store: Store, state: PersistedState): void {
  for (const saved of state.environments) {
    const env = store.ensureEnvironment(saved.id, saved.organizationId, saved.name);
    env.subscribers.load(saved.subscribers);
    for (const w of saved.workflows) env.workflows.set(w._id, w);
    env.messages.load(saved.messages);
    env.notifications.load(saved.notifications);
    for (const [id, prefs] of saved.preferences) env.preferences.set(id, prefs);
    env.layouts.load(saved.layouts ?? []);
    env.topics.load(saved.topics ?? [], saved.subscriptions ?? []);
    env.translations.load(saved.translations ?? []);
  }
  for (const i of state.integrations) store.integrations.set(i._id, i);
  for (const [org, settings] of state.organizationSettings ?? [])
    store.organizationSettings.set(org, settings);
  store.environmentVariables.load(state.environmentVariables ?? []);
}

/** Debounced writer of the data file. */
export class Persister {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: string,
    private readonly take: () => PersistedState,
    private readonly debounceMs = 250,
  ) {}

  /** Schedules a save. */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.save();
    }, this.debounceMs);
    this.timer.unref();
  }

  /** Saves now (and cancels a pending save). */
  save(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.take()));
    renameSync(tmp, this.file);
  }
}
