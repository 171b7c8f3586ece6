/**
 * The rule of kept steps: a workflow updated in place keeps its `_id`, and each of its steps that the
 * program kept (matched by step name) keeps its `_id` (and so its history in the service), whether its
 * controls, its place or its neighbours changed. The oracle alone cannot see this (new steps with the same
 * names and values converge too), so the runner records the `_id`s after each clean `up` and checks them
 * after the next one. A step removed (or a workflow removed, or its workflowId changed: a replacement) is
 * no longer watched; nor is anything across what may legitimately recreate objects: a workflow deleted out
 * of band, a forced replacement, a faulted or killed `up`, a destroy (the runner then calls
 * {@link StepIdWatch.forget} or {@link StepIdWatch.forgetWorkflow}).
 */
import type { Edit, ProgramModel } from "./model";
import { type LiveWorkflow, liveOf } from "./workflow-oracle";

/** A workflow's ids when last recorded. */
interface Recorded {
  /** The workflow's `_id`. */
  id: string;
  /** Its steps' `_id`s by step name. */
  steps: Map<string, string>;
}

/** The `_id`s of the program's workflows and steps after the last clean `up`, by resource name. */
export class StepIdWatch {
  private readonly recorded = new Map<string, Recorded>();

  /** Before `edit` is applied: stops watching what it removes or replaces. */
  before(edit: Edit): void {
    if (edit.edit === "remove-workflow" || edit.edit === "set-workflow-id")
      this.recorded.delete(edit.workflow);
    else if (edit.edit === "remove-step") this.recorded.get(edit.workflow)?.steps.delete(edit.step);
  }

  /**
   * After a clean `up` of `model`: a finding for each watched workflow whose stored object changed, and each
   * watched step, still declared, whose `_id` changed.
   */
  check(model: ProgramModel, live: readonly LiveWorkflow[]): string[] {
    const findings: string[] = [];
    for (const [name, was] of this.recorded) {
      const decl = model.workflows?.find((w) => w.name === name);
      const found = decl ? liveOf(decl, live) : [];
      if (!decl || found.length !== 1) continue; // the oracle reports a missing workflow
      const w = found[0]!;
      if (w._id !== was.id) {
        findings.push(`${name} (${w.workflowId}): the workflow was recreated (_id ${was.id} -> ${w._id})`);
        continue;
      }
      for (const [step, id] of was.steps) {
        const now = w.steps.find((s) => s.name === step);
        if (decl.steps.some((s) => s.name === step) && now && now._id !== id)
          findings.push(
            `${name} (${w.workflowId}): step ${step} kept by the program got a new _id (${id} -> ${now._id})`,
          );
      }
    }
    return findings;
  }

  /** After a clean `up` of `model`: records the `_id`s to hold the next one to. */
  record(model: ProgramModel, live: readonly LiveWorkflow[]): void {
    this.recorded.clear();
    for (const decl of model.workflows ?? []) {
      const found = liveOf(decl, live);
      if (found.length !== 1) continue;
      const w = found[0]!;
      this.recorded.set(decl.name, { id: w._id, steps: new Map(w.steps.map((s) => [s.name, s._id])) });
    }
  }

  /** Stops watching one workflow (deleted out of band, force-replaced). */
  forgetWorkflow(name: string): void {
    this.recorded.delete(name);
  }

  /** Stops watching everything. */
  forget(): void {
    this.recorded.clear();
  }
}
