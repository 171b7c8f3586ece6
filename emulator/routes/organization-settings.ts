import { z } from "zod";
import { planAllowsBrandingRemoval } from "../edition";
import { badRequest, ObjectHttpError } from "../errors";
import { isSupportedLocale, unsupportedLocaleMessage } from "../locales";
import type { RequestContext, Route, RouteResult } from "../router";
import type { StoredOrganizationSettings } from "../store";

/**
 * `GET/PATCH /v1/organizations/settings` (apps/api/src/app/organization/ee.organization.controller.ts; usecases
 * get-organization-settings/ and update-organization-settings/; dtos get-organization-settings.dto.ts and
 * update-organization-settings.dto.ts). Enterprise edition only: the emulator registers these routes only
 * then (../edition.ts), so a community emulator answers 404 `Cannot GET /v1/organizations/settings`.
 * One record per organization: every environment's key reads and writes the same settings.
 */

/** The service's default locale (`DEFAULT_LOCALE` of @novu/shared). */
const DEFAULT_LOCALE = "en_US";

/** update-organization-settings.dto.ts: each field optional; other keys are not read. */
const patchBodySchema = z.looseObject({
  removeNovuBranding: z.boolean({ error: "removeNovuBranding must be a boolean value" }).optional(),
  defaultLocale: z.unknown().optional(),
  targetLocales: z
    .array(z.string({ error: "each value in targetLocales must be a string" }), {
      error: "targetLocales must be an array",
    })
    .optional(),
});

/** The answer (get-organization-settings usecase): `removeNovuBranding` false and `defaultLocale` en_US unless set. */
function settingsAnswer(s: StoredOrganizationSettings | undefined) {
  return {
    removeNovuBranding: s?.removeNovuBranding || false,
    defaultLocale: s?.defaultLocale || DEFAULT_LOCALE,
    targetLocales: s?.targetLocales ?? [],
  };
}

function getSettings(ctx: RequestContext): RouteResult {
  return {
    status: 200,
    body: { data: settingsAnswer(ctx.store.organizationSettings.get(ctx.scope.organizationId)) },
  };
}

/**
 * PATCH (update-organization-settings.usecase.ts): the DTO first (`defaultLocale` through `@IsValidLocale()`,
 * ../locales.ts; `targetLocales` strings, not checked against the list), then the plan: any
 * `removeNovuBranding`, false included, is 402 on the free plan (`validateTierRestrictions`) and nothing is
 * written. Only the fields given change; none given answers the settings as they are.
 */
function patchSettings(ctx: RequestContext): RouteResult {
  const parsed = patchBodySchema.safeParse(ctx.body ?? {});
  if (!parsed.success) throw badRequest(parsed.error.issues.map((i) => i.message));
  const body = parsed.data;
  if (body.defaultLocale !== undefined && !isSupportedLocale(body.defaultLocale))
    throw badRequest([unsupportedLocaleMessage("defaultLocale", body.defaultLocale)]);
  if (body.removeNovuBranding !== undefined && !planAllowsBrandingRemoval(ctx.store.plan))
    throw new ObjectHttpError(402, {
      error: "Payment Required",
      message:
        "Removing Novu branding is not allowed on the free plan. Please upgrade to a paid plan to access this feature.",
    });
  const org = ctx.scope.organizationId;
  const next: StoredOrganizationSettings = { ...ctx.store.organizationSettings.get(org) };
  if (body.removeNovuBranding !== undefined) next.removeNovuBranding = body.removeNovuBranding;
  if (typeof body.defaultLocale === "string") next.defaultLocale = body.defaultLocale;
  if (body.targetLocales !== undefined) next.targetLocales = body.targetLocales;
  ctx.store.organizationSettings.set(org, next);
  ctx.store.changed();
  return { status: 200, body: { data: settingsAnswer(next) } };
}

/** The settings routes (enterprise edition only); category global (no `@ThrottlerCategory` on the controller). */
export const organizationSettingsRoutes: Route[] = [
  { method: "GET", pattern: "/v1/organizations/settings", category: "global", handler: getSettings },
  { method: "PATCH", pattern: "/v1/organizations/settings", category: "global", handler: patchSettings },
];
