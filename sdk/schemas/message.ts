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
  /** `button` or `text`. */
  type: openEnum(["button", "text"]),
  /** Text of the block. */
  content: z.string(),
  /** Link of a button. */
  url: z.string().optional(),
  /** Styles of the block (`textAlign`: `center`, `left` or `right`). */
  styles: z.looseObject({ textAlign: openEnum(["center", "left", "right"]) }).optional(),
});

/** Button types of a message action. */
const BUTTON_TYPES = ["primary", "secondary"] as const;

/** The call to action of an in-app message (all fields optional). */
export const messageCtaSchema = z.looseObject({
  /** Kind of call to action: `redirect`. */
  type: openEnum(["redirect"]).optional(),
  /** Where the call to action leads. */
  data: z
    .looseObject({
      /** URL the message opens. */
      url: z.string().optional(),
    })
    .optional(),
  /** Buttons of the message and what the subscriber chose. */
  action: z
    .looseObject({
      /** `pending` until the subscriber chose a button, then `done`. */
      status: openEnum(["pending", "done"]).optional(),
      /** The message's buttons. */
      buttons: z
        .array(
          z.looseObject({
            /** `primary` or `secondary`. */
            type: openEnum(BUTTON_TYPES),
            /** Label of the button. */
            content: z.string(),
            /** Text shown after the button was chosen. */
            resultContent: z.string().optional(),
          }),
        )
        .optional(),
      /** What the subscriber chose. */
      result: z
        .looseObject({
          /** Data sent with the choice. */
          payload: jsonObjectSchema.optional(),
          /** Which button was chosen: `primary` or `secondary`. */
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
  /** Database id of the message. */
  _id: z.string().optional(),
  /** Database id of the workflow that sent it. */
  _templateId: z.string().nullable().optional(),
  /** Environment of the message. */
  _environmentId: z.string(),
  /** Database id of the step's message template. */
  _messageTemplateId: z.string().nullable().optional(),
  /** Organization of that environment. */
  _organizationId: z.string(),
  /** Database id of the notification event that sent it. */
  _notificationId: z.string(),
  /** Database id (`_id`) of the subscriber it was sent to. */
  _subscriberId: z.string(),
  /** The subscriber it was sent to. */
  subscriber: subscriberSchema.optional(),
  /** The workflow that sent it (v1 shape). */
  template: workflowResponseSchema.optional(),
  /** Identifier of that workflow. */
  templateIdentifier: z.string().optional(),
  /** When the message was made (ISO 8601). */
  createdAt: z.string(),
  /** When it was delivered (several dates after a snooze). */
  deliveredAt: z.array(z.string()).optional(),
  /** When the subscriber last saw it. */
  lastSeenDate: z.string().optional(),
  /** When the subscriber last read it. */
  lastReadDate: z.string().optional(),
  /** Content: text, or email blocks. */
  content: z.union([z.array(emailBlockSchema), z.string()]).optional(),
  /** Transaction id of the trigger. */
  transactionId: z.string(),
  /** Subject of an email. */
  subject: z.string().optional(),
  /** Channel it was sent on. */
  channel: openChannelTypeSchema,
  /** Whether the subscriber read it. */
  read: z.boolean(),
  /** Whether the subscriber saw it. */
  seen: z.boolean(),
  /** When a snoozed message comes back. */
  snoozedUntil: z.string().optional(),
  /** Email address it was sent to. */
  email: z.string().optional(),
  /** Phone number it was sent to. */
  phone: z.string().optional(),
  /** Chat webhook URL it was sent to. */
  directWebhookUrl: z.string().optional(),
  /** Delivery provider that sent it. */
  providerId: z.string().optional(),
  /** Device tokens a push message was sent to. */
  deviceTokens: z.array(z.string()).optional(),
  /** Title of a push message. */
  title: z.string().optional(),
  /** Call to action of an in-app message. */
  cta: messageCtaSchema,
  /** Database id of the in-app feed it belongs to. */
  _feedId: z.string().nullable().optional(),
  /** Delivery state: `sent`, `error` or `warning`. */
  status: openEnum(MESSAGE_STATUSES),
  /** Id of the error, when delivery failed. */
  errorId: z.string().optional(),
  /** Text of the error, when delivery failed. */
  errorText: z.string().optional(),
  /** Payload of the trigger. */
  payload: jsonObjectSchema.optional(),
  /** Provider overrides given at trigger time. */
  overrides: jsonObjectSchema.optional(),
  /** Context keys of the trigger, each `type:id`. */
  contextKeys: z.array(z.string()).optional(),
});
/** A message. */
export type Message = z.infer<typeof messageSchema>;

/** A context key: `type:id`. */
const contextKeySchema = z.string().regex(/^[^:\s]+:\S+$/, "must have the form type:id");

/** Query of `GET /v1/messages` (strict). Defaults: page 0, limit 10. */
export const listMessagesQuerySchema = z.strictObject({
  /** Only messages of this channel. */
  channel: channelTypeSchema.optional(),
  /** Only messages sent to this subscriber (`subscriberId`). */
  subscriberId: z.string().min(1).optional(),
  /** Only messages of these transaction ids. */
  transactionId: queryArray(z.string().min(1)).optional(),
  /** Only messages with these context keys (each `type:id`). */
  contextKeys: queryArray(contextKeySchema).optional(),
  /** Page number, from 0 (default 0). */
  page: queryNumber().int().min(0).default(0),
  /** Messages per page (default 10). */
  limit: queryNumber().int().min(1).default(10),
});
/** Query of the list-messages operation, as a caller writes it. */
export type ListMessagesQuery = z.input<typeof listMessagesQuerySchema>;

/** One page of `GET /v1/messages` (tolerant). */
export const messagePageSchema = z.looseObject({
  /** Number of messages matching the filters, when the service counts them. */
  totalCount: z.number().optional(),
  /** Whether a next page exists. */
  hasMore: z.boolean(),
  /** The messages of this page. */
  data: z.array(messageSchema),
  /** Messages per page. */
  pageSize: z.number(),
  /** Page number, from 0. */
  page: z.number(),
});
/** One page of messages. */
export type MessagePage = z.infer<typeof messagePageSchema>;
