import { z } from "zod";
import {
  type EnumValues,
  jsonObjectSchema,
  type OpenEnum,
  openEnum,
  originSchema,
  severitySchema,
  strictEnum,
  TIME_UNITS,
} from "./common";

/**
 * The v2 workflow (operation 7) and its steps. We only read workflows, so everything here is tolerant;
 * the control values also come in a strict flavour (`strictControlValuesSchemas`) that enforces the
 * spec's rules, for fixtures and for any future write.
 */

/** A user who edited or published a workflow. */
const userSchema = z.looseObject({
  /** Database id of the user. */
  _id: z.string(),
  /** First name. */
  firstName: z.string().nullable().optional(),
  /** Last name. */
  lastName: z.string().nullable().optional(),
  /** The user's id in the identity provider. */
  externalId: z.string().nullable().optional(),
});

/**
 * Preferences of a workflow: the `all` fallback and per-channel flags. `readOnly` may be missing (older
 * stored preferences have none; it then reads as false).
 */
const workflowPreferencesSchema = z.looseObject({
  /** The fallback of every channel without a setting of its own. */
  all: z.looseObject({
    /** Whether the channels are on. */
    enabled: z.boolean(),
    /** Whether subscribers cannot change it (a critical workflow); missing reads as false. */
    readOnly: z.boolean().optional(),
  }),
  /** Per channel (`in_app`, `email`, `sms`, `chat`, `push`): whether it is on. */
  channels: z.record(
    z.string(),
    z.looseObject({
      /** Whether the channel is on. */
      enabled: z.boolean(),
    }),
  ),
});

/** UI groups of a step's controls. */
const UI_SCHEMA_GROUPS = [
  "IN_APP",
  "EMAIL",
  "DIGEST",
  "DELAY",
  "THROTTLE",
  "SMS",
  "CHAT",
  "PUSH",
  "SKIP",
  "LAYOUT",
  "HTTP_REQUEST",
] as const;

/** Components a control can be rendered with. */
export const UI_COMPONENTS = [
  "EMAIL_EDITOR_SELECT",
  "LAYOUT_SELECT",
  "BLOCK_EDITOR",
  "EMAIL_BODY",
  "TEXT_FULL_LINE",
  "TEXT_INLINE_LABEL",
  "IN_APP_BODY",
  "IN_APP_AVATAR",
  "IN_APP_PRIMARY_SUBJECT",
  "IN_APP_BUTTON_DROPDOWN",
  "IN_APP_DISABLE_SANITIZATION_SWITCH",
  "DISABLE_SANITIZATION_SWITCH",
  "URL_TEXT_BOX",
  "DIGEST_AMOUNT",
  "DIGEST_UNIT",
  "DIGEST_TYPE",
  "DIGEST_KEY",
  "DIGEST_CRON",
  "DELAY_AMOUNT",
  "DELAY_UNIT",
  "DELAY_TYPE",
  "DELAY_CRON",
  "DELAY_DYNAMIC_KEY",
  "THROTTLE_TYPE",
  "THROTTLE_WINDOW",
  "THROTTLE_UNIT",
  "THROTTLE_DYNAMIC_KEY",
  "THROTTLE_THRESHOLD",
  "THROTTLE_KEY",
  "EXTEND_TO_SCHEDULE",
  "SMS_BODY",
  "CHAT_BODY",
  "PUSH_BODY",
  "PUSH_SUBJECT",
  "QUERY_EDITOR",
  "DATA",
  "LAYOUT_EMAIL",
] as const;

const placeholderScalar = z.union([z.string(), z.number(), z.boolean(), jsonObjectSchema]);

/** How one control is rendered (exported only so that declaration files can name this recursive type). */
export interface UiSchemaProperty {
  placeholder?:
    | string
    | number
    | boolean
    | Record<string, unknown>
    | (string | number | boolean | Record<string, unknown>)[]
    | null;
  component: (typeof UI_COMPONENTS)[number] | (string & {});
  properties?: Record<string, UiSchemaProperty>;
  [key: string]: unknown;
}

/** How one control is rendered (recursive through `properties`). */
const uiSchemaPropertySchema: z.ZodType<UiSchemaProperty> = z.looseObject({
  placeholder: z
    .union([placeholderScalar, z.array(placeholderScalar)])
    .nullable()
    .optional(),
  component: openEnum(UI_COMPONENTS),
  get properties() {
    return z.record(z.string(), uiSchemaPropertySchema).optional();
  },
});

/** How a step's controls are rendered. */
export const uiSchemaSchema = z.looseObject({
  group: openEnum(UI_SCHEMA_GROUPS).optional(),
  properties: z.record(z.string(), uiSchemaPropertySchema).optional(),
});

/** Issue types of a step's content (controls). */
const STEP_CONTENT_ISSUE_TYPES = [
  "ILLEGAL_VARIABLE_IN_CONTROL_VALUE",
  "INVALID_FILTER_ARG_IN_VARIABLE",
  "MISSING_VALUE",
  "TIER_LIMIT_EXCEEDED",
] as const;
/** Issue types of a step's integration. */
const STEP_INTEGRATION_ISSUE_TYPES = ["MISSING_INTEGRATION", "INBOX_NOT_CONNECTED"] as const;

/** A problem with a step's control values. */
const stepContentIssueSchema = z.looseObject({
  issueType: openEnum(STEP_CONTENT_ISSUE_TYPES),
  variableName: z.string().optional(),
  message: z.string(),
});
/** A problem with a step's integration. */
const stepIntegrationIssueSchema = z.looseObject({
  issueType: openEnum(STEP_INTEGRATION_ISSUE_TYPES),
  variableName: z.string().optional(),
  message: z.string(),
});

/** Issues of a step: per control and per integration. */
export const stepIssuesSchema = z.looseObject({
  controls: z.record(z.string(), z.array(stepContentIssueSchema)).optional(),
  integration: z.record(z.string(), z.array(stepIntegrationIssueSchema)).optional(),
});

/** Targets of a redirect. */
const REDIRECT_TARGETS = ["_self", "_blank", "_parent", "_top", "_unfencedTop"] as const;
/** Delay and digest kinds. */
const SCHEDULE_TYPES = ["regular", "timed"] as const;
/** Throttle kinds. */
const THROTTLE_TYPES = ["fixed", "dynamic"] as const;
/** Throttle window units. */
const THROTTLE_UNITS = ["minutes", "hours", "days"] as const;
/**
 * Methods of an http_request step: the control schema's enum (`httpRequestControlSchema`,
 * packages/shared/src/consts/providers/channels/http-request.ts), which decides the step's issues; the
 * request DTO (libs/application-generic/src/dtos/workflow/controls/http-request-control.dto.ts) lists the
 * first five but never validates the controls (create-step.dto.ts: `@IsObject()` only).
 */
export const HTTP_METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"] as const;
/** Email editor kinds. */
const EDITOR_TYPES = ["block", "html"] as const;
/**
 * Chat editor kinds: the service's chat controls take `editorType` and set it on every chat step with a body
 * (libs/application-generic/src/utils/resolve-chat-editor-type.ts).
 */
export const CHAT_EDITOR_TYPES = ["text", "block"] as const;

/** A link in control values: a valid URL, a path starting with `/`, or a `{{ variable }}`. */
function isLinkValue(value: string): boolean {
  if (value.startsWith("/") || /^\s*\{\{.*\}\}\s*$/.test(value)) return true;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** Builds the control-value schemas in one direction: strict (what we send) or tolerant (what we read). */
function controlValueSchemas(strict: boolean) {
  // Both directions share one static type (the tolerant one) so the declarations stay small.
  const obj = <S extends z.ZodRawShape>(shape: S) =>
    (strict ? z.strictObject(shape) : z.looseObject(shape)) as z.ZodObject<S, z.core.$loose>;
  const en = <const T extends EnumValues>(values: T) =>
    (strict ? strictEnum(values) : openEnum(values)) as z.ZodType<OpenEnum<T>, string>;
  const link = strict
    ? z.string().refine(isLinkValue, "must be a valid URL, a path starting with /, or a {{ variable }}")
    : z.string();
  const cron = strict ? z.string().min(1, "must not be empty") : z.string();
  const unit = en(TIME_UNITS);
  const skip = jsonObjectSchema.optional();

  const redirect = obj({ url: link.optional(), target: en(REDIRECT_TARGETS).optional() });
  const action = obj({ label: z.string().optional(), redirect: redirect.optional() });

  const inApp = obj({
    body: z.string().optional(),
    subject: z.string().optional(),
    avatar: link.optional(),
    primaryAction: action.optional(),
    secondaryAction: action.optional(),
    redirect: redirect.optional(),
    disableOutputSanitization: z.boolean().optional(),
    data: jsonObjectSchema.optional(),
    skip,
  });
  const email = obj({
    subject: strict ? z.string() : z.string().optional(),
    // A block-editor document (JSON, as a string or already parsed) or HTML.
    body: strict ? z.string() : z.union([z.string(), jsonObjectSchema]).optional(),
    editorType: en(EDITOR_TYPES).optional(),
    disableOutputSanitization: z.boolean().optional(),
    /** null: no layout; absent: the default layout. */
    layoutId: z.string().nullable().optional(),
    skip,
  });
  const sms = obj({ body: z.string().optional(), skip });
  const push = obj({ subject: z.string().optional(), body: z.string().optional(), skip });
  const chat = obj({ body: z.string().optional(), editorType: en(CHAT_EDITOR_TYPES).optional(), skip });
  const delay = obj({
    type: en(SCHEDULE_TYPES).optional(),
    amount: z.number().optional(),
    unit: unit.optional(),
    cron: cron.optional(),
    skip,
  });
  const digest = obj({
    type: en(SCHEDULE_TYPES).optional(),
    amount: (strict ? z.number().min(1) : z.number()).optional(),
    unit: unit.optional(),
    lookBackWindow: obj({ amount: z.number(), unit }).optional(),
    cron: cron.optional(),
    digestKey: z.string().optional(),
    skip,
  });
  const custom = obj({ custom: jsonObjectSchema.optional() });
  const throttle = obj({
    type: en(THROTTLE_TYPES).optional(),
    amount: z.number().optional(),
    unit: en(THROTTLE_UNITS).optional(),
    dynamicKey: z.string().optional(),
    /** Maximum executions in the window; the service defaults it to 1. */
    threshold: z.number().optional(),
    /** Defaults to the workflow and subscriber combination. */
    throttleKey: z.string().optional(),
    skip,
  });
  // http_request: `{ key, value }` lists of non-empty strings, at most 50 headers and 100 body fields,
  // a timeout from 100 to 30000 ms (httpRequestControlSchema); url rules are the issues' (step-control-issues.ts).
  const nonEmpty = strict ? z.string().min(1, "must not be empty") : z.string();
  const pair = obj({ key: nonEmpty, value: nonEmpty });
  const httpRequest = obj({
    method: en(HTTP_METHODS).optional(),
    url: z.string().optional(),
    headers: (strict ? z.array(pair).max(50, "at most 50 headers") : z.array(pair)).optional(),
    body: (strict ? z.array(pair).max(100, "at most 100 body fields") : z.array(pair)).optional(),
    responseBodySchema: jsonObjectSchema.optional(),
    enforceSchemaValidation: z.boolean().optional(),
    continueOnFailure: z.boolean().optional(),
    timeout: (strict ? z.number().min(100).max(30000) : z.number()).optional(),
    skip,
  });
  return {
    in_app: inApp,
    email,
    sms,
    push,
    chat,
    delay,
    digest,
    custom,
    throttle,
    http_request: httpRequest,
  };
}

const tolerantControls = controlValueSchemas(false);
const strict = controlValueSchemas(true);

/**
 * Control-value shapes of each step variant, strict (unknown keys rejected, enums closed, links checked),
 * without the cross-field rules; the write schemas (`workflow-write.ts`) build on them.
 */
export const strictControlShapes = strict;

/** Control values of each step variant, strict: unknown keys rejected and the spec's rules enforced. */
export const strictControlValuesSchemas = {
  ...strict,
  in_app: strict.in_app.refine((v) => Boolean(v.body) || Boolean(v.subject), {
    message: "body or subject is required",
  }),
  throttle: strict.throttle.superRefine((v, ctx) => {
    if ((v.type ?? "fixed") === "fixed") {
      for (const key of ["amount", "unit"] as const) {
        if (v[key] === undefined)
          ctx.addIssue({ code: "custom", path: [key], message: "is required for a fixed throttle" });
      }
    } else if (!v.dynamicKey) {
      ctx.addIssue({ code: "custom", path: ["dynamicKey"], message: "is required for a dynamic throttle" });
    }
  }),
};

/** In-app control values. */
const inAppControlValuesSchema = tolerantControls.in_app;
/** Email control values. */
const emailControlValuesSchema = tolerantControls.email;
/** SMS control values. */
const smsControlValuesSchema = tolerantControls.sms;
/** Push control values. */
const pushControlValuesSchema = tolerantControls.push;
/** Chat control values. */
const chatControlValuesSchema = tolerantControls.chat;
/** Delay control values. */
const delayControlValuesSchema = tolerantControls.delay;
/** Digest control values. */
const digestControlValuesSchema = tolerantControls.digest;
/** Custom step control values. */
const customControlValuesSchema = tolerantControls.custom;
/** Throttle control values. */
const throttleControlValuesSchema = tolerantControls.throttle;
/** HTTP request control values. */
const httpRequestControlValuesSchema = tolerantControls.http_request;

/** The ten step variants. */
export const STEP_VARIANTS = [
  "in_app",
  "email",
  "sms",
  "push",
  "chat",
  "delay",
  "digest",
  "custom",
  "throttle",
  "http_request",
] as const;
/** A step variant. */
type StepVariant = (typeof STEP_VARIANTS)[number];

function stepShape<V extends z.ZodType>(values: V) {
  return {
    controls: z.looseObject({
      dataSchema: jsonObjectSchema.optional(),
      uiSchema: uiSchemaSchema.optional(),
      values,
    }),
    controlValues: values.optional(),
    variables: jsonObjectSchema,
    stepId: z.string(),
    _id: z.string(),
    name: z.string(),
    slug: z.string(),
    origin: originSchema,
    workflowId: z.string(),
    workflowDatabaseId: z.string(),
    issues: stepIssuesSchema.optional(),
  };
}

function variant<T extends StepVariant, V extends z.ZodType>(type: T, values: V) {
  return z.looseObject({ ...stepShape(values), type: z.literal(type) });
}

/** An in-app step. */
const inAppStepSchema = variant("in_app", inAppControlValuesSchema);
/** An email step. */
const emailStepSchema = variant("email", emailControlValuesSchema);
/** An SMS step. */
const smsStepSchema = variant("sms", smsControlValuesSchema);
/** A push step. */
const pushStepSchema = variant("push", pushControlValuesSchema);
/** A chat step. */
const chatStepSchema = variant("chat", chatControlValuesSchema);
/** A delay step. */
const delayStepSchema = variant("delay", delayControlValuesSchema);
/** A digest step. */
const digestStepSchema = variant("digest", digestControlValuesSchema);
/** A custom step. */
const customStepSchema = variant("custom", customControlValuesSchema);
/** A throttle step. */
const throttleStepSchema = variant("throttle", throttleControlValuesSchema);
/** An HTTP request step (a call to an outside endpoint). */
const httpRequestStepSchema = variant("http_request", httpRequestControlValuesSchema);

/** A step of a type this client does not know yet: parsed with the shared fields and open controls. */
const unknownStepSchema = z.looseObject({
  ...stepShape(jsonObjectSchema),
  type: z.string(),
});

/** The ten known step variants, discriminated by `type`. */
export const knownWorkflowStepSchema = z.discriminatedUnion("type", [
  inAppStepSchema,
  emailStepSchema,
  smsStepSchema,
  pushStepSchema,
  chatStepSchema,
  delayStepSchema,
  digestStepSchema,
  customStepSchema,
  throttleStepSchema,
  httpRequestStepSchema,
]);

/** A step of a v2 workflow: one of the ten variants, or (tolerant) a step of an unknown type. */
export const workflowStepSchema = z.union([knownWorkflowStepSchema, unknownStepSchema]);
/** A step of a v2 workflow. */
export type WorkflowStep = z.infer<typeof workflowStepSchema>;

/** Workflow states. */
const WORKFLOW_STATUSES = ["ACTIVE", "INACTIVE", "ERROR"] as const;

/** A v2 workflow (response of `GET /v2/workflows/{workflowId}`, tolerant). */
export const workflowSchema = z.looseObject({
  /** Name of the workflow. */
  name: z.string(),
  /** Description of the workflow. */
  description: z.string().optional(),
  /** Tags of the workflow. */
  tags: z.array(z.string()).optional(),
  /** Whether the workflow runs when triggered. */
  active: z.boolean().optional(),
  /** Whether a trigger's payload is checked against `payloadSchema`. */
  validatePayload: z.boolean().optional(),
  /** JSON Schema of the trigger payload. */
  payloadSchema: jsonObjectSchema.nullable().optional(),
  /** Whether translations are enabled. */
  isTranslationEnabled: z.boolean().optional(),
  /** Database id of the workflow. */
  _id: z.string(),
  /** Identifier of the workflow (what a trigger names). */
  workflowId: z.string(),
  /** Slug of the workflow (name and id, for URLs). */
  slug: z.string(),
  /** When it last changed (ISO 8601). */
  updatedAt: z.string(),
  /** When it was created (ISO 8601). */
  createdAt: z.string(),
  /** The user who last changed it. */
  updatedBy: userSchema.nullable().optional(),
  /** When it was last published (ISO 8601). */
  lastPublishedAt: z.string().nullable().optional(),
  /** The user who last published it. */
  lastPublishedBy: userSchema.nullable().optional(),
  /** The steps, in order (each with its type's controls). */
  steps: z.array(workflowStepSchema),
  /** Where the workflow was made: `novu-cloud`, `novu-cloud-v1` or `external`. */
  origin: originSchema,
  /** Channel preferences: the workflow's `default` and the subscribers' `user` defaults. */
  preferences: z.looseObject({
    /** Subscribers' default preferences, when set. */
    user: workflowPreferencesSchema.nullable().optional(),
    /** The workflow's preferences. */
    default: workflowPreferencesSchema,
  }),
  /** `ACTIVE`, `INACTIVE` or `ERROR` (a step has issues). */
  status: openEnum(WORKFLOW_STATUSES),
  /** Runtime issues; their fields are not specified. */
  issues: z.record(z.string(), z.unknown()).optional(),
  /** When it was last triggered (ISO 8601). */
  lastTriggeredAt: z.string().nullable().optional(),
  /** An example payload, generated from `payloadSchema`. */
  payloadExample: jsonObjectSchema.nullable().optional(),
  /** Severity: `high`, `medium`, `low` or `none`. */
  severity: severitySchema,
});
/** A v2 workflow. */
export type Workflow = z.infer<typeof workflowSchema>;

/** Query of `GET /v2/workflows/{workflowId}` (strict). */
export const getWorkflowQuerySchema = z.strictObject({
  /** Environment to read from (default: the API key's). */
  environmentId: z.string().min(1).optional(),
});
/** Query of the get-workflow operation. */
export type GetWorkflowQuery = z.infer<typeof getWorkflowQuerySchema>;
