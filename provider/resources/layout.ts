import * as pulumi from "@pulumi/pulumi";
import { defaultIdentifier, type IdentifierOrigin } from "../default-identifier";
import type { ArgsOf, OutputProps, StateOf } from "../inputs";
import { type LayoutOutputs, type layoutArgsSchema, layoutOutputsSchema } from "../model/layout-schema";
import { serializedProvider } from "../serialized-provider";
import { targetProps } from "./provider";
import { lookupOptions, lookupProps, outputOnlyProps, resourceOptions } from "./resource-props";

/** Arguments of {@link Layout}. */
export type LayoutArgs = ArgsOf<typeof layoutArgsSchema>;

/** The state of a {@link Layout}: its outputs, each optional and accepting Inputs. */
export type LayoutState = StateOf<LayoutOutputs>;

const provider = serializedProvider("layout");

/** The outputs of {@link Layout}, one per field of its state. */
export interface Layout extends OutputProps<LayoutOutputs> {}

/**
 * An email layout of the svc service (v2: `/v2/layouts`), managed as a Pulumi dynamic resource
 * (`pulumi-nodejs:dynamic/svc:Layout`): the body every email of the workflows that name it is wrapped in. Its
 * id is the service's `_id`. It lives in the environment of the stack's API key, or of the `svc.Provider` it
 * is given. The content is checked before any request (a body of its `editorType` holding `{{content}}`).
 *
 * The environment's first layout becomes its default (`isDefault`), which the service never deletes and v2
 * cannot move: destroying that resource leaves the layout, with a warning naming it. Name a layout in a
 * workflow's email step with `layoutId: layout.layoutId` (the engine then creates the layout first).
 *
 * ```ts
 * const brand = new svc.Layout("brand", {
 *   name: "Brand",
 *   content: { editorType: "html", body: "<html><body><h1>Acme</h1>{{content}}</body></html>" },
 * });
 * new svc.Workflow("welcome", {
 *   name: "Welcome",
 *   steps: [{ name: "Mail", type: "email", controls: { subject: "Hi", body: "<p>Hello</p>", layoutId: brand.layoutId } }],
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class Layout extends pulumi.dynamic.Resource {
  /**
   * Reads an existing layout (by its `_id` or its layoutId) into the program without managing it: its outputs
   * are the service's values, `pulumi refresh` reads it again, and `pulumi destroy` leaves it alone.
   *
   * ```ts
   * const brand = svc.Layout.get("brand", "brand-layout");
   * export const isDefault = brand.isDefault;
   * ```
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: LayoutState,
    opts?: pulumi.CustomResourceOptions,
  ): Layout {
    return new Layout(name, state, lookupOptions(id, opts));
  }

  constructor(name: string, args: LayoutArgs, opts?: pulumi.CustomResourceOptions);
  /** Reads the object `opts.id` without managing it, as {@link Layout.get}. */
  constructor(
    name: string,
    state: LayoutState | undefined,
    opts: pulumi.CustomResourceOptions & { id: pulumi.Input<pulumi.ID> },
  );
  constructor(
    name: string,
    argsOrState: LayoutArgs | LayoutState | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    if (opts?.id !== undefined) {
      const props = lookupProps(layoutOutputsSchema, argsOrState);
      super(provider, name, props, resourceOptions(opts), "svc", "Layout");
      return;
    }
    // Without the `id` option the first overload applies: these are the declared arguments.
    const args = argsOrState as LayoutArgs;
    // A defaulted layoutId is sent with its origin, so that the provider can prove it is this resource's own
    // (and take over a layout a lost answer left behind); an explicit one is not.
    const origin: IdentifierOrigin | undefined =
      args.layoutId === undefined
        ? { project: pulumi.getProject(), stack: pulumi.getStack(), name }
        : undefined;
    const props = {
      ...outputOnlyProps(layoutOutputsSchema),
      ...targetProps(opts),
      ...args,
      layoutId: origin ? defaultIdentifier(origin) : args.layoutId,
      defaultIdentifierOf: origin,
    };
    super(provider, name, props, resourceOptions(opts), "svc", "Layout");
  }
}
