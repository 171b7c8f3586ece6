/**
 * The mapping between a Workflow's inputs/outputs and the service's v2 workflow (spec operation 7): the
 * create and update bodies, the outputs of a stored workflow, and the inputs that describe it (what read
 * answers, so that refresh and import give exact diffs). check is in ./check.ts, the diff in ./diff.ts.
 */
import type {
  CreateWorkflowBody,
  StepUpsert,
  UpdateWorkflowBody,
  Workflow,
  WorkflowStep,
} from "../../../sdk/schemas";
import { type SecretHeaders, splitSecretHeaders, withSecretHeaders } from "../../model/secret-headers";
import { canonical } from "../../model/values";
import type { WorkflowInputs, WorkflowOutputs, WorkflowStepOutput } from "../../model/workflow-schema";
import { declarablePreferences } from "./stored-form";

type Props = Record<string, unknown>;
type Preferences = NonNullable<CreateWorkflowBody["preferences"]>;

/** The fields of a body the program declared (left-out optional fields are not sent). */
function declaredFields(inputs: WorkflowInputs) {
  const out: Omit<CreateWorkflowBody, "workflowId" | "steps"> = { name: inputs.name, active: inputs.active };
  if (inputs.description !== undefined) out.description = inputs.description;
  if (inputs.tags !== undefined) out.tags = inputs.tags;
  if (inputs.validatePayload !== undefined) out.validatePayload = inputs.validatePayload;
  if (inputs.payloadSchema !== undefined) out.payloadSchema = inputs.payloadSchema;
  if (inputs.isTranslationEnabled !== undefined) out.isTranslationEnabled = inputs.isTranslationEnabled;
  if (inputs.severity !== undefined) out.severity = inputs.severity;
  return out;
}

/**
 * A declared step as a body step, with the `_id` of the stored step it keeps (when there is one) and its
 * secret headers appended to its headers (provider/model/secret-headers.ts).
 */
function bodyStep(
  step: WorkflowInputs["steps"][number],
  keptId: string | undefined,
  secrets: SecretHeaders | undefined,
): StepUpsert {
  const controlValues = withSecretHeaders(step.controls ?? {}, secrets?.[step.name]);
  const body = { name: step.name, type: step.type, controlValues };
  return (keptId === undefined ? body : { _id: keptId, ...body }) as StepUpsert;
}

/** The POST body: the declared workflow; `active` always sent (the service defaults it to true). */
export function toCreateBody(inputs: WorkflowInputs): CreateWorkflowBody {
  const body: CreateWorkflowBody = {
    workflowId: inputs.workflowId,
    ...declaredFields(inputs),
    steps: inputs.steps.map((s) => bodyStep(s, undefined, inputs.secretHeaders)),
  };
  if (inputs.preferences !== undefined) body.preferences = inputs.preferences as Preferences;
  return body;
}

/**
 * The `_id` of the stored step a declared step keeps: the step of the same name and type (a renamed step,
 * or one whose type changed, is a new step). The service keeps a step's identity (`_id`, `stepId`,
 * history) only when the body carries its `_id` (upsert-workflow.usecase.ts).
 */
export function keptStepId(current: Workflow, step: { name: string; type: string }): string | undefined {
  return current.steps.find((s) => s.name === step.name && s.type === step.type)?._id;
}

/**
 * The origin the PUT must repeat (update-workflow.dto.ts requires `origin`): the one the service answered,
 * never one of ours (the service refuses a value it does not know: 422).
 */
function originOf(current: Workflow): UpdateWorkflowBody["origin"] {
  return current.origin;
}

/** Preferences for a PUT (required there): the declared ones over what the service holds. */
function preferencesFor(inputs: WorkflowInputs, current: Workflow): Preferences {
  const declared = inputs.preferences ?? {};
  return {
    workflow: (declared.workflow ?? current.preferences.default) as Preferences["workflow"],
    user: (declared.user ?? current.preferences.user ?? null) as Preferences["user"],
  };
}

/**
 * The PUT body from checked inputs and the workflow as the service holds it now: the whole workflow, as
 * the service requires (`active`, `origin`, `preferences`); the fields the program leaves out carry what
 * the service holds, so they stay; each declared step carries the `_id` of the stored step it keeps, and
 * its secret headers (when `secretHeaders` is left out, those the service holds for the step of that name).
 */
export function toUpdateBody(inputs: WorkflowInputs, current: Workflow): UpdateWorkflowBody {
  // Secret headers left out are not managed: each step keeps the credential-looking headers it holds.
  const secrets = inputs.secretHeaders ?? stepsAndSecrets(current, undefined).secrets;
  const kept: Omit<UpdateWorkflowBody, "name" | "steps" | "preferences" | "origin"> = {};
  if (current.description !== undefined) kept.description = current.description;
  if (current.tags !== undefined) kept.tags = current.tags;
  if (current.validatePayload !== undefined) kept.validatePayload = current.validatePayload;
  if (current.payloadSchema !== undefined) kept.payloadSchema = current.payloadSchema;
  if (current.isTranslationEnabled !== undefined) kept.isTranslationEnabled = current.isTranslationEnabled;
  if (typeof current.severity === "string" && current.severity !== "") {
    kept.severity = current.severity as UpdateWorkflowBody["severity"];
  }
  return {
    ...kept,
    ...declaredFields(inputs),
    preferences: preferencesFor(inputs, current),
    origin: originOf(current),
    steps: inputs.steps.map((s) => bodyStep(s, keptStepId(current, s), secrets)),
  };
}

/** A stored step's control values (`controls.values`, else `controlValues`). */
function storedControls(step: WorkflowStep): Props {
  const values = step.controls?.values ?? step.controlValues ?? {};
  return canonical(values) as Props;
}

/** Issues of the steps, by stepId, one line each (`controls.subject: Subject is required`). */
function issueLines(steps: readonly WorkflowStep[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const step of steps) {
    const lines: string[] = [];
    for (const group of ["controls", "integration"] as const) {
      for (const [key, list] of Object.entries(step.issues?.[group] ?? {})) {
        for (const issue of list) lines.push(`${group}.${key}: ${issue.message}`);
      }
    }
    if (lines.length > 0) out[step.stepId] = lines;
  }
  return out;
}

/** A stored step as an output, its secret headers split out (see {@link toOutputs}). */
function stepOutput(step: WorkflowStep, controls: Props): WorkflowStepOutput {
  return {
    name: step.name,
    type: step.type as WorkflowStepOutput["type"],
    controls,
    stepId: step.stepId,
    id: step._id,
  };
}

/**
 * The steps as outputs and the secret headers split out of them, by step name: the ones `declared` names
 * for each step and those whose name looks like a credential (provider/model/secret-headers.ts).
 */
function stepsAndSecrets(remote: Workflow, declared: SecretHeaders | undefined) {
  const secrets: SecretHeaders = {};
  const steps = remote.steps.map((step) => {
    const split = splitSecretHeaders(storedControls(step), declared?.[step.name]);
    if (Object.keys(split.secrets).length > 0) secrets[step.name] = split.secrets;
    return stepOutput(step, split.controls);
  });
  return { steps, secrets };
}

/** Preferences as declared: the service's `default` is what a body calls `workflow`. */
function declaredPreferences(remote: Workflow): WorkflowOutputs["preferences"] {
  const out: Props = { workflow: remote.preferences.default };
  if (remote.preferences.user !== undefined && remote.preferences.user !== null) {
    out.user = remote.preferences.user;
  }
  return canonical(out) as WorkflowOutputs["preferences"];
}

/**
 * Outputs from the service's workflow (the placement is added by provider/runtime/shared/with-target.ts).
 * `declared`: the secret headers the program declares (or the state holds), split out of the steps by name;
 * `secretHeaders` is an output only when a step has some.
 */
export function toOutputs(remote: Workflow, declared?: SecretHeaders): WorkflowOutputs {
  const { steps, secrets } = stepsAndSecrets(remote, declared);
  const outs: WorkflowOutputs = {
    workflowId: remote.workflowId,
    name: remote.name,
    description: remote.description ?? "",
    tags: remote.tags ?? [],
    active: remote.active ?? remote.status !== "INACTIVE",
    validatePayload: remote.validatePayload ?? false,
    isTranslationEnabled: remote.isTranslationEnabled ?? false,
    severity: remote.severity,
    preferences: declaredPreferences(remote),
    steps,
    status: remote.status,
    issues: issueLines(remote.steps),
  };
  if (Object.keys(secrets).length > 0) outs.secretHeaders = secrets;
  if (remote.payloadSchema !== undefined && remote.payloadSchema !== null) {
    outs.payloadSchema = remote.payloadSchema;
  }
  return outs;
}

/**
 * The inputs that describe `outputs` (read answers them): every managed field, steps without what the
 * service assigned, preferences as a program can declare them (./stored-form.ts). Pasted as a program
 * (`pulumi import`), they give a no-op preview.
 */
export function inputsOf(outputs: WorkflowOutputs): Props {
  const {
    status: _s,
    issues: _i,
    environmentId: _e,
    environmentName: _n,
    organizationId: _o,
    steps,
    ...fields
  } = outputs;
  const preferences =
    fields.preferences === undefined ? {} : { preferences: declarablePreferences(fields.preferences) };
  return {
    ...fields,
    ...preferences,
    steps: steps.map(({ name, type, controls }) => ({ name, type, controls })),
  };
}

/** The one line naming a stored workflow: `"<workflowId>" (_id <id>)`. */
export function describeWorkflow(w: { workflowId: string; _id: string }): string {
  return `"${w.workflowId}" (_id ${w._id})`;
}
