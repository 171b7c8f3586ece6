import type { WorkflowStep } from "../sdk/schemas";
import { objectId, shortId } from "./ids";
import { primaryIds } from "./routes/integrations";
import type { ServiceVersion } from "./service-version";
import { EMULATOR_VOCABULARY } from "./service-vocabulary";
import { stepControlIssues } from "./step-control-issues";
import type { EnvironmentState, Store, StoredWorkflow } from "./store";
import { storedControlValues } from "./workflow-controls";
import { completePreferences } from "./workflow-preferences";

/**
 * Building stored v2 workflows from create/update bodies as the service's upsert does
 * (libs/application-generic/src/usecases/upsert-workflow/upsert-workflow.usecase.ts, formerly
 * apps/api/src/app/workflows-v2/usecases/upsert-workflow/): step identity, stepId slugs, control values,
 * issues and status. Steps are stored with the issues of the write (what list items show); full workflow
 * answers carry the integration issues of the moment instead ({@link withReadIssues}).
 */

/** A step of a body, as the DTOs pass it (emulator/validation/workflows.ts): controls are not refused. */
export interface BodyStep {
  _id?: string | undefined;
  stepId?: string | undefined;
  name: string;
  type: string;
  controlValues?: Record<string, unknown> | null | undefined;
}

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

/** `generateUniqueStepId`: the slug of the name, suffixed `-<shortId>` while it collides with `taken`. */
function uniqueStepId(name: string, taken: readonly string[]): string {
  const base = slugify(name);
  let id = base;
  while (taken.includes(id)) id = `${base}-${shortId()}`;
  return id;
}

/** Channel step types: those that need an integration (build-step-issues.usecase.ts `validateIntegration`). */
const CHANNEL_TYPES = ["in_app", "email", "sms", "chat", "push"];

/**
 * Channel steps need an active integration of their channel in the environment; email and SMS a primary one
 * (build-step-issues.usecase.ts `validateIntegration`). `primary` is computed as the integrations' answers
 * compute it (routes/integrations.ts `primaryIds`): the stored flag is never set.
 */
export function integrationIssues(store: Store, env: EnvironmentState, type: string) {
  if (!CHANNEL_TYPES.includes(type)) return undefined;
  const primaryNeeded = type === "email" || type === "sms";
  const primaries = primaryNeeded ? primaryIds(store) : new Set<string>();
  for (const i of store.integrations.values()) {
    if (i._environmentId !== env.id || i.deleted || !i.active || i.channel !== type) continue;
    if (!primaryNeeded || primaries.has(i._id)) return undefined;
  }
  const message = `Missing active ${primaryNeeded ? "primary" : ""} integration provider`;
  return { [type]: [{ issueType: "MISSING_INTEGRATION", message }] };
}

/** The integration issues of a step type at this moment, or undefined (see {@link integrationIssues}). */
export type IntegrationIssuesOf = (type: string) => Record<string, unknown> | undefined;

/**
 * The issues of a step as the upsert stores them (build-step-issues.usecase.ts): control issues of the values
 * sent and integration issues of the write's moment; undefined when there are none.
 */
function writeIssues(type: string, values: Record<string, unknown>, integrationOf: IntegrationIssuesOf) {
  const controls = stepControlIssues(type, values);
  const integration = integrationOf(type);
  const issues: Record<string, unknown> = {};
  if (Object.keys(controls).length > 0) issues["controls"] = controls;
  if (integration) issues["integration"] = integration;
  return Object.keys(issues).length > 0 ? issues : undefined;
}

/**
 * A workflow as a full answer (get, create, update, patch, sync): its stored steps with the integration
 * issues replaced by those of this moment (the service builds them when the workflow is read; DESIGN.md);
 * the status stays the stored one. List items show the stored issues (notification-template-mapper.ts
 * `toStepListResponseDto`: `issues: step.issues`).
 */
export function withReadIssues(
  store: Store,
  env: EnvironmentState,
  workflow: StoredWorkflow,
): StoredWorkflow {
  const steps = workflow.steps.map((step) => {
    const { integration: _stored, ...rest } = step.issues ?? {};
    const integration = integrationIssues(store, env, step.type);
    const issues = integration ? { ...rest, integration } : rest;
    const { issues: _old, ...fields } = step;
    return (Object.keys(issues).length > 0 ? { ...fields, issues } : fields) as WorkflowStep;
  });
  return { ...workflow, steps };
}

/**
 * `computeWorkflowStatus` (libs/application-generic/src/utils/compute-workflow-status.ts): INACTIVE when
 * off, ERROR when a step has control issues (integration issues do not count), else ACTIVE.
 */
export function workflowStatus(
  active: boolean,
  steps: readonly WorkflowStep[],
): "ACTIVE" | "INACTIVE" | "ERROR" {
  if (!active) return "INACTIVE";
  const hasControlIssues = (s: WorkflowStep) => Object.keys(s.issues?.controls ?? {}).length > 0;
  return steps.some(hasControlIssues) ? "ERROR" : "ACTIVE";
}

/**
 * The stepId of a body step: a kept step's, else the body's (sync), else the slug of the name made unique
 * against the existing workflow's steps on update, or the steps built so far on create
 * (upsert-workflow.usecase.ts `buildSteps`, `generateUniqueStepId`).
 */
function stepIdOf(step: BodyStep, kept: WorkflowStep | undefined, taken: readonly string[]): string {
  return kept?.stepId ?? step.stepId ?? uniqueStepId(step.name, taken);
}

/**
 * Builds the step list of a write: `_id` keeps a stored step, anything else is new. Control values: the
 * controller turns absent `controlValues` into `null` (workflow.controller.ts, create and update), and `null`
 * deletes them, so a step sent without values has none; given ones are stored as the upsert stores them.
 * Issues: the control issues of the values sent (build-step-issues.usecase.ts, `controlsDto`) and the
 * integration issues of this moment.
 */
function buildSteps(
  write: WorkflowWrite,
  ids: { _id: string; workflowId: string },
  previous: readonly WorkflowStep[] | undefined,
  integrationOf: IntegrationIssuesOf,
  version: ServiceVersion,
): WorkflowStep[] {
  const steps: WorkflowStep[] = [];
  for (const step of write.steps) {
    const kept = step._id ? previous?.find((p) => p._id === step._id) : undefined;
    const stepId = stepIdOf(
      step,
      kept,
      (previous ?? steps).map((s) => s.stepId),
    );
    const _id = kept?._id ?? objectId();
    const sent = step.controlValues ?? {};
    const values = storedControlValues(step.type, sent, version);
    const issues = writeIssues(step.type, sent, integrationOf);
    const built = {
      _id,
      stepId,
      name: step.name,
      slug: `${slugify(step.name)}_st_${_id}`,
      type: step.type,
      origin: EMULATOR_VOCABULARY.cloudOrigin,
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

/**
 * Preferences as stored (upsert-workflow.usecase.ts): `workflow` completed by `buildWorkflowPreferences`
 * (the defaults when omitted) and answered as `default`; `user` completed when given, else null. An update
 * without preferences therefore resets them to the defaults.
 */
function storedPreferences(write: WorkflowWrite): StoredWorkflow["preferences"] {
  const prefs = write.preferences ?? {};
  return {
    default: completePreferences(prefs.workflow),
    user: prefs.user ? completePreferences(prefs.user) : null,
  };
}

/** The payload schema stored on create when none is given (create-workflow-v0 usecase). */
const DEFAULT_PAYLOAD_SCHEMA = { type: "object", additionalProperties: true, properties: {} };

/**
 * `payloadSchema` and `validatePayload` (create-workflow-v0 usecase): on create, no schema gives the default
 * schema with `validatePayload` defaulting to true; a given schema is stored as sent and `validatePayload`
 * then reads false unless sent (DESIGN.md; the answer's mapper was not read). An update keeps what it is
 * not sent.
 */
function payloadFields(write: WorkflowWrite, previous: StoredWorkflow | undefined) {
  if (previous)
    return {
      payloadSchema: write.payloadSchema ?? previous.payloadSchema ?? null,
      validatePayload: write.validatePayload ?? previous.validatePayload ?? true,
    };
  if (!write.payloadSchema)
    return { payloadSchema: DEFAULT_PAYLOAD_SCHEMA, validatePayload: write.validatePayload ?? true };
  return { payloadSchema: write.payloadSchema, validatePayload: write.validatePayload ?? false };
}

/**
 * The `isTranslationEnabled` a write stores. Only the enterprise translations module stores it
 * (create-workflow-v0, update-workflow-v0 and patch-workflow usecases call `toggleV2TranslationsForWorkflow`
 * only when the field is given, and community servers return early), so on a community server it reads false
 * whatever is sent; on an enterprise one a given value is stored and an absent one keeps the previous.
 */
export function storedTranslationFlag(
  enterprise: boolean,
  given: boolean | undefined,
  previous: boolean | undefined,
): boolean {
  if (!enterprise) return false;
  return given ?? previous ?? false;
}

/** What of the server a write depends on: its edition and the release it plays. */
export interface ServerTraits {
  /** The enterprise edition (stores `isTranslationEnabled`). */
  enterprise: boolean;
  /** The release (../service-version.ts): chat controls differ. */
  serviceVersion: ServiceVersion;
}

/**
 * The stored workflow after a create (no `previous`) or an update (`previous`): `active` defaults to
 * true in both (`workflowDto.active ?? true`), status computed from it and the steps' control issues.
 * `isTranslationEnabled` as {@link storedTranslationFlag} says for the server's edition.
 */
export function buildWorkflow(
  write: WorkflowWrite,
  ids: { _id: string; workflowId: string },
  integrationOf: IntegrationIssuesOf,
  previous: StoredWorkflow | undefined,
  server: ServerTraits,
): StoredWorkflow {
  const now = new Date().toISOString();
  const active = write.active ?? true;
  const steps = buildSteps(write, ids, previous?.steps, integrationOf, server.serviceVersion);
  const enterprise = server.enterprise;
  return {
    ...previous,
    _id: ids._id,
    workflowId: ids.workflowId,
    slug: `${slugify(write.name)}_wf_${ids._id}`,
    name: write.name,
    description: write.description ?? (previous ? previous.description : ""),
    tags: write.tags ?? (previous ? previous.tags : []),
    active,
    ...payloadFields(write, previous),
    isTranslationEnabled: storedTranslationFlag(
      enterprise,
      write.isTranslationEnabled,
      previous?.isTranslationEnabled,
    ),
    severity: write.severity ?? previous?.severity ?? "none",
    preferences: storedPreferences(write),
    origin: previous?.origin ?? EMULATOR_VOCABULARY.cloudOrigin,
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
