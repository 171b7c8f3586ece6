/**
 * The shape of `svc.SubscriberCredentialsSet`, written once: the source of check, of the provider's types and
 * (through ../inputs.ts) of the public `SubscriberCredentialsSetArgs` and state types; and the text form its
 * credentials travel in between the program and the host.
 */
import { z } from "zod";
import { channelCredentialsSchema } from "../../sdk/schemas";
import { idSchema } from "./channel-entry";
import { subscriberDeliveryProviderIdSchema } from "./delivery-provider-id";
import { isUnknown } from "./values";

/** Most subscribers one set accepts (a bound against accidental huge inputs; split larger syncs). */
const MAX_SET_ENTRIES = 100_000;

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
  providerId: subscriberDeliveryProviderIdSchema,
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

/** Inputs after check. */
type SubscriberCredentialsSetInputs = z.infer<typeof subscriberCredentialsSetInputsSchema>;
/**
 * Outputs of the SubscriberCredentialsSet provider: the checked inputs (credentials secret) and the `_id` of
 * the integration its entries are bound to (absent in state written before it was kept).
 */
export type SubscriberCredentialsSetOutputs = SubscriberCredentialsSetInputs & {
  /** The service's id (`_integrationId`) of the integration the set's entries are bound to (an output only). */
  integrationId?: string;
};

/**
 * Inputs or outputs as the engine carries them: `credentials` is the map, or (what the resource sends since
 * the map's size started to matter) the map as one JSON text, see {@link encodeCredentials}.
 */
export type SubscriberCredentialsSetWire = Omit<SubscriberCredentialsSetOutputs, "credentials"> & {
  credentials: SubscriberCredentialsSetOutputs["credentials"] | string;
};

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
