import { randomBytes } from "node:crypto";
import type { Integration, Message, Notification, Workflow } from "../sdk/schemas";
import { DEFAULT_EDITION, DEFAULT_PLAN, type Edition, type Plan } from "./edition";
import { EnvironmentVariableTable } from "./environment-variable-table";
import { EventTable } from "./event-table";
import { LayoutTable } from "./layout-table";
import type { EmulatorModes } from "./modes";
import { DEFAULT_SERVICE_VERSION, type ServiceVersion } from "./service-version";
import { SubscriberTable } from "./subscriber-table";
import { TopicTable } from "./topic-table";
import { TranslationTable } from "./translation-table";

/** A stored message: always has its `_id`. */
export type StoredMessage = Message & { _id: string };

/** A stored notification event: always has its `_id` and `createdAt`. */
export type StoredNotification = Notification & { _id: string; createdAt: string };

/** A stored v2 workflow. */
export type StoredWorkflow = Workflow;

/** A subscriber's stored preference settings; anything absent defaults to enabled. */
export interface StoredPreferences {
  global?: { enabled?: boolean; channels?: Record<string, boolean> };
  /** Keyed by workflowId. */
  workflows?: Record<string, { enabled?: boolean; channels?: Record<string, boolean> }>;
}

/** A stored integration: with its credentials (what answers carry of them: ./integration-credentials.ts) and timestamps. */
export type StoredIntegration = Integration & {
  _id: string;
  credentials: Record<string, unknown>;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
};

/**
 * An organization's settings as stored (ee.organization.controller.ts, usecases/update-organization-settings):
 * a field never written is absent and reads as its default.
 */
export interface StoredOrganizationSettings {
  removeNovuBranding?: boolean;
  defaultLocale?: string;
  targetLocales?: string[];
}
/** The service's default limit of environment variables per organization. */
export const DEFAULT_MAX_ENVIRONMENT_VARIABLES = 10;

/** The records of one environment. */
export class EnvironmentState {
  readonly subscribers = new SubscriberTable();
  readonly messages = new EventTable<StoredMessage>({
    subscriber: (m) => [m._subscriberId],
    transaction: (m) => [m.transactionId],
    channel: (m) => [m.channel],
    context: (m) => m.contextKeys ?? [],
  });
  readonly notifications = new EventTable<StoredNotification>({
    subscriber: (n) => [n._subscriberId],
    transaction: (n) => [n.transactionId],
    template: (n) => (n._templateId ? [n._templateId] : []),
    channel: (n) => n.channels ?? [],
    topic: (n) => (n.topics ?? []).map((t) => t.topicKey),
  });
  /** Workflows by `_id`; look-ups by workflowId and slug go through {@link findWorkflow}. */
  readonly workflows = new Map<string, StoredWorkflow>();
  /** Preferences by subscriber `_id`. */
  readonly preferences = new Map<string, StoredPreferences>();
  /** The v2 layouts. */
  readonly layouts = new LayoutTable();
  /** The v2 topics and their subscriptions. */
  readonly topics = new TopicTable();
  /** The translations of workflows and layouts (enterprise edition only). */
  readonly translations = new TranslationTable();

  /** The environment's `identifier` (a short random string, as the service's). */
  readonly identifier = randomBytes(6).toString("hex");
  /** When the emulator created the environment. */
  readonly createdAt = new Date().toISOString();

  constructor(
    readonly id: string,
    readonly organizationId: string,
    readonly name: string,
  ) {}

  /** A workflow by workflowId, slug or `_id`. */
  findWorkflow(idOrSlug: string): StoredWorkflow | undefined {
    const direct = this.workflows.get(idOrSlug);
    if (direct) return direct;
    for (const w of this.workflows.values()) if (w.workflowId === idOrSlug || w.slug === idOrSlug) return w;
    return undefined;
  }
}

/**
 * All state of the emulator: organizations, their environments and records, and integrations (kept in
 * one table: lists are organization-wide). Writers call {@link Store.changed} so persistence can save.
 */
export class Store {
  private readonly environments = new Map<string, EnvironmentState>();
  private readonly organizations = new Map<string, Set<string>>();
  /** Integrations by `_id`, in creation order. */
  readonly integrations = new Map<string, StoredIntegration>();
  /** Environment variables: organization records holding a value per environment. */
  readonly environmentVariables = new EnvironmentVariableTable();
  /**
   * Most variables per organization (`MAX_ENVIRONMENT_VARIABLES_LIMIT_NUMBER`; default
   * `SYSTEM_LIMITS.ENVIRONMENT_VARIABLES`, 10; libs/application-generic resource-validator.service.ts).
   */
  maxEnvironmentVariables = DEFAULT_MAX_ENVIRONMENT_VARIABLES;
  /** Deliberate departures from the service (see {@link EmulatorModes}); none by default. */
  modes: EmulatorModes = {};
  /** The edition the emulator plays (./edition.ts); community by default. */
  edition: Edition = DEFAULT_EDITION;
  /** The plan of every organization (./edition.ts); free by default. */
  plan: Plan = DEFAULT_PLAN;
  /** The release of the service played where releases differ (./service-version.ts); 2026-04 by default. */
  serviceVersion: ServiceVersion = DEFAULT_SERVICE_VERSION;
  /** Organization settings by organization id (enterprise edition only). */
  readonly organizationSettings = new Map<string, StoredOrganizationSettings>();
  private readonly listeners: (() => void)[] = [];

  /** The environment with this id, created (in `organizationId`) when new. */
  ensureEnvironment(id: string, organizationId: string, name = "Development"): EnvironmentState {
    let env = this.environments.get(id);
    if (!env) {
      env = new EnvironmentState(id, organizationId, name);
      this.environments.set(id, env);
      const envs = this.organizations.get(organizationId);
      if (envs) envs.add(id);
      else this.organizations.set(organizationId, new Set([id]));
    }
    return env;
  }

  /** The environment with this id. */
  environment(id: string): EnvironmentState | undefined {
    return this.environments.get(id);
  }

  /** Every environment. */
  allEnvironments(): EnvironmentState[] {
    return [...this.environments.values()];
  }

  /** The environments of an organization, in creation order. */
  environmentsOf(organizationId: string): EnvironmentState[] {
    const ids = this.organizations.get(organizationId) ?? new Set<string>();
    return [...ids].flatMap((id) => this.environments.get(id) ?? []);
  }

  /** True when `environmentId` belongs to `organizationId`. */
  owns(organizationId: string, environmentId: string): boolean {
    return this.organizations.get(organizationId)?.has(environmentId) ?? false;
  }

  /** Live integrations of an organization, in creation order. */
  integrationsOf(organizationId: string): StoredIntegration[] {
    const out: StoredIntegration[] = [];
    for (const i of this.integrations.values())
      if (i._organizationId === organizationId && !i.deleted) out.push(i);
    return out;
  }

  /** Registers a change listener (persistence). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Signals that state changed. */
  changed(): void {
    for (const l of this.listeners) l();
  }
}
