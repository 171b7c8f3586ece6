/**
 * The shape of `svc.TopicSubscriptions`, written once: a topic's declared subscribers, synced as a set.
 */
import { z } from "zod";
import { jsonObjectSchema, topicKeySchema } from "../../sdk/schemas";
import { identifierOriginSchema } from "../default-identifier";

/** Most subscriberIds one resource declares: a sane bound against accidental huge inputs. */
export const MAX_DECLARED_SUBSCRIBERS = 100_000;

/** Most subscriptions with identifiers one resource declares (as subscriberIds). */
export const MAX_DECLARED_SUBSCRIPTIONS = MAX_DECLARED_SUBSCRIBERS;

/**
 * One workflow's preference of a subscription. The service stores one per workflow
 * (apps/api/src/app/subscriptions/usecases/create-subscription-preferences/), whatever filter made it, so a
 * preference names one workflow: a tags filter would resolve to the workflows tagged at write time and could
 * not converge.
 */
export const subscriptionPreferenceArgsSchema = z.strictObject({
  /** The workflow, by its workflowId (`svc.Workflow`'s `workflowId`). It must exist when the preference is written. */
  workflowId: z.string().min(1, "must not be empty"),
  /** Whether the workflow notifies through this subscription (default true). */
  enabled: z.boolean().optional(),
  /**
   * A JSON Logic rule (e.g. `{ "==": [{ "var": "payload.tier" }, "gold"] }`): the workflow notifies through
   * this subscription only when it holds.
   */
  condition: jsonObjectSchema.optional(),
});
/** One declared preference. */
export type SubscriptionPreferenceArgs = z.output<typeof subscriptionPreferenceArgsSchema>;

/** One subscription with its own identifier (`POST /v2/topics/{key}/subscriptions` `subscriptions[]`). */
export const declaredSubscriptionSchema = z.strictObject({
  /**
   * The subscription's identifier, unique in the topic (a subscriber may hold up to 10 subscriptions in one
   * topic). A subscription with this identifier that already exists is taken over as it is, then edited to
   * match. Changing it replaces that subscription.
   */
  identifier: z.string().min(1, "must not be empty"),
  /** The subscriber (it must exist). Changing it replaces the subscription. */
  subscriberId: z.string().min(1, "must not be empty"),
  /** The subscription's display name. */
  name: z.string().optional(),
  /** Per-workflow preferences of this subscription, each workflow once. */
  preferences: z.array(subscriptionPreferenceArgsSchema).optional(),
});
/** One declared subscription with its identifier. */
export type DeclaredSubscription = z.output<typeof declaredSubscriptionSchema>;

/** The subscriberIds of the set. */
const subscriberIdsSchema = z
  .array(z.string().min(1, "must not be empty"))
  .max(MAX_DECLARED_SUBSCRIBERS, `must have at most ${MAX_DECLARED_SUBSCRIBERS} items`);

/** What a program declares for TopicSubscriptions. */
export const topicSubscriptionsArgsSchema = z.strictObject({
  /** The key of the topic (`topic.key`, so that the engine creates the topic first). Changing it replaces. */
  topicKey: topicKeySchema,
  /**
   * The subscribers this resource subscribes to the topic, by subscriberId; a set (order and repeats do not
   * matter). Subscribers must exist (the application creates them): an unknown one fails the update, naming
   * it. Subscriptions others made (the application's) are never touched. Default `[]` (with `subscriptions`).
   */
  subscriberIds: subscriberIdsSchema.optional(),
  /**
   * Subscriptions with their own identifier, name and per-workflow preferences (beside `subscriberIds`,
   * which may then be `[]`); a set keyed by identifier (order does not matter, an identifier appears once).
   * Only these identifiers are ever edited or removed.
   */
  subscriptions: z
    .array(declaredSubscriptionSchema)
    .max(MAX_DECLARED_SUBSCRIPTIONS, `must have at most ${MAX_DECLARED_SUBSCRIPTIONS} items`)
    .optional(),
});

/** The inputs the provider receives: the subscriberIds sorted and unique, the resource's origin. */
export const topicSubscriptionsInputsSchema = topicSubscriptionsArgsSchema.extend({
  /** Check fills in `[]` when the program leaves it out. */
  subscriberIds: subscriberIdsSchema,
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
  /** The subscriptions with identifiers this resource manages (sorted by identifier), when declared. */
  subscriptions: z.array(declaredSubscriptionSchema).optional(),
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
