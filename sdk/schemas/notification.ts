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
  /** Time of day the digest is sent, e.g. `09:00`. */
  atTime: z.string().optional(),
  /** Days of the week the digest is sent on (`monday` to `sunday`). */
  weekDays: z.array(openEnum(WEEK_DAYS)).optional(),
  /** Days of the month the digest is sent on. */
  monthDays: z.array(z.number()).optional(),
  /** Which occurrence in the month (`1` to `5`, or `last`), with `ordinalValue`. */
  ordinal: openEnum(ORDINALS).optional(),
  /** What `ordinal` counts: `day`, `weekday`, `weekend`, or a day name. */
  ordinalValue: openEnum(ORDINAL_VALUES).optional(),
  /** `each` (the listed `monthDays`) or `on` (the `ordinal` `ordinalValue`). */
  monthlyType: openEnum(MONTHLY_TYPES).optional(),
  /** Cron expression of the schedule, when the digest runs on one. */
  cronExpression: z.string().optional(),
  /** Single retrieval only. */
  untilDate: z.string().optional(),
});

/** Digest settings of a job. */
export const digestMetadataSchema = z.looseObject({
  /** Kind of digest: `regular`, `backoff` or `timed`. */
  type: openEnum(DIGEST_TYPES),
  /** Payload key whose value groups the digested events (events with the same value digest together). */
  digestKey: z.string().optional(),
  /** How long the digest collects events, in `unit`s. */
  amount: z.number().optional(),
  /** Time unit of `amount`. */
  unit: timeUnitSchema.optional(),
  /** The events (their payloads) the digest collected. */
  events: z.array(jsonObjectSchema).optional(),
  /** Whether the digest only starts when an event came within the backoff window. */
  backoff: z.boolean().optional(),
  /** Length of the backoff window, in `backoffUnit`s. */
  backoffAmount: z.number().optional(),
  /** Time unit of `backoffAmount`. */
  backoffUnit: timeUnitSchema.optional(),
  /** Whether a new event extends the digest window. */
  updateMode: z.boolean().optional(),
  /** Schedule of a timed digest. */
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
  /** Database id of the log line. */
  _id: z.string(),
  /** When it was logged (ISO 8601). */
  createdAt: z.string().optional(),
  /** Outcome: `Success`, `Warning`, `Failed`, `Pending`, `Queued` or `ReadConfirmation`. */
  status: openEnum(EXECUTION_DETAIL_STATUSES),
  /** What happened, in words. */
  detail: z.string(),
  /** Whether it was logged by a retry of the job. */
  isRetry: z.boolean(),
  /** Whether the event was a test trigger. */
  isTest: z.boolean(),
  /** Required in list responses, optional in single retrieval. */
  providerId: jobProviderIdSchema.optional(),
  /** Raw provider response or error, as text. */
  raw: z.string().nullable().optional(),
  /** Where the line comes from: `Credentials`, `Internal`, `Payload` or `Webhook`. */
  source: openEnum(EXECUTION_DETAIL_SOURCES),
});

/** The workflow step a job runs (exported only so that declaration files can name this recursive type). */
export interface JobStep {
  /** Database id of the step. */
  _id: string;
  /** Whether the step runs. */
  active: boolean;
  /** Step conditions: the step runs only when they hold. */
  filters: z.infer<typeof stepFilterResponseSchema>[];
  /** Database id of the step's message template. */
  _templateId: string;
  /** Reply callback settings (`active`, `url`). */
  replyCallback?: Record<string, unknown>;
  /** The step's control values. */
  controlVariables?: Record<string, unknown>;
  /** Step settings of digest and delay steps (amount, unit, ...). */
  metadata?: Record<string, unknown>;
  /** Problems the service found in the step's definition. */
  issues?: Record<string, unknown>;
  /** The step's message template. */
  template?: Record<string, unknown>;
  /** Conditional variants of the step (steps with the same fields). */
  variants?: JobStep[];
  /** Name of the step. */
  name?: string;
  /** Database id of the step this one follows, or null for the first. */
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
  /** Database id of the job. */
  _id: z.string(),
  /**
   * Step type the job runs (`in_app`, `email`, `sms`, `chat`, `push`, `digest`, `trigger`, `delay`,
   * `throttle`, `custom`).
   */
  type: jobTypeSchema,
  /** Digest settings, for a digest job. */
  digest: digestMetadataSchema.optional(),
  /** The job's execution log, oldest first. */
  executionDetails: z.array(executionDetailSchema),
  /** The workflow step the job runs. */
  step: jobStepSchema,
  /** Provider overrides given at trigger time. */
  overrides: jsonObjectSchema.optional(),
  /** Payload of the trigger. */
  payload: jsonObjectSchema.optional(),
  /** Delivery provider the job used. */
  providerId: jobProviderIdSchema,
  /** Free string. */
  status: z.string(),
  /** When the job last changed (ISO 8601). */
  updatedAt: z.string().optional(),
  /** Single retrieval only. */
  scheduleExtensionsCount: z.number().optional(),
});

/** A notification event (responses of operations 8 and 9, tolerant). */
export const notificationSchema = z.looseObject({
  /** Database id of the notification event. */
  _id: z.string().optional(),
  /** Environment the event ran in. */
  _environmentId: z.string(),
  /** Organization of that environment. */
  _organizationId: z.string(),
  /** Database id (`_id`) of the subscriber it was sent to. */
  _subscriberId: z.string(),
  /** Transaction id of the trigger (given at trigger time, or generated). */
  transactionId: z.string(),
  /** Database id of the workflow that ran. */
  _templateId: z.string().optional(),
  /** The event this one was digested into, for a digested event. */
  _digestedNotificationId: z.string().optional(),
  /** When the event was triggered (ISO 8601). */
  createdAt: z.string().optional(),
  /** When the event last changed (ISO 8601). */
  updatedAt: z.string().optional(),
  /** Step types the event ran. */
  channels: z.array(jobTypeSchema).optional(),
  /** The subscriber it was sent to. */
  subscriber: z
    .looseObject({
      /** The subscriber's `subscriberId` (your identifier of it). */
      subscriberId: z.string(),
      /** Database id of the subscriber. */
      _id: z.string(),
      /** First name. */
      firstName: z.string().optional(),
      /** Last name. */
      lastName: z.string().optional(),
      /** Email address. */
      email: z.string().optional(),
      /** Phone number. */
      phone: z.string().optional(),
    })
    .optional(),
  /** The workflow that ran. */
  template: z
    .looseObject({
      /** Database id of the workflow. */
      _id: z.string().optional(),
      /** Name of the workflow. */
      name: z.string(),
      /** Where the workflow was made: `novu-cloud`, `novu-cloud-v1` or `external`. */
      origin: originSchema.optional(),
      /** The workflow's triggers. */
      triggers: z.array(notificationTriggerSchema),
    })
    .optional(),
  /** The jobs the event ran (one per step and subscriber). */
  jobs: z.array(jobSchema).optional(),
  /** Payload of the trigger. */
  payload: jsonObjectSchema.optional(),
  /** Tags of the workflow. */
  tags: z.array(z.string()).optional(),
  /** Control values of the trigger. */
  controls: jsonObjectSchema.optional(),
  /** The subscriber definition the event was triggered to. */
  to: jsonObjectSchema.optional(),
  /** Topics the event was sent to. */
  topics: z
    .array(
      z.looseObject({
        /** Database id of the topic. */
        _topicId: z.string(),
        /** Key of the topic. */
        topicKey: z.string(),
      }),
    )
    .optional(),
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
  /** Only events of these workflows (database ids). */
  templates: queryArray(z.string().min(1)).optional(),
  /** Only events sent to subscribers with these email addresses. */
  emails: queryArray(z.string().min(1)).optional(),
  /** @deprecated Use the specific filters. */
  search: z.string().optional(),
  /** Only events sent to these subscribers (`subscriberId`s). */
  subscriberIds: queryArray(z.string().min(1)).optional(),
  /** Page number, from 0 (default 0). */
  page: queryNumber().int().min(0).default(0),
  /** Events per page, 1 to 50 (default 10). */
  limit: queryNumber().int().min(1).max(50).default(10),
  /** Only the events of this transaction id. */
  transactionId: z.string().min(1).optional(),
  /** Only events sent to this topic. */
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
  /** Whether a next page exists. */
  hasMore: z.boolean(),
  /** The events of this page. */
  data: z.array(notificationSchema),
  /** Events per page. */
  pageSize: z.number(),
  /** Page number, from 0. */
  page: z.number(),
  /** Number of events matching the filters, when the service counts them. */
  totalCount: z.number().optional(),
});
/** One page of notification events. */
export type NotificationPage = z.infer<typeof notificationPageSchema>;
