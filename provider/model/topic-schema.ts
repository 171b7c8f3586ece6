/**
 * The shape of `svc.Topic`, written once: the source of check's first pass, of the provider's types, of the
 * public `TopicArgs`, `TopicState` and output types (through ../inputs.ts) and of the plugin's schema.
 */
import { z } from "zod";
import { topicKeySchema, topicNameSchema } from "../../sdk/schemas";
import { identifierOriginSchema } from "../default-identifier";

/** What a program declares for a Topic. */
export const topicArgsSchema = z.strictObject({
  /**
   * The topic's key in its environment (what triggers address): 1 to 100 letters, digits, `_`, `:`, `.`,
   * `-`, or an email address. Default: a slug of the resource name and a hash of project, stack and name,
   * stable across runs. Changing it replaces the topic.
   */
  key: topicKeySchema.optional(),
  /** The topic's display name, 1 to 100 characters. */
  name: topicNameSchema,
  /**
   * Destroy the topic even when it still holds subscriptions this stack did not make (the application's):
   * the service deletes every subscription of a topic with it. Without it, such a destroy fails naming how
   * many there are. Changing it is an update that sends no request.
   */
  forceDestroy: z.boolean().optional(),
  /**
   * When a topic with the same `key` already exists in the environment, take it over (rename it to this
   * resource's name when it differs; the same name writes nothing) instead of failing. A flag, never a change.
   */
  adopt: z.boolean().optional(),
});

/** The inputs the provider receives: the resource always sends a key, with its origin when it chose it. */
export const topicInputsSchema = topicArgsSchema.required({ key: true }).extend({
  /** Set by `svc.Topic` when it chose the key (see provider/default-identifier.ts). */
  defaultIdentifierOf: identifierOriginSchema.optional(),
});
/** Inputs after check. */
export type TopicInputs = z.output<typeof topicInputsSchema>;

/** The outputs of a Topic; its id is the key. */
export const topicOutputsSchema = z.strictObject({
  /** The topic's key (also the resource's id). */
  key: z.string(),
  /** The topic's display name, as the service holds it. */
  name: z.string(),
  /** Whether a destroy deletes the topic even when it holds subscriptions this stack did not make. */
  forceDestroy: z.boolean().optional(),
});
/** Outputs of the Topic provider. */
export type TopicOutputs = z.output<typeof topicOutputsSchema>;
