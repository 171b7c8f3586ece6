import * as pulumi from "@pulumi/pulumi";
import { defaultIdentifier, type IdentifierOrigin } from "../default-identifier";
import type { ArgsOf, OutputProps, StateOf } from "../inputs";
import {
  type IntegrationOutputs,
  type integrationArgsSchema,
  integrationOutputsSchema,
} from "../model/integration-schema";
import { serializedProvider } from "../serialized-provider";
import { targetProps } from "./provider";
import { lookupOptions, lookupProps, outputOnlyProps, resourceOptions } from "./resource-props";

/** Arguments of {@link Integration}. */
export type IntegrationArgs = ArgsOf<typeof integrationArgsSchema>;

/** The state of an {@link Integration}: its outputs, each optional and accepting Inputs. */
export type IntegrationState = StateOf<IntegrationOutputs>;

const provider = serializedProvider("integration");

/** The outputs of {@link Integration}, one per field of its state. */
export interface Integration extends OutputProps<IntegrationOutputs> {}

/**
 * A delivery-provider integration of the svc service, managed as a Pulumi dynamic resource
 * (`pulumi-nodejs:dynamic/svc:Integration`). Its id is the service's `_id`. It lives in the environment of
 * the stack's API key.
 *
 * ```ts
 * new svc.Integration("sendgrid", {
 *   providerId: "sendgrid", channel: "email", active: true,
 *   credentials: { apiKey: cfg.requireSecret("sendgridKey"), from: "noreply@example.com" },
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class Integration extends pulumi.dynamic.Resource {
  /**
   * Reads an existing integration (by its `_id`) into the program without managing it: its outputs are the service's
   * values, `pulumi refresh` reads it again, and `pulumi destroy` leaves it alone (Pulumi's `get`, through
   * the resource option `id`). `state` is optional: the id alone says what to read.
   *
   * ```ts
   * const mail = svc.Integration.get("mail", "6650f3c2a1b2c3d4e5f60718");
   * export const mailIdentifier = mail.identifier;
   * ```
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: IntegrationState,
    opts?: pulumi.CustomResourceOptions,
  ): Integration {
    return new Integration(name, state, lookupOptions(id, opts));
  }

  constructor(name: string, args: IntegrationArgs, opts?: pulumi.CustomResourceOptions);
  /** Reads the object `opts.id` without managing it, as {@link Integration.get}. */
  constructor(
    name: string,
    state: IntegrationState | undefined,
    opts: pulumi.CustomResourceOptions & { id: pulumi.Input<pulumi.ID> },
  );
  constructor(
    name: string,
    argsOrState: IntegrationArgs | IntegrationState | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    if (opts?.id !== undefined) {
      const props = lookupProps(integrationOutputsSchema, argsOrState);
      super(provider, name, props, resourceOptions(opts), "svc", "Integration");
      return;
    }
    // Without the `id` option the first overload applies: these are the declared arguments.
    const args = argsOrState as IntegrationArgs;
    // A defaulted identifier is sent with its origin, so that the provider can prove it is this
    // resource's own (and take over an integration a lost answer left behind); an explicit one is not.
    const origin: IdentifierOrigin | undefined =
      args.identifier === undefined
        ? { project: pulumi.getProject(), stack: pulumi.getStack(), name }
        : undefined;
    const props = {
      ...outputOnlyProps(integrationOutputsSchema),
      ...targetProps(opts),
      ...args,
      identifier: origin ? defaultIdentifier(origin) : args.identifier,
      defaultIdentifierOf: origin,
      credentials: args.credentials === undefined ? undefined : pulumi.secret(args.credentials),
    };
    super(provider, name, props, resourceOptions(opts), "svc", "Integration");
  }
}
