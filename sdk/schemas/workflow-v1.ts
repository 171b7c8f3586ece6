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
  atTime: z.string().optional(),
  weekDays: z.array(openEnum(WEEK_DAYS)).optional(),
  monthDays: z.array(z.string()).optional(),
  ordinal: openEnum(ORDINALS).optional(),
  ordinalValue: openEnum(ORDINAL_VALUES).optional(),
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
  _id: z.string().optional(),
  uuid: z.string().optional(),
  name: z.string().optional(),
  _templateId: z.string().optional(),
  active: z.boolean().optional(),
  shouldStopOnFail: z.boolean().optional(),
  template: jsonObjectSchema.optional(),
  filters: z.array(stepFilterResponseSchema).optional(),
  _parentId: z.string().nullable().optional(),
  metadata: stepMetadataSchema.optional(),
  replyCallback: z.looseObject({ active: z.boolean().optional(), url: z.string().optional() }).optional(),
};

/** A variant of a v1 step: the step fields without `variants`. */
const notificationStepVariantSchema = z.looseObject(stepBaseShape);

/** A step of a v1 workflow (all fields optional). */
const notificationStepSchema = z.looseObject({
  ...stepBaseShape,
  variants: z.array(notificationStepVariantSchema).optional(),
});

const variableSchema = z.looseObject({ name: z.string() });

/** A v1 workflow trigger. */
export const notificationTriggerSchema = z.looseObject({
  type: openEnum(["event"]),
  identifier: z.string(),
  variables: z.array(variableSchema),
  subscriberVariables: z.array(variableSchema).optional(),
});

/** The v1 workflow shape, embedded in a message as `template` (tolerant). */
export const workflowResponseSchema = z.looseObject({
  _id: z.string().optional(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  draft: z.boolean(),
  preferenceSettings: preferenceChannelsSchema,
  critical: z.boolean(),
  tags: z.array(z.string()),
  steps: z.array(notificationStepSchema),
  _organizationId: z.string(),
  _creatorId: z.string(),
  _environmentId: z.string(),
  triggers: z.array(notificationTriggerSchema),
  _notificationGroupId: z.string(),
  _parentId: z.string().optional(),
  deleted: z.boolean(),
  // The spec marks these required, but a workflow that was never deleted has nothing to put there.
  deletedAt: z.string().nullable().optional(),
  deletedBy: z.string().nullable().optional(),
  notificationGroup: z
    .looseObject({
      _id: z.string().optional(),
      name: z.string(),
      _environmentId: z.string(),
      _organizationId: z.string(),
      _parentId: z.string().optional(),
    })
    .optional(),
  data: jsonObjectSchema.optional(),
  workflowIntegrationStatus: jsonObjectSchema.optional(),
});
