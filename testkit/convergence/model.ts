/**
 * The program model of the convergence suite: what a generated Pulumi program declares (integrations,
 * single subscriber credentials bound to an integration through `integration.identifier` or, without an
 * identifier, to the newest active integration of a provider, and credential sets), the edits a script makes
 * to it, and the JavaScript program it renders to. Plain JSON throughout, so a script is a literal a test can
 * replay. Nothing here imports provider or sdk code.
 *
 * Workflows (`svc.Workflow`, ./workflow-model.ts) sit beside them: independent of integrations and entries,
 * they share only the namespace of resource names.
 *
 * No program declares two resources on one entry (subscriber, integration): that is a user's conflict, not
 * a provider bug. A resource without identifier may land on any active integration of its provider, so it
 * excludes every other resource of that provider on its subscriber, and every subscriber the application
 * writes entries of that provider for ({@link FOREIGN_ENTRY_SUBSCRIBERS}).
 */

import {
  applyVariableEdit,
  isVariableEdit,
  type VariableDecl,
  type VariableEdit,
} from "./environment-variable-model";
import {
  applyLayoutEdit,
  isLayoutEdit,
  type LayoutDecl,
  type LayoutEdit,
  type LayoutUse,
} from "./layout-model";
import {
  applyTopicEdit,
  isTopicEdit,
  type SubscriptionsDecl,
  type TopicDecl,
  type TopicEdit,
} from "./topic-model";
import { applyWorkflowEdit, isWorkflowEdit, type WorkflowDecl, type WorkflowEdit } from "./workflow-model";

/** The providers the generator uses, with their channel: two push, two chat. */
export const PROVIDER_CHANNELS = { fcm: "push", apns: "push", slack: "chat", discord: "chat" } as const;
/** A provider of {@link PROVIDER_CHANNELS}. */
export type ProviderKey = keyof typeof PROVIDER_CHANNELS;
/** The other provider of the same channel (a provider change: a replacement). */
export const SWAPPED_PROVIDER: Readonly<Record<ProviderKey, ProviderKey>> = {
  fcm: "apns",
  apns: "fcm",
  slack: "discord",
  discord: "slack",
};

/** One declared `svc.Integration` (always active, so credentials can be written through it). */
export interface IntegrationDecl {
  /** Pulumi resource name. */
  name: string;
  /** Former resource names (`aliases: [{ name }]`), after a rename with alias. */
  aliases?: string[];
  providerId: ProviderKey;
  /** Explicit identifier; absent: the provider's default identifier. */
  identifier?: string;
  /** The integration's `name` field. */
  title: string;
  /** The secret integration credential (fcm `serviceAccount`, others `secretKey`). */
  secret: string;
  adopt?: boolean;
}

/** What one subscriber's channel entry holds: device tokens (push), or a webhook URL and/or a channel (chat). */
export type EntryValue = { deviceTokens: string[] } | { webhookUrl?: string; channel?: string };

/**
 * The application's own integrations (in the fixtures, no stack declares them), by identifier: the entries it
 * writes for subscribers beside the stacks' go through them.
 */
export const FOREIGN_INTEGRATIONS = {
  "fcm-main": "fcm",
  "fcm-app": "fcm",
  "slack-main": "slack",
  "slack-app": "slack",
} as const satisfies Record<string, ProviderKey>;
/** An identifier of {@link FOREIGN_INTEGRATIONS}. */
export type ForeignIdentifier = keyof typeof FOREIGN_INTEGRATIONS;

/**
 * The subscribers the application holds entries for (fixtures or out-of-band writes), per foreign integration.
 * A resource without identifier never uses a subscriber of its provider here.
 */
export const FOREIGN_ENTRY_SUBSCRIBERS: Readonly<Record<ForeignIdentifier, readonly string[]>> = {
  "fcm-main": ["user-ada"],
  "fcm-app": ["user-alan", "conv-1"],
  "slack-main": ["user-grace"],
  "slack-app": ["conv-2", "conv-3"],
};

/** Whether the application may hold an entry of `providerId` for `subscriberId`. */
export function foreignSubscriber(providerId: ProviderKey, subscriberId: string): boolean {
  return Object.entries(FOREIGN_ENTRY_SUBSCRIBERS).some(
    ([identifier, subs]) =>
      FOREIGN_INTEGRATIONS[identifier as ForeignIdentifier] === providerId && subs.includes(subscriberId),
  );
}

/** One declared `svc.SubscriberCredentials`. */
export interface CredentialsDecl {
  name: string;
  subscriberId: string;
  /**
   * Resource name of the integration it is bound to (its `identifier`); with `newest`, the integration whose
   * `providerId` it takes (and no identifier).
   */
  integration: string;
  value: EntryValue;
  /** No `integrationIdentifier`: the entry belongs to the newest active integration of the provider. */
  newest?: boolean;
}

/** One declared `svc.SubscriberCredentialsSet`. */
export interface SetDecl {
  name: string;
  integration: string;
  entries: Record<string, EntryValue>;
}

/** A whole program. */
export interface ProgramModel {
  integrations: IntegrationDecl[];
  credentials: CredentialsDecl[];
  sets: SetDecl[];
  /** Absent in scripts written before workflows were modelled (their replay literals stay valid). */
  workflows?: WorkflowDecl[];
  /** Layouts (./layout-model.ts); absent in scripts written before they were modelled. */
  layouts?: LayoutDecl[];
  /** Email steps of `workflows` that name a layout of `layouts`. */
  layoutUses?: LayoutUse[];
  /** Topics (./topic-model.ts); absent in scripts written before they were modelled. */
  topics?: TopicDecl[];
  /** The TopicSubscriptions of `topics`. */
  subscriptions?: SubscriptionsDecl[];
  /**
   * Environment variables of development and production (./environment-variable-model.ts); absent in
   * scripts written before they were modelled, and then the program declares no production provider.
   */
  variables?: VariableDecl[];
}

/** An edit of the program; each applies only when it still makes sense (a shrunk script may drop its setup). */
export type Edit =
  | { edit: "set-title"; integration: string; title: string }
  | { edit: "set-identifier"; integration: string; identifier: string | null }
  | { edit: "rename-resource"; integration: string; to: string; alias: boolean }
  | { edit: "set-provider"; integration: string }
  | { edit: "set-secret"; integration: string; secret: string }
  | { edit: "set-adopt"; integration: string; adopt: boolean }
  | { edit: "add-integration"; decl: IntegrationDecl }
  | { edit: "remove-integration"; integration: string }
  | { edit: "add-credentials"; decl: CredentialsDecl }
  | { edit: "remove-credentials"; name: string }
  | { edit: "set-credentials"; name: string; value: EntryValue }
  | { edit: "rebind-credentials"; name: string; integration: string }
  | { edit: "add-set"; decl: SetDecl }
  | { edit: "remove-set"; name: string }
  | { edit: "set-entry"; set: string; subscriberId: string; value: EntryValue | null }
  | WorkflowEdit
  | LayoutEdit
  | TopicEdit
  | VariableEdit;

/** A deep copy of a model. */
export function cloneModel(m: ProgramModel): ProgramModel {
  return structuredClone(m);
}

/** The integration named `name`, if declared. */
export function integrationOf(m: ProgramModel, name: string): IntegrationDecl | undefined {
  return m.integrations.find((i) => i.name === name);
}

/** The channel of an entry value. */
export function valueChannel(v: EntryValue): "push" | "chat" {
  return "deviceTokens" in v ? "push" : "chat";
}

/** Whether `value` can be written through integration `integration` of `m`. */
function fits(m: ProgramModel, integration: string, value: EntryValue): boolean {
  const i = integrationOf(m, integration);
  return i !== undefined && PROVIDER_CHANNELS[i.providerId] === valueChannel(value);
}

/** One resource's claim on a subscriber's entry. */
export interface Claim {
  /** The resource (a set's claims share its name). */
  owner: string;
  subscriberId: string;
  integration: string;
  newest: boolean;
}

/** Every claim of `m`: one per SubscriberCredentials, one per subscriber of each set. */
export function claimsOf(m: ProgramModel): Claim[] {
  return [
    ...m.credentials.map((c) => ({
      owner: c.name,
      subscriberId: c.subscriberId,
      integration: c.integration,
      newest: c.newest === true,
    })),
    ...m.sets.flatMap((s) =>
      Object.keys(s.entries).map((subscriberId) => ({
        owner: s.name,
        subscriberId,
        integration: s.integration,
        newest: false,
      })),
    ),
  ];
}

/** Whether two claims of `m` may land on the same entry (the same subscriber and integration). */
function conflict(m: ProgramModel, a: Claim, b: Claim): boolean {
  if (a.subscriberId !== b.subscriberId) return false;
  if (!a.newest && !b.newest) return a.integration === b.integration;
  const provider = (c: Claim) => integrationOf(m, c.integration)?.providerId;
  return provider(a) === provider(b);
}

/** Whether `claim` is free in `m`: no other resource (but `except`) may land on its entry, and it fits. */
export function claimFree(m: ProgramModel, claim: Omit<Claim, "owner">, except?: string): boolean {
  const c: Claim = { owner: except ?? "", ...claim };
  const i = integrationOf(m, c.integration);
  if (!i) return false;
  if (c.newest && foreignSubscriber(i.providerId, c.subscriberId)) return false;
  return claimsOf(m).every((o) => o.owner === except || !conflict(m, c, o));
}

/** Whether the entry (subscriber, integration) is already managed by a resource of `m` (other than `except`). */
export function entryTaken(
  m: ProgramModel,
  subscriberId: string,
  integration: string,
  except?: string,
): boolean {
  return !claimFree(m, { subscriberId, integration, newest: false }, except);
}

/** Whether no two resources of `m` may land on one entry, and no resource without identifier on the application's. */
export function claimsValid(m: ProgramModel): boolean {
  const all = claimsOf(m);
  return all.every((a, n) => {
    const i = integrationOf(m, a.integration);
    if (!i || (a.newest && foreignSubscriber(i.providerId, a.subscriberId))) return false;
    return all.slice(n + 1).every((b) => a.owner === b.owner || !conflict(m, a, b));
  });
}

/** Whether `name` is used by any resource of `m`. */
export function nameTaken(m: ProgramModel, name: string): boolean {
  return [
    ...m.integrations,
    ...m.credentials,
    ...m.sets,
    ...(m.workflows ?? []),
    ...(m.layouts ?? []),
    ...(m.topics ?? []),
    ...(m.subscriptions ?? []),
    ...(m.variables ?? []),
  ].some((r) => r.name === name);
}

/** Applies an edit to a copy of `m`; returns undefined when it does not apply (then the step is skipped). */
export function applyEdit(m: ProgramModel, e: Edit): ProgramModel | undefined {
  const next = cloneModel(m);
  return applyInPlace(next, e) && claimsValid(next) ? next : undefined;
}

function applyInPlace(m: ProgramModel, e: Edit): boolean {
  if (isWorkflowEdit(e)) return applyWorkflowEdit(m, e, (name) => nameTaken(m, name));
  if (isLayoutEdit(e)) return applyLayoutEdit(m, e, (name) => nameTaken(m, name));
  if (isTopicEdit(e)) return applyTopicEdit(m, e, (name) => nameTaken(m, name));
  if (isVariableEdit(e)) return applyVariableEdit(m, e, (name) => nameTaken(m, name));
  switch (e.edit) {
    case "set-title":
    case "set-identifier":
    case "set-provider":
    case "set-secret":
    case "set-adopt":
    case "rename-resource":
      return editIntegration(m, e);
    case "add-integration":
      if (nameTaken(m, e.decl.name) || identifierTaken(m, e.decl.identifier)) return false;
      m.integrations.push(structuredClone(e.decl));
      return true;
    case "remove-integration":
      return removeIntegration(m, e.integration);
    default:
      return editCredentials(m, e);
  }
}

function identifierTaken(m: ProgramModel, identifier: string | undefined): boolean {
  return identifier !== undefined && m.integrations.some((i) => i.identifier === identifier);
}

type IntegrationEdit = Extract<
  Edit,
  { edit: "set-title" | "set-identifier" | "set-provider" | "set-secret" | "set-adopt" | "rename-resource" }
>;

function editIntegration(m: ProgramModel, e: IntegrationEdit): boolean {
  const i = integrationOf(m, e.integration);
  if (!i) return false;
  if (e.edit === "set-title") i.title = e.title;
  else if (e.edit === "set-secret") i.secret = e.secret;
  else if (e.edit === "set-adopt") i.adopt = e.adopt;
  else if (e.edit === "set-provider") i.providerId = SWAPPED_PROVIDER[i.providerId];
  else if (e.edit === "set-identifier") {
    if (e.identifier !== null && identifierTaken(m, e.identifier)) return false;
    if (e.identifier === null) delete i.identifier;
    else i.identifier = e.identifier;
  } else return renameIntegration(m, i, e.to, e.alias);
  return true;
}

function renameIntegration(m: ProgramModel, i: IntegrationDecl, to: string, alias: boolean): boolean {
  if (nameTaken(m, to)) return false;
  // Without an alias a rename is a new resource created before the old one goes: with an explicit
  // identifier it meets the old one's (README, "Renaming resources"), a user error, not a divergence.
  if (!alias && i.identifier !== undefined && i.adopt !== true) return false;
  for (const c of m.credentials) if (c.integration === i.name) c.integration = to;
  for (const s of m.sets) if (s.integration === i.name) s.integration = to;
  if (alias) i.aliases = [...(i.aliases ?? []), i.name];
  else delete i.aliases;
  i.name = to;
  return true;
}

function removeIntegration(m: ProgramModel, name: string): boolean {
  if (!integrationOf(m, name)) return false;
  m.integrations = m.integrations.filter((i) => i.name !== name);
  m.credentials = m.credentials.filter((c) => c.integration !== name);
  m.sets = m.sets.filter((s) => s.integration !== name);
  return true;
}

type CredentialsEdit = Exclude<
  Edit,
  | IntegrationEdit
  | WorkflowEdit
  | LayoutEdit
  | TopicEdit
  | VariableEdit
  | { edit: "add-integration" | "remove-integration" }
>;

function editCredentials(m: ProgramModel, e: CredentialsEdit): boolean {
  switch (e.edit) {
    case "add-credentials": {
      const d = e.decl;
      if (nameTaken(m, d.name) || !fits(m, d.integration, d.value)) return false;
      const claim = { subscriberId: d.subscriberId, integration: d.integration, newest: d.newest === true };
      if (!claimFree(m, claim)) return false;
      m.credentials.push(structuredClone(d));
      return true;
    }
    case "remove-credentials":
      if (!m.credentials.some((c) => c.name === e.name)) return false;
      m.credentials = m.credentials.filter((c) => c.name !== e.name);
      return true;
    case "set-credentials":
    case "rebind-credentials":
      return changeCredentials(m, e);
    default:
      return editSet(m, e);
  }
}

function changeCredentials(
  m: ProgramModel,
  e: Extract<Edit, { edit: "set-credentials" | "rebind-credentials" }>,
): boolean {
  const c = m.credentials.find((x) => x.name === e.name);
  if (!c) return false;
  if (e.edit === "set-credentials") {
    if (!fits(m, c.integration, e.value)) return false;
    c.value = structuredClone(e.value);
    return true;
  }
  if (e.integration === c.integration || !fits(m, e.integration, c.value)) return false;
  const claim = { subscriberId: c.subscriberId, integration: e.integration, newest: c.newest === true };
  if (!claimFree(m, claim, c.name)) return false;
  c.integration = e.integration;
  return true;
}

function editSet(
  m: ProgramModel,
  e: Extract<Edit, { edit: "add-set" | "remove-set" | "set-entry" }>,
): boolean {
  if (e.edit === "add-set") {
    const d = e.decl;
    if (nameTaken(m, d.name) || m.sets.some((s) => s.integration === d.integration)) return false;
    if (!Object.values(d.entries).every((v) => fits(m, d.integration, v))) return false;
    if (Object.keys(d.entries).some((sub) => entryTaken(m, sub, d.integration))) return false;
    m.sets.push(structuredClone(d));
    return true;
  }
  const s = m.sets.find((x) => x.name === (e.edit === "remove-set" ? e.name : e.set));
  if (!s) return false;
  if (e.edit === "remove-set") {
    m.sets = m.sets.filter((x) => x !== s);
    return true;
  }
  if (e.value === null) {
    if (!(e.subscriberId in s.entries) || Object.keys(s.entries).length <= 1) return false;
    delete s.entries[e.subscriberId];
    return true;
  }
  if (!fits(m, s.integration, e.value) || entryTaken(m, e.subscriberId, s.integration, s.name)) return false;
  s.entries[e.subscriberId] = structuredClone(e.value);
  return true;
}
