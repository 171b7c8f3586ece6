import { objectId, shortId } from "./ids";
import { emptyLayoutContent } from "./layout-content";
import { EMULATOR_VOCABULARY } from "./service-vocabulary";
import type { EnvironmentState, Store, StoredIntegration } from "./store";

/**
 * What the service's organization creation leaves in each of its two environments, before the user adds
 * anything (Novu, community edition: apps/api/src/app/organization/usecases/create-organization/
 * create-organization.usecase.ts; the cloud sign-up, sync-external-organization.usecase.ts, does the same
 * with a branded layout body):
 *
 * - a v2 layout named "Default layout", upserted without a layoutId, so its identifier is the slug of the
 *   name (apps/api/src/app/layouts-v2/usecases/upsert-layout/upsert-layout.usecase.ts `slugify(name)`),
 *   the environment's default (the first layout of the environment), holding the near-empty block template
 *   (apps/api/src/app/layouts-v2/utils/layout-templates.ts `EMPTY_LAYOUT`);
 * - the active in-app integration of Novu's own provider (apps/api/src/app/integrations/usecases/
 *   create-novu-integrations/create-novu-integrations.usecase.ts `createInAppIntegration`): providerId
 *   `novu` (`InAppProviderIdEnum.Novu`; the spec writes the service's name as `svc` in
 *   enumerated identifiers), channel `in_app`, named "Novu Inbox" (the IS_V2_ENABLED flag, on in self-hosted releases and
 *   in the cloud; "Novu In-App" without it), created with no identifier, so the service generates the slug
 *   of the name plus a short random suffix; in a Production environment it is created with HMAC on
 *   (`credentials: { hmac: true }`, NV-7593).
 *
 * "Novu Email", "Novu SMS", "Novu Slack" and the managed Claude integration are created only where the
 * server holds Novu's own delivery credentials, which a self-hosted server (the emulator's model) does not.
 */

/** The name and identifier of the layout organization creation seeds. */
export const DEFAULT_LAYOUT = { name: "Default layout", layoutId: "default-layout" } as const;

/** The in-app integration organization creation seeds. */
export const SEEDED_IN_APP = {
  name: "Novu Inbox",
  providerId: EMULATOR_VOCABULARY.inAppProviderId,
  channel: "in_app",
} as const;

/** The slug the service derives from "Novu Inbox" for a generated identifier. */
const IN_APP_IDENTIFIER_SLUG = "novu-inbox";

/** True when the environment already holds Novu's in-app integration (the usecase counts before it creates). */
function hasInApp(store: Store, env: EnvironmentState): boolean {
  for (const i of store.integrations.values())
    if (i._environmentId === env.id && i.providerId === SEEDED_IN_APP.providerId && i.channel === "in_app")
      return true;
  return false;
}

function seedInApp(store: Store, env: EnvironmentState, at: string): void {
  if (hasInApp(store, env)) return;
  const integration: StoredIntegration = {
    _id: objectId(Date.parse(at)),
    _environmentId: env.id,
    _organizationId: env.organizationId,
    name: SEEDED_IN_APP.name,
    identifier: `${IN_APP_IDENTIFIER_SLUG}-${shortId()}`,
    providerId: SEEDED_IN_APP.providerId,
    channel: SEEDED_IN_APP.channel,
    credentials: env.name === "Production" ? { hmac: true } : {},
    active: true,
    deleted: false,
    primary: false,
    conditions: [],
    createdAt: at,
    updatedAt: at,
  };
  store.integrations.set(integration._id, integration);
}

function seedDefaultLayout(env: EnvironmentState): void {
  if (env.layouts.defaultLayout() || env.layouts.byIdentifier(DEFAULT_LAYOUT.layoutId)) return;
  env.layouts.put(
    env.layouts.create({
      layoutId: DEFAULT_LAYOUT.layoutId,
      name: DEFAULT_LAYOUT.name,
      isTranslationEnabled: false,
      content: emptyLayoutContent(),
    }),
  );
}

/**
 * Gives an environment what the service's organization creation gives each of its environments: the
 * in-app integration and the default layout. Idempotent: an environment that already has Novu's in-app
 * integration, or a default layout, keeps it.
 */
export function seedNewOrganization(store: Store, env: EnvironmentState): void {
  seedInApp(store, env, env.createdAt);
  seedDefaultLayout(env);
  store.changed();
}
