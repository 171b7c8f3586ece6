import type { RequestOptions } from "../options";
import { type GetWorkflowQuery, getWorkflowQuerySchema, type Workflow, workflowSchema } from "../schemas";
import { type QueryValue, type Transport, validateInput } from "../transport";
import { idParam } from "./ids";

/** Workflow operations. */
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
}
