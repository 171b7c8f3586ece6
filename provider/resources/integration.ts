import * as pulumi from "@pulumi/pulumi";
import { defaultIdentifier, type IdentifierOrigin } from "../default-identifier";
import type { ArgsOf, OutputProps, StateOf } from "../inputs";
import {
  type IntegrationOutputs,
  type integrationArgsSchema,
  integrationOutputsSchema,
} from "../runtime/integration-schema";
import { serializedProvider } from "../serialized-provider";
import { outputOnlyProps, resourceOptions } from "./resource-props";

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
  constructor(name: string, args: IntegrationArgs, opts?: pulumi.CustomResourceOptions) {
    // A defaulted identifier is sent with its origin, so that the provider can prove it is this
    // resource's own (and take over an integration a lost answer left behind); an explicit one is not.
    const origin: IdentifierOrigin | undefined =
      args.identifier === undefined
        ? { project: pulumi.getProject(), stack: pulumi.getStack(), name }
        : undefined;
    const props = {
      ...outputOnlyProps(integrationOutputsSchema),
      ...args,
      identifier: origin ? defaultIdentifier(origin) : args.identifier,
      defaultIdentifierOf: origin,
      credentials: args.credentials === undefined ? undefined : pulumi.secret(args.credentials),
    };
    super(provider, name, props, resourceOptions(opts), "svc", "Integration");
  }
}
