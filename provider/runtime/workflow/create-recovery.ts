/**
 * What a Workflow create does when the service's answer is not the plain one, so that a write the service
 * accepted never leaves a workflow the stack does not track:
 *
 * - an answer under another workflowId than the one sent (./provider.ts `settleOtherWorkflowId`): the
 *   service suffixes a workflowId already held (create-workflow usecase, `generateUniqueIdentifier`), as when
 *   the answer of a first POST was lost and the client's retry was stored again on a service whose
 *   idempotency is off (self-hosted production ships it off); or the service is a version that ignores the
 *   body's workflowId and uses the slug of the name (Novu from 2024 and early 2025);
 * - a 2xx answer that cannot be read: the workflow is looked up by its workflowId and recorded;
 * - a lookup of a missing workflow answered 400 by one service version (`WorkflowNotFoundException` extends
 *   `BadRequestException`, message "Workflow cannot be found"): not found, only when the message says so.
 */
import { ApiError, NotFoundError, type ResponseValidationError } from "../../../sdk/errors";
import type { Workflow } from "../../../sdk/schemas";
import type { WorkflowInputs } from "../../model/workflow-schema";
import { workflowChanges } from "./diff";
import { describeWorkflow, toOutputs } from "./model";

/** How the service says a workflow does not exist in a 400 (`Workflow cannot be found`). */
const NOT_FOUND_MESSAGE = /\b(cannot be found|not found)\b/i;

/** Whether `e` says the workflow looked up does not exist: a 404, or a 400 whose message says so. */
export function isWorkflowNotFound(e: unknown): boolean {
  if (e instanceof NotFoundError) return true;
  if (!(e instanceof ApiError) || e.status !== 400) return false;
  const body = e.body as { message?: unknown } | null;
  const message = body !== null && typeof body === "object" ? body.message : body;
  return typeof message === "string" && NOT_FOUND_MESSAGE.test(message);
}

/** Whether the stored workflow is the declared one, as the service stores it (no change to make). */
export function isDeclaredWorkflow(inputs: WorkflowInputs, stored: Workflow): boolean {
  return workflowChanges(toOutputs(stored, inputs.secretHeaders), inputs).length === 0;
}

/** How the next `up` takes a workflow over: automatically for a default workflowId, else with `adopt`. */
function takeOverAdvice(inputs: WorkflowInputs): string {
  return inputs.defaultIdentifierOf !== undefined
    ? "run `pulumi up` again: this resource then takes it over (its workflowId is this resource's default one)"
    : "to take it over, set `adopt: true` on this resource and run `pulumi up` again (its content is then " +
        "replaced by the declared one); otherwise choose another workflowId";
}

/**
 * The service stored the workflow under a workflowId derived from the name, and no workflow holds the one
 * sent: a service version that ignores the body's workflowId. The copy was deleted.
 */
export function namesFromNameMessage(inputs: WorkflowInputs, created: Workflow): string {
  return (
    `svc: create: workflow "${inputs.workflowId}" was stored as ${describeWorkflow(created)}: this service ` +
    "version ignores the workflowId sent and derives it from the name (Novu servers from 2024 and early " +
    "2025 do), so it was deleted again. Upgrade the service, or declare " +
    `\`workflowId: "${created.workflowId}"\` (what this service derives from the name "${inputs.name}") on ` +
    "this resource."
  );
}

/** Another workflow, not the declared one, holds the workflowId sent; this create's suffixed copy was deleted. */
export function takenMeanwhileMessage(inputs: WorkflowInputs, created: Workflow, holder: Workflow): string {
  return (
    `svc: create: workflow ${describeWorkflow(holder)} holds the workflowId "${inputs.workflowId}" and differs ` +
    `from this resource's declaration; the service stored this create as "${created.workflowId}" (_id ` +
    `${created._id}), which was deleted again. It may belong to another stack or to someone else: ` +
    `${takeOverAdvice(inputs)}.`
  );
}

/** The create's answer could not be read and no workflow with its workflowId can be read either. */
export function unreadableMessage(inputs: WorkflowInputs, e: ResponseValidationError): string {
  return (
    `svc: create: the service accepted workflow "${inputs.workflowId}" (${e.method} -> ${e.status}` +
    `${e.requestId ? `, req ${e.requestId}` : ""}) but its answer cannot be read (${e.issues.join("; ")}), so ` +
    "this stack does not track it. Look it up with `GET /v2/workflows/" +
    `${inputs.workflowId}\`; once this provider reads it (a newer pulumi-svc), ${takeOverAdvice(inputs)}, ` +
    `or delete it (\`DELETE /v2/workflows/${inputs.workflowId}\`).`
  );
}
