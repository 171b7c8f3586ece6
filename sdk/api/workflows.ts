import type { RequestOptions } from "../options";
import { paginateOffset } from "../pagination";
import {
  type CreateWorkflowBody,
  createWorkflowBodySchema,
  type GetWorkflowQuery,
  getWorkflowQuerySchema,
  type ListWorkflowsQuery,
  listWorkflowsQuerySchema,
  type PatchWorkflowBody,
  patchWorkflowBodySchema,
  type SyncWorkflowBody,
  syncWorkflowBodySchema,
  type UpdateWorkflowBody,
  updateWorkflowBodySchema,
  type Workflow,
  type WorkflowList,
  type WorkflowListItem,
  workflowListSchema,
  workflowSchema,
} from "../schemas";
import { type QueryValue, type Transport, validateInput } from "../transport";
import { idParam } from "./ids";

/**
 * Workflow operations (v2). `workflowId` in a path is the workflow's identifier (its `workflowId`), its
 * `slug` or its `_id`. Writes act on the API key's environment.
 */
export class Workflows {
  readonly #t: Transport;

  /** @internal Built by `SvcClient`. */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** One workflow, v2 shape (`GET /v2/workflows/{workflowId}`), optionally of another environment. */
  async get(workflowId: string, query: GetWorkflowQuery = {}, options?: RequestOptions): Promise<Workflow> {
    const operation = "workflows.get";
    const id = idParam(operation, "workflowId", workflowId);
    const parsed = validateInput(operation, getWorkflowQuerySchema, query, "query");
    return this.#t.request(
      {
        operation,
        method: "GET",
        path: `/v2/workflows/${id}`,
        query: parsed as Record<string, QueryValue>,
        response: workflowSchema,
      },
      options,
    );
  }

  /**
   * Creates a workflow (`POST /v2/workflows`, 201). `active` defaults to true. Missing required controls
   * are not refused: the step is stored with `issues` and the workflow's status is `ERROR` (check first
   * with `completeControlValuesSchemas`). A `workflowId` already taken in the environment is not refused
   * either: the service stores the new workflow under a suffixed identifier.
   */
  async create(body: CreateWorkflowBody, options?: RequestOptions): Promise<Workflow> {
    const operation = "workflows.create";
    return this.#t.request(
      {
        operation,
        method: "POST",
        path: "/v2/workflows",
        body: validateInput(operation, createWorkflowBodySchema, body, "body"),
        response: workflowSchema,
      },
      options,
    );
  }

  /**
   * Replaces a workflow (`PUT /v2/workflows/{workflowId}`): `steps` become the whole step list; a step
   * keeps its identity (`_id`, `stepId`, stored control values) only when it carries its `_id`.
   */
  async update(workflowId: string, body: UpdateWorkflowBody, options?: RequestOptions): Promise<Workflow> {
    const operation = "workflows.update";
    const id = idParam(operation, "workflowId", workflowId);
    return this.#t.request(
      {
        operation,
        method: "PUT",
        path: `/v2/workflows/${id}`,
        body: validateInput(operation, updateWorkflowBodySchema, body, "body"),
        response: workflowSchema,
      },
      options,
    );
  }

  /** Changes some fields of a workflow (`PATCH /v2/workflows/{workflowId}`). */
  async patch(workflowId: string, body: PatchWorkflowBody, options?: RequestOptions): Promise<Workflow> {
    const operation = "workflows.patch";
    const id = idParam(operation, "workflowId", workflowId);
    return this.#t.request(
      {
        operation,
        method: "PATCH",
        path: `/v2/workflows/${id}`,
        body: validateInput(operation, patchWorkflowBodySchema, body, "body"),
        response: workflowSchema,
      },
      options,
    );
  }

  /** Deletes a workflow (`DELETE /v2/workflows/{workflowId}`, 204); a missing one fails with `NotFoundError`. */
  async delete(workflowId: string, options?: RequestOptions): Promise<void> {
    const operation = "workflows.delete";
    const id = idParam(operation, "workflowId", workflowId);
    await this.#t.request(
      { operation, method: "DELETE", path: `/v2/workflows/${id}`, response: null },
      options,
    );
  }

  /** One page of the environment's workflows (`GET /v2/workflows`), newest first by default. */
  async list(query: ListWorkflowsQuery = {}, options?: RequestOptions): Promise<WorkflowList> {
    const operation = "workflows.list";
    const parsed = validateInput(operation, listWorkflowsQuerySchema, query, "query");
    return this.#t.request(
      {
        operation,
        method: "GET",
        path: "/v2/workflows",
        query: bracketedArrays(parsed as Record<string, QueryValue>, ["tags", "status"]),
        response: workflowListSchema,
      },
      options,
    );
  }

  /** Every workflow matching `query`, page by page (`offset` advances; `limit` is the page size). */
  listAll(
    query: Omit<ListWorkflowsQuery, "offset"> = {},
    options?: RequestOptions,
  ): AsyncGenerator<WorkflowListItem, void, undefined> {
    return paginateOffset(async (offset) => {
      const page = await this.list({ ...query, offset }, options);
      return { data: page.workflows, totalCount: page.totalCount };
    });
  }

  /**
   * Copies a workflow to another environment of the organization (`PUT /v2/workflows/{workflowId}/sync`):
   * creates it there under the same `workflowId`, or updates the one already there (steps matched by
   * `stepId`). Resolves to the target environment's workflow.
   */
  async sync(workflowId: string, body: SyncWorkflowBody, options?: RequestOptions): Promise<Workflow> {
    const operation = "workflows.sync";
    const id = idParam(operation, "workflowId", workflowId);
    return this.#t.request(
      {
        operation,
        method: "PUT",
        path: `/v2/workflows/${id}/sync`,
        body: validateInput(operation, syncWorkflowBodySchema, body, "body"),
        response: workflowSchema,
      },
      options,
    );
  }
}

/**
 * The filters the service's DTO reads with `@IsArray()` (apps/api/src/app/workflows-v2/dtos/
 * get-list-query-params.ts) sent as `name[]=`: its query parser reads a single `tags=a` as a string, which
 * the DTO refuses (422 "tags must be an array"); `tags[]=a` is an array of one.
 */
function bracketedArrays(
  query: Record<string, QueryValue>,
  keys: readonly string[],
): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(query)) out[keys.includes(key) ? `${key}[]` : key] = value;
  return out;
}
