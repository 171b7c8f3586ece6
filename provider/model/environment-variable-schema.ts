/**
 * The shape of `svc.EnvironmentVariable`, written once: the source of check's first pass, of the provider's
 * types, of the public `EnvironmentVariableArgs`, `EnvironmentVariableState` and output types (through
 * ../inputs.ts) and of the plugin's schema.
 *
 * The resource is one environment's value of an organization's variable: the key's record is shared by
 * every environment, each stack (or `svc.Provider`) owning its own environment's value.
 */
import { z } from "zod";
import {
  environmentVariableKeySchema,
  environmentVariableTypeSchema,
  environmentVariableValueTextSchema,
} from "../../sdk/schemas";

/** What a program declares for an EnvironmentVariable. */
export const environmentVariableArgsSchema = z.strictObject({
  /**
   * The variable's key, read by workflows as `{{env.KEY}}`: a letter, then letters, digits and `_`, at most
   * 256 characters. One record of the organization per key, shared by every environment. Changing it
   * replaces the value (the old key's value in this environment is deleted).
   */
  key: environmentVariableKeySchema,
  /**
   * This environment's value, at most 256 characters (never the secret mask, eight '\u2022'). A secret
   * variable's value is a Pulumi secret everywhere (inputs, state, outputs, previews). Required, except on a
   * secret variable with `adopt: true`: left out, adopting keeps the value this environment holds (the
   * service never reads a secret value back, so a program may not know it), and a create where this
   * environment holds none fails naming the key, before any write.
   */
  value: environmentVariableValueTextSchema.optional(),
  /**
   * Whether the variable is secret (default false): the service masks its values when read, so drift of
   * a secret value is not detectable. It belongs to the whole record, shared by every environment, and an
   * API key cannot change it: see docs/environment-variables.md.
   */
  isSecret: z.boolean().optional(),
  /** The variable's type: only `string` (the default). Like `isSecret`, it belongs to the whole record. */
  type: environmentVariableTypeSchema.optional(),
  /**
   * Take over a value that this environment already holds and that this stack did not write (set in the
   * dashboard, or by another program). Without it, such a create fails naming the key and the environment.
   * Changing it sends no request.
   */
  adopt: z.boolean().optional(),
});

/** The inputs the provider receives. */
export const environmentVariableInputsSchema = environmentVariableArgsSchema;
/** Inputs after check. */
export type EnvironmentVariableInputs = z.output<typeof environmentVariableInputsSchema>;

/** The outputs of an EnvironmentVariable; its id is the key. */
export const environmentVariableOutputsSchema = z.strictObject({
  /** The `_id` of the organization's record of the key, shared by every environment. */
  variableId: z.string(),
  /** The variable's key (also the resource's id). */
  key: z.string(),
  /**
   * This environment's value, as declared (a secret when `isSecret`; the service never reads a secret value
   * back, so it is the declared one). A lookup of a secret variable answers the mask. Absent for a secret
   * value adopted without declaring it (what the service holds is kept, unknown to the stack).
   */
  value: z.string().optional(),
  /** Whether the variable is secret. */
  isSecret: z.boolean(),
  /** The variable's type (`string`). */
  type: z.string(),
  /** Whether the create was allowed to take over an existing value of this environment. */
  adopt: z.boolean().optional(),
});
/** Outputs of the EnvironmentVariable provider. */
export type EnvironmentVariableOutputs = z.output<typeof environmentVariableOutputsSchema>;
