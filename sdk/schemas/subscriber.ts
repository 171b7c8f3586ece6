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
  webhookUrl: httpUrlSchema.optional(),
  /** Channel name, for Mattermost. */
  channel: z.string().optional(),
  /** Device tokens; replaces the stored ones. `[]` clears them. */
  deviceTokens: z
    .array(z.string().min(1, "must not be empty"))
    .max(MAX_DEVICE_TOKENS, `must have at most ${MAX_DEVICE_TOKENS} items`)
    .optional(),
  alertUid: z.string().optional(),
  title: z.string().optional(),
  imageUrl: httpUrlSchema.optional(),
  state: z.string().optional(),
  externalUrl: httpUrlSchema.optional(),
});
/** A subscriber's credentials for one chat or push provider. */
export type ChannelCredentials = z.infer<typeof channelCredentialsSchema>;

/** Channel credentials as read from the service (tolerant). */
const channelCredentialsResponseSchema = z.looseObject({
  webhookUrl: z.string().optional(),
  channel: z.string().optional(),
  deviceTokens: z.array(z.string()).optional(),
  alertUid: z.string().optional(),
  title: z.string().optional(),
  imageUrl: z.string().optional(),
  state: z.string().optional(),
  externalUrl: z.string().optional(),
});

/**
 * One entry of a subscriber's `channels` (tolerant). The service stores `{ _integrationId, providerId,
 * credentials }`; `integrationIdentifier` stays optional because responses do not carry it.
 */
const channelSettingsSchema = z.looseObject({
  providerId: openChatPushProviderIdSchema,
  integrationIdentifier: z.string().optional(),
  credentials: channelCredentialsResponseSchema,
  _integrationId: z.string(),
});
/** One entry of a subscriber's `channels`. */
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;

/** A subscriber as read from the service (tolerant). */
export const subscriberSchema = z.looseObject({
  _id: z.string().optional(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  avatar: z.string().nullable().optional(),
  locale: z.string().nullable().optional(),
  channels: z.array(channelSettingsSchema).optional(),
  /** @deprecated Topics are managed through the topics API. */
  topics: z.array(z.string()).optional(),
  isOnline: z.boolean().nullable().optional(),
  lastOnlineAt: z.string().nullable().optional(),
  __v: z.number().optional(),
  data: jsonObjectSchema.nullable().optional(),
  timezone: z.string().nullable().optional(),
  subscriberId: z.string(),
  _organizationId: z.string(),
  _environmentId: z.string(),
  deleted: z.boolean(),
  createdAt: z.string(),
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
  after: z.string().min(1).optional(),
  before: z.string().min(1).optional(),
  limit: queryNumber().int().min(1).max(100).default(10),
  orderDirection: strictEnum(ORDER_DIRECTIONS).default("DESC"),
  orderBy: strictEnum(SUBSCRIBER_ORDER_BY).default("_id"),
  includeCursor: queryBooleanSchema.optional(),
  email: z.string().optional(),
  name: z.string().optional(),
  phone: z.string().optional(),
  subscriberId: z.string().optional(),
});
/** Query of the search-subscribers operation, as a caller writes it (every field optional). */
export type SearchSubscribersQuery = z.input<typeof searchSubscribersQuerySchema>;
/** Query of the search-subscribers operation after parsing (defaults applied). */
export type ParsedSearchSubscribersQuery = z.output<typeof searchSubscribersQuerySchema>;

/** One page of `GET /v2/subscribers` (tolerant). */
export const subscriberPageSchema = z.looseObject({
  data: z.array(subscriberSchema),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  totalCount: z.number(),
  totalCountCapped: z.boolean(),
});
/** One page of subscribers. */
export type SubscriberPage = z.infer<typeof subscriberPageSchema>;
