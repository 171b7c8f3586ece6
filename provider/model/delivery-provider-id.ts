/**
 * One provider-id type for every resource: an integration's `providerId` can be passed as a subscriber
 * credential's `providerId` as it is.
 */
import { z } from "zod";
import {
  CHAT_PUSH_PROVIDER_IDS,
  type ChatPushProviderId,
  type JOB_PROVIDER_IDS,
  type OpenEnum,
} from "../../sdk/schemas";

/** A delivery provider id: one the spec lists (`sendgrid`, `twilio`, `fcm`, `slack`, ...) or a newer one. */
export type ProviderId = OpenEnum<typeof JOB_PROVIDER_IDS>;

/** Any non-empty provider id (integrations of custom and newer providers are allowed). */
export const providerIdSchema = z.custom<ProviderId>(
  (v) => typeof v === "string" && v.length > 0,
  "must be a non-empty provider id such as sendgrid, twilio or fcm",
);

const CHAT_PUSH: ReadonlySet<string> = new Set(CHAT_PUSH_PROVIDER_IDS);

/** True for the 20 chat and push provider ids (the only ones a subscriber has credentials for). */
export function isChatPushProviderId(v: unknown): v is ChatPushProviderId {
  return typeof v === "string" && CHAT_PUSH.has(v);
}

/** A chat or push provider id, typed as {@link ProviderId} so that any resource's `providerId` fits. */
export const subscriberProviderIdSchema = z.custom<ProviderId>(
  isChatPushProviderId,
  `must be one of ${CHAT_PUSH_PROVIDER_IDS.join(", ")}`,
);

/** `providerId` narrowed to a chat or push provider id (check has refused any other). */
export function chatPushProviderId(providerId: ProviderId): ChatPushProviderId {
  if (!isChatPushProviderId(providerId)) {
    throw new Error(`svc: providerId "${providerId}" is not a chat or push provider`);
  }
  return providerId;
}
