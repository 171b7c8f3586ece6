import type * as pulumi from "@pulumi/pulumi";
import type { ListWorkflowsQuery, WorkflowListItem } from "../../sdk/schemas";
import type { InputArgs } from "../inputs";
import { type DataSourceOptions, type DataSourceOutputOptions, requestOptions } from "./data-source-options";
import { invoke, outputOf } from "./invoke";

/**
 * Filters of {@link listWorkflows}: `query` (a search of names and workflowIds), `tags`, `status`, the order
 * (`orderBy` `createdAt`, `updatedAt`, `name` or `lastTriggeredAt`; `orderDirection` `ASC` or `DESC`,
 * newest first by default) and `limit`, the page size (1 to 100) the pages are read with.
 */
export type ListWorkflowsArgs = Omit<ListWorkflowsQuery, "offset">;

/**
 * Every workflow of the API key's environment matching the filters (`GET /v2/workflows`, page after page).
 * A list item has no steps (only `stepTypeOverviews`): read one workflow whole with `getWorkflow`. Values are
 * plain (a workflow holds no credential).
 */
export function listWorkflows(
  args: ListWorkflowsArgs = {},
  opts?: DataSourceOptions,
): Promise<WorkflowListItem[]> {
  return invoke("listWorkflows", opts, async (client) => {
    const all: WorkflowListItem[] = [];
    for await (const item of client.workflows.listAll(args, requestOptions(opts))) all.push(item);
    return all;
  });
}

/** {@link listWorkflows} with Input arguments. */
export function listWorkflowsOutput(
  args: InputArgs<ListWorkflowsArgs> = {},
  opts?: DataSourceOutputOptions,
): pulumi.Output<WorkflowListItem[]> {
  return outputOf<ListWorkflowsArgs, WorkflowListItem[]>(args, opts, listWorkflows);
}
