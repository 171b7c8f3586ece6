import * as pulumi from "@pulumi/pulumi";
import { defaultWorkflowId, type IdentifierOrigin } from "../default-identifier";
import type { ArgsOf, OutputProps, StateOf } from "../inputs";
import {
  type WorkflowOutputs,
  type workflowArgsSchema,
  workflowOutputsSchema,
} from "../model/workflow-schema";
import { serializedProvider } from "../serialized-provider";
import { targetProps } from "./provider";
import { lookupOptions, lookupProps, outputOnlyProps, resourceOptions } from "./resource-props";

/** Arguments of {@link Workflow}. */
export type WorkflowArgs = ArgsOf<typeof workflowArgsSchema>;

/** The state of a {@link Workflow}: its outputs, each optional and accepting Inputs. */
export type WorkflowState = StateOf<WorkflowOutputs>;

const provider = serializedProvider("workflow");

/** The outputs of {@link Workflow}, one per field of its state. */
export interface Workflow extends OutputProps<WorkflowOutputs> {}

/**
 * A notification workflow of the svc service (v2: `/v2/workflows`), managed as a Pulumi dynamic resource
 * (`pulumi-nodejs:dynamic/svc:Workflow`). Its id is the service's `_id`. It lives in the environment of the
 * stack's API key, or of the `svc.Provider` it is given. Every step's controls are checked before any
 * request; a step is matched to the stored step of the same name, which keeps its `stepId` and `id`.
 *
 * ```ts
 * new svc.Workflow("welcome", {
 *   name: "Welcome",
 *   steps: [
 *     { name: "Inbox", type: "in_app", controls: { body: "Welcome, {{subscriber.firstName}}!" } },
 *     { name: "Wait", type: "digest", controls: { amount: 1, unit: "hours" } },
 *     { name: "Mail", type: "email", controls: { subject: "Welcome", body: "<p>Hello</p>", editorType: "html" } },
 *   ],
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class Workflow extends pulumi.dynamic.Resource {
  /**
   * Reads an existing workflow (by its `_id` or its workflowId) into the program without managing it: its
   * outputs are the service's values, `pulumi refresh` reads it again, and `pulumi destroy` leaves it alone.
   *
   * ```ts
   * const welcome = svc.Workflow.get("welcome", "welcome-onboarding");
   * export const steps = welcome.steps;
   * ```
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: WorkflowState,
    opts?: pulumi.CustomResourceOptions,
  ): Workflow {
    return new Workflow(name, state, lookupOptions(id, opts));
  }

  constructor(name: string, args: WorkflowArgs, opts?: pulumi.CustomResourceOptions);
  /** Reads the object `opts.id` without managing it, as {@link Workflow.get}. */
  constructor(
    name: string,
    state: WorkflowState | undefined,
    opts: pulumi.CustomResourceOptions & { id: pulumi.Input<pulumi.ID> },
  );
  constructor(
    name: string,
    argsOrState: WorkflowArgs | WorkflowState | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    if (opts?.id !== undefined) {
      const props = lookupProps(workflowOutputsSchema, argsOrState);
      super(provider, name, props, resourceOptions(opts), "svc", "Workflow");
      return;
    }
    // Without the `id` option the first overload applies: these are the declared arguments.
    const args = argsOrState as WorkflowArgs;
    // A defaulted workflowId is sent with its origin, so that the provider can prove it is this resource's
    // own (and take over a workflow a lost answer left behind); an explicit one is not.
    const origin: IdentifierOrigin | undefined =
      args.workflowId === undefined
        ? { project: pulumi.getProject(), stack: pulumi.getStack(), name }
        : undefined;
    const props = {
      ...outputOnlyProps(workflowOutputsSchema),
      ...targetProps(opts),
      ...args,
      workflowId: origin ? defaultWorkflowId(origin) : args.workflowId,
      // Secret from the program on (the state, the previews and the outputs keep it ciphertext).
      secretHeaders: args.secretHeaders === undefined ? undefined : pulumi.secret(args.secretHeaders),
      defaultIdentifierOf: origin,
    };
    super(provider, name, props, resourceOptions(opts), "svc", "Workflow");
  }
}
