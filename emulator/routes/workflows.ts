import { getWorkflowQuerySchema } from "../../sdk/schemas";
import { notFound } from "../errors";
import type { RequestContext, Route, RouteResult } from "../router";
import { validate } from "../validate";
import { keyEnvironment, organizationEnvironment } from "./scope";

function getWorkflow(ctx: RequestContext): RouteResult {
  const query = validate(getWorkflowQuerySchema, ctx.query);
  const env = query.environmentId ? organizationEnvironment(ctx, query.environmentId) : keyEnvironment(ctx);
  const id = ctx.params["workflowId"] ?? "";
  const workflow = env.findWorkflow(id);
  if (!workflow) throw notFound(`Workflow ${id} not found`);
  return { status: 200, body: { data: workflow } };
}

/** `GET /v2/workflows/{workflowId}`: by workflowId, slug or `_id`; category global (the default: no `@ThrottlerCategory`). */
export const workflowRoutes: Route[] = [
  { method: "GET", pattern: "/v2/workflows/:workflowId", category: "global", handler: getWorkflow },
];
