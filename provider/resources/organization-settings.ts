import * as pulumi from "@pulumi/pulumi";
import type { ArgsOf, OutputProps, StateOf } from "../inputs";
import {
  type OrganizationSettingsOutputs,
  type organizationSettingsArgsSchema,
  organizationSettingsOutputsSchema,
} from "../model/organization-settings-schema";
import { serializedProvider } from "../serialized-provider";
import { targetProps } from "./provider";
import { lookupOptions, lookupProps, outputOnlyProps, resourceOptions } from "./resource-props";

/** Arguments of {@link OrganizationSettings}. */
export type OrganizationSettingsArgs = ArgsOf<typeof organizationSettingsArgsSchema>;

/** The state of {@link OrganizationSettings}: its outputs, each optional and accepting Inputs. */
export type OrganizationSettingsState = StateOf<OrganizationSettingsOutputs>;

const provider = serializedProvider("organization-settings");

/** The outputs of {@link OrganizationSettings}, one per field of its state. */
export interface OrganizationSettings extends OutputProps<OrganizationSettingsOutputs> {}

/**
 * The organization's settings (`/v1/organizations/settings`: default and target locales, Novu branding),
 * managed as a Pulumi dynamic resource. One record for the whole organization: declare it once (a second
 * declaration reaching the same organization in one deployment is refused). Only the fields declared are
 * managed; create records what it found and destroy puts it back. Needs Novu's enterprise edition or Novu
 * Cloud: against a community server, check fails in one line. Its id is the organization's id.
 *
 * ```ts
 * new svc.OrganizationSettings("settings", { defaultLocale: "en_US", targetLocales: ["fr_FR", "de_DE"] });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class OrganizationSettings extends pulumi.dynamic.Resource {
  /**
   * Reads the organization's settings (by the organization's id) into the program without managing them.
   *
   * ```ts
   * const settings = svc.OrganizationSettings.get("settings", organizationId);
   * ```
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: OrganizationSettingsState,
    opts?: pulumi.CustomResourceOptions,
  ): OrganizationSettings {
    return new OrganizationSettings(name, state, lookupOptions(id, opts));
  }

  constructor(name: string, args: OrganizationSettingsArgs, opts?: pulumi.CustomResourceOptions);
  /** Reads the settings `opts.id` without managing them, as {@link OrganizationSettings.get}. */
  constructor(
    name: string,
    state: OrganizationSettingsState | undefined,
    opts: pulumi.CustomResourceOptions & { id: pulumi.Input<pulumi.ID> },
  );
  constructor(
    name: string,
    argsOrState: OrganizationSettingsArgs | OrganizationSettingsState | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    const lookup = opts?.id !== undefined;
    const props = lookup
      ? lookupProps(organizationSettingsOutputsSchema, argsOrState)
      : { ...outputOnlyProps(organizationSettingsOutputsSchema), ...targetProps(opts), ...argsOrState };
    super(provider, name, props, resourceOptions(opts), "svc", "OrganizationSettings");
  }
}
