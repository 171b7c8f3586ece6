import { z } from "zod";
import { openChannelTypeSchema, openEnum } from "./common";

/** Per-channel on/off flags; every channel optional. Tolerant: a new channel from the server passes. */
export const preferenceChannelsSchema = z.looseObject({
  /** Email on or off. */
  email: z.boolean().optional(),
  /** SMS on or off. */
  sms: z.boolean().optional(),
  /** In-app on or off. */
  in_app: z.boolean().optional(),
  /** Chat on or off. */
  chat: z.boolean().optional(),
  /** Push on or off. */
  push: z.boolean().optional(),
});

/** Where a workflow preference override comes from. */
const PREFERENCE_OVERRIDE_SOURCES = ["subscriber", "template", "workflowOverride"] as const;

/** One override of a workflow preference. */
const preferenceOverrideSchema = z.looseObject({
  /** The channel overridden. */
  channel: openChannelTypeSchema,
  /** Who set it: `subscriber`, `template` or `workflowOverride`. */
  source: openEnum(PREFERENCE_OVERRIDE_SOURCES),
});

/** The workflow a preference entry belongs to. */
const preferenceWorkflowSchema = z.looseObject({
  /** Slug of the workflow. */
  slug: z.string(),
  /** Identifier (`workflowId`) of the workflow. */
  identifier: z.string(),
  /** Name of the workflow. */
  name: z.string(),
  /** When the workflow last changed (ISO 8601). */
  updatedAt: z.string().optional(),
});

/** A subscriber's preference for one workflow. */
const workflowPreferenceSchema = z.looseObject({
  /** Whether the subscriber receives this workflow at all. */
  enabled: z.boolean(),
  /** The subscriber's per-channel choice for this workflow. */
  channels: preferenceChannelsSchema,
  /** Channel settings that override the workflow's defaults, and who set them. */
  overrides: z.array(preferenceOverrideSchema),
  /** The workflow. */
  workflow: preferenceWorkflowSchema,
});

/** Response of `GET /v2/subscribers/{subscriberId}/preferences` (tolerant). */
export const subscriberPreferencesSchema = z.looseObject({
  /** Preferences across every workflow: `enabled` and per-channel `channels`. */
  global: z.looseObject({
    /** Whether the subscriber receives notifications at all. */
    enabled: z.boolean(),
    /** The subscriber's per-channel choice. */
    channels: preferenceChannelsSchema,
  }),
  /** Preferences per workflow. */
  workflows: z.array(workflowPreferenceSchema),
});
/** A subscriber's global and per-workflow preferences. */
export type SubscriberPreferences = z.infer<typeof subscriberPreferencesSchema>;
