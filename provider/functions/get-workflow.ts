import type * as pulumi from "@pulumi/pulumi";
import type { Workflow } from "../../sdk/schemas";
import type { InputArgs } from "../inputs";
import { type DataSourceOptions, type DataSourceOutputOptions, requestOptions } from "./data-source-options";
import { invoke, outputOf } from "./invoke";

/** Arguments of {@link getWorkflow}. */
export interface GetWorkflowArgs {
  /** The workflow identifier (`workflowId`, or the database `_id`). */
  workflowId: string;
  /** Environment to read from (default: the API key's environment). */
  environmentId?: string;
}

/**
 * One workflow, v2 shape (`GET /v2/workflows/{workflowId}`). Unknown enum values from the service (a new
 * step type or status) come through as strings. Values are plain (a workflow holds no credential).
 */
export function getWorkflow(args: GetWorkflowArgs, opts?: DataSourceOptions): Promise<Workflow> {
  return invoke("getWorkflow", opts, (client) =>
    client.workflows.get(
      args.workflowId,
      args.environmentId === undefined ? {} : { environmentId: args.environmentId },
      requestOptions(opts),
    ),
  );
}

/** {@link getWorkflow} with Input arguments. */
export function getWorkflowOutput(
  args: InputArgs<GetWorkflowArgs>,
  opts?: DataSourceOutputOptions,
): pulumi.Output<Workflow> {
  return outputOf<GetWorkflowArgs, Workflow>(args, opts, getWorkflow);
}
