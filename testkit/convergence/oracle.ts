/**
 * The convergence oracle. It imports no provider or sdk code: the expected service state comes from the
 * program models and the documented contract, the actual state from the emulator's inspection API.
 *
 * The README rule it holds the provider to:
 * - An integration's default identifier is `<slug of the resource name>-<first 8 hex of
 *   sha256("project/stack/name")>`.
 * - A credentials resource (SubscriberCredentials: one subscriber; SubscriberCredentialsSet: many, one
 *   providerId and an optional integrationIdentifier) owns the entry of its subscriber(s) bound
 *   (`_integrationId`) to the integration it targets: with an identifier, the live integration with that
 *   identifier; without, the newest (`createdAt`) active integration of the providerId in the environment.
 *   Entries carry no `integrationIdentifier`: they are matched by `_integrationId` alone.
 * - Entries are compared by meaningful credentials: `deviceTokens` as a set (`[]` the same as absent),
 *   `webhookUrl` and `channel` with `""` the same as absent; nothing else counts. An entry is INERT when it
 *   holds no credentials (no tokens, no webhookUrl, no channel) or is bound to an integration that is deleted.
 * - Removing a resource's entry (destroy, replace, identifier change, set shrinking): when every other entry of
 *   that providerId on the subscriber is inert, the provider DELETEs all entries of the providerId (inert
 *   leftovers go too); otherwise it clears its own entry in place (`deviceTokens: []`, `webhookUrl: ""`,
 *   `channel: ""`) when its integration is active, and leaves it untouched when its integration is deleted or
 *   inactive. It never removes or changes a non-inert entry it does not own.
 *
 * Hence the rules checked here:
 * - (a) after every converged `up` ({@link checkService}): each declared (subscriber, integration) entry
 *   exists, once, bound to the declared integration's current `_id`, with exactly the declared credentials;
 *   every entry declared by no stack and not foreign is inert or bound to an inactive integration. The
 *   declared integrations exist once each with the declared fields; no other integration is live but the
 *   fixtures' and those made out of band.
 * - (b) always (after up, refresh, destroy, a killed `up` and its recovery; {@link checkForeign}): every
 *   FOREIGN entry (written by the application: fixtures, out-of-band writes; or by another stack) that holds
 *   credentials on a live integration is exactly as it was (same `_integrationId`, same meaningful
 *   credentials); a foreign entry that was inert may be gone. The fixtures' integrations are untouched.
 * - (c) after `destroy` (`destroyed` of {@link checkService}): no entry of the destroyed stack holds
 *   credentials on a live active integration (rule a with nothing declared); and for each (subscriber,
 *   providerId) the destroyed stack declared, when no foreign or still-declared entry of that providerId on
 *   the subscriber holds credentials on a live integration, no entry of that providerId is left there but
 *   inert foreign ones.
 * - Workflows: rules (w-a), (w-b), (w-c) of ./workflow-oracle.ts, checked with (a), (b) and (c) whenever the
 *   snapshot holds the environment's workflows (an email step that names a layout must hold its layoutId).
 * - Layouts and topics: rules (l-a), (t-a), (b) and (c) of ./layout-topic-oracle.ts, whenever the snapshot
 *   holds them.
 * - Environment variables: rules (v-a), (b) and (c) of ./environment-variable-oracle.ts, whenever the
 *   snapshot holds them.
 */
import { createHash } from "node:crypto";
import type { Emulator } from "../../emulator";
import {
  checkForeignVariables,
  checkVariables,
  type LiveVariable,
  type VariableContext,
} from "./environment-variable-oracle";
import {
  checkForeignLayoutsTopics,
  checkLayouts,
  checkTopics,
  type LayoutTopicContext,
  type LayoutTopicSnapshot,
  withLayoutIds,
} from "./layout-topic-oracle";
import {
  claimsOf,
  type EntryValue,
  type IntegrationDecl,
  PROVIDER_CHANNELS,
  type ProgramModel,
} from "./model";
import { integrationCredentials } from "./program";
import {
  checkForeignWorkflows,
  checkWorkflows,
  type ForeignWorkflow,
  type LiveWorkflow,
  liveWorkflowOf,
} from "./workflow-oracle";

/** An integration as the emulator stores it (the fields the oracle reads). */
export interface LiveIntegration {
  _id: string;
  identifier: string;
  providerId: string;
  channel: string;
  name: string;
  active: boolean;
  credentials: Record<string, unknown>;
  /** ISO time; "the newest active integration" of a provider is the greatest. */
  createdAt: string;
}

/** Credentials of a channel entry (the meaningful keys typed; anything else the service kept). */
export interface EntryCredentials {
  deviceTokens?: string[] | undefined;
  webhookUrl?: string | undefined;
  channel?: string | undefined;
  [k: string]: unknown;
}

/** A subscriber's channel entry as the emulator stores it. */
export interface LiveEntry {
  providerId: string;
  _integrationId?: string | undefined;
  credentials: EntryCredentials;
}

/** What the oracle reads from the service: the live (not deleted) integrations of the environment, and entries. */
export interface ServiceSnapshot {
  integrations: LiveIntegration[];
  entries: Map<string, LiveEntry[]>;
  /** The environment's stored workflows; absent: workflows are not checked. */
  workflows?: LiveWorkflow[];
  /** The environment's layouts and topics (read over HTTP, ./layout-topic-oracle.ts); absent: not checked. */
  layoutsTopics?: LayoutTopicSnapshot;
  /** The organization's environment variables (./environment-variable-oracle.ts); absent: not checked. */
  variables?: LiveVariable[];
}

/** An entry nobody's stack under test owns: written by the application, or by another stack. */
export interface ForeignEntry {
  subscriberId: string;
  providerId: string;
  _integrationId: string;
  credentials: EntryCredentials;
  /** Who wrote it, for messages (`fixture`, `out-of-band step 4`, ...). */
  source: string;
}

/** What the oracle knows besides the programs: the starting state and what the application wrote since. */
export interface OracleContext {
  /** The service when the run started (its integrations must stay exactly as they were). */
  fixtures: ServiceSnapshot;
  /** Foreign entries, each as it was right after it was written (the last write per entry). */
  foreignEntries: readonly ForeignEntry[];
  /** `_id`s of integrations made out of band that no stack took over (excused when no stack declares them). */
  foreignIntegrations?: ReadonlySet<string>;
  /** The application's workflows, each as it last wrote it. */
  foreignWorkflows?: readonly ForeignWorkflow[];
  /** The application's layouts, topics and subscriptions, and the default layouts warned about. */
  layoutsTopics?: LayoutTopicContext;
  /** The application's variable values, and the secret values the dashboard edited. */
  variables?: VariableContext;
}

/** One stack's declared program (an empty model after `destroy`). */
export interface StackView {
  project: string;
  stack: string;
  model: ProgramModel;
}

/** Options of {@link checkService}. */
export interface CheckOptions {
  /** Stacks just destroyed, with the program they had (rule c). */
  destroyed?: readonly StackView[];
}

/** One difference between the service and the expectation. */
export interface OracleFinding {
  kind: string;
  detail: string;
}

/** The oracle's verdict on one snapshot. */
export interface OracleResult {
  findings: OracleFinding[];
  /** Integrations and entries compared. */
  objectsChecked: number;
  /** The live `_id` of every declared integration found (e.g. to stop excusing an adopted foreign one). */
  declaredIds: string[];
}

/** Reads the live integrations of the first key's environment and the entries of `subscriberIds`. */
export function readService(emu: Emulator, subscriberIds: readonly string[]): ServiceSnapshot {
  const envId = emu.keys[0]!.environmentId;
  const integrations: LiveIntegration[] = emu
    .integrations()
    .filter((i) => i._environmentId === envId)
    .map((i) => ({
      _id: i._id ?? "",
      identifier: i.identifier,
      providerId: i.providerId,
      channel: i.channel,
      name: i.name,
      active: i.active,
      credentials: { ...(i.credentials ?? {}) },
      createdAt: String((i as { createdAt?: unknown }).createdAt ?? ""),
    }));
  const entries = new Map<string, LiveEntry[]>();
  for (const id of subscriberIds) {
    const channels = emu.subscriber(envId, id)?.channels ?? [];
    entries.set(
      id,
      channels.map((c) => ({
        providerId: c.providerId,
        _integrationId: c._integrationId ?? undefined,
        credentials: structuredClone(c.credentials ?? {}) as EntryCredentials,
      })),
    );
  }
  return { integrations, entries, workflows: emu.workflows(envId).map(liveWorkflowOf) };
}

/** Every entry of `snap` as a foreign entry (the fixtures: what the application wrote before any stack). */
export function foreignEntriesOf(snap: ServiceSnapshot, source = "fixture"): ForeignEntry[] {
  return [...snap.entries].flatMap(([subscriberId, entries]) =>
    entries.map((e) => ({
      subscriberId,
      providerId: e.providerId,
      _integrationId: e._integrationId ?? "",
      credentials: structuredClone(e.credentials),
      source,
    })),
  );
}

/** The documented default identifier of an integration resource. */
export function defaultIdentifier(project: string, stack: string, name: string): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48) || "integration";
  const hash = createHash("sha256").update(`${project}/${stack}/${name}`).digest("hex").slice(0, 8);
  return `${slug}-${hash}`;
}

/**
 * The identifiers a declared integration may have in the service: the explicit one; else the default of its
 * name or, after renames with `aliases`, of a former name (README, "Renaming resources": an aliased rename
 * keeps the identifier the integration was created with, as Pulumi's auto-naming keeps a name; which name
 * that was depends on which `up` first created it, faults included, so each is allowed, and exactly one
 * integration must carry one of them).
 */
export function identifiersOf(view: StackView, i: IntegrationDecl): string[] {
  if (i.identifier !== undefined) return [i.identifier];
  return [i.name, ...(i.aliases ?? [])].map((n) => defaultIdentifier(view.project, view.stack, n));
}

/** The identifier a declared integration has in `live` (the one of {@link identifiersOf} found there, else its first). */
export function identifierOf(
  view: StackView,
  i: IntegrationDecl,
  live: readonly { identifier: string }[],
): string {
  const candidates = identifiersOf(view, i);
  return candidates.find((c) => live.some((x) => x.identifier === c)) ?? candidates[0]!;
}

/** Shortens a generated secret for messages (its random suffix is left out). */
export function label(secret: string): string {
  return secret.replace(/-[0-9a-f]{8}$/, "-…");
}

/** The meaningful credentials of an entry: tokens as a sorted set, webhookUrl and channel unless empty. */
export function meaningful(c: EntryCredentials | EntryValue): {
  tokens: string[];
  webhookUrl?: string;
  channel?: string;
} {
  const raw = c as EntryCredentials;
  const list = Array.isArray(raw.deviceTokens) ? raw.deviceTokens : [];
  const out: { tokens: string[]; webhookUrl?: string; channel?: string } = {
    tokens: [...new Set(list.filter((t): t is string => typeof t === "string"))].sort(),
  };
  if (typeof raw.webhookUrl === "string" && raw.webhookUrl !== "") out.webhookUrl = raw.webhookUrl;
  if (typeof raw.channel === "string" && raw.channel !== "") out.channel = raw.channel;
  return out;
}

/** Whether two credentials are the same by the meaningful comparison. */
export function sameCredentials(a: EntryCredentials | EntryValue, b: EntryCredentials | EntryValue): boolean {
  return JSON.stringify(meaningful(a)) === JSON.stringify(meaningful(b));
}

/** Whether credentials hold anything (a token, a webhookUrl or a channel). */
export function holdsCredentials(c: EntryCredentials | EntryValue): boolean {
  const m = meaningful(c);
  return m.tokens.length > 0 || m.webhookUrl !== undefined || m.channel !== undefined;
}

/** Whether an entry is inert: no credentials, or bound to an integration that is not live. */
export function isInert(
  e: Pick<LiveEntry, "_integrationId" | "credentials">,
  snap: ServiceSnapshot,
): boolean {
  if (!holdsCredentials(e.credentials)) return true;
  return !snap.integrations.some((i) => i._id === e._integrationId);
}

function describeValue(c: EntryCredentials | EntryValue): string {
  const m = meaningful(c);
  const parts: string[] = [];
  if (m.tokens.length > 0) parts.push(`tokens [${m.tokens.map(label).join(", ")}]`);
  if (m.webhookUrl) parts.push(`webhookUrl ${label(m.webhookUrl.split("/").pop() ?? "")}`);
  if (m.channel) parts.push(`channel ${label(m.channel)}`);
  return parts.length > 0 ? parts.join(", ") : "no credentials";
}

const keyOf = (subscriberId: string, providerId: string, integrationId: string | undefined) =>
  `${subscriberId}\u0000${providerId}\u0000${integrationId ?? ""}`;

/** One entry a view declares, with the integrations it may be bound to (more than one only on a createdAt tie). */
interface ExpectedEntry {
  subscriberId: string;
  providerId: string;
  /** Live `_id`s the entry may be bound to; empty when its integration is not live (reported with it). */
  targets: string[];
  target: string;
  value: EntryValue;
  owner: string;
}

/** The newest active live integrations of `providerId` (several only when their createdAt ties). */
export function newestActive(snap: ServiceSnapshot, providerId: string): LiveIntegration[] {
  const active = snap.integrations.filter((i) => i.providerId === providerId && i.active);
  const newest = active
    .map((i) => i.createdAt)
    .sort()
    .at(-1);
  return active.filter((i) => i.createdAt === newest);
}

/** Every entry the views declare, with its target integrations in `snap`. */
function expectedEntries(views: readonly StackView[], snap: ServiceSnapshot): ExpectedEntry[] {
  const out: ExpectedEntry[] = [];
  for (const view of views) {
    const m = view.model;
    const add = (
      subscriberId: string,
      integration: string,
      value: EntryValue,
      owner: string,
      newest: boolean,
    ) => {
      const i = m.integrations.find((x) => x.name === integration);
      if (!i) return;
      const identifier = identifierOf(view, i, snap.integrations);
      const targets = newest
        ? newestActive(snap, i.providerId)
        : snap.integrations.filter((x) => x.identifier === identifier);
      const target = newest ? `the newest active ${i.providerId}` : identifier;
      out.push({
        subscriberId,
        providerId: i.providerId,
        targets: targets.map((x) => x._id),
        target,
        value,
        owner,
      });
    };
    for (const c of m.credentials)
      add(c.subscriberId, c.integration, c.value, `${view.stack}:${c.name}`, c.newest === true);
    for (const s of m.sets)
      for (const [sub, v] of Object.entries(s.entries))
        add(sub, s.integration, v, `${view.stack}:${s.name}[${sub}]`, false);
  }
  return out;
}

/** Compares the declared integrations with the live ones. */
function checkIntegrations(
  views: readonly StackView[],
  snap: ServiceSnapshot,
  ctx: OracleContext,
  out: OracleResult,
): void {
  const declared = new Set<string>();
  for (const view of views) {
    for (const i of view.model.integrations) {
      const candidates = identifiersOf(view, i);
      for (const c of candidates) declared.add(c);
      const identifier = identifierOf(view, i, snap.integrations);
      const found = snap.integrations.filter((x) => candidates.includes(x.identifier));
      out.objectsChecked++;
      if (found.length !== 1) {
        out.findings.push({
          kind: "integration-count",
          detail: `${view.stack}:${i.name} (${identifier}): ${found.length} live`,
        });
        continue;
      }
      const x = found[0]!;
      out.declaredIds.push(x._id);
      const want = {
        providerId: i.providerId,
        channel: PROVIDER_CHANNELS[i.providerId],
        name: i.title,
        active: true,
      };
      const got = { providerId: x.providerId, channel: x.channel, name: x.name, active: x.active };
      if (JSON.stringify(want) !== JSON.stringify(got))
        out.findings.push({
          kind: "integration-fields",
          detail: `${view.stack}:${i.name}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`,
        });
      if (JSON.stringify(sorted(x.credentials)) !== JSON.stringify(sorted(integrationCredentials(i))))
        out.findings.push({
          kind: "integration-credentials",
          detail: `${view.stack}:${i.name}: stored credentials differ from the declared ones`,
        });
    }
  }
  for (const x of snap.integrations) {
    if (
      declared.has(x.identifier) ||
      ctx.foreignIntegrations?.has(x._id) ||
      ctx.fixtures.integrations.some((f) => f._id === x._id)
    )
      continue;
    out.findings.push({
      kind: "undeclared-integration",
      detail: `${x.identifier} (${x._id}, ${x.providerId}) is live but declared by no stack`,
    });
  }
}

function sorted(o: Record<string, unknown>): [string, unknown][] {
  return Object.entries(o).sort(([a], [b]) => a.localeCompare(b));
}

/** Rule (b): the fixtures' integrations untouched; every foreign entry holding credentials on a live integration exactly as written. */
function checkForeignEntriesInto(snap: ServiceSnapshot, ctx: OracleContext, out: OracleResult): void {
  for (const f of ctx.fixtures.integrations) {
    out.objectsChecked++;
    const now = snap.integrations.find((x) => x._id === f._id);
    if (!now || JSON.stringify(now) !== JSON.stringify(f))
      out.findings.push({ kind: "fixture-integration-changed", detail: `${f.identifier} (${f._id})` });
  }
  for (const f of ctx.foreignEntries) {
    out.objectsChecked++;
    if (isInert(f, snap)) continue; // an inert foreign entry may have been removed
    const where = `${f.subscriberId}/${f.providerId} on ${identifierOfId(snap, f._integrationId)} (${f.source})`;
    const now = (snap.entries.get(f.subscriberId) ?? []).filter(
      (e) => e.providerId === f.providerId && e._integrationId === f._integrationId,
    );
    if (now.length === 0)
      out.findings.push({
        kind: "foreign-entry-removed",
        detail: `${where}: held ${describeValue(f.credentials)}, now gone`,
      });
    else if (now.length > 1 || !sameCredentials(now[0]!.credentials, f.credentials))
      out.findings.push({
        kind: "foreign-entry-changed",
        detail: `${where}: held ${describeValue(f.credentials)}, now ${now.map((e) => describeValue(e.credentials)).join(" and ")}`,
      });
  }
}

function identifierOfId(snap: ServiceSnapshot, id: string | undefined): string {
  const i = snap.integrations.find((x) => x._id === id);
  return i ? i.identifier : `deleted integration ${id}`;
}

/** Rule (a) on entries: the declared ones as declared; every other non-foreign one inert (or on an inactive integration). */
function checkEntries(
  views: readonly StackView[],
  snap: ServiceSnapshot,
  ctx: OracleContext,
  out: OracleResult,
): Set<string> {
  const declaredKeys = new Set<string>();
  for (const e of expectedEntries(views, snap)) {
    out.objectsChecked++;
    const where = `${e.owner}: ${e.subscriberId}/${e.providerId} on ${e.target}`;
    if (e.targets.length === 0) {
      if (e.target.startsWith("the newest"))
        out.findings.push({ kind: "no-target", detail: `${where}: no active integration` });
      continue; // an explicit one is reported with the integration
    }
    const all = snap.entries.get(e.subscriberId) ?? [];
    const bound = all.filter(
      (x) => x.providerId === e.providerId && e.targets.includes(x._integrationId ?? ""),
    );
    for (const b of bound) declaredKeys.add(keyOf(e.subscriberId, e.providerId, b._integrationId));
    if (bound.length !== 1) {
      const others = all
        .filter((x) => x.providerId === e.providerId && !bound.includes(x))
        .map((x) => `${describeValue(x.credentials)} bound to ${identifierOfId(snap, x._integrationId)}`)
        .join("; ");
      out.findings.push({
        kind: "entry-not-bound",
        detail: `${where}: ${bound.length} entries bound to live _id ${e.targets.join(" or ")}${others ? ` (other entries: ${others})` : ""}`,
      });
    } else if (!sameCredentials(bound[0]!.credentials, e.value)) {
      out.findings.push({
        kind: "entry-value",
        detail: `${where}: holds ${describeValue(bound[0]!.credentials)}, declared ${describeValue(e.value)}`,
      });
    }
  }
  const foreignKeys = new Set(
    ctx.foreignEntries.map((f) => keyOf(f.subscriberId, f.providerId, f._integrationId)),
  );
  for (const [sub, entries] of snap.entries) {
    for (const e of entries) {
      const key = keyOf(sub, e.providerId, e._integrationId);
      if (declaredKeys.has(key) || foreignKeys.has(key) || isInert(e, snap)) continue;
      const integration = snap.integrations.find((i) => i._id === e._integrationId);
      if (integration && !integration.active) continue; // undeliverable, left by a removal while inactive
      out.findings.push({
        kind: "stale-entry",
        detail: `${sub}/${e.providerId} on ${identifierOfId(snap, e._integrationId)}: ${describeValue(e.credentials)}, declared by no stack and not foreign`,
      });
    }
  }
  return declaredKeys;
}

/** Rule (c): on each (subscriber, providerId) a destroyed stack declared, nothing left unless a foreign or declared entry there holds credentials. */
function checkDestroyed(
  destroyed: readonly StackView[],
  snap: ServiceSnapshot,
  ctx: OracleContext,
  declaredKeys: ReadonlySet<string>,
  out: OracleResult,
): void {
  const foreignKeys = new Set(
    ctx.foreignEntries.map((f) => keyOf(f.subscriberId, f.providerId, f._integrationId)),
  );
  const pairs = new Set<string>();
  for (const view of destroyed)
    for (const c of claimsOf(view.model)) {
      const providerId = view.model.integrations.find((i) => i.name === c.integration)?.providerId;
      if (providerId) pairs.add(`${c.subscriberId}\u0000${providerId}`);
    }
  for (const pair of pairs) {
    const [sub, providerId] = pair.split("\u0000") as [string, string];
    out.objectsChecked++;
    const entries = (snap.entries.get(sub) ?? []).filter((e) => e.providerId === providerId);
    const kept = (e: LiveEntry) => {
      const key = keyOf(sub, providerId, e._integrationId);
      return declaredKeys.has(key) || foreignKeys.has(key);
    };
    if (entries.some((e) => kept(e) && !isInert(e, snap))) continue;
    for (const e of entries.filter((x) => !kept(x)))
      out.findings.push({
        kind: "destroy-leftover",
        detail: `${sub}/${providerId} on ${identifierOfId(snap, e._integrationId)}: ${describeValue(e.credentials)} left after destroy, though no foreign entry of ${providerId} holds credentials there`,
      });
  }
}

/**
 * Rules (a), (b) and, with `opts.destroyed`, (c): compares `snap` with what `views` declare (every stack in
 * the environment; an empty model for a destroyed one) and with what the application wrote (`ctx`).
 */
export function checkService(
  views: readonly StackView[],
  snap: ServiceSnapshot,
  ctx: OracleContext,
  opts: CheckOptions = {},
): OracleResult {
  const out: OracleResult = { findings: [], objectsChecked: 0, declaredIds: [] };
  checkIntegrations(views, snap, ctx, out);
  const declaredKeys = checkEntries(views, snap, ctx, out);
  checkForeignInto(snap, ctx, out);
  if (opts.destroyed) checkDestroyed(opts.destroyed, snap, ctx, declaredKeys, out);
  if (snap.workflows) checkWorkflows(withLayoutIds(views), snap.workflows, ctx.foreignWorkflows ?? [], out);
  if (snap.layoutsTopics && ctx.layoutsTopics) {
    checkLayouts(views, snap.layoutsTopics, ctx.layoutsTopics, out);
    checkTopics(views, snap.layoutsTopics, ctx.layoutsTopics, out);
  }
  if (snap.variables && ctx.variables) checkVariables(views, snap.variables, ctx.variables, out);
  return out;
}

/** Rule (b) alone: what holds after any step, converged or not. */
export function checkForeign(snap: ServiceSnapshot, ctx: OracleContext): OracleResult {
  const out: OracleResult = { findings: [], objectsChecked: 0, declaredIds: [] };
  checkForeignInto(snap, ctx, out);
  return out;
}

/** Rule (b) on integrations and entries, and (w-b) on the application's workflows when the snapshot holds them. */
function checkForeignInto(snap: ServiceSnapshot, ctx: OracleContext, out: OracleResult): void {
  checkForeignEntriesInto(snap, ctx, out);
  if (snap.workflows) checkForeignWorkflows(snap.workflows, ctx.foreignWorkflows ?? [], out);
  if (snap.layoutsTopics && ctx.layoutsTopics)
    checkForeignLayoutsTopics(snap.layoutsTopics, ctx.layoutsTopics, out);
  if (snap.variables && ctx.variables) checkForeignVariables(snap.variables, ctx.variables, out);
}
