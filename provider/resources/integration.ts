import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import { generatedIdentifier } from "../../sdk/identifier";
import type { ArgsOf, OutputProps, StateOf } from "../inputs";
import {
  type IntegrationOutputs,
  type integrationArgsSchema,
  integrationOutputsSchema,
} from "../runtime/integration-schema";
import { serializedProvider } from "../serialized-provider";
import { outputOnlyProps, withSecretCredentials } from "./resource-props";

/** Arguments of {@link Integration}. */
export type IntegrationArgs = ArgsOf<typeof integrationArgsSchema>;

/** The state of an {@link Integration}: its outputs, each optional and accepting Inputs. */
export type IntegrationState = StateOf<IntegrationOutputs>;

const provider = serializedProvider("integration");

/** Identifier used when none is given: readable, unique per project/stack/resource, stable across runs. */
function defaultIdentifier(name: string): string {
  const seed = `${pulumi.getProject()}/${pulumi.getStack()}/${name}`;
  return generatedIdentifier(name, createHash("sha256").update(seed).digest("hex").slice(0, 8));
}

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
    const props = {
      ...outputOnlyProps(integrationOutputsSchema),
      ...args,
      identifier: args.identifier ?? defaultIdentifier(name),
      credentials: args.credentials === undefined ? undefined : pulumi.secret(args.credentials),
    };
    super(provider, name, props, withSecretCredentials(opts), "svc", "Integration");
  }
}
