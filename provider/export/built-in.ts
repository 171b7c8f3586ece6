/**
 * The one rule for objects the service makes itself: they are not exported. Every environment the service
 * creates holds its own, the target of a copy too, with identifiers generated there (Novu,
 * apps/api/src/app/organization/usecases/create-organization/ and environments-v1/usecases/create-environment/):
 * - the integrations of the service's own providers: the in-app "Novu Inbox" (`novu`, `in_app`; its identifier
 *   is the slug of its name plus a random suffix, so no declaration can name the target's own, and a second one
 *   is refused: integrations/usecases/create-integration/create-integration.usecase.ts, 400 "One environment can
 *   only have one In app provider"), and "Novu Email", "Novu SMS", "Novu Slack" where the service holds Novu's own
 *   delivery credentials (elsewhere refused: 400 "Creating Novu integration for ... is not allowed");
 * - the "Default layout" it upserts without a layoutId, so its layoutId is the slug of the name in every
 *   environment (layouts-v2/usecases/upsert-layout/upsert-layout.usecase.ts `slugify(name)`): a step naming it
 *   names the target's own default by that same identifier.
 * Declaring the source's would make a second one in a copy (or fail). A default layout the user made (an
 * environment older than the seeded one) is exported like the rest.
 */
import { SERVICE_VOCABULARY } from "../../sdk/schemas/service-vocabulary";

/** The service's own providers: it makes their integrations itself. */
const SERVICE_PROVIDERS: ReadonlySet<string> = new Set([
  SERVICE_VOCABULARY.inAppProviderId,
  SERVICE_VOCABULARY.emailProviderId,
  SERVICE_VOCABULARY.smsProviderId,
  SERVICE_VOCABULARY.slackProviderId,
]);

/** The layoutId of the default layout the service makes (the slug of "Default layout"). */
export const SERVICE_DEFAULT_LAYOUT_ID = "default-layout";

/** Why a built-in object is left out, after what it is (one line of the README's "Left out"). */
const WHY =
  "made by the service itself in every environment (a copy's target has its own), so not declared; see docs/existing-objects.md";

/** The left-out line of an integration the service made, or undefined when the user made it. */
export function builtInIntegration(i: {
  identifier: string;
  providerId: string;
  channel: string;
}): string | undefined {
  if (!SERVICE_PROVIDERS.has(i.providerId)) return undefined;
  return `integration "${i.identifier}" (${i.providerId}, ${i.channel}): ${WHY}`;
}

/** The left-out line of the default layout the service made, or undefined for any other layout. */
export function builtInLayout(l: { layoutId: string; isDefault: boolean }): string | undefined {
  if (!l.isDefault || l.layoutId !== SERVICE_DEFAULT_LAYOUT_ID) return undefined;
  return `layout "${l.layoutId}" (the environment's default): ${WHY}`;
}
