import { z } from "zod";
import {
  channelTypeSchema,
  jsonObjectSchema,
  openChannelTypeSchema,
  openEnum,
  queryArray,
  queryNumber,
} from "./common";
import { subscriberSchema } from "./subscriber";
import { workflowResponseSchema } from "./workflow-v1";

/** A block of email content. */
export const emailBlockSchema = z.looseObject({
  type: openEnum(["button", "text"]),
  content: z.string(),
  url: z.string().optional(),
  styles: z.looseObject({ textAlign: openEnum(["center", "left", "right"]) }).optional(),
});

/** Button types of a message action. */
const BUTTON_TYPES = ["primary", "secondary"] as const;

/** The call to action of an in-app message (all fields optional). */
export const messageCtaSchema = z.looseObject({
  type: openEnum(["redirect"]).optional(),
  data: z.looseObject({ url: z.string().optional() }).optional(),
  action: z
    .looseObject({
      status: openEnum(["pending", "done"]).optional(),
      buttons: z
        .array(
          z.looseObject({
            type: openEnum(BUTTON_TYPES),
            content: z.string(),
            resultContent: z.string().optional(),
          }),
        )
        .optional(),
      result: z
        .looseObject({
          payload: jsonObjectSchema.optional(),
          type: openEnum(BUTTON_TYPES).optional(),
        })
        .optional(),
    })
    .optional(),
});

/** Delivery states of a message. */
const MESSAGE_STATUSES = ["sent", "error", "warning"] as const;

/** A message as read from the service (tolerant). */
export const messageSchema = z.looseObject({
  _id: z.string().optional(),
  _templateId: z.string().nullable().optional(),
  _environmentId: z.string(),
  _messageTemplateId: z.string().nullable().optional(),
  _organizationId: z.string(),
  _notificationId: z.string(),
  _subscriberId: z.string(),
  subscriber: subscriberSchema.optional(),
  template: workflowResponseSchema.optional(),
  templateIdentifier: z.string().optional(),
  createdAt: z.string(),
  deliveredAt: z.array(z.string()).optional(),
  lastSeenDate: z.string().optional(),
  lastReadDate: z.string().optional(),
  content: z.union([z.array(emailBlockSchema), z.string()]).optional(),
  transactionId: z.string(),
  subject: z.string().optional(),
  channel: openChannelTypeSchema,
  read: z.boolean(),
  seen: z.boolean(),
  snoozedUntil: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  directWebhookUrl: z.string().optional(),
  providerId: z.string().optional(),
  deviceTokens: z.array(z.string()).optional(),
  title: z.string().optional(),
  cta: messageCtaSchema,
  _feedId: z.string().nullable().optional(),
  status: openEnum(MESSAGE_STATUSES),
  errorId: z.string().optional(),
  errorText: z.string().optional(),
  payload: jsonObjectSchema.optional(),
  overrides: jsonObjectSchema.optional(),
  contextKeys: z.array(z.string()).optional(),
});
/** A message. */
export type Message = z.infer<typeof messageSchema>;

/** A context key: `type:id`. */
const contextKeySchema = z.string().regex(/^[^:\s]+:\S+$/, "must have the form type:id");

/** Query of `GET /v1/messages` (strict). Defaults: page 0, limit 10. */
export const listMessagesQuerySchema = z.strictObject({
  channel: channelTypeSchema.optional(),
  subscriberId: z.string().min(1).optional(),
  transactionId: queryArray(z.string().min(1)).optional(),
  contextKeys: queryArray(contextKeySchema).optional(),
  page: queryNumber().int().min(0).default(0),
  limit: queryNumber().int().min(1).default(10),
});
/** Query of the list-messages operation, as a caller writes it. */
export type ListMessagesQuery = z.input<typeof listMessagesQuerySchema>;

/** One page of `GET /v1/messages` (tolerant). */
export const messagePageSchema = z.looseObject({
  totalCount: z.number().optional(),
  hasMore: z.boolean(),
  data: z.array(messageSchema),
  pageSize: z.number(),
  page: z.number(),
});
/** One page of messages. */
export type MessagePage = z.infer<typeof messagePageSchema>;
