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
  // Each field's TSDoc is its description in the plugin's schema (a step's typed control blocks,
  // `email: { subject }`) and what TypeScript programs see on a step's `controls`.
  const skip = jsonObjectSchema.optional();

  const redirect = obj({
    /** Where it leads: a URL, a path starting with `/`, or a `{{ variable }}`. */
    url: link.optional(),
    /** The browser target: `_self`, `_blank`, `_parent`, `_top` or `_unfencedTop`. */
    target: en(REDIRECT_TARGETS).optional(),
  });
  const action = obj({
    /** The button's label. */
    label: z.string().optional(),
    /** Where the button leads. */
    redirect: redirect.optional(),
  });

  const inApp = obj({
    /** The notification's text (required when `subject` is empty). */
    body: z.string().optional(),
    /** The notification's title (required when `body` is empty). */
    subject: z.string().optional(),
    /** The avatar: a URL, a path starting with `/`, or a `{{ variable }}`. */
    avatar: link.optional(),
    /** The first button: its `label` and `redirect`. */
    primaryAction: action.optional(),
    /** The second button: its `label` and `redirect`. */
    secondaryAction: action.optional(),
    /** Where a click on the notification leads. */
    redirect: redirect.optional(),
    /** Whether the rendered content is left unsanitized. */
    disableOutputSanitization: z.boolean().optional(),
    /** Free-form data delivered with the notification. */
    data: jsonObjectSchema.optional(),
    /** A condition (JSON Logic over payload and subscriber) under which the step is skipped. */
    skip,
  });
  const email = obj({
    /** The subject (required). */
    subject: strict ? z.string() : z.string().optional(),
    // Read: a block-editor document (JSON, as a string or already parsed) or HTML.
    /** The body (required): HTML with `editorType: "html"`, or a block-editor (Maily) JSON document as a string. */
    body: strict ? z.string() : z.union([z.string(), jsonObjectSchema]).optional(),
    /** `block` or `html`: how the body is written. */
    editorType: en(EDITOR_TYPES).optional(),
    /** Whether the rendered content is left unsanitized. */
    disableOutputSanitization: z.boolean().optional(),
    /**
     * The layout the email is wrapped in (a Layout's `layoutId`); absent: the default layout. No layout at all:
     * `""`, which every language can declare (Go and Pulumi YAML drop a null, and Go, Python and .NET cannot
     * tell a null string from an unset one), or `null` where the language sends it; the service is sent `null`.
     */
    layoutId: z.string().nullable().optional(),
    /** A condition (JSON Logic over payload and subscriber) under which the step is skipped. */
    skip,
  });
  const sms = obj({
    /** The message's text. */
    body: z.string().optional(),
    /** A condition (JSON Logic over payload and subscriber) under which the step is skipped. */
    skip,
  });
  const push = obj({
    /** The notification's title. */
    subject: z.string().optional(),
    /** The notification's text. */
    body: z.string().optional(),
    /** A condition (JSON Logic over payload and subscriber) under which the step is skipped. */
    skip,
  });
  const chat = obj({
    /** The message's text. */
    body: z.string().optional(),
    /** `text` or `block`: how the body is written. */
    editorType: en(CHAT_EDITOR_TYPES).optional(),
    /** A condition (JSON Logic over payload and subscriber) under which the step is skipped. */
    skip,
  });
  const delay = obj({
    /** `regular` (wait `amount` `unit`s) or `timed` (wait for `cron`). */
    type: en(SCHEDULE_TYPES).optional(),
    /** How many `unit`s to wait (regular). */
    amount: z.number().optional(),
    /** `seconds`, `minutes`, `hours`, `days`, `weeks` or `months`. */
    unit: unit.optional(),
    /** The schedule to wait for, a cron expression (timed). */
    cron: cron.optional(),
    /** A condition (JSON Logic over payload and subscriber) under which the step is skipped. */
    skip,
  });
  const digest = obj({
    /** `regular` (collect for `amount` `unit`s) or `timed` (until `cron`). */
    type: en(SCHEDULE_TYPES).optional(),
    /** How many `unit`s to collect events for, at least 1 (regular). */
    amount: (strict ? z.number().min(1) : z.number()).optional(),
    /** `seconds`, `minutes`, `hours`, `days`, `weeks` or `months`. */
    unit: unit.optional(),
    /** The look-back window (regular): digest only when an event came within it. */
    lookBackWindow: obj({
      /** How many `unit`s the window spans. */
      amount: z.number(),
      /** `seconds`, `minutes`, `hours`, `days`, `weeks` or `months`. */
      unit,
    }).optional(),
    /** The schedule to collect until, a cron expression (timed). */
    cron: cron.optional(),
    /** A key grouping events into separate digests, instead of the default event key. */
    digestKey: z.string().optional(),
    /** A condition (JSON Logic over payload and subscriber) under which the step is skipped. */
    skip,
  });
  const custom = obj({
    /** The custom step's free-form values. */
    custom: jsonObjectSchema.optional(),
  });
  const throttle = obj({
    /** `fixed` (a window of `amount` `unit`s) or `dynamic` (a window read from `dynamicKey`). */
    type: en(THROTTLE_TYPES).optional(),
    /** How many `unit`s the window spans (required for fixed). */
    amount: z.number().optional(),
    /** `minutes`, `hours` or `days` (required for fixed). */
    unit: en(THROTTLE_UNITS).optional(),
    /** The payload key holding the window (required for dynamic). */
    dynamicKey: z.string().optional(),
    /** Maximum executions in the window; the service defaults it to 1. */
    threshold: z.number().optional(),
    /** Defaults to the workflow and subscriber combination. */
    throttleKey: z.string().optional(),
    /** A condition (JSON Logic over payload and subscriber) under which the step is skipped. */
    skip,
  });
  // http_request: `{ key, value }` lists of non-empty strings, at most 50 headers and 100 body fields,
  // a timeout from 100 to 30000 ms (httpRequestControlSchema); url rules are the issues' (step-control-issues.ts).
  // Headers and body fields are one shape, described apart (so the plugin's schema names each its own type).
  const nonEmpty = strict ? z.string().min(1, "must not be empty") : z.string();
  const header = obj({
    /** The header's name (not a credential: those go in the workflow's `secretHeaders`). */
    key: nonEmpty,
    /** The header's value. */
    value: nonEmpty,
  });
  const bodyField = obj({
    /** The field's name. */
    key: nonEmpty,
    /** The field's value. */
    value: nonEmpty,
  });
  const httpRequest = obj({
    /** `GET`, `POST`, `PUT`, `DELETE`, `PATCH`, `HEAD` or `OPTIONS`. */
    method: en(HTTP_METHODS).optional(),
    /** The URL requested (may hold `{{ variables }}`). */
    url: z.string().optional(),
    /** Plain headers, at most 50, each `{ key, value }`; credentials go in the workflow's `secretHeaders`. */
    headers: (strict ? z.array(header).max(50, "at most 50 headers") : z.array(header)).optional(),
    /** The JSON body's fields, at most 100, each `{ key, value }`. */
    body: (strict ? z.array(bodyField).max(100, "at most 100 body fields") : z.array(bodyField)).optional(),
    /** A JSON Schema the response body is validated against. */
    responseBodySchema: jsonObjectSchema.optional(),
    /** Whether a response that does not match `responseBodySchema` fails the step. */
    enforceSchemaValidation: z.boolean().optional(),
    /** Whether the workflow goes on when the request fails. */
    continueOnFailure: z.boolean().optional(),
    /** The request's timeout in milliseconds, from 100 to 30000. */
    timeout: (strict ? z.number().min(100).max(30000) : z.number()).optional(),
    /** A condition (JSON Logic over payload and subscriber) under which the step is skipped. */
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
