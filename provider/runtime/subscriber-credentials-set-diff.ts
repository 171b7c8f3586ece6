/**
 * The per-entry rules of the SubscriberCredentialsSet provider, all pure: what the engine is told (diff),
 * which subscribers an update touches (entry changes), and what actually needs a request once the stored
 * credentials are known (the sync plan).
 */
import type { ChannelCredentials, ChannelSettings, Subscriber } from "../../sdk/schemas";
import { comparableCredentials, ownEntries, pickCredentials, removalsOf } from "../model/channel-entry";
import type { DiffOutcome } from "../model/pulumi-results";
import { decodeCredentials, isEncodedCredentials } from "../model/subscriber-credentials-set-schema";
import { containsUnknown, isUnknown } from "../model/values";

type Props = Record<string, unknown>;

/** The subscribers whose entry differs between two credential maps. */
export interface EntryChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

/** True when every field of two entries is the same value, token lists in the same order (no allocation). */
function identicalEntries(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  const x = a as Props;
  const y = b as Props;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys) {
    const u = x[k];
    const v = y[k];
    if (u === v) continue;
    if (!Array.isArray(u) || !Array.isArray(v) || u.length !== v.length) return false;
    for (let i = 0; i < u.length; i++) if (u[i] !== v[i]) return false;
  }
  return true;
}

/**
 * Same credentials (token order does not matter). Entries that check wrote are canonical, so most
 * unchanged ones are identical field by field, which spares the comparable form.
 */
function sameEntry(before: unknown, after: unknown): boolean {
  if (containsUnknown(after)) return false;
  return identicalEntries(before, after) || comparableCredentials(after) === comparableCredentials(before);
}

/** Per entry: added, changed (token order does not matter; an unknown entry counts as changed), removed. */
export function entryChanges(olds: unknown, news: unknown): EntryChanges {
  const before = (olds ?? {}) as Props;
  const after = (news ?? {}) as Props;
  const out: EntryChanges = { added: [], changed: [], removed: [] };
  for (const [id, creds] of Object.entries(after)) {
    if (!(id in before)) out.added.push(id);
    else if (!sameEntry(before[id], creds)) out.changed.push(id);
  }
  for (const id of Object.keys(before)) if (!(id in after)) out.removed.push(id);
  return out;
}

function sameMap(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
}

/**
 * Whether any entry differs, credentials in either form. Two texts that are equal are the same map (check
 * writes the text in canonical form), which spares the walk over the entries.
 */
function credentialsChanged(olds: unknown, news: unknown): boolean {
  if (isUnknown(news)) return true;
  if (isEncodedCredentials(olds) && isEncodedCredentials(news) && olds === news) return false;
  const c = entryChanges(decodeCredentials(olds), decodeCredentials(news));
  return c.added.length + c.changed.length + c.removed.length > 0;
}

/**
 * Diff of checked new inputs against old outputs. providerId and integrationIdentifier replace the set;
 * credentials and fingerprints update in place, entry by entry. A replacement that keeps the provider may
 * address the same channel entries, so the old set is cleared first (its delete must not clear the new one).
 */
export function diffSubscriberCredentialsSet(olds: Props, news: Props): DiffOutcome {
  const replaces: string[] = [];
  for (const key of ["providerId", "integrationIdentifier"] as const) {
    if (isUnknown(news[key]) || news[key] !== olds[key]) replaces.push(key);
  }
  const credsChanged = credentialsChanged(olds.credentials, news.credentials);
  const fingerprintsChanged =
    containsUnknown(news.fingerprints) || !sameMap(olds.fingerprints, news.fingerprints);
  return {
    changes: replaces.length > 0 || credsChanged || fingerprintsChanged,
    replaces,
    deleteBeforeReplace: replaces.length > 0 && !replaces.includes("providerId"),
  };
}

/** Which channel entry of each subscriber the set manages. */
export interface SetTarget {
  providerId: string;
  integrationIdentifier?: string | undefined;
}

/** One DELETE of a subscriber's entries: all of the provider's, or only those of an identifier. */
export interface ClearStep {
  subscriberId: string;
  /** Scope of the DELETE (`?integrationIdentifier=`): set when the subscriber has other entries of the provider. */
  integrationIdentifier?: string;
}

/** The requests a sync needs once the stored credentials are known. */
export interface SyncPlan {
  /**
   * Entries of the set bound to another integration than the current one (drift), removed before the
   * subscriber's entry is written again.
   */
  purge: ClearStep[];
  /** Subscribers to write (PUT). */
  write: string[];
  /** Entries to clear. */
  clear: ClearStep[];
  /** Subscribers that do not exist (no request is sent for them; they fail the operation). */
  missing: string[];
  /** Entries already as desired (written by an earlier, failed attempt, or by someone else). */
  upToDate: number;
}

/**
 * The `_id` of the integration the set's entries must be bound to: null when its identifier names none,
 * undefined when the set has no identifier (no binding is checked). See ./integration-directory.ts.
 */
export type CurrentIntegration = string | null | undefined;

/**
 * The stored credentials of the managed entry on the current integration, or undefined when there is none
 * (an emptied entry counts as none).
 */
export function storedCredentials(
  subscriber: Subscriber | undefined,
  target: SetTarget,
  currentId: CurrentIntegration = undefined,
): ChannelCredentials | undefined {
  return credentialsOf(subscriber ? ownEntries(subscriber, target, currentId).current : undefined);
}

/** The credentials an entry holds, or undefined when there is no entry or it is emptied. */
export function credentialsOf(entry: ChannelSettings | undefined): ChannelCredentials | undefined {
  if (!entry) return undefined;
  const creds = pickCredentials(entry.credentials);
  return comparableCredentials(creds) === comparableCredentials({}) ? undefined : creds;
}

/** The DELETE requests that remove the given entries of one subscriber. */
function clearSteps(
  subscriber: Subscriber,
  target: SetTarget,
  ours: readonly ChannelSettings[],
): ClearStep[] {
  return removalsOf(subscriber, target.providerId, ours).map((r) =>
    r.integrationIdentifier === undefined
      ? { subscriberId: subscriber.subscriberId }
      : { subscriberId: subscriber.subscriberId, integrationIdentifier: r.integrationIdentifier },
  );
}

/** Adds to `plan` what writing one subscriber takes: a purge of stale entries first, or nothing when up to date. */
function planWrite(
  plan: SyncPlan,
  subscriber: Subscriber,
  target: SetTarget,
  desired: ChannelCredentials | undefined,
  currentId: CurrentIntegration,
): void {
  const { current, stale } = ownEntries(subscriber, target, currentId);
  if (stale.length > 0) {
    plan.purge.push(...clearSteps(subscriber, target, current ? [current, ...stale] : stale));
    plan.write.push(subscriber.subscriberId);
  } else if (comparableCredentials(credentialsOf(current)) === comparableCredentials(desired)) {
    plan.upToDate++;
  } else plan.write.push(subscriber.subscriberId);
}

/** Adds to `plan` what clearing one subscriber takes: every entry of the set, stale ones included. */
function planClear(
  plan: SyncPlan,
  subscriber: Subscriber,
  target: SetTarget,
  currentId: CurrentIntegration,
): void {
  const { current, stale } = ownEntries(subscriber, target, currentId);
  const holds = credentialsOf(current) !== undefined;
  if (!holds && stale.length === 0) {
    plan.upToDate++;
    return;
  }
  plan.clear.push(...clearSteps(subscriber, target, current ? [current, ...stale] : stale));
}

/**
 * Read-before-write: of the subscribers to write, only those whose stored credentials differ from the
 * desired ones are written; of those to clear, only entries that still hold something are cleared. This is
 * what makes a retried create or update (after a partial failure) converge without duplicate requests.
 * Entries bound to another integration than `currentId` are drift: removed before the write, or cleared.
 */
export function planSync(
  target: SetTarget,
  desired: Readonly<Record<string, ChannelCredentials>>,
  toWrite: readonly string[],
  toClear: readonly string[],
  stored: ReadonlyMap<string, Subscriber>,
  currentId: CurrentIntegration = undefined,
): SyncPlan {
  const plan: SyncPlan = { purge: [], write: [], clear: [], missing: [], upToDate: 0 };
  for (const id of toWrite) {
    const subscriber = stored.get(id);
    if (!subscriber) plan.missing.push(id);
    else planWrite(plan, subscriber, target, desired[id], currentId);
  }
  for (const id of toClear) {
    const subscriber = stored.get(id);
    if (!subscriber) plan.upToDate++;
    else planClear(plan, subscriber, target, currentId);
  }
  return plan;
}
