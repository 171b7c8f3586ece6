/**
 * The organization's settings (`GET/PATCH /v1/organizations/settings`): Novu's
 * `apps/api/src/app/organization/dtos/get-organization-settings.dto.ts` and `update-organization-settings.dto.ts`.
 * Served only by the enterprise edition (and Novu Cloud); a community server answers 404. One record per
 * organization. What we send is strict, what we read tolerant.
 */
import { z } from "zod";

/** The shape of a locale code as the service's list holds them: `en_US`, `pt_BR` (`-` is read as `_`). */
const LOCALE_PATTERN = /^[a-z]{2,3}[-_][A-Z]{2}$/;

/** What a locale may be (the service checks it against its own list of supported locales). */
export const LOCALE_RULE = "must be a locale code like en_US or fr_FR (language_REGION; '-' is read as '_')";

/** A locale code (strict): the shape only; the service decides whether it is in its list. */
export const localeSchema = z.string().regex(LOCALE_PATTERN, { error: LOCALE_RULE });

/** A locale as the service stores and compares it: hyphens read as underscores (`en-US` is `en_US`). */
export function normalizeLocale(locale: string): string {
  return locale.replace(/-/g, "_");
}

/** The settings as read (tolerant). */
export const organizationSettingsSchema = z.looseObject({
  /** Whether emails and the Inbox leave out Novu's branding (a paid-plan feature). */
  removeNovuBranding: z.boolean(),
  /** The organization's default locale (`en_US` unless set). */
  defaultLocale: z.string(),
  /** The locales translations are kept in (absent on servers before the field). */
  targetLocales: z.array(z.string()).optional(),
});
/** The organization's settings. */
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

/** Body of `PATCH /v1/organizations/settings`: only the fields given change (strict). */
export const updateOrganizationSettingsBodySchema = z.strictObject({
  /** Leave out Novu's branding; any value, false too, is refused (402) on the free plan. */
  removeNovuBranding: z.boolean().optional(),
  /** The default locale. */
  defaultLocale: localeSchema.optional(),
  /** The target locales. */
  targetLocales: z.array(localeSchema).optional(),
});
/** Body of the settings update. */
export type UpdateOrganizationSettingsBody = z.infer<typeof updateOrganizationSettingsBodySchema>;
