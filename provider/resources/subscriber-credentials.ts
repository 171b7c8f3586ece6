import * as pulumi from "@pulumi/pulumi";
import type { ArgsOf, OutputProps, StateOf } from "../inputs";
import {
  type SubscriberCredentialsOutputs,
  type subscriberCredentialsInputsSchema,
  subscriberCredentialsOutputsSchema,
} from "../runtime/subscriber-credentials-schema";
import { serializedProvider } from "../serialized-provider";
import { outputOnlyProps, resourceOptions } from "./resource-props";

/** Arguments of {@link SubscriberCredentials}. */
export type SubscriberCredentialsArgs = ArgsOf<typeof subscriberCredentialsInputsSchema>;

/** The state of a {@link SubscriberCredentials}: its outputs, each optional and accepting Inputs. */
export type SubscriberCredentialsState = StateOf<SubscriberCredentialsOutputs>;

const provider = serializedProvider("subscriber-credentials");

/** The outputs of {@link SubscriberCredentials}, one per field of its state. */
export interface SubscriberCredentials extends OutputProps<SubscriberCredentialsOutputs> {}

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
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class SubscriberCredentials extends pulumi.dynamic.Resource {
  constructor(name: string, args: SubscriberCredentialsArgs, opts?: pulumi.CustomResourceOptions) {
    const props = {
      ...outputOnlyProps(subscriberCredentialsOutputsSchema),
      ...args,
      credentials: pulumi.secret(args.credentials),
    };
    super(provider, name, props, resourceOptions(opts), "svc", "SubscriberCredentials");
  }
}
