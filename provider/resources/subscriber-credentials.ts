import * as pulumi from "@pulumi/pulumi";
import type { ChannelCredentials, ChatPushProviderId } from "../../sdk/schemas";
import { serializedProvider } from "../serialized-provider";

/** Arguments of {@link SubscriberCredentials}. */
export interface SubscriberCredentialsArgs {
  /** The subscriber (your own identifier of it; it must exist). Changing it replaces the resource. */
  subscriberId: pulumi.Input<string>;
  /** One of the 20 chat and push provider ids (`fcm`, `apns`, `slack`, ...). Changing it replaces the resource. */
  providerId: pulumi.Input<ChatPushProviderId>;
  /**
   * Identifier of the integration the credentials belong to (default: the provider's active integration
   * the service picks). Changing it replaces the resource.
   */
  integrationIdentifier?: pulumi.Input<string>;
  /**
   * The credentials: `deviceTokens` (push; the declared list replaces the stored one, `[]` clears it),
   * `webhookUrl` (chat), `channel` (Mattermost), `alertUid` / `title` / `imageUrl` / `state` / `externalUrl`
   * (Grafana on-call). Stored as a secret.
   */
  credentials: pulumi.Input<{ [K in keyof ChannelCredentials]?: pulumi.Input<ChannelCredentials[K]> }>;
}

const provider = serializedProvider("subscriber-credentials");

/**
 * A subscriber's channel credentials for one chat or push provider (device tokens, chat webhook), managed
 * as a Pulumi dynamic resource (`pulumi-nodejs:dynamic/svc:SubscriberCredentials`). Its id is
 * `subscriberId/providerId[/integrationIdentifier]`.
 *
 * Refresh reads the credentials back, so tokens changed outside Pulumi show as a diff. Destroy clears what
 * the resource set: the channel entry is removed when it is the subscriber's only one for the provider,
 * otherwise its device tokens are emptied.
 *
 * ```ts
 * new svc.SubscriberCredentials("alice-fcm", {
 *   subscriberId: "alice", providerId: "fcm",
 *   credentials: { deviceTokens: [cfg.requireSecret("aliceToken")] },
 * }, { dependsOn: [fcmIntegration] });
 * ```
 */
export class SubscriberCredentials extends pulumi.dynamic.Resource {
  declare readonly subscriberId: pulumi.Output<string>;
  declare readonly providerId: pulumi.Output<ChatPushProviderId>;
  /** The integration identifier of the channel entry (declared, or the one the service chose). */
  declare readonly integrationIdentifier: pulumi.Output<string | undefined>;
  /** The credentials as the service holds them. Secret. */
  declare readonly credentials: pulumi.Output<ChannelCredentials>;
  /** The service's id of the integration the entry belongs to. */
  declare readonly integrationId: pulumi.Output<string | undefined>;
  /** Environment of the subscriber. */
  declare readonly environmentId: pulumi.Output<string | undefined>;

  constructor(name: string, args: SubscriberCredentialsArgs, opts?: pulumi.CustomResourceOptions) {
    const props: Record<string, unknown> = {
      subscriberId: args.subscriberId,
      providerId: args.providerId,
      integrationIdentifier: args.integrationIdentifier,
      credentials: pulumi.secret(args.credentials),
      // Outputs only.
      integrationId: undefined,
      environmentId: undefined,
    };
    super(
      provider,
      name,
      props,
      pulumi.mergeOptions(opts, { additionalSecretOutputs: ["credentials"] }),
      "svc",
      "SubscriberCredentials",
    );
  }
}
