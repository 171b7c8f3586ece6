/**
 * The pure part of the SubscriberCredentialsSet provider: the input schema (the single source of check, of
 * the wire types and of the public Args type), check, and the set's id.
 */
import { z } from "zod";
import { channelCredentialsSchema, formatPath } from "../../sdk/schemas";
import { type CheckFailure, schemaFailures } from "./check-failures";
import { subscriberProviderIdSchema } from "./provider-id";
import { normalizeCredentials, tokenFailures } from "./subscriber-credentials-model";
import { idSchema } from "./subscriber-credentials-schema";
import { canonical, isUnknown, stripNulls } from "./values";

/** Most subscribers one set accepts (a bound against accidental huge inputs; split larger syncs). */
export const MAX_SET_ENTRIES = 100_000;

/** Most check failures listed one by one; the rest are counted in a last failure. */
export const MAX_LISTED_FAILURES = 100;

/**
 * What a fingerprint becomes after a refresh found the stored credentials changed outside Pulumi: the next
 * preview lists the subscriber as changed (back to the declared credentials).
 */
export const DRIFT_FINGERPRINT = "changed-outside-pulumi";

/** A fingerprint: 16 hex digits of a keyed HMAC (see ./subscriber-credentials-set-fingerprint.ts), or the drift marker. */
const fingerprintSchema = z
  .string()
  .regex(/^([0-9a-f]{16}|changed-outside-pulumi)$/, "must be 16 lower-case hex digits");

/** The inputs of the SubscriberCredentialsSet provider as validated by check (strict). */
export const subscriberCredentialsSetInputsSchema = z.strictObject({
  /**
   * One of the 20 chat and push provider ids (`fcm`, `apns`, `expo`, `slack`, ...); an Integration's
   * `providerId` fits as it is. Changing it replaces the set.
   */
  providerId: subscriberProviderIdSchema,
  /** The integration every entry belongs to (default: the provider's active one). Changing it replaces the set. */
  integrationIdentifier: idSchema.optional(),
  /** subscriberId -> that subscriber's credentials for the provider. Secret as a whole. */
  credentials: z
    .record(idSchema, channelCredentialsSchema)
    .refine(
      (r) => Object.keys(r).length <= MAX_SET_ENTRIES,
      `must have at most ${MAX_SET_ENTRIES} subscribers`,
    ),
  /** subscriberId -> keyed fingerprint of its credentials; not secret, so previews list changed subscribers. */
  fingerprints: z.record(idSchema, fingerprintSchema).optional(),
});

/** Inputs after check; also the outputs (the set's state is exactly what it declared and wrote). */
export type SubscriberCredentialsSetInputs = z.infer<typeof subscriberCredentialsSetInputsSchema>;
/** Outputs of the SubscriberCredentialsSet provider (the checked inputs; credentials secret). */
export type SubscriberCredentialsSetOutputs = SubscriberCredentialsSetInputs;

/**
 * Inputs or outputs as the engine carries them: `credentials` is the map, or (what the resource sends since
 * the map's size started to matter) the map as one JSON text, see {@link encodeCredentials}.
 */
export type SubscriberCredentialsSetWire = Omit<SubscriberCredentialsSetOutputs, "credentials"> & {
  credentials: SubscriberCredentialsSetOutputs["credentials"] | string;
};

type Props = Record<string, unknown>;

/**
 * The credentials map as one JSON text: what the resource sends and what the state keeps. The SDK, the
 * engine and the dynamic-provider host convert every value of a property one node at a time (a
 * `google.protobuf.Struct` per object); one string of 10,000 entries costs them almost nothing, the same map
 * as objects seconds per conversion, several conversions per operation. The provider answers in the form it
 * was asked in (maps stay maps: states written before, and direct callers).
 */
export function encodeCredentials(credentials: unknown): string {
  return JSON.stringify(credentials ?? {});
}

/** True for credentials in the text form of {@link encodeCredentials} (not the engine's unknown marker). */
export function isEncodedCredentials(v: unknown): v is string {
  return typeof v === "string" && !isUnknown(v);
}

/**
 * Credentials in either form as the map (an unknown, or a text that is not JSON, stays as it is: check
 * reports it).
 */
export function decodeCredentials(v: unknown): unknown {
  if (!isEncodedCredentials(v)) return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

/** Props with their credentials as the map, and whether they came as text (the form to answer in). */
export function decodeSet<T extends { credentials?: unknown }>(
  props: T,
): { props: T & { credentials: SubscriberCredentialsSetOutputs["credentials"] }; encoded: boolean } {
  type Decoded = SubscriberCredentialsSetOutputs["credentials"];
  const encoded = isEncodedCredentials(props.credentials);
  const credentials = (encoded ? decodeCredentials(props.credentials) : props.credentials) as Decoded;
  return { props: { ...props, credentials }, encoded };
}

/** Props with their credentials map as text when `encoded` (the form the caller used). */
export function encodeSet<T extends { credentials: unknown }>(
  props: T,
  encoded: boolean,
): Omit<T, "credentials"> & { credentials: T["credentials"] | string } {
  return encoded ? { ...props, credentials: encodeCredentials(props.credentials) } : props;
}

function isRecord(v: unknown): v is Props {
  return v !== null && typeof v === "object" && !Array.isArray(v) && !isUnknown(v);
}

/** The set's id: `providerId[/integrationIdentifier]`. */
export function credentialsSetId(inputs: {
  providerId: string;
  integrationIdentifier?: string | undefined;
}): string {
  return inputs.integrationIdentifier === undefined
    ? inputs.providerId
    : `${inputs.providerId}/${inputs.integrationIdentifier}`;
}

/** Token-list problems of every entry (duplicates, spaces, tokens on a chat provider), naming the subscriberId. */
function entryTokenFailures(providerId: unknown, credentials: Props): CheckFailure[] {
  const out: CheckFailure[] = [];
  for (const [subscriberId, creds] of Object.entries(credentials)) {
    if (!isRecord(creds)) continue;
    const where = formatPath(["credentials", subscriberId, "deviceTokens"]);
    out.push(...tokenFailures(providerId, creds.deviceTokens, where));
  }
  return out;
}

/** Fingerprints must cover exactly the declared subscribers (they are built from the same map). */
function fingerprintCoverage(credentials: unknown, fingerprints: unknown): CheckFailure[] {
  if (!isRecord(credentials) || !isRecord(fingerprints)) return [];
  const missing = Object.keys(credentials).filter((id) => !(id in fingerprints));
  const extra = Object.keys(fingerprints).filter((id) => !(id in credentials));
  const out: CheckFailure[] = [];
  if (missing.length > 0)
    out.push({ property: "fingerprints", reason: `fingerprints: no fingerprint for ${listIds(missing)}` });
  if (extra.length > 0)
    out.push({ property: "fingerprints", reason: `fingerprints: not in credentials: ${listIds(extra)}` });
  return out;
}

/** `"a", "b" and 3 more`: subscriber ids for a message, at most `max` of them by name. */
export function listIds(ids: readonly string[], max = 20): string {
  const named = ids.slice(0, max).map((id) => JSON.stringify(id));
  return ids.length > max ? `${named.join(", ")} and ${ids.length - max} more` : named.join(", ");
}

/** At most {@link MAX_LISTED_FAILURES} failures, then one that counts the rest. */
function capped(failures: CheckFailure[]): CheckFailure[] {
  if (failures.length <= MAX_LISTED_FAILURES) return failures;
  const rest = failures.length - MAX_LISTED_FAILURES;
  return [
    ...failures.slice(0, MAX_LISTED_FAILURES),
    { property: "credentials", reason: `... and ${rest} more problems` },
  ];
}

/**
 * Validates and normalizes new inputs before any request. Every entry is checked; each failure names the
 * subscriberId and the field (`credentials["user-1"].deviceTokens[2]: ...`) and never echoes a credential.
 * Unknown values (preview) are accepted, whole or per entry.
 */
export function checkSubscriberCredentialsSet(news: Props): { inputs: Props; failures: CheckFailure[] } {
  const { __provider: _p, ...rest } = news;
  const raw = stripNulls(rest);
  const encoded = isEncodedCredentials(raw.credentials);
  const credentials = decodeCredentials(raw.credentials);
  raw.credentials = credentials;
  if (isRecord(credentials)) {
    // Entries normalized (keys sorted, nulls dropped) in subscriberId order: the canonical form.
    const normalized: Props = {};
    for (const id of Object.keys(credentials).sort()) {
      const entry = normalizeCredentials(credentials[id]);
      normalized[id] = Array.isArray(entry) ? canonical(entry) : entry;
    }
    raw.credentials = normalized;
  }
  const failures = schemaFailures(subscriberCredentialsSetInputsSchema, raw);
  if (isRecord(raw.credentials)) failures.push(...entryTokenFailures(raw.providerId, raw.credentials));
  failures.push(...fingerprintCoverage(raw.credentials, raw.fingerprints));
  const inputs = canonicalSet(raw);
  if (encoded && isRecord(inputs.credentials)) inputs.credentials = encodeCredentials(inputs.credentials);
  return { inputs, failures: capped(failures) };
}

/**
 * `raw` in canonical form (keys sorted, undefined dropped) without walking the credentials again: check
 * has normalized every entry already.
 */
function canonicalSet(raw: Props): Props {
  const { credentials, ...rest } = raw;
  const out = canonical(rest) as Props;
  if (credentials !== undefined) out.credentials = credentials;
  const sorted: Props = {};
  for (const k of Object.keys(out).sort()) sorted[k] = out[k];
  return sorted;
}
