import { z } from "zod";
import { jsonObjectSchema, STEP_VARIANTS, stepControlIssues, type WorkflowStep } from "../sdk/schemas";
import { objectId, shortId } from "./ids";
import { primaryIds } from "./routes/integrations";
import type { EnvironmentState, Store, StoredWorkflow } from "./store";

/**
 * Building stored v2 workflows from create/update bodies as the service's upsert does
 * (libs/application-generic/src/usecases/upsert-workflow/upsert-workflow.usecase.ts, formerly
 * apps/api/src/app/workflows-v2/usecases/upsert-workflow/): step identity, stepId slugs, control values,
 * issues and status.
 */

/** A step of a body, read tolerantly: the service checks the shape of controls, not their completeness. */
export const bodyStepSchema = z.looseObject({
  _id: z.string().optional(),
  stepId: z.string().optional(),
  name: z.string().min(1),
  type: z.enum(STEP_VARIANTS),
  controlValues: jsonObjectSchema.nullable().optional(),
});
/** A step of a body. */
type BodyStep = z.infer<typeof bodyStepSchema>;

/** What a create/update/sync writes: the workflow fields of the body. */
export interface WorkflowWrite {
  workflowId?: string | undefined;
  name: string;
  description?: string | undefined;
  tags?: string[] | undefined;
  active?: boolean | undefined;
  validatePayload?: boolean | undefined;
  payloadSchema?: Record<string, unknown> | null | undefined;
  isTranslationEnabled?: boolean | undefined;
  severity?: string | undefined;
  preferences?: { user?: unknown; workflow?: unknown } | undefined;
  steps: BodyStep[];
}

/** `slugify` of @novu/shared: lower case, runs of other characters as `-`; empty names get a random slug (`slugifyOrRandom`). */
export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug === "" ? shortId(8) : slug;
}

/** `generateUniqueStepId`: the slug of the name, suffixed `-<shortId>` while it collides. */
function uniqueStepId(name: string, taken: readonly string[]): string {
  const base = slugify(name);
  let id = base;
  while (taken.includes(id)) id = `${base}-${shortId()}`;
  return id;
}

/**
 * Channel steps need an active integration of their channel in the environment; email and SMS a primary one
 * (build-step-issues.usecase.ts `validateIntegration`). `primary` is computed as the integrations' answers
 * compute it (routes/integrations.ts `primaryIds`): the stored flag is never set.
 */
function integrationIssues(store: Store, env: EnvironmentState, type: string) {
  if (!["in_app", "email", "sms", "chat", "push"].includes(type)) return undefined;
  const primaryNeeded = type === "email" || type === "sms";
  const primaries = primaryNeeded ? primaryIds(store) : new Set<string>();
  for (const i of store.integrations.values()) {
    if (i._environmentId !== env.id || i.deleted || !i.active || i.channel !== type) continue;
    if (!primaryNeeded || primaries.has(i._id)) return undefined;
  }
  const message = `Missing active ${primaryNeeded ? "primary" : ""} integration provider`;
  return { [type]: [{ issueType: "MISSING_INTEGRATION", message }] };
}

/** The issues of one step (controls and integration), or undefined when it has none. */
function stepIssues(store: Store, env: EnvironmentState, type: string, values: Record<string, unknown>) {
  const controls = stepControlIssues(type, values);
  const integration = integrationIssues(store, env, type);
  const issues: Record<string, unknown> = {};
  if (Object.keys(controls).length > 0) issues["controls"] = controls;
  if (integration) issues["integration"] = integration;
  return Object.keys(issues).length > 0 ? issues : undefined;
}

/** `computeWorkflowStatus` (shared/compute-workflow-status.ts): INACTIVE when off, ERROR when a step has issues. */
export function workflowStatus(
  active: boolean,
  steps: readonly WorkflowStep[],
): "ACTIVE" | "INACTIVE" | "ERROR" {
  if (!active) return "INACTIVE";
  return steps.some((s) => s.issues !== undefined) ? "ERROR" : "ACTIVE";
}

/**
 * The new control values of a step: the body's when given, none when `null` (deleted), the stored ones
 * of a kept step when absent (upsert-workflow.usecase.ts `getControlValuesUpdates`).
 */
function nextValues(step: BodyStep, kept: WorkflowStep | undefined): Record<string, unknown> {
  if (step.controlValues === null) return {};
  if (step.controlValues !== undefined) return step.controlValues;
  return (kept?.controls.values as Record<string, unknown> | undefined) ?? {};
}

/** Builds the step list of a write: `_id` keeps a stored step, anything else is new with a unique stepId. */
function buildSteps(
  store: Store,
  env: EnvironmentState,
  write: WorkflowWrite,
  ids: { _id: string; workflowId: string },
  previous: readonly WorkflowStep[],
): WorkflowStep[] {
  const steps: WorkflowStep[] = [];
  for (const step of write.steps) {
    const kept = step._id ? previous.find((p) => p._id === step._id) : undefined;
    const taken = steps.map((s) => s.stepId);
    const stepId = kept?.stepId ?? step.stepId ?? uniqueStepId(step.name, taken);
    const _id = kept?._id ?? objectId();
    const values = nextValues(step, kept);
    const issues = stepIssues(store, env, step.type, values);
    const built = {
      _id,
      stepId,
      name: step.name,
      slug: `${slugify(step.name)}_st_${_id}`,
      type: step.type,
      origin: "svc-cloud",
      workflowId: ids.workflowId,
      workflowDatabaseId: ids._id,
      controls: { values },
      controlValues: values,
      variables: {},
      ...(issues ? { issues } : {}),
    };
    steps.push(built as WorkflowStep);
  }
  return steps;
}

/** The default preferences of a workflow (DEFAULT_WORKFLOW_PREFERENCES: everything on, editable). */
const DEFAULT_PREFERENCES = { all: { enabled: true, readOnly: false }, channels: {} };

/** Preferences as stored: `workflow` becomes `default`, `user` stays. */
function storedPreferences(write: WorkflowWrite): StoredWorkflow["preferences"] {
  const prefs = write.preferences ?? {};
  return {
    default: (prefs.workflow ?? DEFAULT_PREFERENCES) as StoredWorkflow["preferences"]["default"],
    user: (prefs.user ?? null) as StoredWorkflow["preferences"]["user"],
  };
}

/**
 * The stored workflow after a create (no `previous`) or an update (`previous`): `active` defaults to
 * true in both (`workflowDto.active ?? true`), status computed from it and the steps' issues.
 */
export function buildWorkflow(
  store: Store,
  env: EnvironmentState,
  write: WorkflowWrite,
  ids: { _id: string; workflowId: string },
  previous?: StoredWorkflow,
): StoredWorkflow {
  const now = new Date().toISOString();
  const active = write.active ?? true;
  const steps = buildSteps(store, env, write, ids, previous?.steps ?? []);
  return {
    ...previous,
    _id: ids._id,
    workflowId: ids.workflowId,
    slug: `${slugify(write.name)}_wf_${ids._id}`,
    name: write.name,
    description: write.description ?? (previous ? previous.description : ""),
    tags: write.tags ?? (previous ? previous.tags : []),
    active,
    validatePayload: write.validatePayload ?? previous?.validatePayload ?? true,
    payloadSchema: write.payloadSchema ?? previous?.payloadSchema ?? null,
    isTranslationEnabled: write.isTranslationEnabled ?? previous?.isTranslationEnabled ?? false,
    severity: write.severity ?? previous?.severity ?? "none",
    preferences: storedPreferences(write),
    origin: previous?.origin ?? "svc-cloud",
    steps,
    status: workflowStatus(active, steps),
    createdAt: previous?.createdAt ?? now,
    updatedAt: now,
    lastTriggeredAt: previous?.lastTriggeredAt ?? null,
  };
}

/**
 * A workflowId free in the environment: the one asked for, else suffixed `-<shortId>`
 * (create-workflow-v0 `generateUniqueIdentifier`; the service does not refuse a taken workflowId).
 */
export function freeWorkflowId(env: EnvironmentState, wanted: string): string {
  const taken = (id: string) => [...env.workflows.values()].some((w) => w.workflowId === id);
  let id = wanted;
  while (taken(id)) id = `${wanted}-${shortId()}`;
  return id;
}
