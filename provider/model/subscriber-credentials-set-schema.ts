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

/** subscriberId -> credentials, bounded. */
const credentialsMapSchema = z
  .record(idSchema, channelCredentialsSchema)
  .refine(
    (r) => Object.keys(r).length <= MAX_SET_ENTRIES,
    `must have at most ${MAX_SET_ENTRIES} subscribers`,
  );

/** The inputs of the SubscriberCredentialsSet provider as validated by check (strict). */
export const subscriberCredentialsSetInputsSchema = z.strictObject({
  /**
   * One of the 20 chat and push provider ids (`fcm`, `apns`, `expo`, `slack`, ...); an Integration's
   * `providerId` fits as it is. Changing it replaces the set.
   */
  providerId: subscriberDeliveryProviderIdSchema,
  /** The integration every entry belongs to (default: the provider's active one). Changing it replaces the set. */
  integrationIdentifier: idSchema.optional(),
  /**
   * subscriberId -> that subscriber's credentials for the provider. Secret as a whole. The set manages
   * exactly these subscribers' entries. Left out: every entry is held by the service, not managed here (what
   * `pulumi import` generates): nothing is written or cleared, and destroy leaves the entries; declaring the
   * map later takes those subscribers' entries over (one update of `credentials`).
   */
  credentials: credentialsMapSchema.optional(),
  /** subscriberId -> keyed fingerprint of its credentials; not secret, so previews list changed subscribers. */
  fingerprints: z.record(idSchema, fingerprintSchema).optional(),
});

/** Inputs of the SubscriberCredentialsSet provider after check (credentials as the map). */
export type SubscriberCredentialsSetInputs = z.output<typeof subscriberCredentialsSetInputsSchema>;

/**
 * The outputs of a SubscriberCredentialsSet: the checked inputs (credentials secret), the integration its
 * entries are bound to and the environment they were written in (each absent in state written before it was
 * kept).
 */
export const subscriberCredentialsSetOutputsSchema = subscriberCredentialsSetInputsSchema.extend({
  /**
   * subscriberId -> credentials (secret): the entries the set manages, as written or read back; for a set
   * whose `credentials` are left out, every entry on its integration as the service holds it.
   */
  credentials: credentialsMapSchema,
  /**
   * `false` when the program leaves `credentials` out (an import): the entries are held by the service, not
   * managed here, and destroy leaves them. Absent when the set manages its entries.
   */
  credentialsManaged: z.literal(false).optional(),
  /** The service's id (`_integrationId`) of the integration every entry of the set is bound to. */
  integrationId: z.string().optional(),
  /**
   * Environment the entries were written in (the API key's). An operation with a key of another environment
   * fails instead of looking for the subscribers there (docs/installation-configuration.md, "When the key changes").
   */
  environmentId: z.string().optional(),
  /** Name of that environment ("Development", "Production", ...), when the service tells it. */
  environmentName: z.string().optional(),
  /** Organization of that environment, when the service tells it. */
  organizationId: z.string().optional(),
});

/** Outputs of the SubscriberCredentialsSet provider (see {@link subscriberCredentialsSetOutputsSchema}). */
export type SubscriberCredentialsSetOutputs = z.infer<typeof subscriberCredentialsSetOutputsSchema>;

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
