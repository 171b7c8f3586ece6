import * as pulumi from "@pulumi/pulumi";
import type { ChannelType, CredentialsDto, StepFilter } from "../../sdk/schemas";
import { defaultIdentifier, type IdentifierOrigin } from "../default-identifier";
import { serializedProvider } from "../serialized-provider";

/** Arguments of {@link Integration}. */
export interface IntegrationArgs {
  /** Delivery provider id, e.g. `sendgrid`, `twilio`, `fcm`. Changing it replaces the integration. */
  providerId: pulumi.Input<string>;
  /** Delivery channel. Changing it replaces the integration. */
  channel: pulumi.Input<ChannelType>;
  /** Display name (the service picks one when left out). */
  name?: pulumi.Input<string>;
  /**
   * Unique identifier of the integration. Default: derived from the project, stack and resource name,
   * stable across runs (so a re-run never duplicates). When a create finds this identifier taken, only a
   * default identifier's integration is taken over without `adopt` (no one else can have made it).
   */
  identifier?: pulumi.Input<string>;
  /** Provider credentials; stored as a secret. Required keys of known providers are checked when active. */
  credentials?: pulumi.Input<{ [K in keyof CredentialsDto]?: pulumi.Input<CredentialsDto[K]> }>;
  /** Whether the integration processes events (default false, as the service). */
  active?: pulumi.Input<boolean>;
  /** Ask the service to check the integration when creating/updating it. */
  check?: pulumi.Input<boolean>;
  /** Step filters deciding when this integration is used. */
  conditions?: pulumi.Input<pulumi.Input<StepFilter>[]>;
  /** Environment id (default: the API key's environment). Changing it replaces the integration. */
  environmentId?: pulumi.Input<string>;
  /**
   * When an integration with the same identifier already exists, take it over (update it to this
   * resource's settings) instead of failing. Needed for an explicit `identifier` whose integration this
   * resource did not create; `pulumi import` does not work for dynamic resources.
   */
  adopt?: pulumi.Input<boolean>;
}

const provider = serializedProvider("integration");

/**
 * A delivery-provider integration of the svc service, managed as a Pulumi dynamic resource
 * (`pulumi-nodejs:dynamic/svc:Integration`). Its id is the service's `_id`.
 *
 * ```ts
 * new svc.Integration("sendgrid", {
 *   providerId: "sendgrid", channel: "email", active: true,
 *   credentials: { apiKey: cfg.requireSecret("sendgridKey"), from: "noreply@example.com" },
 * });
 * ```
 */
export class Integration extends pulumi.dynamic.Resource {
  /** Environment the integration belongs to. */
  declare readonly environmentId: pulumi.Output<string>;
  /** Organization the integration belongs to. */
  declare readonly organizationId: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly identifier: pulumi.Output<string>;
  declare readonly providerId: pulumi.Output<string>;
  declare readonly channel: pulumi.Output<ChannelType>;
  /** The credentials as last written (the service never returns them). Secret. */
  declare readonly credentials: pulumi.Output<CredentialsDto>;
  declare readonly active: pulumi.Output<boolean>;
  /** Whether this is the primary integration of its channel (computed for active email and SMS). */
  declare readonly primary: pulumi.Output<boolean>;
  /** Soft-delete marker. */
  declare readonly deleted: pulumi.Output<boolean>;
  declare readonly conditions: pulumi.Output<StepFilter[]>;
  declare readonly check: pulumi.Output<boolean | undefined>;
  declare readonly adopt: pulumi.Output<boolean>;

  constructor(name: string, args: IntegrationArgs, opts?: pulumi.CustomResourceOptions) {
    // A defaulted identifier is sent with its origin, so that the provider can prove it is this
    // resource's own (and take over an integration a lost answer left behind); an explicit one is not.
    const origin: IdentifierOrigin | undefined =
      args.identifier === undefined
        ? { project: pulumi.getProject(), stack: pulumi.getStack(), name }
        : undefined;
    const props: Record<string, unknown> = {
      providerId: args.providerId,
      channel: args.channel,
      name: args.name,
      identifier: origin ? defaultIdentifier(origin) : args.identifier,
      defaultIdentifierOf: origin,
      credentials: args.credentials === undefined ? undefined : pulumi.secret(args.credentials),
      active: args.active,
      check: args.check,
      conditions: args.conditions,
      environmentId: args.environmentId,
      adopt: args.adopt,
      // Outputs only.
      organizationId: undefined,
      primary: undefined,
      deleted: undefined,
    };
    super(
      provider,
      name,
      props,
      pulumi.mergeOptions(opts, { additionalSecretOutputs: ["credentials"] }),
      "svc",
      "Integration",
    );
  }
}
