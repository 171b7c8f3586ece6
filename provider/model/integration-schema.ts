/**
 * The shape of `svc.Integration`, written once. The zod schema of its inputs is the source of check, of the
 * types the provider methods take and return, and (through ../inputs.ts) of the public `IntegrationArgs`,
 * `IntegrationState` and output types. The TSDoc on each field is what users see on all of them.
 */
import { z } from "zod";
import {
  channelTypeSchema,
  credentialsDtoSchema,
  openChannelTypeSchema,
  stepFilterSchema,
} from "../../sdk/schemas";
import { identifierOriginSchema } from "../default-identifier";
import { deliveryProviderIdSchema } from "./delivery-provider-id";

/** What a program declares for an Integration (all defaults applied by check). */
export const integrationArgsSchema = z.strictObject({
  /** Delivery provider id, e.g. `sendgrid`, `twilio`, `fcm`, `slack`. Changing it replaces the integration. */
  providerId: deliveryProviderIdSchema,
  /** Delivery channel: `in_app`, `email`, `sms`, `chat` or `push`. Changing it replaces the integration. */
  channel: channelTypeSchema,
  /** Display name (the service picks one when left out). */
  name: z.string().min(1).optional(),
  /**
   * Unique identifier of the integration in the organization. Default: a slug of the resource name and a
   * hash of project, stack and name, stable across runs (so a re-run never duplicates). When a create finds
   * the identifier taken, only the default identifier's integration is taken over without `adopt` (no one
   * else can have made it).
   */
  identifier: z.string().min(1).max(255).optional(),
  /**
   * Provider credentials (`apiKey`, `from`, `accountSid`, `token`, ...), stored as a secret. Required keys
   * of known providers are checked when active. Outputs hold what was last written, or after a refresh the
   * service's when it answers different ones (some releases answer them, the newest `{}`). Left out: held by the service, not managed here (what `pulumi import` generates): no update
   * sends or clears them, and declaring them later takes them over (one update of `credentials`). A new
   * active integration still needs the required keys.
   */
  credentials: credentialsDtoSchema.optional(),
  /** Whether the integration processes events (default false, as the service). */
  active: z.boolean().default(false),
  /** Ask the service to check the integration when creating or updating it. A flag, never a change. */
  check: z.boolean().optional(),
  /** Step filters deciding when this integration is used (default: none). */
  conditions: z.array(stepFilterSchema).default([]),
  /**
   * When an integration with the same identifier already exists, take it over (update it to this resource's
   * settings) instead of failing. `pulumi import` does not work for dynamic resources. A flag, never a change.
   */
  adopt: z.boolean().optional(),
});

/**
 * The inputs the provider receives: the resource always sends an identifier (its own or the default one),
 * so the provider can find an integration whose create answer was lost.
 */
export const integrationInputsSchema = integrationArgsSchema.required({ identifier: true }).extend({
  /** Set by `svc.Integration` when it chose the identifier (see provider/default-identifier.ts). */
  defaultIdentifierOf: identifierOriginSchema.optional(),
});
/** Inputs after check (defaults applied). */
export type IntegrationInputs = z.output<typeof integrationInputsSchema>;

/** What the service decides; outputs only. */
const computedShape = {
  /** Display name, as the service holds it. */
  name: z.string(),
  /** Delivery channel as the service answers it (a channel newer than this package comes through as is). */
  channel: openChannelTypeSchema,
  /**
   * Environment the integration belongs to: always the API key's (the service creates integrations in the
   * environment of the key). To manage another environment's integrations, use a stack whose `svc:apiKey`
   * is that environment's key, or an `svc.Provider` per environment. An operation with a key of another
   * environment fails instead of acting elsewhere (docs/installation-configuration.md, "When the key changes").
   */
  environmentId: z.string(),
  /** Name of that environment ("Development", "Production", ...), when the service tells it. */
  environmentName: z.string().optional(),
  /** Organization the integration belongs to. */
  organizationId: z.string(),
  /** Whether this is the primary integration of its channel (computed for active email and SMS ones). */
  primary: z.boolean(),
  /** Soft-delete marker of the service. */
  deleted: z.boolean(),
};

/** The outputs of an Integration (the resource id is the service's `_id`); the flags and the identifier's origin are not outputs. */
export const integrationOutputsSchema = integrationInputsSchema
  .omit({ check: true, adopt: true, defaultIdentifierOf: true })
  .extend({
    ...computedShape,
    /**
     * The credentials this stack last wrote, or the service's as a refresh read them when they differ
     * (secret); `{}` when it wrote none (an imported integration whose credentials are held by the service:
     * never taken from the service).
     */
    credentials: credentialsDtoSchema,
  });
/** Outputs of the Integration provider. */
export type IntegrationOutputs = z.output<typeof integrationOutputsSchema>;
