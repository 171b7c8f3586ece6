import { z } from "zod";
import {
  chatPushProviderIdSchema,
  httpUrlSchema,
  jsonObjectSchema,
  openChatPushProviderIdSchema,
  queryBooleanSchema,
  queryNumber,
  strictEnum,
} from "./common";

/** Most device tokens accepted in one upsert; a sane bound against accidental huge payloads. */
export const MAX_DEVICE_TOKENS = 1000;

/** A subscriber's credentials for one chat or push provider, as we send them (strict). */
export const channelCredentialsSchema = z.strictObject({
  /** Webhook URL, for chat providers (Slack, Discord, Microsoft Teams, ...). */
  webhookUrl: httpUrlSchema.optional(),
  /** Channel name, for Mattermost. */
  channel: z.string().optional(),
  /** Device tokens; replaces the stored ones. `[]` clears them. */
  deviceTokens: z
    .array(z.string().min(1, "must not be empty"))
    .max(MAX_DEVICE_TOKENS, `must have at most ${MAX_DEVICE_TOKENS} items`)
    .optional(),
  /** Alert uid of the Grafana OnCall webhook payload. */
  alertUid: z.string().optional(),
  /** Title of the Grafana OnCall webhook payload. */
  title: z.string().optional(),
  /** Image URL of the Grafana OnCall webhook payload. */
  imageUrl: httpUrlSchema.optional(),
  /** State of the Grafana OnCall webhook payload. */
  state: z.string().optional(),
  /** Link to upstream details, for Grafana OnCall. */
  externalUrl: httpUrlSchema.optional(),
});
/** A subscriber's credentials for one chat or push provider. */
export type ChannelCredentials = z.infer<typeof channelCredentialsSchema>;

/** Channel credentials as read from the service (tolerant). */
const channelCredentialsResponseSchema = z.looseObject({
  /** Webhook URL, for chat providers. */
  webhookUrl: z.string().optional(),
  /** Channel name, for Mattermost. */
  channel: z.string().optional(),
  /** Device tokens, for push providers. */
  deviceTokens: z.array(z.string()).optional(),
  /** Alert uid of the Grafana OnCall webhook payload. */
  alertUid: z.string().optional(),
  /** Title of the Grafana OnCall webhook payload. */
  title: z.string().optional(),
  /** Image URL of the Grafana OnCall webhook payload. */
  imageUrl: z.string().optional(),
  /** State of the Grafana OnCall webhook payload. */
  state: z.string().optional(),
  /** Link to upstream details, for Grafana OnCall. */
  externalUrl: z.string().optional(),
});

/**
 * One entry of a subscriber's `channels` (tolerant). The service stores `{ _integrationId, providerId,
 * credentials }`; `integrationIdentifier` stays optional because responses do not carry it.
 */
const channelSettingsSchema = z.looseObject({
  /** Chat or push provider of the entry, e.g. `slack`, `fcm`. */
  providerId: openChatPushProviderIdSchema,
  /** Identifier of the integration the entry is for (not in the service's answers). */
  integrationIdentifier: z.string().optional(),
  /** The subscriber's credentials for that provider. */
  credentials: channelCredentialsResponseSchema,
  /** Database id of the integration the entry belongs to. */
  _integrationId: z.string(),
});
/** One entry of a subscriber's `channels`. */
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;

/** A subscriber as read from the service (tolerant). */
export const subscriberSchema = z.looseObject({
  /** Database id of the subscriber (not its `subscriberId`). */
  _id: z.string().optional(),
  /** First name. */
  firstName: z.string().nullable().optional(),
  /** Last name. */
  lastName: z.string().nullable().optional(),
  /** Email address. */
  email: z.string().nullable().optional(),
  /** Phone number. */
  phone: z.string().nullable().optional(),
  /** URL of an avatar image. */
  avatar: z.string().nullable().optional(),
  /** Preferred language or region. */
  locale: z.string().nullable().optional(),
  /** Channel credentials, one entry per chat or push integration. */
  channels: z.array(channelSettingsSchema).optional(),
  /** @deprecated Topics are managed through the topics API. */
  topics: z.array(z.string()).optional(),
  /** Whether the subscriber is connected to the in-app inbox. */
  isOnline: z.boolean().nullable().optional(),
  /** When the subscriber was last online (ISO 8601). */
  lastOnlineAt: z.string().nullable().optional(),
  /** Version of the subscriber record. */
  __v: z.number().optional(),
  /** Free-form custom data. */
  data: jsonObjectSchema.nullable().optional(),
  /** Time zone, e.g. `Europe/Paris`. */
  timezone: z.string().nullable().optional(),
  /** Your identifier of the subscriber. */
  subscriberId: z.string(),
  /** Organization of the subscriber. */
  _organizationId: z.string(),
  /** Environment of the subscriber. */
  _environmentId: z.string(),
  /** Soft-delete marker of the service. */
  deleted: z.boolean(),
  /** When it was created (ISO 8601). */
  createdAt: z.string(),
  /** When it last changed (ISO 8601). */
  updatedAt: z.string(),
});
/** A subscriber. */
export type Subscriber = z.infer<typeof subscriberSchema>;

/**
 * Credentials as a write sends them. The service merges the keys a write leaves out with the stored ones
 * (`{ ...old, ...new, deviceTokens }`), so the only way to take a webhook URL or channel away is to send it
 * as `""`.
 */
const writtenCredentialsSchema = channelCredentialsSchema.extend({
  webhookUrl: z.union([httpUrlSchema, z.literal("")]).optional(),
});

/** Body of `PATCH` and `PUT /v1/subscribers/{subscriberId}/credentials` (strict). */
export const upsertCredentialsBodySchema = z.strictObject({
  providerId: chatPushProviderIdSchema,
  integrationIdentifier: z.string().min(1).optional(),
  credentials: writtenCredentialsSchema,
});
/** Body of the upsert-credentials operation. */
export type UpsertCredentialsBody = z.infer<typeof upsertCredentialsBodySchema>;

/** Fields subscribers can be ordered by. */
const SUBSCRIBER_ORDER_BY = ["_id", "updatedAt"] as const;
/** Sort directions. */
const ORDER_DIRECTIONS = ["ASC", "DESC"] as const;

/**
 * Query of `GET /v2/subscribers` (strict; numbers and booleans also accepted as query-string text).
 * Defaults: limit 10 (1..100), orderBy `_id`, orderDirection `DESC`.
 */
export const searchSubscribersQuerySchema = z.strictObject({
  /** Cursor: the subscribers after this one (a `next` of an earlier page). */
  after: z.string().min(1).optional(),
  /** Cursor: the subscribers before this one (a `previous` of an earlier page). */
  before: z.string().min(1).optional(),
  /** Subscribers per page, 1 to 100 (default 10). */
  limit: queryNumber().int().min(1).max(100).default(10),
  /** `ASC` or `DESC` (default `DESC`). */
  orderDirection: strictEnum(ORDER_DIRECTIONS).default("DESC"),
  /** `_id` or `updatedAt` (default `_id`). */
  orderBy: strictEnum(SUBSCRIBER_ORDER_BY).default("_id"),
  /** Whether the page includes the cursor's own subscriber. */
  includeCursor: queryBooleanSchema.optional(),
  /** Only subscribers whose email address matches. */
  email: z.string().optional(),
  /** Only subscribers whose name matches. */
  name: z.string().optional(),
  /** Only subscribers whose phone number matches. */
  phone: z.string().optional(),
  /** Only subscribers whose `subscriberId` matches. */
  subscriberId: z.string().optional(),
});
/** Query of the search-subscribers operation, as a caller writes it (every field optional). */
export type SearchSubscribersQuery = z.input<typeof searchSubscribersQuerySchema>;
/** Query of the search-subscribers operation after parsing (defaults applied). */
export type ParsedSearchSubscribersQuery = z.output<typeof searchSubscribersQuerySchema>;

/** One page of `GET /v2/subscribers` (tolerant). */
export const subscriberPageSchema = z.looseObject({
  /** The subscribers of this page. */
  data: z.array(subscriberSchema),
  /** Cursor of the next page (`after`), or null on the last. */
  next: z.string().nullable(),
  /** Cursor of the previous page (`before`), or null on the first. */
  previous: z.string().nullable(),
  /** Number of subscribers matching the filters (capped, see `totalCountCapped`). */
  totalCount: z.number(),
  /** Whether `totalCount` stopped at the service's cap. */
  totalCountCapped: z.boolean(),
});
/** One page of subscribers. */
export type SubscriberPage = z.infer<typeof subscriberPageSchema>;
