/**
 * The shape of `svc.Translation`, written once: the source of check's first pass, of the provider's types, of
 * the public `TranslationArgs`, `TranslationState` and output types (through ../inputs.ts) and of the plugin's
 * schema.
 */
import { z } from "zod";
import { localeSchema, translationContentSchema, translationResourceTypeSchema } from "../../sdk/schemas";

/** What a program declares for a Translation. */
export const translationArgsSchema = z.strictObject({
  /** `workflow` or `layout`: what `resourceId` names. Changing it replaces the translation. */
  resourceType: translationResourceTypeSchema,
  /**
   * The workflow's `workflowId` or the layout's `layoutId` (pass the resource's output, e.g.
   * `workflow.workflowId`, so the translation follows it). Changing it replaces the translation.
   */
  resourceId: z.string().min(1, "must not be empty"),
  /** The locale, e.g. `fr_FR` (`-` is read as `_`). Changing it replaces the translation. */
  locale: localeSchema,
  /** The translation: a JSON object of keys (nested objects allowed), as the dashboard's translation editor holds it. */
  content: translationContentSchema,
});
/** Inputs after check. */
export type TranslationInputs = z.output<typeof translationArgsSchema>;

/** The outputs of a Translation; its id is `<resourceType>/<resourceId>/<locale>`. */
export const translationOutputsSchema = z.strictObject({
  /** `workflow` or `layout`. */
  resourceType: z.string(),
  /** The resource's identifier. */
  resourceId: z.string(),
  /** The locale as the service stores it (`fr_FR`). */
  locale: z.string(),
  /** The translation's content as the service holds it. */
  content: z.record(z.string(), z.unknown()),
  /**
   * Environment the translation belongs to: the API key's (or the `svc.Provider`'s). An operation with a key
   * of another environment fails instead of acting elsewhere.
   */
  environmentId: z.string().optional(),
  /** Name of that environment ("Development", "Production", ...), when the service tells it. */
  environmentName: z.string().optional(),
  /** Organization the translation belongs to, when the service tells it. */
  organizationId: z.string().optional(),
});
/** Outputs of the Translation provider. */
export type TranslationOutputs = z.output<typeof translationOutputsSchema>;
