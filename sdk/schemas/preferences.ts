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
/** Per-channel on/off flags (SubscriberPreferenceChannels). */
export type PreferenceChannels = z.infer<typeof preferenceChannelsSchema>;

/** Where a workflow preference override comes from. */
export const PREFERENCE_OVERRIDE_SOURCES = ["subscriber", "template", "workflowOverride"] as const;

/** One override of a workflow preference. */
export const preferenceOverrideSchema = z.looseObject({
  channel: openChannelTypeSchema,
  source: openEnum(PREFERENCE_OVERRIDE_SOURCES),
});

/** The workflow a preference entry belongs to. */
export const preferenceWorkflowSchema = z.looseObject({
  slug: z.string(),
  identifier: z.string(),
  name: z.string(),
  updatedAt: z.string().optional(),
});

/** A subscriber's preference for one workflow. */
export const workflowPreferenceSchema = z.looseObject({
  enabled: z.boolean(),
  channels: preferenceChannelsSchema,
  overrides: z.array(preferenceOverrideSchema),
  workflow: preferenceWorkflowSchema,
});
/** A subscriber's preference for one workflow. */
export type WorkflowPreference = z.infer<typeof workflowPreferenceSchema>;

/** Response of `GET /v2/subscribers/{subscriberId}/preferences` (tolerant). */
export const subscriberPreferencesSchema = z.looseObject({
  global: z.looseObject({ enabled: z.boolean(), channels: preferenceChannelsSchema }),
  workflows: z.array(workflowPreferenceSchema),
});
/** A subscriber's global and per-workflow preferences. */
export type SubscriberPreferences = z.infer<typeof subscriberPreferencesSchema>;
