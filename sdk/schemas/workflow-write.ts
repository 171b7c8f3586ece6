import { z } from "zod";
import {
  channelTypeSchema,
  jsonObjectSchema,
  openEnum,
  originSchema,
  queryArray,
  queryNumber,
  SEVERITIES,
  strictEnum,
} from "./common";
import { stepControlIssues } from "./step-control-issues";
import { STEP_VARIANTS, strictControlShapes } from "./workflow";

/**
 * What we send to the v2 workflow endpoints (apps/api/src/app/workflows-v2/dtos/): create, update (PUT),
 * patch, list query and sync body, strict; plus the list answer (tolerant).
 */

/** A step variant that can be written. */
type StepVariant = (typeof STEP_VARIANTS)[number];

/** Control values of one variant as a write body carries them: strict keys and types, every control optional. */
function writableControls<T extends StepVariant>(type: T) {
  return strictControlShapes[type].partial();
}

/**
 * Per step type, the control values that the service stores WITHOUT issues: strict shape plus the
 * required controls (email `subject` and `body`, in-app `subject` or `body`, regular digest/delay
 * `amount` >= 1 and `unit`, timed `cron`, fixed throttle `amount` and `unit`, dynamic `dynamicKey`, http_request
 * `method` and an absolute `url`).
 * A failure names the control and why; the service itself would accept such values and mark the step
 * (and so the workflow) `ERROR`.
 */
export const completeControlValuesSchemas = Object.fromEntries(
  STEP_VARIANTS.map((type) => [
    type,
    writableControls(type).superRefine((values, ctx) => {
      for (const [path, issues] of Object.entries(stepControlIssues(type, values)))
        for (const issue of issues)
          ctx.addIssue({ code: "custom", path: path.split("."), message: issue.message });
    }),
  ]),
) as { [T in StepVariant]: ReturnType<typeof writableControls<T>> };

function stepUpsert<T extends StepVariant>(type: T) {
  return z.strictObject({
    /** The `_id` of an existing step: keeps its identity (stepId, stored values) on update. */
    _id: z.string().min(1).optional(),
    name: z.string().min(1, "must not be empty"),
    type: z.literal(type),
    /** `null` deletes the step's stored values; absent leaves them (update) or stores none (create). */
    controlValues: writableControls(type).nullable().optional(),
  });
}

/** A step of a create or update body, discriminated by `type`. */
export const stepUpsertSchema = z.discriminatedUnion("type", [
  stepUpsert("in_app"),
  stepUpsert("email"),
  stepUpsert("sms"),
  stepUpsert("push"),
  stepUpsert("chat"),
  stepUpsert("delay"),
  stepUpsert("digest"),
  stepUpsert("custom"),
  stepUpsert("throttle"),
  stepUpsert("http_request"),
]);
/** A step of a create or update body. */
export type StepUpsert = z.input<typeof stepUpsertSchema>;

/** Preferences of a workflow as written: the `all` fallback and per-channel flags. */
export const workflowPreferencesInputSchema = z.strictObject({
  /** The fallback of every channel without a setting of its own. */
  all: z
    .strictObject({
      /** Whether the channels are on. */
      enabled: z.boolean().optional(),
      /** Whether subscribers cannot change it (a critical workflow). */
      readOnly: z.boolean().optional(),
    })
    .optional(),
  /** Per channel (`in_app`, `email`, `sms`, `chat`, `push`): whether it is on. */
  channels: z
    .partialRecord(
      channelTypeSchema,
      z.strictObject({
        /** Whether the channel is on. */
        enabled: z.boolean(),
      }),
    )
    .optional(),
});

/** `preferences` of a create or update body: subscribers' defaults (`user`) and the workflow's (`workflow`). */
export const preferencesInputSchema = z.strictObject({
  /** Subscribers' default preferences; null: none. */
  user: workflowPreferencesInputSchema.nullable().optional(),
  /** The workflow's preferences; null: the service's defaults. */
  workflow: workflowPreferencesInputSchema.nullable().optional(),
});

/** Fields shared by create and update (dtos/workflow-commons.dto.ts). */
const commonFields = {
  name: z.string().min(1, "must not be empty"),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  /** Defaults to true on create and on update (upsert-workflow.usecase.ts `active ?? true`). */
  active: z.boolean().optional(),
  validatePayload: z.boolean().optional(),
  payloadSchema: jsonObjectSchema.nullable().optional(),
  isTranslationEnabled: z.boolean().optional(),
  steps: z.array(stepUpsertSchema),
  severity: strictEnum(SEVERITIES).optional(),
};

/** Body of `POST /v2/workflows` (dtos/create-workflow.dto.ts). */
export const createWorkflowBodySchema = z.strictObject({
  workflowId: z.string().min(1, "must not be empty"),
  ...commonFields,
  preferences: preferencesInputSchema.optional(),
});
/** Body of the create-workflow operation. */
export type CreateWorkflowBody = z.input<typeof createWorkflowBodySchema>;

/**
 * Body of `PUT /v2/workflows/{workflowId}` (dtos/update-workflow.dto.ts): the whole workflow; `steps`
 * replace the stored list (a step keeps its identity only with its `_id`); `preferences` and `origin`
 * are required there (3.15: `@IsEnum(ResourceOriginEnum)`). `origin` repeats what the service answered for
 * the workflow, never a value of our own: the service refuses any other (422).
 */
export const updateWorkflowBodySchema = z.strictObject({
  workflowId: z.string().min(1).optional(),
  ...commonFields,
  preferences: preferencesInputSchema,
  origin: z.string().min(1, "must repeat the origin the service answered"),
});
/** Body of the update-workflow operation. */
export type UpdateWorkflowBody = z.input<typeof updateWorkflowBodySchema>;

/** Body of `PATCH /v2/workflows/{workflowId}` (dtos/patch-workflow.dto.ts): only the fields given change. */
export const patchWorkflowBodySchema = z.strictObject({
  active: z.boolean().optional(),
  name: z.string().min(1, "must not be empty").optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  payloadSchema: jsonObjectSchema.optional(),
  validatePayload: z.boolean().optional(),
  isTranslationEnabled: z.boolean().optional(),
});
/** Body of the patch-workflow operation. */
export type PatchWorkflowBody = z.input<typeof patchWorkflowBodySchema>;

/** Body of `PUT /v2/workflows/{workflowId}/sync` (dtos/sync-workflow.dto.ts). */
export const syncWorkflowBodySchema = z.strictObject({
  targetEnvironmentId: z.string().min(1, "must not be empty"),
});
/** Body of the sync-workflow operation. */
export type SyncWorkflowBody = z.input<typeof syncWorkflowBodySchema>;

/** Fields a list can be ordered by (dtos/get-list-query-params.ts). */
const ORDER_BY = ["createdAt", "updatedAt", "name", "lastTriggeredAt"] as const;
/** Workflow states. */
const WORKFLOW_STATUSES = ["ACTIVE", "INACTIVE", "ERROR"] as const;

/**
 * Query of `GET /v2/workflows` (strict; shared/dtos/limit-offset-pagination.dto.ts): `limit` 1 to 100
 * (the controller's default 50), `offset` >= 0 (default 0), newest first by default.
 */
export const listWorkflowsQuerySchema = z.strictObject({
  /** Workflows to skip. */
  offset: queryNumber().int().min(0).optional(),
  /** Workflows per page, 1 to 100. */
  limit: queryNumber().int().min(1).max(100).optional(),
  /** Only workflows whose name or identifier contains this text. */
  query: z.string().optional(),
  /** `createdAt`, `updatedAt`, `name` or `lastTriggeredAt`. */
  orderBy: strictEnum(ORDER_BY).optional(),
  /** `ASC` or `DESC` (default: newest first). */
  orderDirection: strictEnum(["ASC", "DESC"]).optional(),
  /** Only workflows with these tags. */
  tags: queryArray(z.string().min(1)).optional(),
  /** Only workflows in these states (`ACTIVE`, `INACTIVE`, `ERROR`). */
  status: queryArray(strictEnum(WORKFLOW_STATUSES)).optional(),
});
/** Query of the list-workflows operation, as a caller writes it. */
export type ListWorkflowsQuery = z.input<typeof listWorkflowsQuerySchema>;

/** One workflow of a list (dtos/workflow-list-response.dto.ts; tolerant): no steps, their types only. */
export const workflowListItemSchema = z.looseObject({
  /** Database id of the workflow. */
  _id: z.string(),
  /** Identifier of the workflow (what a trigger names). */
  workflowId: z.string(),
  /** Slug of the workflow. */
  slug: z.string(),
  /** Name of the workflow. */
  name: z.string(),
  /** Tags of the workflow. */
  tags: z.array(z.string()).optional(),
  /** When it last changed (ISO 8601). */
  updatedAt: z.string(),
  /** When it was created (ISO 8601). */
  createdAt: z.string(),
  /** `ACTIVE`, `INACTIVE` or `ERROR`. */
  status: openEnum(WORKFLOW_STATUSES),
  /** Where the workflow was made: `novu-cloud`, `novu-cloud-v1` or `external`. */
  origin: originSchema,
  /** When it was last triggered (ISO 8601). */
  lastTriggeredAt: z.string().nullable().optional(),
  /** The types of its steps, in order. */
  stepTypeOverviews: z.array(z.string()),
  /** Whether translations are enabled. */
  isTranslationEnabled: z.boolean().optional(),
});
/** One workflow of a list. */
export type WorkflowListItem = z.infer<typeof workflowListItemSchema>;

/** Answer of `GET /v2/workflows` (usecases/list-workflows/list-workflow.usecase.ts; tolerant). */
export const workflowListSchema = z.looseObject({
  workflows: z.array(workflowListItemSchema),
  totalCount: z.number(),
});
/** One page of workflows. */
export type WorkflowList = z.infer<typeof workflowListSchema>;
