/**
 * Environment variables (`/v1/environment-variables`): Novu's `apps/api/src/app/environment-variables/dtos/`.
 * One record per organization and key, holding one value per environment; an API key reads and writes only
 * its own environment's value. What we send is strict, what we read tolerant.
 */
import { z } from "zod";

/** What a key must look like (`create-environment-variable-request.dto.ts`, `@Matches`). */
export const ENVIRONMENT_VARIABLE_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Longest key and longest value (`@MaxLength(256)`). */
export const MAX_ENVIRONMENT_VARIABLE_LENGTH = 256;
/** The types a variable may have (`EnvironmentVariableType` of @novu/shared): only `string`. */
export const ENVIRONMENT_VARIABLE_TYPES = ["string"] as const;
/**
 * What a secret value reads back as: eight U+2022 (`SECRET_MASK`). The service refuses it as a value, so
 * a value read back can never be written back.
 */
export const SECRET_MASK = "\u2022".repeat(8);

/** The rule of a key, as errors name it. */
export const ENVIRONMENT_VARIABLE_KEY_RULE =
  "must start with a letter and hold only letters, digits and '_', at most 256 characters";

/** A variable's key (strict). */
export const environmentVariableKeySchema = z
  .string()
  .max(MAX_ENVIRONMENT_VARIABLE_LENGTH, `must be at most ${MAX_ENVIRONMENT_VARIABLE_LENGTH} characters`)
  .regex(ENVIRONMENT_VARIABLE_KEY_PATTERN, ENVIRONMENT_VARIABLE_KEY_RULE);

/** A value to write (strict): at most 256 characters, and never the secret mask. */
export const environmentVariableValueTextSchema = z
  .string()
  .max(MAX_ENVIRONMENT_VARIABLE_LENGTH, `must be at most ${MAX_ENVIRONMENT_VARIABLE_LENGTH} characters`)
  .refine((v) => v !== SECRET_MASK, {
    error: "must not be the secret mask (eight '\u2022'): the service refuses it as a value",
  });

/** A variable's type (strict). */
export const environmentVariableTypeSchema = z.enum(ENVIRONMENT_VARIABLE_TYPES);

/** One environment's value, to write (strict). */
export const environmentVariableValueInputSchema = z.strictObject({
  /** The environment the value is for: with an API key, only the key's own environment. */
  _environmentId: z.string().min(1),
  /** The value. */
  value: environmentVariableValueTextSchema,
});

/** Body of `POST /v1/environment-variables` (strict). */
export const createEnvironmentVariableBodySchema = z.strictObject({
  key: environmentVariableKeySchema,
  type: environmentVariableTypeSchema.optional(),
  isSecret: z.boolean().optional(),
  values: z.array(environmentVariableValueInputSchema).optional(),
});
/** Body of the create-variable operation. */
export type CreateEnvironmentVariableBody = z.infer<typeof createEnvironmentVariableBodySchema>;

/**
 * Body of `PATCH /v1/environment-variables/{key}` (strict): `values` are merged per environment. `key`,
 * `type` and `isSecret` are the record's, shared by every environment: an API key is refused (403).
 */
export const updateEnvironmentVariableBodySchema = z.strictObject({
  key: environmentVariableKeySchema.optional(),
  type: environmentVariableTypeSchema.optional(),
  isSecret: z.boolean().optional(),
  values: z.array(environmentVariableValueInputSchema).optional(),
});
/** Body of the update-variable operation. */
export type UpdateEnvironmentVariableBody = z.infer<typeof updateEnvironmentVariableBodySchema>;

/** One environment's value as read (tolerant); a secret's reads back as {@link SECRET_MASK}. */
export const environmentVariableValueSchema = z.looseObject({
  /** The environment of the value. */
  _environmentId: z.string(),
  /** The value, or the mask for a secret. */
  value: z.string(),
});

/** A variable as read (tolerant): with an API key, `values` holds at most the key's environment's value. */
export const environmentVariableSchema = z.looseObject({
  /** The record's `_id`, shared by every environment. */
  _id: z.string(),
  /** The organization. */
  _organizationId: z.string().optional(),
  /** The key workflows read as `{{env.KEY}}`. */
  key: z.string(),
  /** The type (`string`). */
  type: z.string().default("string"),
  /** Whether the values are secret (masked when read). */
  isSecret: z.boolean().default(false),
  /** The values this caller may see. */
  values: z.array(environmentVariableValueSchema).default([]),
  /** When it was created (ISO 8601). */
  createdAt: z.string().optional(),
  /** When it last changed (ISO 8601). */
  updatedAt: z.string().optional(),
});
/** An environment variable. */
export type EnvironmentVariable = z.infer<typeof environmentVariableSchema>;

/** The list answer. */
export const environmentVariableListSchema = z.array(environmentVariableSchema);

/** Query of `GET /v1/environment-variables` (strict). */
export const listEnvironmentVariablesQuerySchema = z.strictObject({
  /** A case-insensitive substring of the key. */
  search: z.string().optional(),
});
/** Query of the list-variables operation. */
export type ListEnvironmentVariablesQuery = z.input<typeof listEnvironmentVariablesQuerySchema>;

/** Answer of `GET /v1/environment-variables/{key}/usage` (tolerant). */
export const environmentVariableUsageSchema = z.looseObject({
  /** The workflows (of every environment of the organization) whose step controls read `env.KEY`. */
  workflows: z.array(z.looseObject({ name: z.string().optional(), workflowId: z.string() })).default([]),
});
/** Usage of a variable. */
export type EnvironmentVariableUsage = z.infer<typeof environmentVariableUsageSchema>;
