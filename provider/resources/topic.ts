import * as pulumi from "@pulumi/pulumi";
import { defaultIdentifier, type IdentifierOrigin } from "../default-identifier";
import type { ArgsOf, OutputProps, StateOf } from "../inputs";
import { type TopicOutputs, type topicArgsSchema, topicOutputsSchema } from "../model/topic-schema";
import { serializedProvider } from "../serialized-provider";
import { targetProps } from "./provider";
import { lookupOptions, lookupProps, outputOnlyProps, resourceOptions } from "./resource-props";

/** Arguments of {@link Topic}. */
export type TopicArgs = ArgsOf<typeof topicArgsSchema>;

/** The state of a {@link Topic}: its outputs, each optional and accepting Inputs. */
export type TopicState = StateOf<TopicOutputs>;

const provider = serializedProvider("topic");

/** The outputs of {@link Topic}, one per field of its state. */
export interface Topic extends OutputProps<TopicOutputs> {}

/**
 * A topic of the svc service (v2: `/v2/topics`), managed as a Pulumi dynamic resource. Its id is its key.
 * Creating it never takes over a topic someone else made (the service's POST is an upsert); a new key
 * replaces it. The service deletes every subscription of a topic with it: destroying one that still holds
 * subscriptions this stack did not make fails, naming how many, unless `forceDestroy: true`.
 *
 * ```ts
 * const beta = new svc.Topic("beta-users", { name: "Beta users" });
 * new svc.TopicSubscriptions("beta-users", { topicKey: beta.key, subscriberIds: ["alice", "bob"] });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class Topic extends pulumi.dynamic.Resource {
  /**
   * Reads an existing topic (by its key) into the program without managing it: `pulumi destroy` leaves it.
   *
   * ```ts
   * const ops = svc.Topic.get("ops", "ops-on-call");
   * ```
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: TopicState,
    opts?: pulumi.CustomResourceOptions,
  ): Topic {
    return new Topic(name, state, lookupOptions(id, opts));
  }

  constructor(name: string, args: TopicArgs, opts?: pulumi.CustomResourceOptions);
  /** Reads the topic `opts.id` without managing it, as {@link Topic.get}. */
  constructor(
    name: string,
    state: TopicState | undefined,
    opts: pulumi.CustomResourceOptions & { id: pulumi.Input<pulumi.ID> },
  );
  constructor(
    name: string,
    argsOrState: TopicArgs | TopicState | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    if (opts?.id !== undefined) {
      super(
        provider,
        name,
        lookupProps(topicOutputsSchema, argsOrState),
        resourceOptions(opts),
        "svc",
        "Topic",
      );
      return;
    }
    const args = argsOrState as TopicArgs;
    // A defaulted key is sent with its origin, so that the provider can prove it is this resource's own.
    const origin: IdentifierOrigin | undefined =
      args.key === undefined ? { project: pulumi.getProject(), stack: pulumi.getStack(), name } : undefined;
    const props = {
      ...outputOnlyProps(topicOutputsSchema),
      ...targetProps(opts),
      ...args,
      key: origin ? defaultIdentifier(origin) : args.key,
      defaultIdentifierOf: origin,
    };
    super(provider, name, props, resourceOptions(opts), "svc", "Topic");
  }
}
