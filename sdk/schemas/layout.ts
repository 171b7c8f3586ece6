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
  /** How many layouts to skip (the list pages by offset). */
  offset: queryNumber().int().min(0).optional(),
  /** Page size, 1 to 100 (the service's default: 50). */
  limit: queryNumber().int().min(1).max(100).optional(),
  /** Sort key: `createdAt`, `updatedAt` or `name`. */
  orderBy: strictEnum(LAYOUT_ORDER_BY).optional(),
  /** `ASC` or `DESC` (the service's default). */
  orderDirection: strictEnum(["ASC", "DESC"]).optional(),
  /** A search of layout names. */
  query: z.string().optional(),
});
/** Query of the list-layouts operation, as a caller writes it. */
export type ListLayoutsQuery = z.input<typeof listLayoutsQuerySchema>;

/** A layout's stored email content (tolerant: another editor type, or no content yet, still parses). */
const storedEmailControlsSchema = z.looseObject({
  /** HTML (editorType `html`) or a block-editor document as JSON text (editorType `block`). */
  body: z.string().optional(),
  /** `html` or `block`. */
  editorType: openEnum(LAYOUT_EDITOR_TYPES).optional(),
});

/** A layout, as the service answers it (dtos/layout-response.dto.ts; tolerant). */
export const layoutSchema = z.looseObject({
  /** The layout's `_id`. */
  _id: z.string(),
  /** The layout's identifier in its environment (what a workflow's email step names). */
  layoutId: z.string(),
  /** Display name. */
  name: z.string(),
  /** The environment's default layout (the first made there); v2 never changes it. */
  isDefault: z.boolean(),
  /** Whether translations are enabled (stored only by the service's enterprise edition). */
  isTranslationEnabled: z.boolean().optional(),
  /** When it was created (ISO 8601). */
  createdAt: z.string().optional(),
  /** When it was last changed (ISO 8601). */
  updatedAt: z.string().optional(),
  /** Where it was made (`novu-cloud` for the API and dashboard). */
  origin: originSchema.optional(),
  /** The service's kind of layout resource (`BRIDGE`). */
  type: z.string().optional(),
  /** Problems the service found in its content, by control. */
  issues: jsonObjectSchema.optional(),
  /** The variables its content may use, as a JSON Schema. */
  variables: jsonObjectSchema.nullable().optional(),
  /** Its content and the dashboard's schemas of it. */
  controls: z
    .looseObject({
      /** The stored content: `email` `{ body, editorType }`. */
      values: z
        .looseObject({
          /** The email content. */
          email: storedEmailControlsSchema.nullable().optional(),
        })
        .nullable()
        .optional(),
      /** The JSON Schema of the content. */
      dataSchema: jsonObjectSchema.nullable().optional(),
      /** The dashboard's form of the content. */
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
