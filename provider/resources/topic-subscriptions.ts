import * as pulumi from "@pulumi/pulumi";
import type { ArgsOf, OutputProps, StateOf } from "../inputs";
import {
  type TopicSubscriptionsOutputs,
  type topicSubscriptionsArgsSchema,
  topicSubscriptionsOutputsSchema,
} from "../model/topic-subscriptions-schema";
import { serializedProvider } from "../serialized-provider";
import { targetProps } from "./provider";
import { lookupOptions, lookupProps, outputOnlyProps, resourceOptions } from "./resource-props";

/** Arguments of {@link TopicSubscriptions}. */
export type TopicSubscriptionsArgs = ArgsOf<typeof topicSubscriptionsArgsSchema>;

/** The state of a {@link TopicSubscriptions}: its outputs, each optional and accepting Inputs. */
export type TopicSubscriptionsState = StateOf<TopicSubscriptionsOutputs>;

const provider = serializedProvider("topic-subscriptions");

/** The outputs of {@link TopicSubscriptions}, one per field of its state. */
export interface TopicSubscriptions extends OutputProps<TopicSubscriptionsOutputs> {}

/**
 * A topic's declared subscribers, thousands per resource, synced as a set: batches of at most 100, an
 * update that adds and removes only the subscribers that changed (the preview names each), progress on long
 * syncs. It removes only the subscriptions it made: those the application adds at run time stay, through
 * every update and the destroy. Subscribers must exist: an unknown one fails the update, naming it, after
 * every other subscriber is written (what was written is said, and stays).
 *
 * ```ts
 * const beta = new svc.Topic("beta-users", { name: "Beta users" });
 * new svc.TopicSubscriptions("beta-users", { topicKey: beta.key, subscriberIds: ["alice", "bob", "carol"] });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class TopicSubscriptions extends pulumi.dynamic.Resource {
  /** Reads the subscriptions of an existing resource (id `<topicKey>/<owner>`) without managing them. */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: TopicSubscriptionsState,
    opts?: pulumi.CustomResourceOptions,
  ): TopicSubscriptions {
    return new TopicSubscriptions(name, state, lookupOptions(id, opts));
  }

  constructor(name: string, args: TopicSubscriptionsArgs, opts?: pulumi.CustomResourceOptions);
  /** Reads the subscriptions `opts.id` names without managing them, as {@link TopicSubscriptions.get}. */
  constructor(
    name: string,
    state: TopicSubscriptionsState | undefined,
    opts: pulumi.CustomResourceOptions & { id: pulumi.Input<pulumi.ID> },
  );
  constructor(
    name: string,
    argsOrState: TopicSubscriptionsArgs | TopicSubscriptionsState | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    if (opts?.id !== undefined) {
      const props = lookupProps(topicSubscriptionsOutputsSchema, argsOrState);
      super(provider, name, props, resourceOptions(opts), "svc", "TopicSubscriptions");
      return;
    }
    const { subscriberIds, ...args } = argsOrState as TopicSubscriptionsArgs;
    const {
      subscriberIds: _ids,
      subscriptions: _subscriptions,
      ...outputOnly
    } = outputOnlyProps(topicSubscriptionsOutputsSchema);
    const props = {
      // First: the SDK serializes the properties in order, awaiting each, and `topicKey` is usually the
      // topic's output, known only once the engine has done the topic's step. Thousands of subscriberIds
      // serialized before it are serialized while the engine works, not after.
      subscriberIds,
      ...outputOnly,
      ...targetProps(opts),
      ...args,
      // The identifiers of its subscriptions derive from it (stable across runs; kept in state on rename).
      ownerOf: { project: pulumi.getProject(), stack: pulumi.getStack(), name },
    };
    // Its subscriptions never collide with a replacement's (another topic): no need to delete first.
    super(
      provider,
      name,
      props,
      resourceOptions({ deleteBeforeReplace: false, ...opts }),
      "svc",
      "TopicSubscriptions",
    );
  }
}
