/**
 * The service's rules for subscribers' channel entries, written once, and what a resource plans from them.
 * Pure: the providers read (a subscriber, the integration index), plan here, and apply the plan.
 *
 * What the real service does (Novu; `ag/` = libs/application-generic/src/usecases/, `api/` =
 * apps/api/src/app/):
 * - An entry is `{ _integrationId, providerId, credentials }`, nothing else: it is identified by its
 *   `_integrationId`, never by an integration identifier (ag/subscribers/update-subscriber-channel/).
 * - A PUT targets the NEWEST active integration of the providerId in the key's environment, narrowed by
 *   `integrationIdentifier` when given ({@link writeTarget}). It writes the entry bound to that integration,
 *   or pushes a new one. It MERGES the other keys (`{ ...old, ...new, deviceTokens }`), replaces the tokens,
 *   and stores only `webhookUrl`, `channel` and `deviceTokens` ({@link STORED_CREDENTIAL_KEYS}).
 * - The only DELETE (`/credentials/{providerId}`) removes EVERY entry of the providerId on the subscriber
 *   (api/subscribers/usecases/delete-subscriber-credentials/); no request removes one entry alone.
 * - A deleted integration leaves its entries bound to a dead `_id`; no PUT can address them again.
 *
 * What the provider does on those rules (README, "Known limits"):
 * - A resource owns the entries bound to the integrations it wrote to (its state's `integrationId`, and the
 *   target it writes now). It never changes or removes an entry with credentials that it does not own.
 * - Removing its entry: when every other entry of the providerId on the subscriber is inert
 *   ({@link isInert}: holds nothing, or is bound to a deleted integration), one DELETE removes them all;
 *   otherwise the entry is cleared in place (a PUT of empty credentials: it stays, inert), and an entry whose
 *   integration is deleted or inactive is left as it is (no request can reach it without deleting others).
 */
import type {
  ChannelCredentials,
  ChannelSettings,
  Integration,
  Subscriber,
  UpsertCredentialsBody,
} from "../../../sdk/schemas";
import { comparableCredentials } from "../../model/channel-entry";

/** The credential keys the service stores on an entry (it drops every other key on write). */
const STORED_CREDENTIAL_KEYS = ["webhookUrl", "channel", "deviceTokens"] as const;

/** Which integrations a resource's entries are written to. */
export interface EntryTarget {
  providerId: string;
  /** The identifier the program declared; undefined: the newest active integration of the provider. */
  integrationIdentifier?: string | undefined;
}

/** The integrations of the API key's organization, as one read of the service saw them. */
export class IntegrationIndex {
  private readonly byId = new Map<string, Integration>();

  constructor(readonly list: readonly Integration[]) {
    for (const i of list) if (i._id !== undefined && i.deleted !== true) this.byId.set(i._id, i);
  }

  /** The live (not deleted) integration with this `_id`, or undefined (deleted, or of another organization). */
  live(id: string | undefined): Integration | undefined {
    return id === undefined ? undefined : this.byId.get(id);
  }
}

/** Creation order of an integration (the list's order where the answer has no `createdAt`). */
function createdAtOf(i: Integration, index: number): string {
  const at = (i as { createdAt?: unknown }).createdAt;
  return typeof at === "string" ? at : String(index).padStart(12, "0");
}

/**
 * The integration a write to `target` lands on in `environmentId`: the newest active, live integration of
 * the providerId (narrowed by the identifier). Undefined when there is none (the service answers 400).
 */
export function writeTarget(
  index: IntegrationIndex,
  environmentId: string | undefined,
  target: EntryTarget,
): Integration | undefined {
  let best: { i: Integration; at: string } | undefined;
  index.list.forEach((i, n) => {
    if (i.deleted === true || !i.active || i.providerId !== target.providerId) return;
    if (environmentId !== undefined && i._environmentId !== environmentId) return;
    if (target.integrationIdentifier !== undefined && i.identifier !== target.integrationIdentifier) return;
    const at = createdAtOf(i, n);
    if (!best || at >= best.at) best = { i, at };
  });
  return best?.i;
}

/** The subscriber's entry of the providerId bound to the integration `integrationId`. */
export function entryOn(
  subscriber: Subscriber | undefined,
  providerId: string,
  integrationId: string | undefined,
): ChannelSettings | undefined {
  if (!subscriber || integrationId === undefined) return undefined;
  return (subscriber.channels ?? []).find(
    (c) => c.providerId === providerId && c._integrationId === integrationId,
  );
}

/** The stored credentials of an entry, only the keys the service keeps, empty values left out. */
export function heldCredentials(entry: ChannelSettings | undefined): ChannelCredentials {
  const out: Record<string, unknown> = {};
  const c = entry?.credentials;
  if (typeof c?.webhookUrl === "string" && c.webhookUrl !== "") out.webhookUrl = c.webhookUrl;
  if (typeof c?.channel === "string" && c.channel !== "") out.channel = c.channel;
  if (Array.isArray(c?.deviceTokens) && c.deviceTokens.length > 0) out.deviceTokens = [...c.deviceTokens];
  return out as ChannelCredentials;
}

/** True when an entry holds no credentials at all (no tokens, no webhook URL, no channel). */
function holdsNothing(entry: ChannelSettings): boolean {
  return Object.keys(heldCredentials(entry)).length === 0;
}

/**
 * An entry that delivers nothing and that no one can write again: it holds nothing, or its integration is
 * deleted. Removing it loses nothing.
 */
export function isInert(entry: ChannelSettings, index: IntegrationIndex): boolean {
  return holdsNothing(entry) || index.live(entry._integrationId) === undefined;
}

/** Same credentials as the service holds them (token order, empty values and dropped keys do not matter). */
export function sameCredentials(entry: ChannelSettings | undefined, declared: ChannelCredentials): boolean {
  return comparableCredentials(heldCredentials(entry)) === comparableCredentials(storedForm(declared));
}

/** The declared credentials as the service would store them (only the kept keys). */
function storedForm(declared: ChannelCredentials): ChannelCredentials {
  const out: Record<string, unknown> = {};
  for (const k of STORED_CREDENTIAL_KEYS) if (declared[k] !== undefined) out[k] = declared[k];
  return out as ChannelCredentials;
}

/** Credentials as a PUT body carries them: a cleared key is sent as `""`, which the check never accepts. */
export type WrittenCredentials = UpsertCredentialsBody["credentials"];

/**
 * The credentials to PUT so that the entry ends up holding exactly `declared`: the service merges the
 * other keys, so a key the entry holds and the program left out is sent as `""` (cleared), and the token
 * list is always sent (replaced; `[]` clears it).
 */
export function writeBodyCredentials(
  declared: ChannelCredentials,
  entry: ChannelSettings | undefined,
): WrittenCredentials {
  const held = heldCredentials(entry);
  const out: WrittenCredentials = { ...storedForm(declared), deviceTokens: declared.deviceTokens ?? [] };
  if (held.webhookUrl !== undefined && declared.webhookUrl === undefined) out.webhookUrl = "";
  if (held.channel !== undefined && declared.channel === undefined) out.channel = "";
  return out;
}

/** One request of a plan for one subscriber. */
export type EntryStep =
  /** PUT these credentials onto the integration with this identifier (the one planned for, pinned). */
  | { kind: "put"; integrationIdentifier: string; credentials: WrittenCredentials }
  /** DELETE every entry of the providerId (only planned when all the others are inert). */
  | { kind: "delete-all" };

/** What a resource does to one subscriber, and what it leaves. */
export interface EntryPlan {
  steps: EntryStep[];
  /**
   * Entries holding the resource's credentials that no request can reach without touching others' (left as
   * they are; the providers warn about them: ./stranded-entries.ts).
   */
  left: ChannelSettings[];
}

/** What the resource owns on one subscriber, and the index to judge the others with. */
export interface Ownership {
  providerId: string;
  /** `_integrationId`s of the integrations the resource has written to (state, and the target now). */
  owned: ReadonlySet<string>;
  index: IntegrationIndex;
  /**
   * The credential values (device tokens, webhook URLs) the resource wrote or declares: an entry out of reach
   * that holds one of them holds the stack's credentials, even when the resource no longer owns it (its
   * integration was deleted and the credentials moved on).
   */
  values?: ReadonlySet<string>;
}

/** The device tokens and webhook URLs of credential maps, for {@link Ownership.values}. */
export function credentialValues(...all: readonly (ChannelCredentials | undefined)[]): Set<string> {
  const out = new Set<string>();
  for (const c of all) {
    for (const token of c?.deviceTokens ?? []) out.add(token);
    if (typeof c?.webhookUrl === "string" && c.webhookUrl !== "") out.add(c.webhookUrl);
  }
  return out;
}

/** True when no write can reach the entry's integration (deleted, or inactive). */
function unwritable(entry: ChannelSettings, index: IntegrationIndex): boolean {
  return index.live(entry._integrationId)?.active !== true;
}

/** True when the entry holds one of the resource's credential values. */
function holdsValueOf(entry: ChannelSettings, values: ReadonlySet<string> | undefined): boolean {
  if (values === undefined || values.size === 0) return false;
  const held = heldCredentials(entry);
  return (
    (held.deviceTokens ?? []).some((t) => values.has(t)) ||
    (held.webhookUrl !== undefined && values.has(held.webhookUrl))
  );
}

/**
 * `plan` with what it leaves: the entries of the provider that hold the resource's credentials (owned, or
 * holding one of its values) and that no request of the plan reaches: their integration is deleted or
 * inactive and the plan sends no DELETE (the only request that removes them also removes others' entries).
 */
function withLeft(subscriber: Subscriber, own: Ownership, plan: EntryPlan): EntryPlan {
  if (plan.steps.some((s) => s.kind === "delete-all")) return { ...plan, left: [] };
  const left = entriesOfProvider(subscriber, own.providerId).filter(
    (c) =>
      !holdsNothing(c) &&
      unwritable(c, own.index) &&
      (own.owned.has(c._integrationId) || holdsValueOf(c, own.values)),
  );
  return { ...plan, left };
}

function entriesOfProvider(subscriber: Subscriber, providerId: string): ChannelSettings[] {
  return (subscriber.channels ?? []).filter((c) => c.providerId === providerId);
}

/** True when every entry of the provider that the resource does not own (other than `keep`) is inert. */
function othersInert(subscriber: Subscriber, own: Ownership): boolean {
  return entriesOfProvider(subscriber, own.providerId).every(
    (c) => own.owned.has(c._integrationId) || isInert(c, own.index),
  );
}

/** Clears one owned entry in place when its integration can be written, else leaves it. */
function clearInPlace(entry: ChannelSettings, own: Ownership, plan: EntryPlan): void {
  if (holdsNothing(entry)) return;
  const integration = own.index.live(entry._integrationId);
  if (!integration?.active) return; // out of reach: reported in the plan's `left`
  const credentials = writeBodyCredentials({}, entry);
  plan.steps.push({ kind: "put", integrationIdentifier: integration.identifier, credentials });
}

/**
 * Removing every entry the resource owns on `subscriber`: one DELETE when all the others are inert, else
 * each owned entry cleared in place (or left, when its integration is gone or inactive).
 */
export function planRemoval(subscriber: Subscriber, own: Ownership): EntryPlan {
  const plan: EntryPlan = { steps: [], left: [] };
  const owned = entriesOfProvider(subscriber, own.providerId).filter((c) => own.owned.has(c._integrationId));
  if (owned.length === 0 || owned.every(holdsNothing)) return withLeft(subscriber, own, plan);
  if (othersInert(subscriber, own)) return { steps: [{ kind: "delete-all" }], left: [] };
  for (const entry of owned) clearInPlace(entry, own, plan);
  return withLeft(subscriber, own, plan);
}

/** The plan of one PUT of `declared` onto the integration `integrationIdentifier` (a first write, unread). */
export function planPut(integrationIdentifier: string, declared: ChannelCredentials): EntryPlan {
  const credentials = writeBodyCredentials(declared, undefined);
  return { steps: [{ kind: "put", integrationIdentifier, credentials }], left: [] };
}

/**
 * Writing `declared` onto `target` (an integration of the provider) for one subscriber, and removing the
 * resource's entries on other integrations (a binding that moved: the identifier's integration recreated, a
 * newer integration without identifier). Nothing when the target's entry already holds `declared` and no
 * other entry of the resource holds anything.
 */
export function planWrite(
  subscriber: Subscriber,
  own: Ownership,
  target: Integration,
  declared: ChannelCredentials,
): EntryPlan {
  const current = entryOn(subscriber, own.providerId, target._id);
  const moved = entriesOfProvider(subscriber, own.providerId).filter(
    (c) => own.owned.has(c._integrationId) && c._integrationId !== target._id && !holdsNothing(c),
  );
  const put = (entry: ChannelSettings | undefined): EntryStep => ({
    kind: "put",
    integrationIdentifier: target.identifier,
    credentials: writeBodyCredentials(declared, entry),
  });
  if (moved.length === 0) {
    const steps = current && sameCredentials(current, declared) ? [] : [put(current)];
    return withLeft(subscriber, own, { steps, left: [] });
  }
  if (othersInert(subscriber, own)) return { steps: [{ kind: "delete-all" }, put(undefined)], left: [] };
  const plan: EntryPlan = {
    steps: current && sameCredentials(current, declared) ? [] : [put(current)],
    left: [],
  };
  for (const entry of moved) clearInPlace(entry, own, plan);
  return withLeft(subscriber, own, plan);
}
