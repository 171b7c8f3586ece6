/**
 * The shape of `svc.Workflow`, written once. The zod schemas here are the source of check's first pass, of
 * the types the provider methods take and return, of the public `WorkflowArgs`, `WorkflowState` and output
 * types (through ../inputs.ts) and of the plugin's schema. The TSDoc on each field is what users see.
 *
 * Three shapes of a step: the typed one (`workflowStepArgsSchema`, one variant per step type with its own
 * controls, what TypeScript programs get); the plugin's (`workflowPluginStepSchema`, what the plugin's schema
 * declares for other languages: `controls` a map beside one optional typed block per step type, `email: {...}`,
 * since Pulumi's schema has no discriminated union Go and .NET could use); and the plain one
 * (`workflowStepSchema`: `controls` a map), the stored form, which check makes of the plugin's
 * (../runtime/workflow/control-block-normalisation.ts). check validates every step's controls by its type
 * either way (../runtime/workflow/check.ts).
 */
import { z } from "zod";
import {
  jsonObjectSchema,
  preferencesInputSchema,
  SEVERITIES,
  STEP_VARIANTS,
  strictEnum,
} from "../../sdk/schemas";
import { strictControlShapes } from "../../sdk/schemas/workflow";
import { identifierOriginSchema } from "../default-identifier";
import { secretHeadersSchema } from "./secret-headers";

/** The step types a workflow can hold. */
export const WORKFLOW_STEP_TYPES = STEP_VARIANTS;
/** One of {@link WORKFLOW_STEP_TYPES}. */
export type WorkflowStepType = (typeof WORKFLOW_STEP_TYPES)[number];

/**
 * A step of one type: its name, its type and its controls, typed (what TypeScript programs declare). The
 * controls' schema is passed whole (not looked up by a type parameter) so that each variant keeps its own
 * static type; check validates with `completeControlValuesSchemas` (../runtime/workflow/check.ts).
 */
function typedStep<T extends WorkflowStepType, C extends z.ZodType>(type: T, controls: C) {
  return z.strictObject({
    name: z.string().min(1, "must not be empty"),
    type: z.literal(type),
    controls: controls.optional(),
  });
}

/**
 * A declared step, typed by `type`: `in_app`, `email`, `sms`, `push`, `chat`, `delay`, `digest`, `custom`,
 * `throttle` or `http_request`, each with the controls of the spec's control table (operation 7; http_request:
 * the service's `httpRequestControlSchema`).
 */
export const workflowStepArgsSchema = z.discriminatedUnion("type", [
  typedStep("in_app", strictControlShapes.in_app.partial()),
  typedStep("email", strictControlShapes.email.partial()),
  typedStep("sms", strictControlShapes.sms.partial()),
  typedStep("push", strictControlShapes.push.partial()),
  typedStep("chat", strictControlShapes.chat.partial()),
  typedStep("delay", strictControlShapes.delay.partial()),
  typedStep("digest", strictControlShapes.digest.partial()),
  typedStep("custom", strictControlShapes.custom.partial()),
  typedStep("throttle", strictControlShapes.throttle.partial()),
  typedStep("http_request", strictControlShapes.http_request.partial()),
]);

/** A declared step, plain: the shape the plugin's schema gives other languages. */
export const workflowStepSchema = z.strictObject({
  /**
   * The step's name, unique in the workflow: a declared step is the stored step of the same name (a
   * renamed step is a new step, with a new `stepId` and `id`).
   */
  name: z.string().min(1, "must not be empty"),
  /** `in_app`, `email`, `sms`, `push`, `chat`, `delay`, `digest`, `custom`, `throttle` or `http_request`. */
  type: strictEnum(WORKFLOW_STEP_TYPES),
  /**
   * The step's control values, by the spec's control table for its type (email: `subject`, `body`,
   * `editorType`, `layoutId`, ...; digest: `amount`, `unit`, `type`, `cron`, `digestKey`, ...; http_request:
   * `method`, `url`, `headers` and `body` as lists of `{ key, value }`, `responseBodySchema`,
   * `enforceSchemaValidation`, `continueOnFailure`, `timeout`; its credential headers go in the workflow's
   * `secretHeaders`). check
   * refuses unknown controls and the values the service would store with issues (an email without
   * `subject`, a digest `amount` below 1, ...). Default: none. In YAML, Python, Go and .NET the typed block
   * of the step's type (`email`, `inApp`, `httpRequest`, ...) declares the same values typed; `controls` (not
   * both) carries what a block cannot (a key it lacks).
   */
  controls: jsonObjectSchema.optional(),
});

/**
 * An email's `layoutId` for "no layout at all", in every language: the service's `null` cannot be declared from
 * Go or Pulumi YAML (both drop a null inside a map; the Go SDK's sdk/go/pulumi/rpc.go `marshalInputOptions`), nor
 * told from unset in a Go, Python or .NET typed block. check stores and sends `null` for it
 * (../runtime/workflow/check.ts); `svc-export` writes it for `null` (../export/writers/typed-step-controls.ts). The
 * service has no use for `""` itself: upsert-workflow.usecase.ts looks a string layoutId up, and `""` names none.
 */
export const NO_LAYOUT = "";

/**
 * The typed control block of each step type in the plugin's schema, by type: an email step's controls typed
 * as `email: {...}`, an in_app step's as `inApp: {...}` (a property name every SDK language can carry).
 */
export const CONTROL_BLOCKS = {
  in_app: "inApp",
  email: "email",
  sms: "sms",
  push: "push",
  chat: "chat",
  delay: "delay",
  digest: "digest",
  custom: "custom",
  throttle: "throttle",
  http_request: "httpRequest",
} as const satisfies Record<WorkflowStepType, string>;

/**
 * A declared step as the plugin's schema gives it to YAML, Python, Go and .NET: `controls` (the map) or the
 * typed block of its type, which check turns into `controls` (the one stored form: state, diffs and previews
 * speak of `controls`). The blocks are the types' strict control shapes, all optional.
 */
export const workflowPluginStepSchema = workflowStepSchema.extend({
  /** An in_app step's controls, typed (instead of `controls`). */
  inApp: strictControlShapes.in_app.partial().optional(),
  /** An email step's controls, typed (instead of `controls`). No layout at all: `layoutId: ""`. */
  email: strictControlShapes.email.partial().optional(),
  /** An sms step's controls, typed (instead of `controls`). */
  sms: strictControlShapes.sms.partial().optional(),
  /** A push step's controls, typed (instead of `controls`). */
  push: strictControlShapes.push.partial().optional(),
  /** A chat step's controls, typed (instead of `controls`). */
  chat: strictControlShapes.chat.partial().optional(),
  /** A delay step's controls, typed (instead of `controls`). */
  delay: strictControlShapes.delay.partial().optional(),
  /** A digest step's controls, typed (instead of `controls`). */
  digest: strictControlShapes.digest.partial().optional(),
  /** A custom step's controls, typed (instead of `controls`). */
  custom: strictControlShapes.custom.partial().optional(),
  /** A throttle step's controls, typed (instead of `controls`). */
  throttle: strictControlShapes.throttle.partial().optional(),
  /**
   * An http_request step's controls, typed (instead of `controls`); its credential headers go in the
   * workflow's `secretHeaders`.
   */
  httpRequest: strictControlShapes.http_request.partial().optional(),
});

/** A step as stored: the declared fields and what the service assigned. */
export const workflowStepOutputSchema = workflowStepSchema.extend({
  /**
   * The step's control values as stored, by the spec's control table for its type: what the step declared,
   * in `controls` or in the typed block of its type (`email`, `inApp`, ...), as the service holds it.
   */
  controls: jsonObjectSchema,
  /** The step's identifier in the workflow (a slug of its name, unique in the workflow; kept by updates). */
  stepId: z.string(),
  /** The service's `_id` of the step (kept by updates that keep the step). */
  id: z.string(),
});
/** A step as stored. */
export type WorkflowStepOutput = z.output<typeof workflowStepOutputSchema>;

/** The fields of a workflow a program declares, but its steps. */
const workflowFields = {
  /**
   * The workflow's identifier in its environment (the trigger identifier). Default: a slug of the resource
   * name and a hash of project, stack and name, stable across runs. Changing it replaces the workflow. An
   * existing workflow with this identifier is taken over only with `adopt` (or when it is the default
   * identifier's: no one else can have made it).
   */
  workflowId: z.string().min(1, "must not be empty").max(255).optional(),
  /** Display name. */
  name: z.string().min(1, "must not be empty"),
  /** Description. Left out: whatever the service holds (not managed). */
  description: z.string().optional(),
  /** Tags, at most 16 (the service's limit). Left out: whatever the service holds (not managed). */
  tags: z.array(z.string()).max(16, "at most 16 tags (the service refuses more)").optional(),
  /** Whether the workflow can be triggered (default true, as the service). */
  active: z.boolean().default(true),
  /** Whether triggers are validated against `payloadSchema`. Left out: not managed. */
  validatePayload: z.boolean().optional(),
  /** JSON Schema of the trigger payload. Left out: not managed. */
  payloadSchema: jsonObjectSchema.optional(),
  /** Whether translations are enabled. Left out: not managed. */
  isTranslationEnabled: z.boolean().optional(),
  /** Severity: `high`, `medium`, `low` or `none`. Left out: not managed. */
  severity: strictEnum(SEVERITIES).optional(),
  /**
   * Preferences: the workflow's defaults (`workflow`) and those subscribers may change (`user`), each
   * `{ all: { enabled, readOnly }, channels: { email: { enabled }, ... } }`. Left out: not managed.
   */
  preferences: preferencesInputSchema.optional(),
  /**
   * Secret headers of the http_request steps, by step name: `{ "Notify CRM": { Authorization: "Bearer ..." } }`.
   * Sent appended to that step's `controls.headers`; secret in the state, the previews and the outputs (the
   * steps' outputs never list them). A header whose name looks like a credential (Authorization, Cookie, or
   * one naming a token, key, secret, password, signature or session) must be declared here, not among a
   * step's plain headers. Left out: not managed (each step keeps the credential-looking headers the service
   * holds for it; a new step has none).
   */
  secretHeaders: secretHeadersSchema.optional(),
  /**
   * When a workflow with the same `workflowId` already exists in the environment, take it over (update it
   * to this resource's declaration) instead of failing. A flag, never a change.
   */
  adopt: z.boolean().optional(),
};

/** What a TypeScript program declares for a Workflow: typed steps. */
export const workflowArgsSchema = z.strictObject({
  ...workflowFields,
  /** The steps, in order. Added, removed and reordered steps are updates. */
  steps: z.array(workflowStepArgsSchema),
});

/**
 * What the plugin's schema declares for a Workflow (other languages): steps with `controls` a map or a typed
 * block of their type.
 */
export const workflowPluginArgsSchema = z.strictObject({
  ...workflowFields,
  /** The steps, in order. Added, removed and reordered steps are updates. */
  steps: z.array(workflowPluginStepSchema),
});

/**
 * The inputs the provider receives: the resource always sends a workflowId (its own or the default one),
 * with the default's origin when it chose it; steps in the stored form (`controls`). Steps are checked by
 * type in a second pass.
 */
export const workflowInputsSchema = workflowPluginArgsSchema.required({ workflowId: true }).extend({
  /** The steps, in order. Added, removed and reordered steps are updates. */
  steps: z.array(workflowStepSchema),
  /** Set by `svc.Workflow` when it chose the workflowId (see provider/default-identifier.ts). */
  defaultIdentifierOf: identifierOriginSchema.optional(),
});
/** Inputs after check (defaults applied). */
export type WorkflowInputs = z.output<typeof workflowInputsSchema>;

/** What the service decides; outputs only. */
const computedShape = {
  /** Description, as the service holds it. */
  description: z.string(),
  /** Tags, as the service holds them. */
  tags: z.array(z.string()),
  /** Whether triggers are validated against the payload schema, as the service holds it. */
  validatePayload: z.boolean(),
  /** Whether translations are enabled, as the service holds it. */
  isTranslationEnabled: z.boolean(),
  /** Severity, as the service holds it. */
  severity: z.string(),
  /** The steps as stored, each with its `stepId` and `id` (the service's `_id`). */
  steps: z.array(workflowStepOutputSchema),
  /**
   * `ACTIVE`, `INACTIVE` (not `active`) or `ERROR` (a step's controls have issues; a channel step without an
   * active integration of its channel is listed in `issues` but does not change the status).
   */
  status: z.string(),
  /**
   * The issues the service reports, by `stepId`: one line per issue, `controls.<control>: <message>` or
   * `integration.<channel>: <message>`. Empty when none.
   */
  issues: z.record(z.string(), z.array(z.string())),
  /**
   * Environment the workflow belongs to: the API key's (or the `svc.Provider`'s). To manage the same
   * workflow in another environment, declare it again with an `svc.Provider` of that environment. An
   * operation with a key of another environment fails instead of acting elsewhere
   * (docs/installation-configuration.md, "When the key changes").
   */
  environmentId: z.string().optional(),
  /** Name of that environment ("Development", "Production", ...), when the service tells it. */
  environmentName: z.string().optional(),
  /** Organization the workflow belongs to, when the service tells it. */
  organizationId: z.string().optional(),
};

/** The outputs of a Workflow (the resource id is the service's `_id`); the flags are not outputs. */
export const workflowOutputsSchema = workflowInputsSchema
  .omit({ adopt: true, defaultIdentifierOf: true })
  .extend(computedShape);
/** Outputs of the Workflow provider. */
export type WorkflowOutputs = z.output<typeof workflowOutputsSchema>;
