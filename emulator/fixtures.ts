import { readFileSync } from "node:fs";
import type {
  ChannelSettings,
  Integration,
  Message,
  Notification,
  Subscriber,
  Workflow,
} from "../sdk/schemas";
import defaultFixtures from "./fixtures/default.json";
import { objectId, uuid } from "./ids";
import { targetIntegration } from "./routes/subscribers";
import type {
  EnvironmentState,
  Store,
  StoredIntegration,
  StoredMessage,
  StoredNotification,
  StoredPreferences,
  StoredWorkflow,
} from "./store";
import type { StoredSubscriber } from "./subscriber-table";
import { defaultPreferences } from "./workflow-preferences";

/**
 * Seed data. Subscribers, workflows, messages and notification events have no create operation in the
 * interface, so tests and demos seed them. Every record may be partial: ids, scope fields, timestamps and
 * the required flags are filled in. Messages and events may name their subscriber by `subscriberId`.
 */
export interface FixtureSet {
  subscribers?: (Partial<Subscriber> & { subscriberId: string; preferences?: StoredPreferences })[];
  workflows?: (Partial<Workflow> & { workflowId: string; name: string })[];
  messages?: (Partial<Message> & { channel: string; subscriberId?: string })[];
  notifications?: (Partial<Notification> & { subscriberId?: string })[];
  integrations?: (Partial<Integration> & { providerId: string; channel: string })[];
}

/**
 * Fixtures: the top-level set seeds the environment of the first key (or the key passed to `seed`);
 * `environments` seeds others, keyed by API key or environment id.
 */
export interface Fixtures extends FixtureSet {
  environments?: Record<string, FixtureSet>;
}

/** Reads fixtures from a JSON file; `"default"` is the bundled demo set (`fixtures/default.json`). */
export function loadFixtures(pathOrDefault: string): Fixtures {
  // Imported (not read by path) so the compiler ships the file with the build.
  if (pathOrDefault === "default") return structuredClone(defaultFixtures) as unknown as Fixtures;
  const file = pathOrDefault;
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new Error(`emulator: fixtures file ${file} must hold a JSON object`);
  }
  return parsed as Fixtures;
}

function iso(value: unknown, fallback: string): string {
  if (typeof value !== "string") return fallback;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? fallback : new Date(ms).toISOString();
}

function seedIntegrations(store: Store, env: EnvironmentState, list: FixtureSet["integrations"]): void {
  const now = new Date().toISOString();
  for (const raw of list ?? []) {
    const integration: StoredIntegration = {
      ...raw,
      _id: raw._id ?? objectId(),
      _environmentId: env.id,
      _organizationId: env.organizationId,
      name: raw.name ?? raw.providerId,
      identifier: raw.identifier ?? `${raw.providerId}-${objectId().slice(-6)}`,
      providerId: raw.providerId,
      channel: raw.channel,
      credentials: { ...(raw.credentials ?? {}) },
      active: raw.active ?? false,
      deleted: raw.deleted ?? false,
      primary: false,
      conditions: raw.conditions ?? [],
      createdAt: iso(raw["createdAt"], now),
      updatedAt: iso(raw["updatedAt"], now),
    };
    store.integrations.set(integration._id, integration);
  }
}

/**
 * A fixture's channel entry as the service stores it: `{ _integrationId, providerId, credentials }` and
 * never `integrationIdentifier` (Novu:
 * libs/application-generic/src/usecases/subscribers/update-subscriber-channel/update-subscriber-channel.usecase.ts).
 * An entry without `_integrationId` points at the integration its `integrationIdentifier` names, else at
 * the write target of its provider (newest active), else at any seeded integration of the provider.
 */
function fixtureEntry(store: Store, env: EnvironmentState, c: ChannelSettings): ChannelSettings {
  const { integrationIdentifier, ...entry } = c;
  if (entry._integrationId) return entry;
  const live = [...store.integrations.values()].filter(
    (i) => i._environmentId === env.id && i.providerId === c.providerId && !i.deleted,
  );
  const match =
    (integrationIdentifier === undefined
      ? undefined
      : live.find((i) => i.identifier === integrationIdentifier)) ??
    targetIntegration(store, env.id, c.providerId, undefined) ??
    live[0];
  return { ...entry, _integrationId: match?._id ?? objectId() };
}

function seedSubscribers(store: Store, env: EnvironmentState, list: FixtureSet["subscribers"]): void {
  const now = new Date().toISOString();
  const records: StoredSubscriber[] = [];
  for (const raw of list ?? []) {
    const { preferences, ...fields } = raw;
    const createdAt = iso(fields.createdAt, now);
    const channels: ChannelSettings[] = (fields.channels ?? []).map((c) => fixtureEntry(store, env, c));
    const subscriber: StoredSubscriber = {
      ...fields,
      _id: fields._id ?? objectId(Date.parse(createdAt)),
      subscriberId: fields.subscriberId,
      _organizationId: env.organizationId,
      _environmentId: env.id,
      channels,
      deleted: fields.deleted ?? false,
      createdAt,
      updatedAt: iso(fields.updatedAt, createdAt),
      __v: fields.__v ?? 0,
    };
    records.push(subscriber);
    if (preferences) env.preferences.set(subscriber._id, preferences);
  }
  env.subscribers.load(records);
}

function seedWorkflows(env: EnvironmentState, list: FixtureSet["workflows"]): void {
  const now = new Date().toISOString();
  for (const raw of list ?? []) {
    const _id = raw._id ?? objectId();
    const origin = raw.origin ?? "external";
    const steps = (raw.steps ?? []).map((step) => {
      const s = step as Record<string, unknown>;
      const stepId = typeof s["stepId"] === "string" ? s["stepId"] : `${String(s["type"] ?? "step")}-step`;
      return {
        _id: objectId(),
        name: stepId,
        slug: stepId,
        origin,
        controls: { values: {} },
        variables: {},
        ...s,
        stepId,
        workflowId: raw.workflowId,
        workflowDatabaseId: _id,
      };
    });
    const workflow: StoredWorkflow = {
      active: true,
      tags: [],
      description: "",
      isTranslationEnabled: false,
      validatePayload: false,
      payloadSchema: null,
      lastTriggeredAt: null,
      ...raw,
      _id,
      workflowId: raw.workflowId,
      name: raw.name,
      slug: raw.slug ?? raw.workflowId,
      createdAt: iso(raw.createdAt, now),
      updatedAt: iso(raw.updatedAt, now),
      steps: steps as StoredWorkflow["steps"],
      origin,
      // A fixture workflow without preferences holds what the service stores for none (workflow-preferences.ts).
      preferences: raw.preferences ?? { default: defaultPreferences(), user: null },
      status: raw.status ?? "ACTIVE",
      severity: raw.severity ?? "none",
    };
    env.workflows.set(workflow._id, workflow);
  }
}

/** The subscriber a message or event names, by `_subscriberId` or by `subscriberId`. */
function subscriberOf(env: EnvironmentState, raw: { _subscriberId?: string; subscriberId?: string }) {
  if (raw.subscriberId !== undefined) return env.subscribers.get(raw.subscriberId);
  return raw._subscriberId === undefined ? undefined : env.subscribers.getById(raw._subscriberId);
}

function seedMessages(env: EnvironmentState, list: FixtureSet["messages"]): void {
  const now = new Date().toISOString();
  const records: StoredMessage[] = (list ?? []).map((raw) => {
    const { subscriberId: _name, ...fields } = raw;
    const subscriber = subscriberOf(env, raw);
    const createdAt = iso(fields.createdAt, now);
    return {
      read: false,
      seen: false,
      cta: {},
      status: "sent",
      ...fields,
      _id: fields._id ?? objectId(Date.parse(createdAt)),
      _environmentId: env.id,
      _organizationId: env.organizationId,
      _notificationId: fields._notificationId ?? objectId(),
      _subscriberId: subscriber?._id ?? fields._subscriberId ?? objectId(),
      createdAt,
      transactionId: fields.transactionId ?? uuid(),
      channel: raw.channel,
    };
  });
  env.messages.load(records);
}

function seedNotifications(env: EnvironmentState, list: FixtureSet["notifications"]): void {
  const now = new Date().toISOString();
  const records: StoredNotification[] = (list ?? []).map((raw) => {
    const { subscriberId: name, ...fields } = raw;
    const subscriber = subscriberOf(env, { subscriberId: name ?? raw.subscriber?.subscriberId, ...raw });
    const createdAt = iso(fields.createdAt, now);
    const embedded = subscriber
      ? {
          _id: subscriber._id,
          subscriberId: subscriber.subscriberId,
          ...(subscriber.firstName ? { firstName: subscriber.firstName } : {}),
          ...(subscriber.lastName ? { lastName: subscriber.lastName } : {}),
          ...(subscriber.email ? { email: subscriber.email } : {}),
          ...(subscriber.phone ? { phone: subscriber.phone } : {}),
        }
      : fields.subscriber;
    return {
      ...fields,
      _id: fields._id ?? objectId(Date.parse(createdAt)),
      _environmentId: env.id,
      _organizationId: env.organizationId,
      _subscriberId: subscriber?._id ?? fields._subscriberId ?? objectId(),
      transactionId: fields.transactionId ?? uuid(),
      createdAt,
      updatedAt: iso(fields.updatedAt, createdAt),
      channels: fields.channels ?? [...new Set((fields.jobs ?? []).map((j) => j.type))],
      ...(embedded ? { subscriber: embedded } : {}),
      jobs: fields.jobs ?? [],
    };
  });
  env.notifications.load(records);
}

/** Seeds one fixture set into one environment (integrations first, so subscriber channels can point at them). */
export function seedEnvironment(store: Store, env: EnvironmentState, set: FixtureSet): void {
  seedIntegrations(store, env, set.integrations);
  seedSubscribers(store, env, set.subscribers);
  seedWorkflows(env, set.workflows);
  seedMessages(env, set.messages);
  seedNotifications(env, set.notifications);
  store.changed();
}
