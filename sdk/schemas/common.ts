import { z } from "zod";
import { SERVICE_VOCABULARY as V } from "./service-vocabulary";

/**
 * Shared building blocks of the svc schemas.
 *
 * Two directions, one source: request bodies and queries (what we send) are strict, responses (what we
 * read) are tolerant. Strict enums are built with {@link strictEnum}, tolerant ones with {@link openEnum}.
 */

/** A non-empty tuple of string literals, as `z.enum` wants it. */
export type EnumValues = readonly [string, ...string[]];

/**
 * The type of an open enum: the known values (kept for autocomplete) or any other string the server may
 * add later.
 */
export type OpenEnum<T extends EnumValues> = T[number] | (string & {});

const GOT_MAX = 40;

/** Renders a rejected value for an error message without echoing long (possibly secret) input. */
function describeGot(input: unknown): string {
  if (input === undefined) return "nothing";
  if (typeof input === "string") {
    return JSON.stringify(input.length > GOT_MAX ? `${input.slice(0, GOT_MAX)}…` : input);
  }
  if (input === null || typeof input === "number" || typeof input === "boolean") return String(input);
  return Array.isArray(input) ? "an array" : `a ${typeof input}`;
}

/** `values` without `drop`, still a non-empty tuple type for `z.enum`. */
export function without<const T extends EnumValues, const D extends T[number]>(
  values: T,
  ...drop: readonly D[]
): readonly [Exclude<T[number], D>, ...Exclude<T[number], D>[]] {
  const kept = values.filter((v): v is Exclude<T[number], D> => !(drop as readonly string[]).includes(v));
  const [head, ...rest] = kept;
  if (head === undefined) throw new Error(`without: nothing left of ${values.join(", ")}`);
  return [head, ...rest];
}

/**
 * A strict enum whose error message names the allowed values and the rejected one, e.g.
 * `must be one of in_app, email, sms, chat, push (got "pager")`. Use it for everything we send.
 */
export function strictEnum<const T extends EnumValues>(values: T) {
  return z.enum(values, {
    error: (iss) => `must be one of ${values.join(", ")} (got ${describeGot(iss.input)})`,
  });
}

/**
 * A tolerant enum for responses: the known values or any other string, so a new channel or provider id
 * from the server never breaks parsing. Its type keeps autocomplete: `"a" | "b" | (string & {})`.
 */
export function openEnum<const T extends EnumValues>(values: T): z.ZodType<OpenEnum<T>, string> {
  // At run time any string passes; the known values only shape the type (and the description).
  const anyString: z.ZodType<OpenEnum<T>, string> = z.string();
  return anyString.describe(`one of ${values.join(", ")}, or a newer value`);
}

/** The five delivery channels. */
export const CHANNEL_TYPES = ["in_app", "email", "sms", "chat", "push"] as const;
/** A delivery channel. */
export type ChannelType = (typeof CHANNEL_TYPES)[number];
/** Strict channel (requests). */
export const channelTypeSchema = strictEnum(CHANNEL_TYPES);
/** Tolerant channel (responses). */
export const openChannelTypeSchema = openEnum(CHANNEL_TYPES);

/** Time units used by digest, delay and throttle steps. */
export const TIME_UNITS = ["seconds", "minutes", "hours", "days", "weeks", "months"] as const;
/** Tolerant time unit (responses). */
export const timeUnitSchema = openEnum(TIME_UNITS);

/** Where a workflow or step was authored. */
export const ORIGINS = [V.cloudOrigin, V.cloudV1Origin, V.externalOrigin] as const;
/** Tolerant origin (responses). */
export const originSchema = openEnum(ORIGINS);

/** Severity of a workflow or notification. */
export const SEVERITIES = ["high", "medium", "low", "none"] as const;
/** Tolerant severity (responses). */
export const severitySchema = openEnum(SEVERITIES);

/** Job / step types (the `type` of a v2 step and of a job, and notification `channels`). */
export const JOB_TYPES = [
  "in_app",
  "email",
  "sms",
  "chat",
  "push",
  "digest",
  "trigger",
  "delay",
  "throttle",
  "custom",
] as const;
/** The job types the list-events operation accepts as `channels`: every job type but `throttle`. */
export const LIST_JOB_TYPES = without(JOB_TYPES, "throttle");
/** Tolerant job type (responses). */
export const jobTypeSchema = openEnum(JOB_TYPES);

/** Chat provider ids: a subscriber's credentials for these are webhook URLs and channel settings. */
const CHAT_PROVIDER_IDS = [
  "slack",
  "discord",
  "msteams",
  "mattermost",
  "ryver",
  "zulip",
  "grafana-on-call",
  "getstream",
  "rocket-chat",
  "whatsapp-business",
  "chat-webhook",
  V.slackProviderId,
] as const;

/** Push provider ids: a subscriber's credentials for these are device tokens. */
export const PUSH_PROVIDER_IDS = [
  "fcm",
  "apns",
  "expo",
  "one-signal",
  "pushpad",
  "push-webhook",
  "pusher-beams",
  "appio",
] as const;

/** The 20 chat and push provider ids a subscriber's channel credentials can belong to. */
export const CHAT_PUSH_PROVIDER_IDS = [...CHAT_PROVIDER_IDS, ...PUSH_PROVIDER_IDS] as const;
/** A chat or push provider id. */
export type ChatPushProviderId = (typeof CHAT_PUSH_PROVIDER_IDS)[number];
/** Strict chat/push provider id (requests). */
export const chatPushProviderIdSchema = strictEnum(CHAT_PUSH_PROVIDER_IDS);
/** Tolerant chat/push provider id (responses). */
export const openChatPushProviderIdSchema = openEnum(CHAT_PUSH_PROVIDER_IDS);

/** Every job provider id of the spec (single event retrieval). */
export const JOB_PROVIDER_IDS = [
  "emailjs",
  "mailgun",
  "mailjet",
  "mandrill",
  "nodemailer",
  "postmark",
  "sendgrid",
  "sendinblue",
  "ses",
  "netcore",
  "infobip-email",
  "resend",
  "plunk",
  "mailersend",
  "mailtrap",
  "clickatell",
  "outlook365",
  V.emailProviderId,
  "sparkpost",
  "email-webhook",
  "braze",
  "nexmo",
  "plivo",
  "sms77",
  "sms-central",
  "sns",
  "telnyx",
  "twilio",
  "gupshup",
  "firetext",
  "infobip-sms",
  "burst-sms",
  "bulk-sms",
  "isend-sms",
  "forty-six-elks",
  "kannel",
  "maqsam",
  "termii",
  "africas-talking",
  V.smsProviderId,
  "sendchamp",
  "generic-sms",
  "clicksend",
  "bandwidth",
  "messagebird",
  "simpletexting",
  "azure-sms",
  "ring-central",
  "brevo-sms",
  "eazy-sms",
  "mobishastra",
  "afro-message",
  "unifonic",
  "smsmode",
  "imedia",
  "sinch",
  ...PUSH_PROVIDER_IDS,
  V.inAppProviderId,
  ...CHAT_PROVIDER_IDS,
] as const;

/** The job provider ids of the list-events operation: {@link JOB_PROVIDER_IDS} without unifonic, sinch, appio, novu-slack. */
export const LIST_JOB_PROVIDER_IDS = without(
  JOB_PROVIDER_IDS,
  "unifonic",
  "sinch",
  "appio",
  V.slackProviderId,
);
/** Tolerant job provider id (responses). */
export const jobProviderIdSchema = openEnum(JOB_PROVIDER_IDS);

/** The `Idempotency-Key` header: 1 to 255 characters. */
export const idempotencyKeySchema = z
  .string()
  .min(1, "must not be empty")
  .max(255, "must be at most 255 characters");

/** An http(s) URL, for fields we send that the service calls or links to. Never echoes the value. */
export const httpUrlSchema = z.httpUrl({ error: "must be a valid http(s) URL" });

/** A free-form JSON object. */
export const jsonObjectSchema = z.record(z.string(), z.unknown());

/**
 * Query number: accepts a number or a numeric string (query strings are strings). Chain `.int()`, `.min()`,
 * `.max()` as needed.
 */
export function queryNumber() {
  return z.coerce.number<number | string>({
    error: (iss) => (iss.code === "invalid_type" ? "must be a number" : undefined),
  });
}

/** Query boolean: `true`/`false` or the strings `"true"`/`"false"`. */
export const queryBooleanSchema = z.union(
  [z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")],
  { error: "must be true or false" },
);

/** Query array: a single value or an array of values, normalized to an array. */
export function queryArray<T extends z.ZodType<string, string>>(item: T) {
  return z.preprocess<unknown, z.ZodArray<T>, z.input<T> | z.input<T>[]>(
    (v) => (v === undefined || Array.isArray(v) ? v : [v]),
    z.array(item),
  );
}
