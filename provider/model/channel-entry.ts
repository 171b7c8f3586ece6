/**
 * The channel-entry core, shared by SubscriberCredentials (one entry) and SubscriberCredentialsSet (many): a
 * subscriber's channel entry for one delivery provider, its ids, its credentials in normal and comparable
 * form, and the rules check applies to them. Pure; loaded by the program (fingerprints) and by the host. What
 * the service does with entries (targets, merges, deletes) is provider/runtime/channel-entries/channel-entry-rules.ts.
 */
import { z } from "zod";
import { MAX_DEVICE_TOKENS, PUSH_PROVIDER_IDS } from "../../sdk/schemas";
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

/** Fields of the spec's channel credentials that the service drops on write (Grafana on-call's). */
const UNSTORED_KEYS = ["alertUid", "title", "imageUrl", "state", "externalUrl"] as const;

/**
 * Fields the service would drop on write: refused by check, since they could never be read back (every
 * refresh would report them gone, every `up` would send them again). `where` prefixes the field path.
 */
export function unstoredFieldFailures(credentials: unknown, where = "credentials"): CheckFailure[] {
  if (credentials === null || typeof credentials !== "object" || isUnknown(credentials)) return [];
  return UNSTORED_KEYS.filter((k) => (credentials as Props)[k] !== undefined).map((k) => ({
    property: "credentials",
    reason: `${where}.${k}: the service does not store this field (a channel entry keeps only webhookUrl, channel and deviceTokens); remove it`,
  }));
}

/** Credentials without null members, keys sorted (unknowns kept as they are). */
export function normalizeCredentials(v: unknown): unknown {
  if (isUnknown(v) || v === null || typeof v !== "object" || Array.isArray(v)) return v;
  return canonical(stripNulls(v as Props));
}

/**
 * Credentials in comparable form: tokens as a sorted set, an empty token list the same as none, an empty
 * webhook URL or channel the same as none (the service keeps `""` where a write cleared one).
 */
export function comparableCredentials(v: unknown): string {
  const c = { ...((v ?? {}) as Props) };
  for (const k of ["webhookUrl", "channel"]) if (c[k] === "") delete c[k];
  if (Array.isArray(c.deviceTokens)) {
    const tokens = [...new Set(c.deviceTokens as string[])].sort();
    if (tokens.length === 0) delete c.deviceTokens;
    else c.deviceTokens = tokens;
  }
  return JSON.stringify(canonical(c));
}
