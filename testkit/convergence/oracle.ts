/**
 * The convergence oracle. It imports no provider or sdk code: the expected service state comes from the
 * program models and the documented semantics (README: an integration's default identifier is
 * `<slug of the resource name>-<first 8 hex of sha256("project/stack/name")>`; a credentials entry is bound
 * to the integration `_id` its identifier names; deleting a credentials resource removes every entry it wrote,
 * leaving the subscriber's other entries of the provider alone), and the actual state from the emulator's
 * inspection API. After every converged `up` the service holds exactly the declared integrations and
 * entries (tokens bound to the declared integration's current `_id`) besides the fixtures, untouched; after
 * `destroy`, the fixtures alone, exactly. An entry left emptied (no tokens, no webhook) that no stack
 * declares is a divergence like any other left entry.
 */
import { createHash } from "node:crypto";
import type { Emulator } from "../../emulator";
import { type EntryValue, type IntegrationDecl, PROVIDER_CHANNELS, type ProgramModel } from "./model";
import { integrationCredentials } from "./program";

/** An integration as the emulator stores it (the fields the oracle reads). */
export interface LiveIntegration {
  _id: string;
  identifier: string;
  providerId: string;
  channel: string;
  name: string;
  active: boolean;
  credentials: Record<string, unknown>;
}

/** A subscriber's channel entry as the emulator stores it. */
export interface LiveEntry {
  providerId: string;
  integrationIdentifier?: string | undefined;
  _integrationId?: string | undefined;
  credentials: { deviceTokens?: string[] | undefined; webhookUrl?: string | undefined; [k: string]: unknown };
}

/** What the oracle reads from the service. */
export interface ServiceSnapshot {
  integrations: LiveIntegration[];
  entries: Map<string, LiveEntry[]>;
}

/** One stack's declared program (an empty model after `destroy`). */
export interface StackView {
  project: string;
  stack: string;
  model: ProgramModel;
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

/** Reads the live integrations and the entries of `subscriberIds` through the emulator's inspection API. */
export function readService(emu: Emulator, subscriberIds: readonly string[]): ServiceSnapshot {
  const envId = emu.keys[0]!.environmentId;
  const integrations: LiveIntegration[] = emu.integrations().map((i) => ({
    _id: i._id ?? "",
    identifier: i.identifier,
    providerId: i.providerId,
    channel: i.channel,
    name: i.name,
    active: i.active,
    credentials: { ...(i.credentials ?? {}) },
  }));
  const entries = new Map<string, LiveEntry[]>();
  for (const id of subscriberIds) {
    const channels = emu.subscriber(envId, id)?.channels ?? [];
    entries.set(
      id,
      channels.map((c) => ({
        providerId: c.providerId,
        integrationIdentifier: c.integrationIdentifier ?? undefined,
        _integrationId: c._integrationId ?? undefined,
        credentials: { ...c.credentials } as LiveEntry["credentials"],
      })),
    );
  }
  return { integrations, entries };
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

/** The identifier a declared integration has in the service. */
export function identifierOf(view: StackView, i: IntegrationDecl): string {
  return i.identifier ?? defaultIdentifier(view.project, view.stack, i.name);
}

/** Shortens a generated secret for messages (its random suffix is left out). */
export function label(secret: string): string {
  return secret.replace(/-[0-9a-f]{8}$/, "-…");
}

function describeValue(c: LiveEntry["credentials"]): string {
  const tokens = c.deviceTokens ?? [];
  if (c.webhookUrl) return `webhookUrl ${label(c.webhookUrl.split("/").pop() ?? "")}`;
  return tokens.length === 0 ? "no tokens" : `tokens [${tokens.map(label).join(", ")}]`;
}

function sameValue(actual: LiveEntry["credentials"], expected: EntryValue): boolean {
  const tokens = [...(actual.deviceTokens ?? [])].sort();
  if ("webhookUrl" in expected) return actual.webhookUrl === expected.webhookUrl && tokens.length === 0;
  return !actual.webhookUrl && JSON.stringify(tokens) === JSON.stringify([...expected.deviceTokens].sort());
}

/** An emptied entry (no tokens, no webhook): what the old provider's deletes left behind. */
export function isEmptied(e: LiveEntry): boolean {
  return !e.credentials.webhookUrl && (e.credentials.deviceTokens ?? []).length === 0;
}

const entryKey = (e: LiveEntry) =>
  JSON.stringify([e.providerId, e.integrationIdentifier ?? null, e._integrationId ?? null, e.credentials]);

interface ExpectedEntry {
  subscriberId: string;
  identifier: string;
  providerId: string;
  value: EntryValue;
  owner: string;
}

/** Every entry the views declare. */
function expectedEntries(views: readonly StackView[]): ExpectedEntry[] {
  const out: ExpectedEntry[] = [];
  for (const view of views) {
    const m = view.model;
    const integrationNamed = (name: string) => m.integrations.find((i) => i.name === name);
    const add = (subscriberId: string, integration: string, value: EntryValue, owner: string) => {
      const i = integrationNamed(integration);
      if (i)
        out.push({ subscriberId, identifier: identifierOf(view, i), providerId: i.providerId, value, owner });
    };
    for (const c of m.credentials) add(c.subscriberId, c.integration, c.value, `${view.stack}:${c.name}`);
    for (const s of m.sets)
      for (const [sub, v] of Object.entries(s.entries))
        add(sub, s.integration, v, `${view.stack}:${s.name}[${sub}]`);
  }
  return out;
}

/** Compares the declared integrations with the live ones; returns the live integrations by identifier. */
function checkIntegrations(
  views: readonly StackView[],
  snap: ServiceSnapshot,
  fixtures: ServiceSnapshot,
  foreign: ReadonlySet<string>,
  out: OracleResult,
): Map<string, LiveIntegration> {
  const live = new Map<string, LiveIntegration>();
  const declared = new Set<string>();
  for (const view of views) {
    for (const i of view.model.integrations) {
      const identifier = identifierOf(view, i);
      declared.add(identifier);
      const found = snap.integrations.filter((x) => x.identifier === identifier);
      out.objectsChecked++;
      if (found.length !== 1) {
        out.findings.push({
          kind: "integration-count",
          detail: `${view.stack}:${i.name} (${identifier}): ${found.length} live`,
        });
        continue;
      }
      const x = found[0]!;
      live.set(identifier, x);
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
  checkUndeclaredIntegrations(snap, fixtures, declared, foreign, out);
  return live;
}

function sorted(o: Record<string, unknown>): [string, unknown][] {
  return Object.entries(o).sort(([a], [b]) => a.localeCompare(b));
}

function checkUndeclaredIntegrations(
  snap: ServiceSnapshot,
  fixtures: ServiceSnapshot,
  declared: ReadonlySet<string>,
  foreign: ReadonlySet<string>,
  out: OracleResult,
): void {
  for (const f of fixtures.integrations) {
    out.objectsChecked++;
    const now = snap.integrations.find((x) => x._id === f._id);
    if (!now || JSON.stringify(now) !== JSON.stringify(f))
      out.findings.push({ kind: "fixture-integration-changed", detail: `${f.identifier} (${f._id})` });
  }
  for (const x of snap.integrations) {
    if (
      declared.has(x.identifier) ||
      foreign.has(x._id) ||
      fixtures.integrations.some((f) => f._id === x._id)
    )
      continue;
    out.findings.push({
      kind: "undeclared-integration",
      detail: `${x.identifier} (${x._id}, ${x.providerId}) is live but declared by no stack`,
    });
  }
}

/** Compares the declared entries, and every other entry, with the subscribers' entries. */
function checkEntries(
  views: readonly StackView[],
  snap: ServiceSnapshot,
  fixtures: ServiceSnapshot,
  live: ReadonlyMap<string, LiveIntegration>,
  out: OracleResult,
): void {
  const matched = new Set<LiveEntry>();
  for (const e of expectedEntries(views)) {
    out.objectsChecked++;
    const integration = live.get(e.identifier);
    if (!integration) continue; // reported with the integration
    const all = snap.entries.get(e.subscriberId) ?? [];
    const bound = all.filter((x) => x.providerId === e.providerId && x._integrationId === integration._id);
    for (const b of bound) matched.add(b);
    const where = `${e.owner}: ${e.subscriberId}/${e.providerId}/${e.identifier}`;
    if (bound.length !== 1) {
      const elsewhere = all.filter((x) => x.integrationIdentifier === e.identifier && !bound.includes(x));
      const note = elsewhere
        .map((x) => `${describeValue(x.credentials)} bound to ${x._integrationId}`)
        .join("; ");
      out.findings.push({
        kind: "entry-not-bound",
        detail: `${where}: ${bound.length} entries bound to live _id ${integration._id}${note ? ` (${note})` : ""}`,
      });
    } else if (!sameValue(bound[0]!.credentials, e.value)) {
      out.findings.push({
        kind: "entry-value",
        detail: `${where}: holds ${describeValue(bound[0]!.credentials)}, declared ${describeValue(e.value)}`,
      });
    } else if (bound[0]!.integrationIdentifier !== e.identifier) {
      out.findings.push({
        kind: "entry-identifier",
        detail: `${where}: entry names identifier ${bound[0]!.integrationIdentifier}`,
      });
    }
  }
  checkOtherEntries(snap, fixtures, matched, out);
}

function checkOtherEntries(
  snap: ServiceSnapshot,
  fixtures: ServiceSnapshot,
  matched: ReadonlySet<LiveEntry>,
  out: OracleResult,
): void {
  const liveIds = new Map(snap.integrations.map((i) => [i._id, i.identifier]));
  for (const [sub, entries] of snap.entries) {
    const fixtureKeys = (fixtures.entries.get(sub) ?? []).map(entryKey);
    for (const e of entries) {
      if (matched.has(e)) continue;
      const at = fixtureKeys.indexOf(entryKey(e));
      if (at >= 0) {
        fixtureKeys.splice(at, 1);
        continue;
      }
      const bound =
        e._integrationId && liveIds.has(e._integrationId)
          ? `live ${liveIds.get(e._integrationId)}`
          : "a deleted integration";
      out.findings.push({
        kind: isEmptied(e) ? "emptied-entry" : "stale-entry",
        detail: `${sub}/${e.providerId}/${e.integrationIdentifier}: ${describeValue(e.credentials)} on an entry bound to ${bound} (${e._integrationId}), declared by no stack`,
      });
    }
    for (const lost of fixtureKeys)
      out.findings.push({
        kind: "fixture-entry-changed",
        detail: `${sub}: fixture entry ${(JSON.parse(lost) as string[]).slice(0, 2).join("/")} changed or gone`,
      });
  }
}

/**
 * The oracle: compares `snap` with what `views` declare on top of `fixtures`. `foreign` holds the `_id`s
 * of integrations made out of band that no stack has taken over (excused when no stack declares them; the
 * caller drops an `_id` from it once a converged check found it declared, see `declaredIds`).
 */
export function checkService(
  views: readonly StackView[],
  snap: ServiceSnapshot,
  fixtures: ServiceSnapshot,
  foreign: ReadonlySet<string> = new Set(),
): OracleResult {
  const out: OracleResult = { findings: [], objectsChecked: 0, declaredIds: [] };
  const live = checkIntegrations(views, snap, fixtures, foreign, out);
  checkEntries(views, snap, fixtures, live, out);
  return out;
}
