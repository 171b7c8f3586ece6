/**
 * The shape of `svc.OrganizationSettings`, written once: the source of check's first pass, of the provider's
 * types, of the public `OrganizationSettingsArgs`, `OrganizationSettingsState` and output types (through
 * ../inputs.ts) and of the plugin's schema.
 */
import { z } from "zod";
import { localeSchema } from "../../sdk/schemas";

/** What a program declares for OrganizationSettings: each field optional, and a field left out is not managed. */
export const organizationSettingsArgsSchema = z.strictObject({
  /**
   * The organization's default locale, e.g. `en_US` (`-` is read as `_`); the service checks it against its
   * list of supported locales. Left out: not managed.
   */
  defaultLocale: localeSchema.optional(),
  /** The locales translations are kept in, e.g. `["fr_FR", "de_DE"]`. Left out: not managed. */
  targetLocales: z.array(localeSchema).optional(),
  /**
   * Leave Novu's branding out of emails and the Inbox. A paid-plan feature: on the free plan the service
   * refuses any value (false too) and the create or update fails in one line, before anything is written.
   * Left out: not managed.
   */
  removeNovuBranding: z.boolean().optional(),
});
/** Inputs after check. */
export type OrganizationSettingsInputs = z.output<typeof organizationSettingsArgsSchema>;

/** The managed fields' values before this resource first wrote them (what destroy puts back). */
export const settingsPriorSchema = z.strictObject({
  /** The default locale found. */
  defaultLocale: z.string().optional(),
  /** The target locales found. */
  targetLocales: z.array(z.string()).optional(),
  /** The branding flag found. */
  removeNovuBranding: z.boolean().optional(),
});
/** The values found before the first write. */
export type SettingsPrior = z.output<typeof settingsPriorSchema>;

/** The outputs of OrganizationSettings; its id is the organization's id. */
export const organizationSettingsOutputsSchema = z.strictObject({
  /** The organization the settings belong to (also the resource's id). */
  organizationId: z.string(),
  /** The default locale, as the service holds it (when managed). */
  defaultLocale: z.string().optional(),
  /** The target locales, as the service holds them (when managed). */
  targetLocales: z.array(z.string()).optional(),
  /** The branding flag, as the service holds it (when managed). */
  removeNovuBranding: z.boolean().optional(),
  /** The managed fields' values before this resource wrote them: what destroy puts back. */
  prior: settingsPriorSchema,
  /** The environment of the API key that wrote them (the settings themselves are the whole organization's). */
  environmentId: z.string().optional(),
  /** Name of that environment, when the service tells it. */
  environmentName: z.string().optional(),
});
/** Outputs of the OrganizationSettings provider. */
export type OrganizationSettingsOutputs = z.output<typeof organizationSettingsOutputsSchema>;
