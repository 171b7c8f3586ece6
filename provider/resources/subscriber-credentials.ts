import * as pulumi from "@pulumi/pulumi";
import type { ArgsOf, OutputProps, StateOf } from "../inputs";
import {
  type SubscriberCredentialsOutputs,
  type subscriberCredentialsInputsSchema,
  subscriberCredentialsOutputsSchema,
} from "../model/subscriber-credentials-schema";
import { serializedProvider } from "../serialized-provider";
import { targetProps } from "./provider";
import { lookupOptions, lookupProps, outputOnlyProps, resourceOptions } from "./resource-props";

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
  /**
   * Reads an existing channel entry (id `subscriberId/providerId[/integrationIdentifier]`) into the program without managing it: its outputs are the service's
   * values, `pulumi refresh` reads it again, and `pulumi destroy` leaves it alone (Pulumi's `get`, through
   * the resource option `id`). `state` is optional: the id alone says what to read.
   *
   * ```ts
   * const alice = svc.SubscriberCredentials.get("alice-fcm", "alice/fcm/fcm-main");
   * export const aliceTokens = alice.credentials; // secret
   * ```
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: SubscriberCredentialsState,
    opts?: pulumi.CustomResourceOptions,
  ): SubscriberCredentials {
    return new SubscriberCredentials(name, state, lookupOptions(id, opts));
  }

  constructor(name: string, args: SubscriberCredentialsArgs, opts?: pulumi.CustomResourceOptions);
  /** Reads the object `opts.id` without managing it, as {@link SubscriberCredentials.get}. */
  constructor(
    name: string,
    state: SubscriberCredentialsState | undefined,
    opts: pulumi.CustomResourceOptions & { id: pulumi.Input<pulumi.ID> },
  );
  constructor(
    name: string,
    argsOrState: SubscriberCredentialsArgs | SubscriberCredentialsState | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    if (opts?.id !== undefined) {
      const props = lookupProps(subscriberCredentialsOutputsSchema, argsOrState);
      super(provider, name, props, resourceOptions(opts), "svc", "SubscriberCredentials");
      return;
    }
    // Without the `id` option the first overload applies: these are the declared arguments.
    const args = argsOrState as SubscriberCredentialsArgs;
    const props = {
      ...outputOnlyProps(subscriberCredentialsOutputsSchema),
      ...targetProps(opts),
      ...args,
      // Left out: the entry is held by the service, not managed here (nothing is sent for it).
      credentials: args.credentials === undefined ? undefined : pulumi.secret(args.credentials),
    };
    super(provider, name, props, resourceOptions(opts), "svc", "SubscriberCredentials");
  }
}
