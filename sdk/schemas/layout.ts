import { z } from "zod";
import { jsonObjectSchema, openEnum, originSchema, queryNumber, strictEnum } from "./common";
import { LAYOUT_EDITOR_TYPES, layoutContentIssue } from "./layout-content";

/**
 * The v2 email layouts (apps/api/src/app/layouts-v2/): what we send (create and update bodies, list query),
 * strict; what we read (a layout, a page of layouts, a layout's usage), tolerant.
 */

/** A layout's email content as written: its body, of its editor type (checked by ./layout-content.ts). */
export const layoutEmailControlsSchema = z
  .strictObject({
    /** HTML (editorType `html`) or a block-editor document as JSON text (editorType `block`). */
    body: z.string(),
    /** `html` or `block`. */
    editorType: strictEnum(LAYOUT_EDITOR_TYPES),
  })
  .superRefine((email, ctx) => {
    const issue = layoutContentIssue(email.body, email.editorType);
    if (issue !== undefined) ctx.addIssue({ code: "custom", path: ["body"], message: issue });
  });
/** A layout's email content as written. */
export type LayoutEmailControls = z.input<typeof layoutEmailControlsSchema>;

/** Body of `POST /v2/layouts` (dtos/create-layout.dto.ts). The service stores an empty template: no content. */
export const createLayoutBodySchema = z.strictObject({
  /** The layout's identifier in its environment; taken already: 409. */
  layoutId: z.string().min(1, "must not be empty"),
  name: z.string().min(1, "must not be empty"),
  isTranslationEnabled: z.boolean().optional(),
});
/** Body of the create-layout operation. */
export type CreateLayoutBody = z.input<typeof createLayoutBodySchema>;

/**
 * Body of `PUT /v2/layouts/{layoutId}` (dtos/update-layout.dto.ts): `name` every time; `controlValues`
 * absent keeps the content, `null` deletes it.
 */
export const updateLayoutBodySchema = z.strictObject({
  name: z.string().min(1, "must not be empty"),
  controlValues: z.strictObject({ email: layoutEmailControlsSchema.optional() }).nullable().optional(),
});
/** Body of the update-layout operation. */
export type UpdateLayoutBody = z.input<typeof updateLayoutBodySchema>;

/** Sort keys of the layout list (dtos/get-layout-list-query-params.dto.ts). */
const LAYOUT_ORDER_BY = ["createdAt", "updatedAt", "name"] as const;

/** Query of `GET /v2/layouts`: `offset`, `limit` (1 to 100), the order and `query`, a search of names. */
export const listLayoutsQuerySchema = z.strictObject({
  offset: queryNumber().int().min(0).optional(),
  limit: queryNumber().int().min(1).max(100).optional(),
  orderBy: strictEnum(LAYOUT_ORDER_BY).optional(),
  orderDirection: strictEnum(["ASC", "DESC"]).optional(),
  query: z.string().optional(),
});
/** Query of the list-layouts operation, as a caller writes it. */
export type ListLayoutsQuery = z.input<typeof listLayoutsQuerySchema>;

/** A layout's stored email content (tolerant: another editor type, or no content yet, still parses). */
const storedEmailControlsSchema = z.looseObject({
  body: z.string().optional(),
  editorType: openEnum(LAYOUT_EDITOR_TYPES).optional(),
});

/** A layout, as the service answers it (dtos/layout-response.dto.ts; tolerant). */
export const layoutSchema = z.looseObject({
  _id: z.string(),
  layoutId: z.string(),
  name: z.string(),
  /** The environment's default layout (the first made there); v2 never changes it. */
  isDefault: z.boolean(),
  isTranslationEnabled: z.boolean().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  origin: originSchema.optional(),
  type: z.string().optional(),
  issues: jsonObjectSchema.optional(),
  variables: jsonObjectSchema.nullable().optional(),
  controls: z
    .looseObject({
      values: z.looseObject({ email: storedEmailControlsSchema.nullable().optional() }).nullable().optional(),
      dataSchema: jsonObjectSchema.nullable().optional(),
      uiSchema: jsonObjectSchema.nullable().optional(),
    })
    .optional(),
});
/** A layout. */
export type Layout = z.infer<typeof layoutSchema>;

/** Answer of `GET /v2/layouts` (dtos/list-layout-response.dto.ts; tolerant). */
export const layoutListSchema = z.looseObject({
  layouts: z.array(layoutSchema),
  totalCount: z.number(),
});
/** One page of layouts. */
export type LayoutList = z.infer<typeof layoutListSchema>;

/**
 * Answer of `GET /v2/layouts/{layoutId}/usage` (dtos/get-layout-usage-response.dto.ts; tolerant): the
 * workflows whose email steps name the layout (not those that use it as the default).
 */
export const layoutUsageSchema = z.looseObject({
  workflows: z.array(z.looseObject({ name: z.string(), workflowId: z.string() })),
});
/** A layout's usage. */
export type LayoutUsage = z.infer<typeof layoutUsageSchema>;
