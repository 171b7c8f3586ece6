import { z } from "zod";
import {
  jobProviderIdSchema,
  jobTypeSchema,
  jsonObjectSchema,
  LIST_JOB_TYPES,
  openEnum,
  originSchema,
  queryArray,
  queryNumber,
  severitySchema,
  strictEnum,
  timeUnitSchema,
} from "./common";
import { stepFilterResponseSchema } from "./step-filter";
import { MONTHLY_TYPES, notificationTriggerSchema, ORDINAL_VALUES, ORDINALS, WEEK_DAYS } from "./workflow-v1";

/** Kinds of digest. */
const DIGEST_TYPES = ["regular", "backoff", "timed"] as const;

/** Schedule of a timed digest job. */
const digestTimedSchema = z.looseObject({
  atTime: z.string().optional(),
  weekDays: z.array(openEnum(WEEK_DAYS)).optional(),
  monthDays: z.array(z.number()).optional(),
  ordinal: openEnum(ORDINALS).optional(),
  ordinalValue: openEnum(ORDINAL_VALUES).optional(),
  monthlyType: openEnum(MONTHLY_TYPES).optional(),
  cronExpression: z.string().optional(),
  /** Single retrieval only. */
  untilDate: z.string().optional(),
});

/** Digest settings of a job. */
export const digestMetadataSchema = z.looseObject({
  type: openEnum(DIGEST_TYPES),
  digestKey: z.string().optional(),
  amount: z.number().optional(),
  unit: timeUnitSchema.optional(),
  events: z.array(jsonObjectSchema).optional(),
  backoff: z.boolean().optional(),
  backoffAmount: z.number().optional(),
  backoffUnit: timeUnitSchema.optional(),
  updateMode: z.boolean().optional(),
  timed: digestTimedSchema.optional(),
});

/** States of an execution detail. */
const EXECUTION_DETAIL_STATUSES = [
  "Success",
  "Warning",
  "Failed",
  "Pending",
  "Queued",
  "ReadConfirmation",
] as const;
/** Sources of an execution detail. */
const EXECUTION_DETAIL_SOURCES = ["Credentials", "Internal", "Payload", "Webhook"] as const;

/** One execution log line of a job. */
export const executionDetailSchema = z.looseObject({
  _id: z.string(),
  createdAt: z.string().optional(),
  status: openEnum(EXECUTION_DETAIL_STATUSES),
  detail: z.string(),
  isRetry: z.boolean(),
  isTest: z.boolean(),
  /** Required in list responses, optional in single retrieval. */
  providerId: jobProviderIdSchema.optional(),
  raw: z.string().nullable().optional(),
  source: openEnum(EXECUTION_DETAIL_SOURCES),
});

/** The workflow step a job runs. */
interface JobStep {
  _id: string;
  active: boolean;
  filters: z.infer<typeof stepFilterResponseSchema>[];
  _templateId: string;
  replyCallback?: Record<string, unknown>;
  controlVariables?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  issues?: Record<string, unknown>;
  template?: Record<string, unknown>;
  variants?: JobStep[];
  name?: string;
  _parentId?: string | null;
  [key: string]: unknown;
}

/** The workflow step a job runs (recursive through `variants`). */
export const jobStepSchema: z.ZodType<JobStep> = z.looseObject({
  _id: z.string(),
  active: z.boolean(),
  filters: z.array(stepFilterResponseSchema),
  _templateId: z.string(),
  replyCallback: jsonObjectSchema.optional(),
  controlVariables: jsonObjectSchema.optional(),
  metadata: jsonObjectSchema.optional(),
  issues: jsonObjectSchema.optional(),
  template: jsonObjectSchema.optional(),
  get variants() {
    return z.array(jobStepSchema).optional();
  },
  name: z.string().optional(),
  _parentId: z.string().nullable().optional(),
});

/** One job of a notification event: a step run for one subscriber. */
export const jobSchema = z.looseObject({
  _id: z.string(),
  type: jobTypeSchema,
  digest: digestMetadataSchema.optional(),
  executionDetails: z.array(executionDetailSchema),
  step: jobStepSchema,
  overrides: jsonObjectSchema.optional(),
  payload: jsonObjectSchema.optional(),
  providerId: jobProviderIdSchema,
  /** Free string. */
  status: z.string(),
  updatedAt: z.string().optional(),
  /** Single retrieval only. */
  scheduleExtensionsCount: z.number().optional(),
});

/** A notification event (responses of operations 8 and 9, tolerant). */
export const notificationSchema = z.looseObject({
  _id: z.string().optional(),
  _environmentId: z.string(),
  _organizationId: z.string(),
  _subscriberId: z.string(),
  transactionId: z.string(),
  _templateId: z.string().optional(),
  _digestedNotificationId: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  channels: z.array(jobTypeSchema).optional(),
  subscriber: z
    .looseObject({
      subscriberId: z.string(),
      _id: z.string(),
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      email: z.string().optional(),
      phone: z.string().optional(),
    })
    .optional(),
  template: z
    .looseObject({
      _id: z.string().optional(),
      name: z.string(),
      origin: originSchema.optional(),
      triggers: z.array(notificationTriggerSchema),
    })
    .optional(),
  jobs: z.array(jobSchema).optional(),
  payload: jsonObjectSchema.optional(),
  tags: z.array(z.string()).optional(),
  controls: jsonObjectSchema.optional(),
  /** The subscriber definition the event was triggered to. */
  to: jsonObjectSchema.optional(),
  topics: z.array(z.looseObject({ _topicId: z.string(), topicKey: z.string() })).optional(),
  /** Single retrieval only. */
  severity: severitySchema.optional(),
  /** Single retrieval only. */
  critical: z.boolean().optional(),
  /** Single retrieval only. */
  contextKeys: z.array(z.string()).optional(),
});
/** A notification event. */
export type Notification = z.infer<typeof notificationSchema>;

/** Query of `GET /v1/notifications` (strict). Defaults: page 0, limit 10 (1..50). */
export const listNotificationsQuerySchema = z.strictObject({
  /** Job types; `throttle` is not accepted by this operation. */
  channels: queryArray(strictEnum(LIST_JOB_TYPES)).optional(),
  templates: queryArray(z.string().min(1)).optional(),
  emails: queryArray(z.string().min(1)).optional(),
  /** @deprecated Use the specific filters. */
  search: z.string().optional(),
  subscriberIds: queryArray(z.string().min(1)).optional(),
  page: queryNumber().int().min(0).default(0),
  limit: queryNumber().int().min(1).max(50).default(10),
  transactionId: z.string().min(1).optional(),
  topicKey: z.string().min(1).optional(),
  /** Only records after this timestamp. */
  after: z.string().min(1).optional(),
  /** Only records before this timestamp. */
  before: z.string().min(1).optional(),
});
/** Query of the list-events operation, as a caller writes it. */
export type ListNotificationsQuery = z.input<typeof listNotificationsQuerySchema>;

/** One page of `GET /v1/notifications` (tolerant). */
export const notificationPageSchema = z.looseObject({
  hasMore: z.boolean(),
  data: z.array(notificationSchema),
  pageSize: z.number(),
  page: z.number(),
  totalCount: z.number().optional(),
});
/** One page of notification events. */
export type NotificationPage = z.infer<typeof notificationPageSchema>;
