/**
 * The real implementation behind `svc.Workflow` (and `svc:index:Workflow` of the plugin): a v2 workflow of
 * the API key's environment (`/v2/workflows`, spec operation 7). The resource id is the workflow's `_id`.
 *
 * - create: GET the workflowId first. A workflow already there is taken over only with `adopt`, or when the
 *   workflowId is this resource's default one (no one else can have made it, so a re-run after a lost
 *   answer never duplicates); otherwise the create fails naming it and how to adopt it. The service does
 *   not refuse a taken workflowId: it stores the new workflow under a suffixed one (create-workflow usecase,
 *   `generateUniqueIdentifier`), so the answer's workflowId is checked: the suffixed copy is deleted and the
 *   workflow holding the declared workflowId recorded when it is this resource's (a lost answer), and an
 *   unreadable 2xx answer is followed by a lookup (./create-recovery.ts). Fields the service did not store
 *   as declared are warned about (./unstored-fields.ts).
 * - update: GET, then PUT the whole workflow (./model.ts `toUpdateBody`), each kept step with its `_id`.
 * - read: GET by `_id` (or workflowId, for an import or `get`); a workflow gone answers `{}`.
 * - delete: DELETE by `_id`: only the stack's own workflow; 404 is already gone.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { NotFoundError, ResponseValidationError } from "../../../sdk/errors";
import type { Workflow } from "../../../sdk/schemas";
import type { ConfigSource } from "../../config";
import { isDefaultOf, keepDefaultIdentifier } from "../../default-identifier";
import type { CreateOutcome, DiffOutcome, ReadOutcome, UpdateOutcome } from "../../model/pulumi-results";
import type { WorkflowInputs, WorkflowOutputs } from "../../model/workflow-schema";
import { carryWriteId, ReplacementGuard, type Stamped } from "../shared/replacement-guard";
import { ServiceSession, type ServiceSessionOptions } from "../shared/service-session";
import { checkWorkflow, type WorkflowCheck } from "./check";
import {
  isDeclaredWorkflow,
  isWorkflowNotFound,
  namesFromNameMessage,
  takenMeanwhileMessage,
  unreadableMessage,
} from "./create-recovery";
import { diffWorkflow } from "./diff";
import { describeWorkflow, inputsOf, toCreateBody, toOutputs, toUpdateBody } from "./model";
import { warnUnstoredFields } from "./unstored-fields";

/** Options for tests and benchmarks that call the provider directly (the host passes none). */
export type WorkflowProviderOptions = ServiceSessionOptions;

/** What read answers for a Workflow. */
export type WorkflowRead = ReadOutcome<Stamped<WorkflowOutputs>, Record<string, unknown>>;

/** `pulumi.dynamic.ResourceProvider` for v2 workflows. */
export class WorkflowProvider implements dynamic.ResourceProvider {
  /** Settings, the shared paced client and error mapping. */
  readonly session: ServiceSession;
  /** Creates of this deployment: the old half of a replacement that took its workflow over leaves it. */
  private readonly creates = new ReplacementGuard();

  constructor(options: WorkflowProviderOptions = {}) {
    this.session = new ServiceSession(options);
  }

  /** Reads `svc:apiKey` / `svc:baseUrl` from the stack config the engine sends (env as fallback). */
  async configure(req: { config: ConfigSource }): Promise<void> {
    this.session.configure(req.config);
  }

  /**
   * Validates every field and every step's controls (./check.ts); no request is made. A default workflowId
   * already in state is kept when the resource is renamed (see {@link keepDefaultIdentifier}).
   */
  async check(olds: Record<string, unknown>, news: Record<string, unknown>): Promise<WorkflowCheck> {
    return checkWorkflow(keepDefaultIdentifier(olds, news ?? {}, "workflowId"), olds ?? {});
  }

  /** Compares checked inputs with the outputs in state (./diff.ts); no request is made. */
  async diff(_id: string, olds: WorkflowOutputs, news: WorkflowInputs): Promise<DiffOutcome> {
    return diffWorkflow(olds, news);
  }

  /** Creates the workflow, or takes over the one with its workflowId when it may (see the file header). */
  async create(inputs: WorkflowInputs): Promise<CreateOutcome<Stamped<WorkflowOutputs>>> {
    return this.session.guard("create", undefined, async () => {
      const existing = await this.find(inputs.workflowId);
      const written = existing ? await this.takeOver(inputs, existing) : await this.createNew(inputs);
      await warnUnstoredFields(inputs, written);
      return {
        id: written._id,
        outs: this.creates.stamp(written._id, toOutputs(written, inputs.secretHeaders), undefined),
      };
    });
  }

  /**
   * The workflow as the service holds it now, or `{}` when it is gone. A lookup (`Workflow.get`, `pulumi
   * import`: no state) accepts the `_id` or the workflowId, and fails when it names nothing.
   */
  async read(id: string, props?: Partial<WorkflowOutputs>): Promise<WorkflowRead> {
    return this.session.guard("read", undefined, async () => {
      const found = await this.find(id);
      if (!found && props?.workflowId === undefined) {
        throw new Error(
          `svc: read: no workflow has the _id or workflowId "${id}" in the API key's environment`,
        );
      }
      if (!found) return {};
      const outs = toOutputs(found, props?.secretHeaders);
      return { id: found._id, props: carryWriteId(outs, props), inputs: inputsOf(outs) };
    });
  }

  /** Replaces the workflow with the declared one (GET, then PUT), keeping the `_id` of each kept step. */
  async update(
    id: string,
    olds: WorkflowOutputs,
    news: WorkflowInputs,
  ): Promise<UpdateOutcome<Stamped<WorkflowOutputs>>> {
    return this.session.guard("update", undefined, async () => {
      const current = await this.find(id);
      if (!current) {
        throw new Error(
          `svc: update: workflow "${olds.workflowId}" (_id ${id}) no longer exists; run \`pulumi refresh\` so that it is created again`,
        );
      }
      const updated = await this.session.client().workflows.update(id, toUpdateBody(news, current));
      await warnUnstoredFields(news, updated);
      return { outs: carryWriteId(toOutputs(updated, news.secretHeaders), olds) };
    });
  }

  /**
   * Deletes the workflow by its `_id`; one already gone counts as deleted. One that a create of this
   * deployment took over is left: it is the new half's (provider/runtime/shared/replacement-guard.ts).
   */
  async delete(id: string, props: WorkflowOutputs): Promise<void> {
    return this.session.guard("delete", undefined, async () => {
      if (this.creates.supersededBy(id, props)) return;
      await this.deleteQuietly(id);
    });
  }

  /**
   * The workflow `id` (`_id` or workflowId) names in the key's environment, or undefined: a 404, or the 400
   * of a service version whose message says the workflow cannot be found (./create-recovery.ts).
   */
  private async find(id: string): Promise<Workflow | undefined> {
    try {
      return await this.session.client().workflows.get(id);
    } catch (e) {
      if (isWorkflowNotFound(e)) return undefined;
      throw e;
    }
  }

  /** DELETE, a 404 being no failure (already gone). */
  private async deleteQuietly(id: string): Promise<void> {
    try {
      await this.session.client().workflows.delete(id);
    } catch (e) {
      if (!(e instanceof NotFoundError)) throw e;
    }
  }

  /**
   * POST, then the answer checked. An answer that cannot be read is no failure of the write: the workflow is
   * looked up and recorded (./create-recovery.ts). An answer under another workflowId than the one sent:
   * see {@link settleOtherWorkflowId}.
   */
  private async createNew(inputs: WorkflowInputs): Promise<Workflow> {
    let created: Workflow;
    try {
      created = await this.session.client().workflows.create(toCreateBody(inputs));
    } catch (e) {
      if (!(e instanceof ResponseValidationError) || e.status >= 300) throw e;
      return this.afterUnreadableAnswer(inputs, e);
    }
    if (created.workflowId === inputs.workflowId) return created;
    return this.settleOtherWorkflowId(inputs, created);
  }

  /**
   * The service stored the new workflow under another workflowId than the one sent: a workflow held it
   * already (the service then suffixes it: the first POST of this create, whose answer was lost, or someone
   * else's), or this service version derives workflowIds from the name. The copy is this create's own and
   * is deleted; the workflow holding the declared workflowId is then recorded when it is this resource's to
   * take (./create-recovery.ts), and every other case fails saying which.
   */
  private async settleOtherWorkflowId(inputs: WorkflowInputs, created: Workflow): Promise<Workflow> {
    await this.deleteQuietly(created._id);
    const holder = await this.find(inputs.workflowId);
    if (holder === undefined) throw new Error(namesFromNameMessage(inputs, created));
    if (mayTakeOverWorkflow(inputs)) return this.takeOver(inputs, holder);
    if (isDeclaredWorkflow(inputs, holder)) return holder;
    throw new Error(takenMeanwhileMessage(inputs, created, holder));
  }

  /** After a create whose 2xx answer could not be read: the workflow it stored, or a failure naming it. */
  private async afterUnreadableAnswer(inputs: WorkflowInputs, e: ResponseValidationError): Promise<Workflow> {
    let found: Workflow | undefined;
    try {
      found = await this.find(inputs.workflowId);
    } catch (again) {
      if (again instanceof ResponseValidationError) throw new Error(unreadableMessage(inputs, e));
      throw again;
    }
    if (found === undefined) throw new Error(unreadableMessage(inputs, e));
    return found;
  }

  /** The existing workflow updated to the declaration, when this resource may take it over. */
  private async takeOver(inputs: WorkflowInputs, existing: Workflow): Promise<Workflow> {
    if (!mayTakeOverWorkflow(inputs)) {
      throw new Error(
        `svc: create: workflow ${describeWorkflow(existing)} already exists in the API key's environment and this ` +
          "resource did not create it (its workflowId was set explicitly, so it may belong to another stack or to " +
          "someone else). To take it over, set `adopt: true` on this resource (its name, steps and controls will " +
          "be replaced by the declared ones); otherwise choose another workflowId.",
      );
    }
    // Adopting what is already declared writes nothing (an exported environment adopts with no write).
    if (!diffWorkflow(toOutputs(existing, inputs.secretHeaders), inputs).changes) return existing;
    return this.session.client().workflows.update(existing._id, toUpdateBody(inputs, existing));
  }
}

/**
 * Whether an existing workflow with this resource's workflowId may be taken over without asking: the user
 * said so (`adopt`), or the workflowId is this resource's default one (recomputed from the project, stack
 * and name the resource sent, so an explicit workflowId, or one a transform changed, never qualifies).
 */
export function mayTakeOverWorkflow(inputs: WorkflowInputs): boolean {
  if (inputs.adopt === true) return true;
  const origin = inputs.defaultIdentifierOf;
  return origin !== undefined && isDefaultOf(inputs.workflowId, origin, "workflowId");
}
