/**
 * The per-entry rules of the SubscriberCredentialsSet provider, all pure: what the engine is told (diff),
 * which subscribers an update touches (entry changes), and what actually needs a request once the stored
 * credentials are known (the sync plan).
 */
import {
  type ChannelCredentials,
  type ChannelSettings,
  type Integration,
  type Subscriber,
  sameServiceName,
} from "../../../sdk/schemas";
import { comparableCredentials } from "../../model/channel-entry";
import type { DiffOutcome } from "../../model/pulumi-results";
import { decodeCredentials, isEncodedCredentials } from "../../model/subscriber-credentials-set-schema";
import { canonical, containsUnknown, isUnknown } from "../../model/values";
import {
  type EntryPlan,
  heldCredentials,
  type Ownership,
  planRemoval,
  planWrite,
} from "../channel-entries/channel-entry-rules";

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
    if (isUnknown(news[key]) || !sameServiceName(news[key], olds[key])) replaces.push(key);
  }
  // Credentials left out are held by the service, not managed here: never a change (nor their fingerprints).
  // Declared on a set that did not manage them (an import), they take the entries over: always a change.
  const managed = news.credentials !== undefined;
  const takeOver = managed && olds.credentialsManaged === false;
  const credsChanged = managed && (takeOver || credentialsChanged(olds.credentials, news.credentials));
  const fingerprintsChanged =
    managed && (containsUnknown(news.fingerprints) || !sameMap(olds.fingerprints, news.fingerprints));
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

/** The requests for one subscriber (provider/runtime/channel-entries/channel-entry-rules.ts). */
export interface SubscriberStep {
  subscriberId: string;
  plan: EntryPlan;
  /** The credentials written (absent: the entry is removed), to plan again from a fresher read. */
  desired?: ChannelCredentials;
}

/** The requests a sync needs once the stored credentials are known. */
export interface SyncPlan {
  /** Subscribers whose entry is written (PUT; after a DELETE when their binding moved). */
  write: SubscriberStep[];
  /** Subscribers whose entry is removed (DELETE, or cleared in place beside others' entries). */
  clear: SubscriberStep[];
  /** Subscribers that do not exist (no request is sent for them; they fail the operation). */
  missing: string[];
  /** Entries already as desired (written by an earlier, failed attempt, or by someone else). */
  upToDate: number;
  /** Entries of the set that no request can remove without touching others' (integration gone or inactive). */
  left: number;
  /** Those entries, by subscriber (the provider warns about them). */
  stranded: { subscriberId: string; entries: ChannelSettings[] }[];
}

/** The credentials an entry holds, or undefined when there is no entry or it holds nothing. */
export function credentialsOf(entry: ChannelSettings | undefined): ChannelCredentials | undefined {
  if (!entry) return undefined;
  const creds = heldCredentials(entry);
  return Object.keys(creds).length === 0 ? undefined : (canonical(creds) as ChannelCredentials);
}

/**
 * Read-before-write: of the subscribers to write, only those whose entry on `integration` differs from the
 * desired credentials are written; of those to clear, only entries that still hold something are removed
 * (provider/runtime/channel-entries/channel-entry-rules.ts decides how). This is what makes a retried create or update (after a partial
 * failure) converge without duplicate requests. `integration` is undefined when no write can land (there is
 * no active integration); then nothing is to be written.
 */
export function planSync(
  own: Ownership,
  integration: Integration | undefined,
  desired: Readonly<Record<string, ChannelCredentials>>,
  toWrite: readonly string[],
  toClear: readonly string[],
  stored: ReadonlyMap<string, Subscriber>,
): SyncPlan {
  const plan: SyncPlan = { write: [], clear: [], missing: [], upToDate: 0, left: 0, stranded: [] };
  for (const subscriberId of toWrite) {
    const subscriber = stored.get(subscriberId);
    if (!subscriber || !integration) plan.missing.push(subscriberId);
    else {
      const wanted = desired[subscriberId] ?? {};
      const entryPlan = planWrite(subscriber, own, integration, wanted);
      add(plan.write, plan, { subscriberId, plan: entryPlan, desired: wanted });
    }
  }
  for (const subscriberId of toClear) {
    const subscriber = stored.get(subscriberId);
    if (!subscriber) plan.upToDate++;
    else add(plan.clear, plan, { subscriberId, plan: planRemoval(subscriber, own) });
  }
  return plan;
}

function add(into: SubscriberStep[], plan: SyncPlan, step: SubscriberStep): void {
  plan.left += step.plan.left.length;
  if (step.plan.left.length > 0)
    plan.stranded.push({ subscriberId: step.subscriberId, entries: step.plan.left });
  if (step.plan.steps.length === 0) plan.upToDate++;
  else into.push(step);
}

/** The step planned again from a fresher read of its subscriber (another write came in between). */
export function replanned(
  step: SubscriberStep,
  subscriber: Subscriber,
  own: Ownership,
  integration: Integration | undefined,
): SubscriberStep {
  if (step.desired === undefined) return { ...step, plan: planRemoval(subscriber, own) };
  if (!integration) return step;
  return { ...step, plan: planWrite(subscriber, own, integration, step.desired) };
}
