import { RESOURCE_ORIGINS } from "../service-vocabulary";
import {
  arrayMaxSize,
  type Dto,
  each,
  eachIn,
  isArray,
  isBoolean,
  isIn,
  isObject,
  isString,
  matches,
  type PropertyRules,
  rule,
} from "./class-validator";
import { limitOffsetDto } from "./limit-offset";

/**
 * The v2 workflow bodies and queries, from Novu's DTOs in apps/api/src/app/workflows-v2/dtos/:
 * create-workflow.dto.ts, update-workflow.dto.ts, workflow-commons.dto.ts, create-step.dto.ts,
 * patch-workflow.dto.ts, sync-workflow.dto.ts, get-list-query-params.ts (with
 * apps/api/src/app/shared/dtos/limit-offset-pagination.dto.ts).
 */

/** StepTypeEnum of @novu/shared (packages/shared/src/types/channel.ts; `http_request` since 2025). */
export const STEP_TYPES = [
  "in_app",
  "email",
  "sms",
  "chat",
  "push",
  "digest",
  "trigger",
  "delay",
  "throttle",
  "custom",
  "http_request",
] as const;

/**
 * The step types a body step may have: each has its `*StepUpsertDto` (create-step.dto.ts; `http_request`:
 * `HttpRequestStepUpsertDto`, in the discriminators of create-workflow.dto.ts and update-workflow.dto.ts).
 */
export const UPSERT_STEP_TYPES = [
  "in_app",
  "email",
  "sms",
  "chat",
  "push",
  "digest",
  "delay",
  "throttle",
  "custom",
  "http_request",
];

/** ResourceOriginEnum of @novu/shared. */
const ORIGINS = RESOURCE_ORIGINS;
/** SeverityLevelEnum of @novu/shared. */
const SEVERITIES = ["high", "medium", "low", "none"];
/** WorkflowStatusEnum of @novu/shared. */
const STATUSES = ["ACTIVE", "INACTIVE", "ERROR"];

const optionalString: PropertyRules = { optional: true, checks: [isString()] };
const optionalBoolean: PropertyRules = { optional: true, checks: [isBoolean()] };

/**
 * `@IsValidJsonSchema({ message: 'payloadSchema must be a valid JSON schema' })`
 * (apps/api/src/app/shared/validators/json-schema.validator.ts): an object (the validator compiles it with
 * ajv; the emulator checks only that it is an object).
 */
const payloadSchema: PropertyRules = {
  optional: true,
  checks: [
    rule(
      (v) => typeof v === "object" && v !== null && !Array.isArray(v),
      "payloadSchema must be a valid JSON schema",
    ),
  ],
};

/**
 * A body step (create-step.dto.ts `BaseStepConfigDto` and the `*StepUpsertDto` its `type` picks): `type`
 * one of the step types, `_id` an optional string, `name` a string (an empty one passes), `controlValues`
 * an optional object (`@IsOptional() @IsObject()`: the controls themselves are not refused, they become
 * issues).
 */
const stepDto: Dto = {
  type: { checks: [isIn(UPSERT_STEP_TYPES)] },
  controlValues: { optional: true, checks: [isObject()] },
  _id: optionalString,
  name: { checks: [isString()] },
};

/**
 * The workflowId pattern and message (create-workflow.dto.ts; the e2e test upsert-workflow.e2e.ts checks
 * the message under `errors.general.messages`).
 */
const workflowId: PropertyRules = {
  checks: [
    isString(),
    matches(
      /^[a-zA-Z0-9]+(?:[-_.][a-zA-Z0-9]+)*$/,
      "$property must be a valid slug format (lowercase letters, numbers, and hyphens only)",
    ),
  ],
};

/** At most 16 tags (a @novu/shared constant; DESIGN.md), each a string. */
const tags: PropertyRules = {
  optional: true,
  checks: [arrayMaxSize(16), each((t) => typeof t === "string", "$property must be a string"), isArray()],
};

/** workflow-commons.dto.ts (`WorkflowCommonsFields`), the fields every write shares. */
const commonFields: Dto = {
  name: { checks: [isString()] },
  description: optionalString,
  tags,
  active: optionalBoolean,
  validatePayload: optionalBoolean,
  payloadSchema,
  isTranslationEnabled: optionalBoolean,
};

const steps: PropertyRules = { checks: [isArray()], nested: stepDto };
/** `severity` (SeverityLevelEnum), optional. */
const severity: PropertyRules = { optional: true, checks: [isIn(SEVERITIES)] };
/** `preferences` (PreferencesRequestDto: `user` and `workflow`, both optional objects). */
const preferences: PropertyRules = { optional: true, checks: [isObject()] };

/** create-workflow.dto.ts: own fields first, then the commons (class-validator's order). */
export const createWorkflowDto: Dto = {
  workflowId,
  steps,
  preferences,
  severity,
  ...commonFields,
};

/** update-workflow.dto.ts: `workflowId` free, `origin` and `preferences` optional (origin ignored). */
export const updateWorkflowDto: Dto = {
  workflowId: { optional: true },
  steps,
  preferences,
  origin: { optional: true, checks: [isIn(ORIGINS)] },
  severity,
  ...commonFields,
};

/** patch-workflow.dto.ts: every field optional. */
export const patchWorkflowDto: Dto = {
  active: optionalBoolean,
  name: optionalString,
  description: optionalString,
  tags: {
    optional: true,
    checks: [each((t) => typeof t === "string", "$property must be a string"), isArray()],
  },
  payloadSchema,
  validatePayload: optionalBoolean,
  isTranslationEnabled: optionalBoolean,
};

/** sync-workflow.dto.ts. */
export const syncWorkflowDto: Dto = { targetEnvironmentId: { checks: [isString()] } };

/** get-list-query-params.ts: plus `query`, `tags` and `status` (arrays). */
export const listWorkflowsQueryDto: Dto = {
  query: optionalString,
  tags: {
    optional: true,
    checks: [each((t) => typeof t === "string", "$property must be a string"), isArray()],
  },
  status: { optional: true, checks: [eachIn(STATUSES), isArray()] },
  ...limitOffsetDto(["createdAt", "updatedAt", "name", "lastTriggeredAt"]),
};

/** The list query once validated (limit and offset transformed to numbers). */
export interface ListWorkflowsQuery {
  query?: string;
  tags?: string[];
  status?: string[];
  limit?: number;
  offset?: number;
  orderDirection?: "ASC" | "DESC";
  orderBy?: "createdAt" | "updatedAt" | "name" | "lastTriggeredAt";
}
