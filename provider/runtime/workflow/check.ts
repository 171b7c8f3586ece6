/**
 * check of a Workflow: the workflow's fields against its schema, then every step against the spec's control
 * table for its type (operation 7; sdk/schemas/workflow-write.ts `completeControlValuesSchemas`), before any
 * request. A step the service would store with issues (it never refuses one: it marks the step and the
 * workflow `ERROR`, libs/application-generic/src/usecases/build-step-issues) fails here, naming the step by
 * index and name, the control and what is allowed. Values not known yet (a preview) are checked in `up`.
 * Through the plugin, a step's typed control block (`email: {...}`) is made its `controls` before this check
 * (./normalize-control-blocks.ts): this check sees the stored form only.
 */
import { z } from "zod";
import { completeControlValuesSchemas, reportIssues } from "../../../sdk/schemas";
import { WORKFLOW_ID_PATTERN } from "../../default-identifier";
import type { CheckFailure, CheckOutcome } from "../../model/pulumi-results";
import { canonical, isJsonObject, isUnknown } from "../../model/values";
import {
  NO_LAYOUT,
  WORKFLOW_STEP_TYPES,
  type WorkflowInputs,
  type WorkflowStepType,
  workflowInputsSchema,
  workflowStepSchema,
} from "../../model/workflow-schema";
import { schemaFailures } from "../shared/check-failures";
import { engineInputs, underUnknown, withDefaults } from "../shared/engine-values";
import { secretHeaderFailures } from "./secret-header-check";
import { isBlockEditorDocument } from "./stored-form";

type Props = Record<string, unknown>;

/** The result of check for a Workflow. */
export type WorkflowCheck = CheckOutcome<WorkflowInputs>;

/** The workflow's own fields; steps are checked one by one below. */
const fieldsSchema = workflowInputsSchema.extend({ steps: z.array(z.unknown()) });

/**
 * Validates and normalizes new inputs (see the file header); failures name what to fix. `olds` are the
 * inputs in state: a workflowId already there is kept even where the service's pattern now refuses it.
 */
export function checkWorkflow(news: Props, olds: Props = {}): WorkflowCheck {
  const raw = engineInputs(news);
  const failures = schemaFailures(fieldsSchema, raw);
  failures.push(...workflowIdFailures(raw.workflowId, olds.workflowId));
  if (Array.isArray(raw.steps)) {
    raw.steps.forEach((step, index) => {
      failures.push(...stepFailures(step, index));
    });
    failures.push(...duplicateNameFailures(raw.steps));
    failures.push(...secretHeaderFailures(raw.steps, raw.secretHeaders, stepLabel));
  }
  return { inputs: normalizeInputs(raw), failures };
}

/**
 * A workflowId the service refuses (400, apps/api/src/app/workflows-v2/dtos/create-workflow.dto.ts), unless it
 * is the one in state (a workflow made before, e.g. by a server that did not check it).
 */
function workflowIdFailures(workflowId: unknown, stored: unknown): CheckFailure[] {
  if (typeof workflowId !== "string" || isUnknown(workflowId) || workflowId === "") return [];
  if (WORKFLOW_ID_PATTERN.test(workflowId) || workflowId === stored) return [];
  return [
    {
      property: "workflowId",
      reason:
        `"${workflowId}" is refused by the service: a workflowId is letters and digits, in groups joined by ` +
        'one "-", "_" or "." (no "--", nothing else, no separator at either end), e.g. "welcome-new-users"; ' +
        "choose such a workflowId, or leave it out to get a default one",
    },
  ];
}

/** How a failure names a step: `steps[1] "Welcome email"`. */
function stepLabel(step: unknown, index: number): string {
  const name = (step as Props | null)?.name;
  return typeof name === "string" && !isUnknown(name) ? `steps[${index}] "${name}"` : `steps[${index}]`;
}

/** A failure about a step, on the resource as a whole (the engine would print the whole step list). */
function stepFailure(step: unknown, index: number, field: string, message: string): CheckFailure {
  return { property: "", reason: `${stepLabel(step, index)}: ${field}: ${message}` };
}

/** The problems of one step: its shape, then its controls by its type. */
function stepFailures(step: unknown, index: number): CheckFailure[] {
  if (isUnknown(step)) return [];
  const parsed = workflowStepSchema.safeParse(step);
  const failures = parsed.success
    ? []
    : reportIssues(parsed.error)
        .filter((r) => !underUnknown(step, r.path) && r.path[0] !== "controls")
        .map((r) => stepFailure(step, index, r.field, r.message));
  const { type, controls } = (step ?? {}) as Props;
  if (typeof type !== "string" || !(WORKFLOW_STEP_TYPES as readonly string[]).includes(type)) return failures;
  return [
    ...failures,
    ...controlFailures(step, index, type as WorkflowStepType, controls),
    ...contentLossFailures(step, index, type, controls),
  ];
}

/**
 * Controls the service would store other than declared, losing content: an email step with `editorType:
 * "block"` whose body is not block-editor (Maily) JSON is stored with an empty body
 * (libs/application-generic/src/usecases/upsert-workflow/upsert-workflow.usecase.ts).
 */
function contentLossFailures(step: unknown, index: number, type: string, controls: unknown): CheckFailure[] {
  if (type !== "email" || controls === null || typeof controls !== "object") return [];
  const { editorType, body } = controls as Props;
  if (editorType !== "block" || typeof body !== "string" || isUnknown(body) || isBlockEditorDocument(body))
    return [];
  return [
    stepFailure(
      step,
      index,
      "controls.body",
      'with editorType "block" the body must be a block-editor (Maily) JSON document ' +
        '(a string of {"type":"doc","content":[...]}); the service would store this body as "" and lose it. ' +
        'For HTML or text, set editorType "html"',
    ),
  ];
}

/**
 * The controls of a step of `type`: unknown ones (naming the allowed ones), wrong values (naming allowed
 * values), and the required ones of the spec's table (email `subject` and `body`, digest `amount` >= 1 and
 * `unit`, ...), which the service would store as issues.
 */
function controlFailures(
  step: unknown,
  index: number,
  type: WorkflowStepType,
  controls: unknown,
): CheckFailure[] {
  if (isUnknown(controls)) return [];
  const schema = completeControlValuesSchemas[type];
  const values = controls ?? {};
  const parsed = schema.safeParse(values);
  if (parsed.success) return [];
  const allowed = Object.keys(schema.shape).join(", ");
  return reportIssues(parsed.error)
    .filter((r) => !underUnknown(values, r.path))
    .map((r) => {
      const unknownControl = r.path.length === 1 && /^unknown field/.test(r.message);
      const message = unknownControl ? `unknown control of a ${type} step (allowed: ${allowed})` : r.message;
      return stepFailure(step, index, `controls.${r.field}`, message);
    });
}

/** Steps are matched to stored ones by name (see ./diff.ts), so names are unique in a workflow. */
function duplicateNameFailures(steps: readonly unknown[]): CheckFailure[] {
  const seen = new Map<string, number>();
  const failures: CheckFailure[] = [];
  steps.forEach((step, index) => {
    const name = (step as Props | null)?.name;
    if (typeof name !== "string" || isUnknown(name)) return;
    const first = seen.get(name);
    if (first === undefined) seen.set(name, index);
    else
      failures.push(
        stepFailure(step, index, "name", `must be unique in the workflow (steps[${first}] has it too)`),
      );
  });
  return failures;
}

/** Defaults applied, canonical key order, steps' absent controls as `{}`; unknown values untouched. */
function normalizeInputs(raw: Props): WorkflowInputs {
  const withSteps = Array.isArray(raw.steps) ? { ...raw, steps: raw.steps.map(normalizeStep) } : raw;
  return canonical(withDefaults(workflowInputsSchema.shape, withSteps)) as WorkflowInputs;
}

function normalizeStep(step: unknown): unknown {
  if (step === null || typeof step !== "object" || Array.isArray(step)) return step;
  const s = step as Props;
  if (s.controls === undefined || s.controls === null) return { ...s, controls: {} };
  return s.type === "email" ? { ...s, controls: withNoLayoutAsNull(s.controls) } : s;
}

/** An email's controls with {@link NO_LAYOUT} as the service's `null` (no layout at all). */
function withNoLayoutAsNull(controls: unknown): unknown {
  if (!isJsonObject(controls)) return controls;
  return controls.layoutId === NO_LAYOUT ? { ...controls, layoutId: null } : controls;
}
