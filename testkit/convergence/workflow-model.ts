/**
 * Workflows in the convergence model: what a generated program declares as `svc.Workflow` (a workflowId,
 * explicit in most, the workflow's fields and an ordered list of steps, each a name, a type and its control
 * values), and the edits a script makes to them. Plain JSON, as the rest of the model. Nothing here imports
 * provider or sdk code: the step types and their required controls are written out from the spec's control
 * table (operation 7), so a generated step is always stored without issues.
 *
 * Step names are unique within a workflow: the resource matches the steps it keeps by name, and a kept step
 * must keep its `_id` (./step-id-watch.ts).
 */

/** The nine step types of the spec's v2 Workflow. */
export const STEP_TYPES = [
  "in_app",
  "email",
  "sms",
  "push",
  "chat",
  "delay",
  "digest",
  "throttle",
  "custom",
] as const;
/** A step type. */
export type StepType = (typeof STEP_TYPES)[number];

/** Control values of a step, as the program declares them (JSON). */
export type Controls = Record<string, unknown>;

/** One step of a declared workflow. */
export interface StepDecl {
  /** Unique within its workflow. */
  name: string;
  type: StepType;
  controls: Controls;
}

/** The channels of workflow preferences. */
export const PREFERENCE_CHANNELS = ["in_app", "email", "sms", "chat", "push"] as const;

/** One side of declared preferences, partial as a program may write it (the service completes it). */
export interface PreferencesDecl {
  all?: { enabled?: boolean; readOnly?: boolean };
  channels?: Partial<Record<(typeof PREFERENCE_CHANNELS)[number], { enabled: boolean }>>;
}

/** One declared `svc.Workflow`. */
export interface WorkflowDecl {
  /** Pulumi resource name. */
  name: string;
  /** Explicit workflowId; absent: the resource's default (see `defaultWorkflowId` of ./workflow-oracle.ts). */
  workflowId?: string;
  /** Set only as the documented remedy for a workflow a failed run made but did not record (./adopt-remedy.ts). */
  adopt?: boolean;
  /** The workflow's `name` field. */
  title: string;
  description?: string;
  tags?: string[];
  /** Absent: the service's default, true. */
  active?: boolean;
  /** Partial preferences: the workflow's (`workflow`) and the subscribers' (`user`, null: none). */
  preferences?: { workflow?: PreferencesDecl; user?: PreferencesDecl | null };
  validatePayload?: boolean;
  payloadSchema?: Record<string, unknown>;
  severity?: "high" | "medium" | "low" | "none";
  /** Only `false`: `true` is stored by Novu's enterprise edition alone (elsewhere answered false). */
  isTranslationEnabled?: false;
  steps: StepDecl[];
}

/** An edit of a program's workflows. */
export type WorkflowEdit =
  | { edit: "add-workflow"; decl: WorkflowDecl }
  | { edit: "remove-workflow"; workflow: string }
  | { edit: "add-step"; workflow: string; at: number; step: StepDecl }
  | { edit: "remove-step"; workflow: string; step: string }
  | { edit: "move-step"; workflow: string; step: string; to: number }
  | { edit: "set-controls"; workflow: string; step: string; controls: Controls }
  | { edit: "set-workflow"; workflow: string; fields: WorkflowFields }
  | { edit: "set-workflow-id"; workflow: string; workflowId: string };

/** The workflow fields an edit may set; `null` removes the field (back to the service's default). */
export interface WorkflowFields {
  title?: string;
  description?: string | null;
  tags?: string[] | null;
  active?: boolean | null;
  preferences?: WorkflowDecl["preferences"] | null;
  severity?: WorkflowDecl["severity"] | null;
}

/** The kinds of {@link WorkflowEdit}. */
export const WORKFLOW_EDITS: readonly WorkflowEdit["edit"][] = [
  "add-workflow",
  "remove-workflow",
  "add-step",
  "remove-step",
  "move-step",
  "set-controls",
  "set-workflow",
  "set-workflow-id",
];

/** Whether `e` (any edit of the model) is a workflow edit. */
export function isWorkflowEdit(e: { edit: string }): e is WorkflowEdit {
  return (WORKFLOW_EDITS as readonly string[]).includes(e.edit);
}

/** What the workflows of a program hold, and how resource names are checked across the whole program. */
export interface WorkflowHolder {
  workflows?: WorkflowDecl[];
}

/** The workflow named `name`, if declared. */
export function workflowOf(m: WorkflowHolder, name: string): WorkflowDecl | undefined {
  return m.workflows?.find((w) => w.name === name);
}

/** Whether an explicit workflowId is declared by a workflow of `m` (other than `except`). */
function workflowIdTaken(m: WorkflowHolder, workflowId: string, except?: string): boolean {
  return (m.workflows ?? []).some((w) => w.name !== except && w.workflowId === workflowId);
}

/** Whether a step list is writable: at least one step, names unique. */
export function stepsValid(steps: readonly StepDecl[]): boolean {
  return steps.length > 0 && new Set(steps.map((s) => s.name)).size === steps.length;
}

/**
 * Applies a workflow edit to `m` in place; false when it does not apply. `nameTaken` tells whether a
 * resource name is used anywhere in the program (workflows share the namespace with the other resources).
 */
export function applyWorkflowEdit(
  m: WorkflowHolder,
  e: WorkflowEdit,
  nameTaken: (name: string) => boolean,
): boolean {
  if (e.edit === "add-workflow") {
    if (nameTaken(e.decl.name) || !stepsValid(e.decl.steps)) return false;
    if (e.decl.workflowId !== undefined && workflowIdTaken(m, e.decl.workflowId)) return false;
    m.workflows = [...(m.workflows ?? []), structuredClone(e.decl)];
    return true;
  }
  const w = workflowOf(m, e.workflow);
  if (!w) return false;
  switch (e.edit) {
    case "remove-workflow":
      m.workflows = (m.workflows ?? []).filter((x) => x !== w);
      return true;
    case "set-workflow-id":
      if (w.workflowId === e.workflowId || workflowIdTaken(m, e.workflowId, w.name)) return false;
      w.workflowId = e.workflowId;
      return true;
    case "set-workflow":
      return setFields(w, e.fields);
    default:
      return editSteps(w, e);
  }
}

function setFields(w: WorkflowDecl, fields: WorkflowFields): boolean {
  if (fields.title !== undefined) w.title = fields.title;
  for (const key of ["description", "tags", "active", "preferences", "severity"] as const) {
    const value = fields[key];
    if (value === null) delete w[key];
    else if (value !== undefined) Object.assign(w, { [key]: structuredClone(value) });
  }
  return true;
}

type StepEdit = Extract<WorkflowEdit, { edit: "add-step" | "remove-step" | "move-step" | "set-controls" }>;

function editSteps(w: WorkflowDecl, e: StepEdit): boolean {
  if (e.edit === "add-step") {
    if (w.steps.some((s) => s.name === e.step.name)) return false;
    w.steps.splice(Math.min(e.at, w.steps.length), 0, structuredClone(e.step));
    return true;
  }
  const at = w.steps.findIndex((s) => s.name === e.step);
  if (at < 0) return false;
  if (e.edit === "remove-step") {
    if (w.steps.length <= 1) return false;
    w.steps.splice(at, 1);
    return true;
  }
  if (e.edit === "set-controls") {
    w.steps[at]!.controls = structuredClone(e.controls);
    return true;
  }
  const to = Math.min(e.to, w.steps.length - 1);
  if (to === at) return false;
  const [step] = w.steps.splice(at, 1);
  w.steps.splice(to, 0, step!);
  return true;
}
