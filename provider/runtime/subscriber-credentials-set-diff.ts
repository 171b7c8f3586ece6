/**
 * The per-entry rules of the SubscriberCredentialsSet provider, all pure: what the engine is told (diff),
 * which subscribers an update touches (entry changes), and what actually needs a request once the stored
 * credentials are known (the sync plan).
 */
import type { ChannelCredentials, Subscriber } from "../../sdk/schemas";
import { comparableCredentials, findEntry, pickCredentials } from "./subscriber-credentials-model";
import { containsUnknown, isUnknown } from "./values";

type Props = Record<string, unknown>;

/** The subscribers whose entry differs between two credential maps. */
export interface EntryChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

/** Per entry: added, changed (token order does not matter; an unknown entry counts as changed), removed. */
export function entryChanges(olds: unknown, news: unknown): EntryChanges {
  const before = (olds ?? {}) as Props;
  const after = (news ?? {}) as Props;
  const out: EntryChanges = { added: [], changed: [], removed: [] };
  for (const [id, creds] of Object.entries(after)) {
    if (!(id in before)) out.added.push(id);
    else if (containsUnknown(creds) || comparableCredentials(creds) !== comparableCredentials(before[id]))
      out.changed.push(id);
  }
  for (const id of Object.keys(before)) if (!(id in after)) out.removed.push(id);
  return out;
}

/** The result of diff, as `pulumi.dynamic.DiffResult`. */
export interface SubscriberCredentialsSetDiff {
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: boolean;
}

function sameMap(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
}

/**
 * Diff of checked new inputs against old outputs. providerId and integrationIdentifier replace the set;
 * credentials and fingerprints update in place, entry by entry. A replacement that keeps the provider may
 * address the same channel entries, so the old set is cleared first (its delete must not clear the new one).
 */
export function diffSubscriberCredentialsSet(olds: Props, news: Props): SubscriberCredentialsSetDiff {
  const replaces: string[] = [];
  for (const key of ["providerId", "integrationIdentifier"] as const) {
    if (isUnknown(news[key]) || news[key] !== olds[key]) replaces.push(key);
  }
  const c = isUnknown(news.credentials) ? undefined : entryChanges(olds.credentials, news.credentials);
  const credsChanged = !c || c.added.length + c.changed.length + c.removed.length > 0;
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

/** How a removed entry is cleared: removed (the subscriber's only entry for the provider) or emptied. */
export interface ClearStep {
  subscriberId: string;
  how: "delete" | "empty";
  /** The entry's identifier (emptying must address that entry). */
  integrationIdentifier?: string;
}

/** The requests a sync needs once the stored credentials are known. */
export interface SyncPlan {
  /** Subscribers to write (PUT). */
  write: string[];
  /** Entries to clear. */
  clear: ClearStep[];
  /** Subscribers that do not exist (no request is sent for them; they fail the operation). */
  missing: string[];
  /** Entries already as desired (written by an earlier, failed attempt, or by someone else). */
  upToDate: number;
}

/** The stored credentials of the managed entry, or undefined when there is none (an emptied entry counts as none). */
export function storedCredentials(
  subscriber: Subscriber | undefined,
  target: SetTarget,
): ChannelCredentials | undefined {
  const entry = subscriber ? findEntry(subscriber, target) : undefined;
  if (!entry) return undefined;
  const creds = pickCredentials(entry.credentials);
  return comparableCredentials(creds) === comparableCredentials({}) ? undefined : creds;
}

/**
 * Read-before-write: of the subscribers to write, only those whose stored credentials differ from the
 * desired ones are written; of those to clear, only entries that still hold something are cleared. This is
 * what makes a retried create or update (after a partial failure) converge without duplicate requests.
 */
export function planSync(
  target: SetTarget,
  desired: Readonly<Record<string, ChannelCredentials>>,
  toWrite: readonly string[],
  toClear: readonly string[],
  stored: ReadonlyMap<string, Subscriber>,
): SyncPlan {
  const plan: SyncPlan = { write: [], clear: [], missing: [], upToDate: 0 };
  for (const id of toWrite) {
    const subscriber = stored.get(id);
    if (!subscriber) plan.missing.push(id);
    else if (
      comparableCredentials(storedCredentials(subscriber, target)) === comparableCredentials(desired[id])
    )
      plan.upToDate++;
    else plan.write.push(id);
  }
  for (const id of toClear) {
    const subscriber = stored.get(id);
    const entry = subscriber ? findEntry(subscriber, target) : undefined;
    if (!subscriber || !entry || storedCredentials(subscriber, target) === undefined) {
      plan.upToDate++;
      continue;
    }
    const sameProvider = (subscriber.channels ?? []).filter((ch) => ch.providerId === target.providerId);
    const step: ClearStep = { subscriberId: id, how: sameProvider.length === 1 ? "delete" : "empty" };
    if (entry.integrationIdentifier) step.integrationIdentifier = entry.integrationIdentifier;
    plan.clear.push(step);
  }
  return plan;
}
