/**
 * Fingerprints of a set's entries, so that a pull request's preview lists which subscribers are added,
 * changed or removed without showing a credential.
 *
 * A fingerprint is the first 16 hex digits (64 bits) of HMAC-SHA256 over the subscriberId and the entry's
 * credentials in comparable form (token order ignored), keyed by a key derived from a stack secret and the
 * project and stack names. Keyed, so a low-entropy value (a short webhook path, a guessable token) cannot be
 * brute-forced from the state or the preview without the secret; the subscriberId is hashed in, so two
 * subscribers with the same credentials get different fingerprints. What they reveal: which subscriberIds
 * are in the set, and when the credentials of each change. Nothing about the values.
 */
import { createHmac } from "node:crypto";
import type { ChannelCredentials } from "../../sdk/schemas";
import { comparableCredentials } from "./channel-entry";

/** Hex digits kept of each HMAC. */
export const FINGERPRINT_HEX_DIGITS = 16;

/** Domain separation of the derived key (bump the version to change the derivation). */
const KEY_CONTEXT = "pulumi-svc/subscriber-credentials-fingerprint/v1";

/**
 * The HMAC key of a stack (hex; it travels through Outputs, which do not keep Buffers): derived from a
 * stack secret, bound to the project and stack.
 */
export function fingerprintKey(secret: string, project: string, stack: string): string {
  return createHmac("sha256", secret).update(`${KEY_CONTEXT}\u0000${project}\u0000${stack}`).digest("hex");
}

/** The fingerprint of one entry. */
export function fingerprintOf(key: string, subscriberId: string, credentials: ChannelCredentials): string {
  return createHmac("sha256", key)
    .update(`${subscriberId}\u0000${comparableCredentials(credentials)}`)
    .digest("hex")
    .slice(0, FINGERPRINT_HEX_DIGITS);
}

/** subscriberId -> fingerprint, for every entry of a credentials map. */
export function fingerprintsOf(
  key: string,
  credentials: Readonly<Record<string, ChannelCredentials>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of Object.keys(credentials).sort()) out[id] = fingerprintOf(key, id, credentials[id] ?? {});
  return out;
}
