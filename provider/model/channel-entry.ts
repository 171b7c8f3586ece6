/**
 * The channel-entry core, shared by SubscriberCredentials (one entry) and SubscriberCredentialsSet (many): a
 * subscriber's channel entry for one delivery provider, its ids, its credentials in normal and comparable
 * form, the token rules, which entries a resource owns and the requests that remove them. Pure; loaded by
 * the program (fingerprints) and by the host.
 */
import { z } from "zod";
import {
  type ChannelCredentials,
  type ChannelSettings,
  MAX_DEVICE_TOKENS,
  PUSH_PROVIDER_IDS,
  type Subscriber,
} from "../../sdk/schemas";
import type { CheckFailure } from "./pulumi-results";
import { canonical, isUnknown, stripNulls } from "./values";

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const BAD_ID = /[\u0000-\u001f\u007f]/;

/** An identifier sent in a path or body: non-empty, at most 255 characters, no control characters. */
export const idSchema = z
  .string()
  .min(1)
  .max(255)
  .refine(
    (s) => !BAD_ID.test(s) && s.trim() === s,
    "must not contain control characters or surrounding spaces",
  );

/** Longest accepted device token (FCM tokens are ~160 chars, APNs 64 hex; web-push subscriptions more). */
const MAX_DEVICE_TOKEN_LENGTH = 4096;

/** Push delivery providers (their credentials are device tokens); the other channel ones are chat. */
const PUSH_DELIVERY_PROVIDERS: readonly string[] = PUSH_PROVIDER_IDS;

/** The credential fields of a channel entry, in the spec's order. */
const CREDENTIAL_KEYS = [
  "webhookUrl",
  "channel",
  "deviceTokens",
  "alertUid",
  "title",
  "imageUrl",
  "state",
  "externalUrl",
] as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const BAD_TOKEN = /[\s\u0000-\u001f\u007f]/;

type Props = Record<string, unknown>;

/**
 * Problems of a device-token list that the schema cannot express; never echoes a token. `where` is the
 * list's path in the reasons (a set prefixes the subscriberId).
 */
export function tokenFailures(
  providerId: unknown,
  tokens: unknown,
  where = "credentials.deviceTokens",
): CheckFailure[] {
  if (!Array.isArray(tokens) || isUnknown(tokens)) return [];
  const out: CheckFailure[] = [];
  if (
    typeof providerId === "string" &&
    !isUnknown(providerId) &&
    !PUSH_DELIVERY_PROVIDERS.includes(providerId)
  ) {
    if (tokens.length > 0) {
      out.push({
        property: "credentials",
        reason: `${where}: provider "${providerId}" is a chat provider; device tokens belong to push providers (${PUSH_DELIVERY_PROVIDERS.join(", ")})`,
      });
    }
  }
  if (tokens.length > MAX_DEVICE_TOKENS) return out; // the schema reports the size
  const seen = new Map<string, number>();
  tokens.forEach((t, i) => {
    if (typeof t !== "string" || isUnknown(t) || t === "") return; // the schema reports types and empties
    if (t.length > MAX_DEVICE_TOKEN_LENGTH) {
      out.push({
        property: "credentials",
        reason: `${where}[${i}]: must have at most ${MAX_DEVICE_TOKEN_LENGTH} characters`,
      });
    } else if (BAD_TOKEN.test(t)) {
      out.push({
        property: "credentials",
        reason: `${where}[${i}]: must not contain spaces or control characters (a malformed token?)`,
      });
    }
    const prior = seen.get(t);
    if (prior !== undefined) {
      out.push({ property: "credentials", reason: `${where}[${i}]: duplicates deviceTokens[${prior}]` });
    } else seen.set(t, i);
  });
  return out;
}

/** Credentials without null members, keys sorted (unknowns kept as they are). */
export function normalizeCredentials(v: unknown): unknown {
  if (isUnknown(v) || v === null || typeof v !== "object" || Array.isArray(v)) return v;
  return canonical(stripNulls(v as Props));
}

/** Credentials in comparable form: tokens as a sorted set, an empty token list the same as none. */
export function comparableCredentials(v: unknown): string {
  const c = { ...((v ?? {}) as Props) };
  if (Array.isArray(c.deviceTokens)) {
    const tokens = [...new Set(c.deviceTokens as string[])].sort();
    if (tokens.length === 0) delete c.deviceTokens;
    else c.deviceTokens = tokens;
  }
  return JSON.stringify(canonical(c));
}

/** Only the spec's credential fields of a channel entry, keys sorted. */
export function pickCredentials(c: ChannelSettings["credentials"] | undefined): ChannelCredentials {
  const out: Props = {};
  for (const k of CREDENTIAL_KEYS) {
    const v = c?.[k];
    if (v !== undefined && v !== null) out[k] = v;
  }
  return canonical(out) as ChannelCredentials;
}

/**
 * The channel entry of `subscriber` this resource manages: same providerId and, when known, the same
 * integration identifier (or `_integrationId`). Undefined when there is none.
 */
export function findEntry(subscriber: Subscriber, target: EntryTarget): ChannelSettings | undefined {
  const entries = (subscriber.channels ?? []).filter((c) => c.providerId === target.providerId);
  if (target.integrationIdentifier !== undefined) {
    return entries.find((c) => c.integrationIdentifier === target.integrationIdentifier);
  }
  if (target.integrationId !== undefined)
    return entries.find((c) => c._integrationId === target.integrationId);
  return entries[0];
}

/** Which channel entries a resource manages: its provider, its identifier and the integration it last wrote to. */
export interface EntryTarget {
  providerId: string;
  integrationIdentifier?: string | undefined;
  /** The `_integrationId` the resource's entry was bound to when it last wrote or read it. */
  integrationId?: string | undefined;
}

/** A subscriber's entries that belong to a resource, split by the integration they are bound to. */
export interface OwnEntries {
  /** The entry bound to the integration the identifier names now (undefined: there is none). */
  current: ChannelSettings | undefined;
  /**
   * Entries of the resource bound to another integration: one that was deleted, or replaced under the same
   * identifier (a new `_id`). Their credentials reach no integration; they are drift to remove.
   */
  stale: ChannelSettings[];
}

/**
 * The entries of `subscriber` that belong to `target`: same provider, and written for its identifier or
 * bound to its last integration. `currentId` is the `_id` the identifier names now: null when it names
 * none (every entry is stale), undefined when no binding can be checked (no identifier: the entry the
 * service would pick is the current one).
 */
export function ownEntries(
  subscriber: Subscriber,
  target: EntryTarget,
  currentId: string | null | undefined,
): OwnEntries {
  if (currentId === undefined) return { current: findEntry(subscriber, target), stale: [] };
  const ours = entriesOf(subscriber, target);
  return {
    current: ours.find((c) => c._integrationId === currentId),
    stale: ours.filter((c) => c._integrationId !== currentId),
  };
}

/**
 * Every entry of `subscriber` that belongs to `target`, whatever integration it is bound to: same provider,
 * and written for the target's identifier or bound to its last integration. Without either, the one entry
 * the service would pick.
 */
export function entriesOf(subscriber: Subscriber, target: EntryTarget): ChannelSettings[] {
  const { providerId, integrationIdentifier, integrationId } = target;
  const sameProvider = (subscriber.channels ?? []).filter((c) => c.providerId === providerId);
  if (integrationIdentifier === undefined && integrationId === undefined) return sameProvider.slice(0, 1);
  return sameProvider.filter(
    (c) =>
      (integrationIdentifier !== undefined && c.integrationIdentifier === integrationIdentifier) ||
      (integrationId !== undefined && c._integrationId === integrationId),
  );
}

/**
 * The DELETE requests that remove `ours` and leave the subscriber's other entries of the provider alone:
 * one unscoped request when every entry of the provider is ours, otherwise one per identifier of ours
 * (`?integrationIdentifier=`, which reaches entries whose integration is gone or renamed). An entry of ours
 * without identifier, beside entries that are not ours, cannot be addressed alone and is left.
 */
export function removalsOf(
  subscriber: Subscriber,
  providerId: string,
  ours: readonly ChannelSettings[],
): { integrationIdentifier?: string }[] {
  if (ours.length === 0) return [];
  const others = (subscriber.channels ?? []).filter((c) => c.providerId === providerId && !ours.includes(c));
  if (others.length === 0) return [{}];
  const identifiers = new Set<string>();
  for (const c of ours) if (c.integrationIdentifier) identifiers.add(c.integrationIdentifier);
  return [...identifiers].map((integrationIdentifier) => ({ integrationIdentifier }));
}
