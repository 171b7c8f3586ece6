import { EMULATOR_VOCABULARY } from "../service-vocabulary";
import { type Dto, isDefined, isIn, isObject, isString } from "./class-validator";

/**
 * PUT and PATCH `/v1/subscribers/{id}/credentials`, from Novu's
 * apps/api/src/app/subscribers/dtos/update-subscriber-channel-request.dto.ts: `providerId` one of the chat
 * and push provider ids (the DTO's own message "providerId must be a valid provider ID"),
 * `integrationIdentifier` an optional string, `credentials` a required object (ChannelCredentials, not
 * validated field by field).
 */

/** ChatProviderIdEnum and PushProviderIdEnum of @novu/shared (the spec's channel provider ids). */
export const CHAT_AND_PUSH_PROVIDER_IDS = [
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
  EMULATOR_VOCABULARY.slackProviderId,
  "fcm",
  "apns",
  "expo",
  "one-signal",
  "pushpad",
  "push-webhook",
  "pusher-beams",
  "appio",
];

export const updateSubscriberChannelDto: Dto = {
  providerId: {
    checks: [isIn(CHAT_AND_PUSH_PROVIDER_IDS, "providerId must be a valid provider ID"), isDefined()],
  },
  integrationIdentifier: { optional: true, checks: [isString()] },
  credentials: { checks: [isObject(), isDefined()] },
};

/** The credentials of a validated body (the fields the service reads). */
export interface ChannelCredentialsBody {
  webhookUrl?: string;
  channel?: string;
  deviceTokens?: string[];
  [key: string]: unknown;
}

/** A validated body. */
export interface UpdateSubscriberChannelBody {
  providerId: string;
  integrationIdentifier?: string;
  credentials: ChannelCredentialsBody;
}
