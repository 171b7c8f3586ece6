import { conflict } from "../errors";
import { checkLayoutContent, emptyLayoutContent } from "../layout-content";
import type { StoredLayout } from "../layout-table";
import type { RequestContext, Route, RouteResult } from "../router";
import { layoutNotFound, layoutUsage, unsetStepLayouts } from "../step-layouts";
import type { EnvironmentState } from "../store";
import {
  createLayoutDto,
  type ListLayoutsQuery,
  listLayoutsQueryDto,
  type UpdateLayoutBody,
  updateLayoutDto,
} from "../validation/layouts";
import { withPaginationNumbers } from "../validation/limit-offset";
import { validated } from "../validation/pipe";
import { slugify, storedTranslationFlag } from "../workflow-builder";
import { keyEnvironment } from "./scope";

/**
 * The v2 layout endpoints (apps/api/src/app/layouts-v2/layouts.controller.ts), all in the key's
 * environment; `{layoutId}` is the layout's identifier or its `_id` (ParseSlugIdPipe, GetLayoutUseCaseV0).
 */

/** The controls metadata a v2 layout stores (libs/application-generic/src/schemas/control/layout-control.schema.ts). */
const LAYOUT_UI_SCHEMA = {
  group: "LAYOUT",
  properties: {
    email: {
      component: "LAYOUT_EMAIL",
      properties: {
        body: { component: "EMAIL_BODY", placeholder: "" },
        editorType: { component: "EMAIL_EDITOR_SELECT", placeholder: "block" },
      },
    },
  },
};
/** The JSON schema of the layout controls (the same file's zod schema: `email.body` non-empty, `editorType` block by default). */
const LAYOUT_DATA_SCHEMA = {
  type: "object",
  properties: {
    email: {
      type: "object",
      properties: {
        body: { type: "string", minLength: 1 },
        editorType: { type: "string", enum: ["block", "html"], default: "block" },
      },
      required: ["body"],
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};
/** The variables a layout body may use (layout-variables-schema usecase): the subscriber's fields. */
const LAYOUT_VARIABLES = {
  type: "object",
  properties: {
    subscriber: {
      type: "object",
      properties: Object.fromEntries(
        ["firstName", "lastName", "email", "phone", "avatar", "locale", "subscriberId"].map((k) => [
          k,
          { type: "string" },
        ]),
      ),
      additionalProperties: true,
    },
  },
  additionalProperties: false,
};

/**
 * A layout as answered (libs/application-generic/src/usecases/get-layout-v2/mapper.ts
 * `mapLayoutToResponseDto`): slug `<name slug>_ly_<_id>`, `isTranslationEnabled` a boolean, the email
 * values only when stored. A list item (`full` false) carries no control values, no schemas and empty
 * variables (list-layouts.use-case.ts maps with `controlValues: null`, `controls: {}`, `variables: {}`).
 */
function layoutAnswer(layout: StoredLayout, full = true) {
  const email = full ? layout.controlValues?.email : undefined;
  return {
    _id: layout._id,
    layoutId: layout.layoutId,
    slug: `${slugify(layout.name)}_ly_${layout._id}`,
    name: layout.name,
    isDefault: layout.isDefault,
    isTranslationEnabled: layout.isTranslationEnabled,
    updatedAt: layout.updatedAt,
    createdAt: layout.createdAt,
    origin: layout.origin,
    type: layout.type,
    variables: full ? LAYOUT_VARIABLES : {},
    controls: {
      ...(full ? { uiSchema: LAYOUT_UI_SCHEMA, dataSchema: LAYOUT_DATA_SCHEMA } : {}),
      values: email ? { email } : {},
    },
  };
}

/** The layout of `{layoutId}` in `env`, or GetLayoutUseCaseV0's 404. */
function found(env: EnvironmentState, ctx: RequestContext): StoredLayout {
  const id = ctx.params["layoutId"] ?? "";
  const layout = env.layouts.find(id);
  if (!layout) throw layoutNotFound(env, id);
  return layout;
}

/** Stores a layout and answers it wrapped (response.interceptor.ts). */
function saved(
  ctx: RequestContext,
  env: EnvironmentState,
  layout: StoredLayout,
  status: number,
): RouteResult {
  env.layouts.put(layout);
  ctx.store.changed();
  return { status, body: { data: layoutAnswer(layout) } };
}

/**
 * POST (usecases/upsert-layout/, layouts-v1 create-layout.use-case.ts): 201; a taken `layoutId` is a 409;
 * whatever content the body holds, the layout stores the empty block template; it is the environment's
 * default when the environment has none.
 */
function createLayout(ctx: RequestContext): RouteResult {
  const body = validated<{ layoutId: string; name: string; isTranslationEnabled?: boolean }>(
    ctx.body,
    createLayoutDto,
  );
  const env = keyEnvironment(ctx);
  if (env.layouts.byIdentifier(body.layoutId))
    throw conflict(`Layout with identifier: ${body.layoutId} already exists under environment ${env.id}`);
  const layout = env.layouts.create({
    layoutId: body.layoutId,
    name: body.name,
    // Stored only by the enterprise translations module, as for workflows (storedTranslationFlag).
    isTranslationEnabled: storedTranslationFlag(
      ctx.store.edition === "enterprise",
      body.isTranslationEnabled,
      undefined,
    ),
    content: emptyLayoutContent(),
  });
  return saved(ctx, env, layout, 201);
}

/**
 * PUT (upsert-layout.usecase.ts with an id): the content is checked first (a bad body on a missing layout
 * is a 400), then the layout is looked up (404, never created); `name` replaces, `controlValues` replace,
 * `null` deletes them, absent keeps them.
 */
function updateLayout(ctx: RequestContext): RouteResult {
  const body = validated<UpdateLayoutBody>(ctx.body, updateLayoutDto);
  const email = body.controlValues?.email;
  if (email) checkLayoutContent({ body: email.body, editorType: email.editorType });
  const env = keyEnvironment(ctx);
  const previous = found(env, ctx);
  const controlValues =
    body.controlValues === undefined
      ? previous.controlValues
      : body.controlValues === null
        ? null
        : email
          ? { email: { body: email.body, editorType: email.editorType } }
          : {};
  const next = { ...previous, name: body.name, controlValues, updatedAt: new Date().toISOString() };
  return saved(ctx, env, next, 200);
}

function getLayout(ctx: RequestContext): RouteResult {
  return { status: 200, body: { data: layoutAnswer(found(keyEnvironment(ctx), ctx)) } };
}

/**
 * DELETE (usecases/delete-layout/delete-layout.use-case.ts): 204; the default layout is a 409; the email
 * steps naming the layout lose their `layoutId` first (they then use the default).
 */
function deleteLayout(ctx: RequestContext): RouteResult {
  const env = keyEnvironment(ctx);
  const layout = found(env, ctx);
  if (layout.isDefault)
    throw conflict(
      `Layout with id ${ctx.params["layoutId"]} is being used as a default layout, it can not be deleted`,
    );
  unsetStepLayouts(env, layout);
  env.layouts.remove(layout);
  ctx.store.changed();
  return { status: 204 };
}

/**
 * GET list (list-layouts.use-case.ts, layout repository `getV2List`): `query` matches the name or the
 * identifier (case-insensitive), ordered (default createdAt DESC), offset/limit (defaults 0 and 50);
 * `{ layouts, totalCount }` wrapped in `data`.
 */
function listLayouts(ctx: RequestContext): RouteResult {
  const q = validated<ListLayoutsQuery>(withPaginationNumbers(ctx.query), listLayoutsQueryDto);
  const needle = q.query?.toLowerCase();
  const key = q.orderBy ?? "createdAt";
  const dir = q.orderDirection === "ASC" ? 1 : -1;
  const matches = keyEnvironment(ctx)
    .layouts.all()
    .filter(
      (l) => !needle || l.name.toLowerCase().includes(needle) || l.layoutId.toLowerCase().includes(needle),
    )
    .sort((a, b) => dir * (a[key].localeCompare(b[key]) || a._id.localeCompare(b._id)));
  const offset = q.offset ?? 0;
  const page = matches.slice(offset, offset + (q.limit ?? 50));
  const layouts = page.map((l) => layoutAnswer(l, false));
  return { status: 200, body: { data: { layouts, totalCount: matches.length } } };
}

/** GET usage (usecases/get-layout-usage/): `{ workflows: [{ name, workflowId }] }` wrapped in `data`. */
function layoutUsageRoute(ctx: RequestContext): RouteResult {
  const env = keyEnvironment(ctx);
  return { status: 200, body: { data: { workflows: layoutUsage(env, found(env, ctx)) } } };
}

/** The controller's throttler category (`@ThrottlerCategory(ApiRateLimitCategoryEnum.CONFIGURATION)`). */
const CATEGORY = "configuration";

/** The v2 layout routes; `/usage` is longer than the single-layout routes, so order does not matter. */
export const layoutRoutes: Route[] = [
  { method: "GET", pattern: "/v2/layouts", category: CATEGORY, handler: listLayouts },
  { method: "POST", pattern: "/v2/layouts", category: CATEGORY, handler: createLayout },
  { method: "GET", pattern: "/v2/layouts/:layoutId/usage", category: CATEGORY, handler: layoutUsageRoute },
  { method: "GET", pattern: "/v2/layouts/:layoutId", category: CATEGORY, handler: getLayout },
  { method: "PUT", pattern: "/v2/layouts/:layoutId", category: CATEGORY, handler: updateLayout },
  { method: "DELETE", pattern: "/v2/layouts/:layoutId", category: CATEGORY, handler: deleteLayout },
];
