/**
 * The organization's settings (`GET /v1/organizations/settings`, enterprise edition and Novu Cloud): one
 * `OrganizationSettings` declaring what is set (the default locale, the target locales when there are
 * some, `removeNovuBranding` only when on: the free plan refuses any value of it, false too).
 *
 * Only with `--only settings`: the settings are the whole organization's, not the environment's, so an
 * export of one environment leaves them out by default. A program declaring them on a stack of each
 * environment would manage one organization-wide record from several stacks, and destroying a stack puts
 * back what it found (docs/existing-objects.md). A service without the route (community: 404 `Cannot GET`)
 * gives one line on stderr and no resource.
 */
import type { OrganizationSettings } from "../../../sdk/schemas";
import { isMissingRoute } from "../../runtime/shared/edition-probe";
import type { ExportKind } from "../kind";
import type { ExportValue } from "../model";

export const organizationSettingsKind: ExportKind = {
  name: "settings",
  word: "settings",
  optIn: true,
  async read(ctx) {
    let settings: OrganizationSettings;
    try {
      settings = await ctx.client.organization.settings.get();
    } catch (e) {
      if (!isMissingRoute(e)) throw e;
      ctx.say(
        "settings: the service has no organization settings (404 Cannot GET /v1/organizations/settings: a community edition); none exported",
      );
      return [];
    }
    ctx.progress("settings", 1, 1);
    const props: Record<string, ExportValue> = {};
    if (settings.defaultLocale) props.defaultLocale = settings.defaultLocale;
    if (settings.targetLocales !== undefined && settings.targetLocales.length > 0)
      props.targetLocales = [...settings.targetLocales];
    if (settings.removeNovuBranding === true) props.removeNovuBranding = true;
    if (Object.keys(props).length === 0) return [];
    return [
      {
        type: "OrganizationSettings",
        identifier: "organization-settings",
        describe: "the organization's settings (the whole organization's, every environment)",
        props,
      },
    ];
  },
};
