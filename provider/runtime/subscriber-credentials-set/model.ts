/**
 * The pure part of the SubscriberCredentialsSet provider: check, the set's id and the conversions between
 * the credentials' text form and the map (the shape is ../model/subscriber-credentials-set-schema.ts).
 */
import { formatPath } from "../../../sdk/schemas";
import { normalizeCredentials, tokenFailures, unstoredFieldFailures } from "../../model/channel-entry";
import { serviceProviderId } from "../../model/delivery-provider-id";
import type { CheckFailure, CheckOutcome } from "../../model/pulumi-results";
import {
  decodeCredentials,
  encodeCredentials,
  isEncodedCredentials,
  type SubscriberCredentialsSetOutputs,
  type SubscriberCredentialsSetWire,
  subscriberCredentialsSetInputsSchema,
} from "../../model/subscriber-credentials-set-schema";
import { canonical, isUnknown, stripNulls } from "../../model/values";
import { listIds } from "../set-sync/list-ids";
import { schemaFailures } from "../shared/check-failures";

/** Most check failures listed one by one; the rest are counted in a last failure. */
export const MAX_LISTED_FAILURES = 100;

type Props = Record<string, unknown>;

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

/**
 * Problems of every entry the schema cannot express (duplicate tokens, spaces, tokens on a chat provider,
 * fields the service does not store), naming the subscriberId.
 */
function entryTokenFailures(providerId: unknown, credentials: Props): CheckFailure[] {
  const out: CheckFailure[] = [];
  for (const [subscriberId, creds] of Object.entries(credentials)) {
    if (!isRecord(creds)) continue;
    const where = formatPath(["credentials", subscriberId, "deviceTokens"]);
    out.push(...tokenFailures(providerId, creds.deviceTokens, where));
    out.push(...unstoredFieldFailures(creds, formatPath(["credentials", subscriberId])));
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

/** At most {@link MAX_LISTED_FAILURES} failures, then one that counts the rest. */
function capped(failures: CheckFailure[]): CheckFailure[] {
  if (failures.length <= MAX_LISTED_FAILURES) return failures;
  const rest = failures.length - MAX_LISTED_FAILURES;
  return [
    ...failures.slice(0, MAX_LISTED_FAILURES),
    { property: "credentials", reason: `... and ${rest} more problems` },
  ];
}

/** The result of check for SubscriberCredentialsSet (credentials in the form they came in). */
export type SubscriberCredentialsSetCheck = CheckOutcome<SubscriberCredentialsSetWire>;

/**
 * Validates and normalizes new inputs before any request. Every entry is checked; each failure names the
 * subscriberId and the field (`credentials["user-1"].deviceTokens[2]: ...`) and never echoes a credential.
 * Unknown values (preview) are accepted, whole or per entry.
 */
export function checkSubscriberCredentialsSet(news: Props): SubscriberCredentialsSetCheck {
  const { __provider: _p, ...rest } = news;
  const raw = stripNulls(rest);
  if (raw.providerId !== undefined) raw.providerId = serviceProviderId(raw.providerId);
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
  return { inputs: inputs as SubscriberCredentialsSetWire, failures: capped(failures) };
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
