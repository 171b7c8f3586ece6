/**
 * The shape of `svc.TopicSubscriptions`, written once: a topic's declared subscribers, synced as a set.
 */
import { z } from "zod";
import { topicKeySchema } from "../../sdk/schemas";
import { identifierOriginSchema } from "../default-identifier";

/** Most subscriberIds one resource declares: a sane bound against accidental huge inputs. */
export const MAX_DECLARED_SUBSCRIBERS = 100_000;

/** What a program declares for TopicSubscriptions. */
export const topicSubscriptionsArgsSchema = z.strictObject({
  /** The key of the topic (`topic.key`, so that the engine creates the topic first). Changing it replaces. */
  topicKey: topicKeySchema,
  /**
   * The subscribers this resource subscribes to the topic, by subscriberId; a set (order and repeats do not
   * matter). Subscribers must exist (the application creates them): an unknown one fails the update, naming
   * it. Subscriptions others made (the application's) are never touched.
   */
  subscriberIds: z
    .array(z.string().min(1, "must not be empty"))
    .max(MAX_DECLARED_SUBSCRIBERS, `must have at most ${MAX_DECLARED_SUBSCRIBERS} items`),
});

/** The inputs the provider receives: the subscriberIds sorted and unique, the resource's origin. */
export const topicSubscriptionsInputsSchema = topicSubscriptionsArgsSchema.extend({
  /**
   * Set by `svc.TopicSubscriptions`: the project, stack and resource name the identifiers of its
   * subscriptions are derived from (so that a retried create finds what an earlier attempt wrote).
   */
  ownerOf: identifierOriginSchema.optional(),
});
/** Inputs after check. */
export type TopicSubscriptionsInputs = z.output<typeof topicSubscriptionsInputsSchema>;

/** The outputs of TopicSubscriptions; its id is `<topicKey>/<owner>`. */
export const topicSubscriptionsOutputsSchema = z.strictObject({
  /** The key of the topic. */
  topicKey: z.string(),
  /** The subscriberIds this resource manages (sorted); the topic may hold others. */
  subscriberIds: z.array(z.string()),
  /** How many subscriptions this resource manages. */
  count: z.number(),
  /**
   * The tag in the identifiers of this resource's subscriptions (`tk_<key>:si_<subscriberId>:<owner>`),
   * which tells them from the application's.
   */
  owner: z.string(),
});
/** Outputs of the TopicSubscriptions provider. */
export type TopicSubscriptionsOutputs = z.output<typeof topicSubscriptionsOutputsSchema>;
