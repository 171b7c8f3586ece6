/**
 * Out-of-band changes of workflows, made over raw HTTP as the dashboard or another tool would: a PATCH of a
 * declared workflow's fields, a control of one of its steps edited and saved with a PUT (the whole workflow,
 * every step with its `_id`, as the dashboard saves it), a declared workflow deleted (each marks the run
 * drifted until the next `refresh`); and the application patching or making its own workflows (recorded as
 * they are then stored: the oracle holds every later step to leaving them so).
 */
import { call } from "../emulator-http";
import { createForeignWorkflow, foreignWorkflowRecord } from "./fixtures";
import type { ConvergenceRun } from "./runner";
import type { OobAction } from "./script";
import { type LiveWorkflow, liveOf, liveWorkflowOf } from "./workflow-oracle";

/** The workflow actions of {@link OobAction}. */
export type WorkflowOobAction = Extract<
  OobAction,
  { oob: "patch-workflow" | "edit-workflow-control" | "delete-workflow" | "foreign-workflow" }
>;

/** Whether `a` acts on workflows. */
export function isWorkflowOob(a: OobAction): a is WorkflowOobAction {
  return a.oob.endsWith("-workflow") || a.oob === "edit-workflow-control";
}

/** The stored workflows of the run's environment. */
function stored(run: ConvergenceRun): LiveWorkflow[] {
  return run.emu.workflows(run.emu.keys[0]!.environmentId).map(liveWorkflowOf);
}

/** The stored workflow of the declared workflow `name`, when it is declared and stored once. */
function liveWorkflow(run: ConvergenceRun, name: string): LiveWorkflow | undefined {
  const decl = run.lane.model.workflows?.find((w) => w.name === name);
  const found = decl ? liveOf(decl, stored(run)) : [];
  return found.length === 1 ? found[0] : undefined;
}

async function answered(run: ConvergenceRun, what: string, p: Promise<{ status: number }>): Promise<boolean> {
  const { status } = await p;
  if (status >= 200 && status < 300) return true;
  run.note(`out-of-band ${what}: answered ${status}`);
  return false;
}

const path = (w: LiveWorkflow) => `/v2/workflows/${encodeURIComponent(w.workflowId)}`;

/**
 * The PUT body the dashboard saves after editing one step's controls: every field of the stored workflow,
 * each step with its `_id` and its stored values, the edited step with `controls`.
 */
function dashboardBody(w: LiveWorkflow, step: string, controls: Record<string, unknown>) {
  const raw = JSON.parse(w.record) as Record<string, unknown> & {
    preferences?: { default?: unknown; user?: unknown };
  };
  const fields = [
    "name",
    "description",
    "tags",
    "active",
    "validatePayload",
    "isTranslationEnabled",
    "severity",
  ];
  const body: Record<string, unknown> = Object.fromEntries(
    fields.filter((k) => k in raw).map((k) => [k, raw[k]]),
  );
  if (raw["payloadSchema"]) body["payloadSchema"] = raw["payloadSchema"];
  body["origin"] = raw["origin"];
  body["preferences"] = { workflow: raw.preferences?.default ?? null, user: raw.preferences?.user ?? null };
  body["steps"] = w.steps.map((s) => ({
    _id: s._id,
    name: s.name,
    type: s.type,
    controlValues: s.name === step ? controls : s.controlValues,
  }));
  return body;
}

/** The application patches one of its workflows, or (`patch` null) makes a new one; recorded as foreign. */
async function foreignWorkflow(
  run: ConvergenceRun,
  action: Extract<OobAction, { oob: "foreign-workflow" }>,
): Promise<boolean> {
  const source = `out-of-band step ${run.step}`;
  if (action.patch === null) {
    const body = {
      name: "App alert",
      steps: [{ name: "Chat", type: "chat", controlValues: { body: "Alert" } }],
    };
    run.recordForeignWorkflow(await createForeignWorkflow(run.emu, action.workflowId, body, source));
    return true;
  }
  const w = stored(run).find((x) => x.workflowId === action.workflowId);
  if (!w) return false;
  const p = call(run.emu, "PATCH", path(w), { body: action.patch });
  if (!(await answered(run, "PATCH of the application's workflow", p))) return false;
  run.recordForeignWorkflow(foreignWorkflowRecord(run.emu, w._id, source));
  return true;
}

/** Performs a workflow action; false when it does not apply (its workflow is not declared or not stored). */
export async function runWorkflowOob(run: ConvergenceRun, action: WorkflowOobAction): Promise<boolean> {
  if (action.oob === "foreign-workflow") return foreignWorkflow(run, action);
  const w = liveWorkflow(run, action.workflow);
  if (!w) return false;
  let applied: boolean;
  if (action.oob === "delete-workflow")
    applied = await answered(run, "DELETE", call(run.emu, "DELETE", path(w)));
  else if (action.oob === "patch-workflow")
    applied = await answered(run, "PATCH", call(run.emu, "PATCH", path(w), { body: action.patch }));
  else {
    if (!w.steps.some((s) => s.name === action.step)) return false;
    const body = dashboardBody(w, action.step, action.controls);
    applied = await answered(run, "PUT", call(run.emu, "PUT", path(w), { body }));
  }
  if (applied) run.flags.drifted = true;
  return applied;
}
