/**
 * The shape of `svc.Layout`, written once. The zod schemas here are the source of check's first pass, of the
 * types the provider methods take and return, of the public `LayoutArgs`, `LayoutState` and output types
 * (through ../inputs.ts) and of the plugin's schema. The TSDoc on each field is what users see.
 */
import { z } from "zod";
import { LAYOUT_EDITOR_TYPES, strictEnum } from "../../sdk/schemas";
import { identifierOriginSchema } from "../default-identifier";

/** A layout's email content. */
export const layoutContentSchema = z.strictObject({
  /**
   * The layout's body: an HTML document (editorType `html`: with `<html>` and `<body>`) or a block-editor
   * (Maily) document as JSON text (editorType `block`). It must hold the `{{content}}` variable (in a block
   * document: a node of type `variable` with `attrs.id` `content`), where the workflow's email goes. check refuses a body the
   * service would refuse, before any request.
   */
  body: z.string().min(1, "must not be empty"),
  /** `html` or `block`: the editor the body is written with. */
  editorType: strictEnum(LAYOUT_EDITOR_TYPES),
});
/** A layout's email content. */
export type LayoutContent = z.output<typeof layoutContentSchema>;

/** What a program declares for a Layout. */
export const layoutArgsSchema = z.strictObject({
  /**
   * The layout's identifier in its environment (what a workflow's email step names as `layoutId`). Default: a
   * slug of the resource name and a hash of project, stack and name, stable across runs. Changing it replaces
   * the layout. An existing layout with this identifier is taken over only with `adopt` (or when it is the
   * default identifier's: no one else can have made it).
   */
  layoutId: z.string().min(1, "must not be empty").max(255).optional(),
  /** Display name. */
  name: z.string().min(1, "must not be empty"),
  /** The email content every email of the workflows that name the layout is wrapped in. */
  content: layoutContentSchema,
  /**
   * When a layout with the same `layoutId` already exists in the environment, take it over (write this
   * resource's name and content to it) instead of failing. A flag, never a change.
   */
  adopt: z.boolean().optional(),
});

/**
 * The inputs the provider receives: the resource always sends a layoutId (its own or the default one), with
 * the default's origin when it chose it.
 */
export const layoutInputsSchema = layoutArgsSchema.required({ layoutId: true }).extend({
  /** Set by `svc.Layout` when it chose the layoutId (see provider/default-identifier.ts). */
  defaultIdentifierOf: identifierOriginSchema.optional(),
});
/** Inputs after check. */
export type LayoutInputs = z.output<typeof layoutInputsSchema>;

/** What the service decides; outputs only. */
const computedShape = {
  /**
   * Whether the layout is its environment's default: the first layout made there, used by every email step
   * that names none. The service never deletes it and v2 cannot move the default elsewhere, so destroying
   * this resource leaves it in the environment (with a warning naming it).
   */
  isDefault: z.boolean(),
  /**
   * The workflowIds of the workflows whose email steps name this layout (`layoutId`), as of the last create,
   * update or refresh. Destroying the layout makes their email steps use the default layout.
   */
  usage: z.array(z.string()),
  /**
   * Environment the layout belongs to: the API key's (or the `svc.Provider`'s). An operation with a key of
   * another environment fails instead of acting elsewhere (README "When the key changes").
   */
  environmentId: z.string().optional(),
  /** Name of that environment ("Development", "Production", ...), when the service tells it. */
  environmentName: z.string().optional(),
  /** Organization the layout belongs to, when the service tells it. */
  organizationId: z.string().optional(),
};

/** The outputs of a Layout (the resource id is the service's `_id`); the flags are not outputs. */
export const layoutOutputsSchema = layoutInputsSchema
  .omit({ adopt: true, defaultIdentifierOf: true })
  .extend(computedShape);
/** Outputs of the Layout provider. */
export type LayoutOutputs = z.output<typeof layoutOutputsSchema>;
