/**
 * Which Novu the emulator plays: the community server (the default, what self-hosting from the open-source
 * repository gives) or the enterprise edition, and the organization's plan.
 *
 * - The enterprise edition adds the organization settings (`GET/PATCH /v1/organizations/settings`,
 *   apps/api/src/app/organization/ee.organization.controller.ts, loaded only where Clerk or better-auth
 *   authentication is on) and translations (`/v2/translations`, the private translations module; its
 *   contract is @novu/api's `translations` functions). A community server has neither route and answers
 *   404 `Cannot GET /v1/organizations/settings` as Nest does for any unknown route.
 * - Only the enterprise translations module stores a workflow's or layout's `isTranslationEnabled`
 *   (libs/application-generic/src/usecases/workflow/create-workflow-v0 and patch-workflow
 *   `toggleV2TranslationsForWorkflow`, which community servers skip): elsewhere it reads false.
 * - The plan decides `removeNovuBranding` (packages/shared/src/consts/feature-tiers-constants.ts
 *   `PLATFORM_REMOVE_NOVU_BRANDING_BOOLEAN`: refused on free, allowed from pro up).
 */

/** The editions of the service. */
export const EDITIONS = ["community", "enterprise"] as const;
/** One of {@link EDITIONS}. */
export type Edition = (typeof EDITIONS)[number];

/** The plans (`ApiServiceLevelEnum`) the emulator knows. */
export const PLANS = ["free", "pro", "team", "business", "enterprise", "unlimited"] as const;
/** One of {@link PLANS}. */
export type Plan = (typeof PLANS)[number];

/** Defaults: a community server, an organization on the free plan (what a new cloud organization gets). */
export const DEFAULT_EDITION: Edition = "community";
export const DEFAULT_PLAN: Plan = "free";

/** Whether the plan may set `removeNovuBranding` (`getFeatureForTierAsBoolean`: free 0, every paid tier 1). */
export function planAllowsBrandingRemoval(plan: Plan): boolean {
  return plan !== "free";
}

/** The edition a `--edition` value names, or an error naming the allowed values. */
export function editionNamed(value: string): Edition {
  const found = EDITIONS.find((e) => e === value);
  if (!found)
    throw new Error(`--edition must be one of ${EDITIONS.join(", ")} (got ${JSON.stringify(value)})`);
  return found;
}

/** The plan a `--plan` value names, or an error naming the allowed values. */
export function planNamed(value: string): Plan {
  const found = PLANS.find((p) => p === value);
  if (!found) throw new Error(`--plan must be one of ${PLANS.join(", ")} (got ${JSON.stringify(value)})`);
  return found;
}
