import { z } from "zod";
import { jsonObjectSchema, openEnum, timeUnitSchema } from "./common";
import { preferenceChannelsSchema } from "./preferences";
import { stepFilterResponseSchema } from "./step-filter";

/** Week days of a timed digest. */
export const WEEK_DAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
/** Ordinals of a timed digest. */
export const ORDINALS = ["1", "2", "3", "4", "5", "last"] as const;
/** Ordinal values of a timed digest. */
export const ORDINAL_VALUES = [
  "day",
  "weekday",
  "weekend",
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
] as const;
/** Monthly types of a timed digest. */
export const MONTHLY_TYPES = ["each", "on"] as const;

/** Schedule of a timed digest (v1 step metadata). */
const timedConfigSchema = z.looseObject({
  /** Time of day the digest is sent, e.g. `09:00`. */
  atTime: z.string().optional(),
  /** Days of the week the digest is sent on. */
  weekDays: z.array(openEnum(WEEK_DAYS)).optional(),
  /** Days of the month the digest is sent on. */
  monthDays: z.array(z.string()).optional(),
  /** Which occurrence in the month (`1` to `5`, or `last`), with `ordinalValue`. */
  ordinal: openEnum(ORDINALS).optional(),
  /** What `ordinal` counts: `day`, `weekday`, `weekend`, or a day name. */
  ordinalValue: openEnum(ORDINAL_VALUES).optional(),
  /** `each` (the listed `monthDays`) or `on` (the `ordinal` `ordinalValue`). */
  monthlyType: openEnum(MONTHLY_TYPES).optional(),
});

/** Digest metadata, regular or backoff. */
const digestRegularMetadataSchema = z.looseObject({
  type: z.enum(["regular", "backoff"]),
  amount: z.number().optional(),
  unit: timeUnitSchema.optional(),
  digestKey: z.string().optional(),
  backoff: z.boolean().optional(),
  backoffAmount: z.number().optional(),
  backoffUnit: timeUnitSchema.optional(),
  updateMode: z.boolean().optional(),
});
/** Digest metadata, timed. */
const digestTimedMetadataSchema = z.looseObject({
  type: z.literal("timed"),
  amount: z.number().optional(),
  unit: timeUnitSchema.optional(),
  digestKey: z.string().optional(),
  timed: timedConfigSchema.optional(),
});
/** Delay metadata, regular. */
const delayRegularMetadataSchema = z.looseObject({
  type: z.literal("regular"),
  amount: z.number().optional(),
  unit: timeUnitSchema.optional(),
});
/** Delay metadata, scheduled. */
const delayScheduledMetadataSchema = z.looseObject({
  type: z.literal("scheduled"),
  delayPath: z.string(),
});

/**
 * Metadata of a v1 step: one of the four shapes. Digest-regular and delay-regular share `type: "regular"`;
 * the digest shape is a superset, so it is tried first. Tolerant: an unknown shape passes as an open object.
 */
export const stepMetadataSchema = z.union([
  digestRegularMetadataSchema,
  digestTimedMetadataSchema,
  delayScheduledMetadataSchema,
  delayRegularMetadataSchema,
  jsonObjectSchema,
]);

const stepBaseShape = {
  /** Database id of the step. */
  _id: z.string().optional(),
  /** Unique id of the step in the workflow. */
  uuid: z.string().optional(),
  /** Name of the step. */
  name: z.string().optional(),
  /** Database id of the step's message template. */
  _templateId: z.string().optional(),
  /** Whether the step runs. */
  active: z.boolean().optional(),
  /** Whether the workflow stops when the step fails. */
  shouldStopOnFail: z.boolean().optional(),
  /** The step's message template. */
  template: jsonObjectSchema.optional(),
  /** Step conditions: the step runs only when they hold. */
  filters: z.array(stepFilterResponseSchema).optional(),
  /** Database id of the step this one follows. */
  _parentId: z.string().nullable().optional(),
  /** Settings of a digest or delay step (amount, unit, ...). */
  metadata: stepMetadataSchema.optional(),
  /** Reply callback of the step. */
  replyCallback: z
    .looseObject({
      /** Whether replies are forwarded. */
      active: z.boolean().optional(),
      /** Where replies are forwarded. */
      url: z.string().optional(),
    })
    .optional(),
};

/** A variant of a v1 step: the step fields without `variants`. */
const notificationStepVariantSchema = z.looseObject(stepBaseShape);

/** A step of a v1 workflow (all fields optional). */
const notificationStepSchema = z.looseObject({
  ...stepBaseShape,
  /** Conditional variants of the step. */
  variants: z.array(notificationStepVariantSchema).optional(),
});

/** A variable of a trigger. */
const variableSchema = z.looseObject({
  /** Name of the variable. */
  name: z.string(),
});

/** A v1 workflow trigger. */
export const notificationTriggerSchema = z.looseObject({
  /** Kind of trigger: `event`. */
  type: openEnum(["event"]),
  /** What a trigger names: the workflow's identifier. */
  identifier: z.string(),
  /** Payload variables the workflow uses. */
  variables: z.array(variableSchema),
  /** Subscriber variables the workflow uses. */
  subscriberVariables: z.array(variableSchema).optional(),
});

/** The v1 workflow shape, embedded in a message as `template` (tolerant). */
export const workflowResponseSchema = z.looseObject({
  /** Database id of the workflow. */
  _id: z.string().optional(),
  /** Name of the workflow. */
  name: z.string(),
  /** Description of the workflow. */
  description: z.string(),
  /** Whether the workflow runs when triggered. */
  active: z.boolean(),
  /** Whether the workflow is a draft. */
  draft: z.boolean(),
  /** Default channel preferences of the workflow. */
  preferenceSettings: preferenceChannelsSchema,
  /** Whether subscribers cannot turn it off. */
  critical: z.boolean(),
  /** Tags of the workflow. */
  tags: z.array(z.string()),
  /** The steps, in order. */
  steps: z.array(notificationStepSchema),
  /** Organization of the workflow. */
  _organizationId: z.string(),
  /** The user who made it. */
  _creatorId: z.string(),
  /** Environment of the workflow. */
  _environmentId: z.string(),
  /** The workflow's triggers. */
  triggers: z.array(notificationTriggerSchema),
  /** Database id of its notification group. */
  _notificationGroupId: z.string(),
  /** The workflow this one was promoted from. */
  _parentId: z.string().optional(),
  /** Soft-delete marker of the service. */
  deleted: z.boolean(),
  // The spec marks these required, but a workflow that was never deleted has nothing to put there.
  /** When it was deleted. */
  deletedAt: z.string().nullable().optional(),
  /** The user who deleted it. */
  deletedBy: z.string().nullable().optional(),
  /** Its notification group. */
  notificationGroup: z
    .looseObject({
      /** Database id of the group. */
      _id: z.string().optional(),
      /** Name of the group. */
      name: z.string(),
      /** Environment of the group. */
      _environmentId: z.string(),
      /** Organization of the group. */
      _organizationId: z.string(),
      /** The group this one was promoted from. */
      _parentId: z.string().optional(),
    })
    .optional(),
  /** Free-form data of the workflow. */
  data: jsonObjectSchema.optional(),
  /** Whether its channels have active integrations. */
  workflowIntegrationStatus: jsonObjectSchema.optional(),
});
