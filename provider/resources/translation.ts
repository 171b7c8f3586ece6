import * as pulumi from "@pulumi/pulumi";
import type { ArgsOf, OutputProps, StateOf } from "../inputs";
import {
  type TranslationOutputs,
  type translationArgsSchema,
  translationOutputsSchema,
} from "../model/translation-schema";
import { serializedProvider } from "../serialized-provider";
import { targetProps } from "./provider";
import { lookupOptions, lookupProps, outputOnlyProps, resourceOptions } from "./resource-props";

/** Arguments of {@link Translation}. */
export type TranslationArgs = ArgsOf<typeof translationArgsSchema>;

/** The state of a {@link Translation}: its outputs, each optional and accepting Inputs. */
export type TranslationState = StateOf<TranslationOutputs>;

const provider = serializedProvider("translation");

/** The outputs of {@link Translation}, one per field of its state. */
export interface Translation extends OutputProps<TranslationOutputs> {}

/**
 * One translation of a workflow or layout in one locale (`/v2/translations`), managed as a Pulumi dynamic
 * resource. Needs Novu's enterprise edition: against a community server, check fails in one line naming it,
 * before any write. Pass the resource's output as `resourceId` so the translation follows it. Its id is
 * `<resourceType>/<resourceId>/<locale>`.
 *
 * ```ts
 * const welcome = new svc.Workflow("welcome", { name: "Welcome", isTranslationEnabled: true, steps: [...] });
 * new svc.Translation("welcome-fr", {
 *   resourceType: "workflow",
 *   resourceId: welcome.workflowId,
 *   locale: "fr_FR",
 *   content: { "welcome.title": "Bienvenue" },
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class Translation extends pulumi.dynamic.Resource {
  /**
   * Reads an existing translation (id `<resourceType>/<resourceId>/<locale>`) without managing it.
   *
   * ```ts
   * const fr = svc.Translation.get("welcome-fr", "workflow/welcome/fr_FR");
   * ```
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: TranslationState,
    opts?: pulumi.CustomResourceOptions,
  ): Translation {
    return new Translation(name, state, lookupOptions(id, opts));
  }

  constructor(name: string, args: TranslationArgs, opts?: pulumi.CustomResourceOptions);
  /** Reads the translation `opts.id` without managing it, as {@link Translation.get}. */
  constructor(
    name: string,
    state: TranslationState | undefined,
    opts: pulumi.CustomResourceOptions & { id: pulumi.Input<pulumi.ID> },
  );
  constructor(
    name: string,
    argsOrState: TranslationArgs | TranslationState | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    const props =
      opts?.id !== undefined
        ? lookupProps(translationOutputsSchema, argsOrState)
        : { ...outputOnlyProps(translationOutputsSchema), ...targetProps(opts), ...argsOrState };
    super(provider, name, props, resourceOptions(opts), "svc", "Translation");
  }
}
