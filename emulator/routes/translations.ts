import { z } from "zod";
import { notFound, unprocessable } from "../errors";
import { isSupportedLocale, normalizeLocale, unsupportedLocaleMessage } from "../locales";
import type { RequestContext, Route, RouteResult } from "../router";
import type { EnvironmentState } from "../store";
import {
  type StoredTranslation,
  TRANSLATION_RESOURCE_TYPES,
  type TranslationResourceType,
} from "../translation-table";
import { keyEnvironment } from "./scope";

/**
 * `/v2/translations` of the key's environment: Novu's enterprise translations module, whose source is
 * private. The contract is @novu/api 3.x (funcs/translationsCreate|Retrieve|Delete|GroupsRetrieve|
 * GroupsDelete.ts, models/components/createtranslationrequestdto.ts, translationresponsedto.ts,
 * translationgroupdto.ts): POST upserts (200), GET and DELETE (204) one translation, GET and DELETE (204) a
 * resource's group. Registered only in enterprise mode (../edition.ts): a community server answers 404
 * `Cannot POST /v2/translations`.
 *
 * Inferred where the contract is silent (said so in emulator/README.md): the resource must exist in the
 * environment (404 otherwise), found by identifier or slug as the request DTO says, and translations are
 * stored under its identifier; the locale is checked and normalized as the settings' `defaultLocale`
 * (../locales.ts); a missing translation or group is 404; body failures are the v2 422.
 */

const createBodySchema = z.looseObject({
  resourceId: z.string().min(1),
  resourceType: z.enum(TRANSLATION_RESOURCE_TYPES),
  locale: z.string(),
  content: z.record(z.string(), z.unknown()),
});

/** The body's failures as the v2 validation answer (422). */
function refusals(issues: z.core.$ZodIssue[]): string[] {
  return issues.map((i) => `${i.path.join(".") || "body"} ${i.message}`);
}

/** The resource a translation names, by identifier or slug: its identifier and name, or 404. */
function resource(env: EnvironmentState, type: TranslationResourceType, id: string) {
  if (type === "workflow") {
    const w = env.findWorkflow(id);
    if (!w) throw notFound(`Workflow with id ${id} not found`);
    return { id: w.workflowId, name: w.name };
  }
  const layout = env.layouts.find(id);
  if (!layout) throw notFound(`Layout with id ${id} not found`);
  return { id: layout.layoutId, name: layout.name };
}

/** The `resourceType` path parameter, or 422 naming the allowed values. */
function typeParam(ctx: RequestContext): TranslationResourceType {
  const raw = ctx.params["resourceType"];
  const found = TRANSLATION_RESOURCE_TYPES.find((t) => t === raw);
  if (!found)
    throw unprocessable([
      `resourceType must be one of the following values: ${TRANSLATION_RESOURCE_TYPES.join(", ")}`,
    ]);
  return found;
}

/** The `locale` path parameter, checked and normalized, or 422. */
function localeParam(value: string | undefined): string {
  if (!isSupportedLocale(value)) throw unprocessable([unsupportedLocaleMessage("locale", value)]);
  return normalizeLocale(value as string);
}

const answer = (t: StoredTranslation) => ({
  resourceId: t.resourceId,
  resourceType: t.resourceType,
  locale: t.locale,
  content: t.content,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

/** POST: creates the translation, or replaces the content of the one of that resource and locale (200). */
function upsertTranslation(ctx: RequestContext): RouteResult {
  const parsed = createBodySchema.safeParse(ctx.body);
  if (!parsed.success) throw unprocessable(refusals(parsed.error.issues));
  const body = parsed.data;
  const locale = localeParam(body.locale);
  const env = keyEnvironment(ctx);
  const target = resource(env, body.resourceType, body.resourceId);
  const stored = env.translations.upsert({
    resourceId: target.id,
    resourceType: body.resourceType,
    locale,
    content: body.content,
  });
  ctx.store.changed();
  return { status: 200, body: { data: answer(stored) } };
}

/** The stored translation the path names, or 404. */
function foundTranslation(ctx: RequestContext, env: EnvironmentState): StoredTranslation {
  const type = typeParam(ctx);
  const locale = localeParam(ctx.params["locale"]);
  const id = ctx.params["resourceId"] ?? "";
  const resourceId =
    type === "workflow" ? (env.findWorkflow(id)?.workflowId ?? id) : (env.layouts.find(id)?.layoutId ?? id);
  const t = env.translations.get(type, resourceId, locale);
  if (!t) throw notFound(`Translation for ${type} ${id} in locale ${locale} not found`);
  return t;
}

function getTranslation(ctx: RequestContext): RouteResult {
  return { status: 200, body: { data: answer(foundTranslation(ctx, keyEnvironment(ctx))) } };
}

function deleteTranslation(ctx: RequestContext): RouteResult {
  const env = keyEnvironment(ctx);
  const t = foundTranslation(ctx, env);
  env.translations.remove(t.resourceType, t.resourceId, t.locale);
  ctx.store.changed();
  return { status: 204 };
}

/** The translations of the resource the path names (at least one), or 404. */
function foundGroup(ctx: RequestContext, env: EnvironmentState) {
  const type = typeParam(ctx);
  const target = resource(env, type, ctx.params["resourceId"] ?? "");
  const rows = env.translations.ofResource(type, target.id);
  if (rows.length === 0) throw notFound(`Translation group for ${type} ${target.id} not found`);
  return { type, target, rows };
}

/** GET group (@novu/api `TranslationGroupDto`): the resource's locales, oldest and newest write. */
function getGroup(ctx: RequestContext): RouteResult {
  const { type, target, rows } = foundGroup(ctx, keyEnvironment(ctx));
  const times = rows.map((r) => r.updatedAt).sort();
  const created = rows.map((r) => r.createdAt).sort();
  return {
    status: 200,
    body: {
      data: {
        resourceId: target.id,
        resourceType: type,
        resourceName: target.name,
        locales: rows.map((r) => r.locale),
        createdAt: created[0],
        updatedAt: times[times.length - 1],
      },
    },
  };
}

/** DELETE group: every translation of the resource (204). */
function deleteGroup(ctx: RequestContext): RouteResult {
  const env = keyEnvironment(ctx);
  const { rows } = foundGroup(ctx, env);
  for (const r of rows) env.translations.remove(r.resourceType, r.resourceId, r.locale);
  ctx.store.changed();
  return { status: 204 };
}

const CATEGORY = "configuration";

/** The translation routes (enterprise edition only); the literal `group` paths first. */
export const translationRoutes: Route[] = [
  { method: "POST", pattern: "/v2/translations", category: CATEGORY, handler: upsertTranslation },
  {
    method: "GET",
    pattern: "/v2/translations/group/:resourceType/:resourceId",
    category: CATEGORY,
    handler: getGroup,
  },
  {
    method: "GET",
    pattern: "/v2/translations/:resourceType/:resourceId/:locale",
    category: CATEGORY,
    handler: getTranslation,
  },
  {
    method: "DELETE",
    pattern: "/v2/translations/:resourceType/:resourceId/:locale",
    category: CATEGORY,
    handler: deleteTranslation,
  },
  {
    method: "DELETE",
    pattern: "/v2/translations/:resourceType/:resourceId",
    category: CATEGORY,
    handler: deleteGroup,
  },
];
