/**
 * Delivery provider ids (`sendgrid`, `twilio`, `fcm`, `slack`, ...: the services that deliver a message, not
 * the Pulumi providers of this package). One type for every resource: an integration's `providerId` can be
 * passed as a subscriber credential's `providerId` as it is.
 */
import { z } from "zod";
import {
  CHAT_PUSH_PROVIDER_IDS,
  type ChatPushProviderId,
  type JOB_PROVIDER_IDS,
  type OpenEnum,
  serviceName,
} from "../../sdk/schemas";

/**
 * A delivery provider id: one the spec lists (`sendgrid`, `twilio`, `fcm`, `slack`, ...) or a newer one. The
 * public name follows the resources' `providerId` input.
 */
export type ProviderId = OpenEnum<typeof JOB_PROVIDER_IDS>;

/** Any non-empty delivery provider id (integrations of custom and newer delivery providers are allowed). */
export const deliveryProviderIdSchema = z.custom<ProviderId>(
  (v) => typeof v === "string" && v.length > 0,
  "must be a non-empty provider id such as sendgrid, twilio or fcm",
);

const CHAT_PUSH: ReadonlySet<string> = new Set(CHAT_PUSH_PROVIDER_IDS);

/** True for the 20 chat and push delivery provider ids (the only ones a subscriber has credentials for). */
export function isChatPushProviderId(v: unknown): v is ChatPushProviderId {
  return typeof v === "string" && CHAT_PUSH.has(v);
}

/** A chat or push delivery provider id, typed as {@link ProviderId} so that any resource's `providerId` fits. */
export const subscriberDeliveryProviderIdSchema = z.custom<ProviderId>(
  isChatPushProviderId,
  `must be one of ${CHAT_PUSH_PROVIDER_IDS.join(", ")}`,
);

/** `providerId` narrowed to a chat or push delivery provider id (check has refused any other). */
export function chatPushProviderId(providerId: ProviderId): ChatPushProviderId {
  if (!isChatPushProviderId(providerId)) {
    throw new Error(`svc: providerId "${providerId}" is not a chat or push provider`);
  }
  return providerId;
}

/**
 * A declared `providerId` as the service names it: the spec's spellings (`svc`, `svc-email`, `svc-sms`,
 * `svc-slack`) mapped to the service's own (`novu`, ...), so that programs written from the spec keep working;
 * anything else (an unknown value of a preview too) as it is.
 */
export function serviceProviderId(value: unknown): unknown {
  return typeof value === "string" ? serviceName(value) : value;
}
