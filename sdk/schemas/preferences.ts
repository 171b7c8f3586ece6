import { z } from "zod";
import { openChannelTypeSchema, openEnum } from "./common";

/** Per-channel on/off flags; every channel optional. Tolerant: a new channel from the server passes. */
export const preferenceChannelsSchema = z.looseObject({
  email: z.boolean().optional(),
  sms: z.boolean().optional(),
  in_app: z.boolean().optional(),
  chat: z.boolean().optional(),
  push: z.boolean().optional(),
});

/** Where a workflow preference override comes from. */
const PREFERENCE_OVERRIDE_SOURCES = ["subscriber", "template", "workflowOverride"] as const;

/** One override of a workflow preference. */
const preferenceOverrideSchema = z.looseObject({
  channel: openChannelTypeSchema,
  source: openEnum(PREFERENCE_OVERRIDE_SOURCES),
});

/** The workflow a preference entry belongs to. */
const preferenceWorkflowSchema = z.looseObject({
  slug: z.string(),
  identifier: z.string(),
  name: z.string(),
  updatedAt: z.string().optional(),
});

/** A subscriber's preference for one workflow. */
const workflowPreferenceSchema = z.looseObject({
  enabled: z.boolean(),
  channels: preferenceChannelsSchema,
  overrides: z.array(preferenceOverrideSchema),
  workflow: preferenceWorkflowSchema,
});

/** Response of `GET /v2/subscribers/{subscriberId}/preferences` (tolerant). */
export const subscriberPreferencesSchema = z.looseObject({
  global: z.looseObject({ enabled: z.boolean(), channels: preferenceChannelsSchema }),
  workflows: z.array(workflowPreferenceSchema),
});
/** A subscriber's global and per-workflow preferences. */
export type SubscriberPreferences = z.infer<typeof subscriberPreferencesSchema>;
