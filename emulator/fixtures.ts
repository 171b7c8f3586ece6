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
import { checkLayoutContent, emptyLayoutContent, type LayoutEmailContent } from "./layout-content";
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
import { checkTopicKey, createSubscriptions } from "./topic-subscriptions";
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
  /**
   * v2 layouts, in order: the first of an environment without one becomes its default, as on create; the
   * content defaults to the empty template. The service's organization creation gives each of its two
   * environments a "Default layout" this way (see emulator/README.md).
   */
  layouts?: { layoutId: string; name: string; content?: LayoutEmailContent }[];
  /** v2 topics, each with the subscribers (seeded before them) it holds, under default identifiers. */
  topics?: { key: string; name?: string; subscriberIds?: string[] }[];
}

/**
 * Fixtures: the top-level set seeds the environment of the first key (or the key passed to `seed`);
 * `environments` seeds others, keyed by API key or environment id.
 */
export interface Fixtures extends FixtureSet {
  environments?: Record<string, FixtureSet>;
  /**
   * `"fresh"`: first give every environment what the service's organization creation gives it (the
   * "Default layout" and the active "Novu Inbox" in-app integration: emulator/organization-seed.ts), as a
   * real organization always has them; then seed the sets. `"empty"` (the default of a fixtures object or
   * file): seed the sets alone, on environments that hold nothing (a departure tests use to own all data).
   */
  organization?: "fresh" | "empty";
}

/**
 * The named fixture sets: `"default"` is a fresh organization with the bundled demo data
 * (`fixtures/default.json`), `"none"` a fresh organization with nothing of the user's, `"empty"`
 * environments holding nothing at all (not even what organization creation makes).
 */
export const FIXTURE_SET_NAMES = ["default", "none", "empty"] as const;

/** Reads fixtures: a named set (see {@link FIXTURE_SET_NAMES}) or a JSON file, taken as written. */
export function loadFixtures(pathOrDefault: string): Fixtures {
  // Imported (not read by path) so the compiler ships the file with the build.
  if (pathOrDefault === "default")
    return { organization: "fresh", ...fixturesAsWritten(structuredClone(defaultFixtures)) };
  if (pathOrDefault === "none") return { organization: "fresh" };
  if (pathOrDefault === "empty") return {};
  const file = pathOrDefault;
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new Error(`emulator: fixtures file ${file} must hold a JSON object`);
  }
  return fixturesAsWritten(parsed);
}

/** Fixtures are taken as written (a JSON object read as the fixture shape; not validated). */
function fixturesAsWritten(parsed: object): Fixtures {
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
  seedLayouts(env, set.layouts);
  seedTopics(env, set.topics);
  store.changed();
}

/** Seeds layouts as a create then a PUT of their content make them; a taken layoutId or bad content is an error. */
function seedLayouts(env: EnvironmentState, list: FixtureSet["layouts"]): void {
  for (const raw of list ?? []) {
    if (env.layouts.byIdentifier(raw.layoutId))
      throw new Error(`emulator: fixture layout ${raw.layoutId} already exists`);
    if (raw.content) checkLayoutContent(raw.content);
    const content = raw.content ?? emptyLayoutContent();
    env.layouts.put(
      env.layouts.create({ layoutId: raw.layoutId, name: raw.name, isTranslationEnabled: false, content }),
    );
  }
}

/** Seeds topics and their subscriptions as the subscriptions POST makes them; an unknown subscriber is an error. */
function seedTopics(env: EnvironmentState, list: FixtureSet["topics"]): void {
  const now = new Date().toISOString();
  for (const raw of list ?? []) {
    checkTopicKey(raw.key);
    const topic = env.topics.get(raw.key) ?? {
      _id: objectId(),
      key: raw.key,
      createdAt: now,
      updatedAt: now,
    };
    if (raw.name !== undefined) topic.name = raw.name;
    env.topics.put(topic);
    const ids = raw.subscriberIds ?? [];
    const unknown = ids.filter((id) => !env.subscribers.get(id));
    if (unknown.length > 0)
      throw new Error(`emulator: fixture topic ${raw.key} names unknown subscribers: ${unknown.join(", ")}`);
    for (let i = 0; i < ids.length; i += 100)
      createSubscriptions(
        env,
        topic,
        ids.slice(i, i + 100).map((subscriberId) => ({ subscriberId })),
      );
  }
}
