/**
 * The shape of `svc.SubscriberCredentials`, written once: the source of check, of the provider's types and
 * (through ../inputs.ts) of the public `SubscriberCredentialsArgs`, `SubscriberCredentialsState` and output
 * types. The TSDoc on each field is what users see on all of them.
 */
import { z } from "zod";
import { channelCredentialsSchema } from "../../sdk/schemas";
import { idSchema } from "./channel-entry";
import { subscriberDeliveryProviderIdSchema } from "./delivery-provider-id";

/** What a program declares for SubscriberCredentials, and what the provider receives (strict). */
export const subscriberCredentialsInputsSchema = z.strictObject({
  /** The subscriber (your own identifier of it; it must exist). Changing it replaces the resource. */
  subscriberId: idSchema,
  /**
   * One of the 20 chat and push provider ids (`fcm`, `apns`, `expo`, `slack`, `discord`, ...); an
   * Integration's `providerId` fits as it is. Changing it replaces the resource.
   */
  providerId: subscriberDeliveryProviderIdSchema,
  /**
   * Identifier of the integration the credentials belong to (default: the provider's newest active
   * integration, the one the service writes to; outputs then show the one it chose). Changing it replaces
   * the resource.
   */
  integrationIdentifier: idSchema.optional(),
  /**
   * The credentials: `deviceTokens` (push; the declared list replaces the stored one, `[]` clears it),
   * `webhookUrl` (chat), `channel` (Mattermost); one left out is cleared. The service stores nothing else
   * (the Grafana on-call fields are refused). Secret. Outputs hold them as read back from the service, so tokens changed outside
   * Pulumi show as a diff after a refresh. Left out: the entry is held by the service, not managed here
   * (what `pulumi import` generates): nothing is written, and destroy leaves the entry; declaring them later
   * takes the entry over (one update of `credentials`).
   */
  credentials: channelCredentialsSchema.optional(),
});
/** Inputs after check. */
export type SubscriberCredentialsInputs = z.output<typeof subscriberCredentialsInputsSchema>;

/** The outputs of SubscriberCredentials (the id is `subscriberId/providerId[/integrationIdentifier]`). */
export const subscriberCredentialsOutputsSchema = subscriberCredentialsInputsSchema.extend({
  /** The entry's credentials as read back from the service (secret). */
  credentials: channelCredentialsSchema,
  /**
   * `false` when the program leaves `credentials` out (an import): the entry is held by the service, not
   * managed here, and destroy leaves it. Absent when the resource manages the entry.
   */
  credentialsManaged: z.literal(false).optional(),
  /** The service's id (`_integrationId`) of the integration the channel entry belongs to. */
  integrationId: z.string().optional(),
  /**
   * Environment of the subscriber (the API key's when the entry was written). An operation with a key of
   * another environment fails instead of looking for the subscriber there (docs/installation-configuration.md, "When the key changes").
   */
  environmentId: z.string().optional(),
  /** Name of that environment ("Development", "Production", ...), when the service tells it. */
  environmentName: z.string().optional(),
  /** Organization of that environment, when the service tells it. */
  organizationId: z.string().optional(),
});
/** Outputs of the SubscriberCredentials provider. */
export type SubscriberCredentialsOutputs = z.output<typeof subscriberCredentialsOutputsSchema>;
