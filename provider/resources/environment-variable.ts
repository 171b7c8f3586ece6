import * as pulumi from "@pulumi/pulumi";
import type { ArgsOf, OutputProps, StateOf } from "../inputs";
import {
  type EnvironmentVariableOutputs,
  type environmentVariableArgsSchema,
  environmentVariableOutputsSchema,
} from "../model/environment-variable-schema";
import { serializedProvider } from "../serialized-provider";
import { targetProps } from "./provider";
import { lookupOptions, lookupProps, outputOnlyProps, resourceOptions } from "./resource-props";

/** Arguments of {@link EnvironmentVariable}. */
export type EnvironmentVariableArgs = ArgsOf<typeof environmentVariableArgsSchema>;

/** The state of an {@link EnvironmentVariable}: its outputs, each optional and accepting Inputs. */
export type EnvironmentVariableState = StateOf<EnvironmentVariableOutputs>;

const provider = serializedProvider("environment-variable");

/** The outputs of {@link EnvironmentVariable}, one per field of its state. */
export interface EnvironmentVariable extends OutputProps<EnvironmentVariableOutputs> {}

/**
 * One environment's value of an organization's environment variable (`/v1/environment-variables`), read by
 * workflows as `{{env.KEY}}`, managed as a Pulumi dynamic resource. The key's record is shared by every
 * environment: the stack of each environment (or each `svc.Provider` of one program) declares the same key
 * and owns its environment's value; destroying it removes that value only. Its id is the key.
 *
 * A secret variable's value (`isSecret: true`) is a Pulumi secret in inputs, state and outputs; the service
 * masks it when read, so its drift is not detectable. `isSecret` and `type` belong to the shared record and
 * cannot change once it exists (docs/environment-variables.md).
 *
 * ```ts
 * new svc.EnvironmentVariable("api-base", { key: "API_BASE", value: "https://api.example.com" });
 * new svc.EnvironmentVariable("signing-key", { key: "SIGNING_KEY", value: cfg.requireSecret("signingKey"), isSecret: true });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class EnvironmentVariable extends pulumi.dynamic.Resource {
  /**
   * Reads this environment's value of an existing variable (by its key) into the program without managing
   * it: `pulumi destroy` leaves it. A secret variable's value reads as the service's mask.
   *
   * ```ts
   * const base = svc.EnvironmentVariable.get("api-base", "API_BASE");
   * ```
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: EnvironmentVariableState,
    opts?: pulumi.CustomResourceOptions,
  ): EnvironmentVariable {
    return new EnvironmentVariable(name, state, lookupOptions(id, opts));
  }

  constructor(name: string, args: EnvironmentVariableArgs, opts?: pulumi.CustomResourceOptions);
  /** Reads the variable `opts.id` without managing it, as {@link EnvironmentVariable.get}. */
  constructor(
    name: string,
    state: EnvironmentVariableState | undefined,
    opts: pulumi.CustomResourceOptions & { id: pulumi.Input<pulumi.ID> },
  );
  constructor(
    name: string,
    argsOrState: EnvironmentVariableArgs | EnvironmentVariableState | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    const secretValue = pulumi.mergeOptions(resourceOptions(opts), { additionalSecretOutputs: ["value"] });
    if (opts?.id !== undefined) {
      const props = lookupProps(environmentVariableOutputsSchema, argsOrState);
      super(provider, name, props, secretValue, "svc", "EnvironmentVariable");
      return;
    }
    const args = argsOrState as EnvironmentVariableArgs;
    // Secret unless declared plain: an isSecret still unknown keeps the value secret.
    const plain = args.isSecret === undefined || args.isSecret === false;
    const props = {
      ...outputOnlyProps(environmentVariableOutputsSchema),
      ...targetProps(opts),
      ...args,
      value: plain || args.value === undefined ? args.value : pulumi.secret(args.value),
    };
    super(provider, name, props, plain ? resourceOptions(opts) : secretValue, "svc", "EnvironmentVariable");
  }
}
