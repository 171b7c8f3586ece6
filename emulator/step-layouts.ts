import type { WorkflowStep } from "../sdk/schemas";
import { notFound } from "./errors";
import type { StoredLayout } from "./layout-table";
import { EMULATOR_VOCABULARY } from "./service-vocabulary";
import type { EnvironmentState, StoredWorkflow } from "./store";

/**
 * How workflow email steps and v2 layouts meet: an email step's control values may name a layout
 * (`layoutId`; absent means the environment's default layout, `null` no layout).
 */

/** Origins whose email steps get their `layoutId` checked (upsert-workflow.usecase.ts: NOVU_CLOUD, NOVU_CLOUD_V1). */
const CHECKED_ORIGINS = new Set<string>([EMULATOR_VOCABULARY.cloudOrigin, EMULATOR_VOCABULARY.cloudV1Origin]);

/** A step's stored control values. */
function valuesOf(step: WorkflowStep): Record<string, unknown> {
  return (step.controls.values ?? {}) as Record<string, unknown>;
}

/** The step with new control values (both places the emulator keeps them). */
function withValues(step: WorkflowStep, values: Record<string, unknown>): WorkflowStep {
  return { ...step, controls: { ...step.controls, values }, controlValues: values } as WorkflowStep;
}

/**
 * The 404 of GetLayoutUseCaseV0 (libs/application-generic/src/usecases/get-layout-v0/get-layout.use-case.ts): an
 * empty id (`layoutId: ""`, looked up as an identifier no layout has) gets the message of a missing default.
 */
export function layoutNotFound(env: EnvironmentState, id: string) {
  return notFound(
    id
      ? `Layout not found for id ${id} in the environment ${env.id}`
      : `Default layout not found in the environment ${env.id}`,
  );
}

/**
 * Checks the `layoutId` of the email steps a workflow write changed, as
 * libs/application-generic/src/usecases/upsert-workflow/upsert-workflow.usecase.ts `executeControlValuesUpdate`
 * does after the workflow itself was written: a string `layoutId` is looked up (as `_id` or identifier)
 * and stored as the layout's identifier; an unknown one fails with the layout's 404, and that step's new
 * control values are not stored (the step keeps its previous values, a new step none) while the rest of
 * the write stands. Steps whose values the write did not change (same object as before) are not looked at.
 * Returns the workflow to store and the error to answer, if any.
 */
export function checkStepLayouts(
  env: EnvironmentState,
  workflow: StoredWorkflow,
): { workflow: StoredWorkflow; failure?: Error } {
  if (!CHECKED_ORIGINS.has(workflow.origin)) return { workflow };
  const previous = env.workflows.get(workflow._id);
  let failure: Error | undefined;
  const steps = workflow.steps.map((step) => {
    const before = previous?.steps.find((p) => p._id === step._id);
    const values = valuesOf(step);
    const layoutId = values["layoutId"];
    if (step.type !== "email" || typeof layoutId !== "string") return step;
    if (before && before.controls.values === step.controls.values) return step;
    const layout = env.layouts.find(layoutId);
    if (layout) return withValues(step, { ...values, layoutId: layout.layoutId });
    failure ??= layoutNotFound(env, layoutId);
    return withValues(step, before ? valuesOf(before) : {});
  });
  return failure ? { workflow: { ...workflow, steps }, failure } : { workflow: { ...workflow, steps } };
}

/**
 * Removes a deleted layout from the email steps that name it
 * (apps/api/src/app/layouts-v2/usecases/delete-layout/delete-layout.use-case.ts
 * `removeLayoutReferencesFromStepControls`: `$unset controls.layoutId`, the workflow itself untouched).
 * The usecase matches the layout's `_id`, while workflow writes store its identifier: both are matched.
 */
export function unsetStepLayouts(env: EnvironmentState, layout: StoredLayout): void {
  const names = new Set([layout._id, layout.layoutId]);
  for (const workflow of env.workflows.values()) {
    let touched = false;
    const steps = workflow.steps.map((step) => {
      const values = valuesOf(step);
      const named = values["layoutId"];
      if (typeof named !== "string" || !names.has(named)) return step;
      touched = true;
      const { layoutId: _dropped, ...rest } = values;
      return withValues(step, rest);
    });
    if (touched) env.workflows.set(workflow._id, { ...workflow, steps });
  }
}

/**
 * The workflows whose steps name the layout by identifier, each once, as `{ name, workflowId }`
 * (apps/api/src/app/layouts-v2/usecases/get-layout-usage/get-layout-usage.usecase.ts).
 */
export function layoutUsage(
  env: EnvironmentState,
  layout: StoredLayout,
): { name: string; workflowId: string }[] {
  const out: { name: string; workflowId: string }[] = [];
  for (const workflow of env.workflows.values()) {
    if (workflow.steps.some((s) => valuesOf(s)["layoutId"] === layout.layoutId))
      out.push({ name: workflow.name, workflowId: workflow.workflowId });
  }
  return out;
}
