import type { ChannelType } from "./common";
import type { CredentialKey } from "./integration";
import { SERVICE_VOCABULARY as V } from "./service-vocabulary";

/** What a well-known provider needs in its integration credentials. */
interface ProviderCredentialSpec {
  /** The channel the provider delivers on; an integration of this provider must use it. */
  readonly channel: ChannelType;
  /** Credential keys that must be set (non-empty) for the provider to deliver. */
  readonly required: readonly CredentialKey[];
  /** Credential keys the provider also understands. */
  readonly optional?: readonly CredentialKey[];
}

/**
 * Credential keys of well-known providers, keyed by provider id. The mapping follows the service's
 * CredentialsDto names, which are generic: e.g. SES and SNS put the AWS access key id in `apiKey`, APNs puts
 * the key id in `apiKey`, the team id in `projectName` and the bundle id in `applicationId`.
 *
 * Chat providers (slack, discord, msteams, mattermost, chat-webhook) need nothing at the integration level:
 * the webhook URL lives on the subscriber (`channels[].credentials.webhookUrl`). Slack's OAuth fields are
 * optional and only used by its connect flow.
 */
export const PROVIDER_CREDENTIALS: Readonly<Record<string, ProviderCredentialSpec>> = Object.freeze({
  // email
  sendgrid: { channel: "email", required: ["apiKey", "from"], optional: ["senderName", "ipPoolName"] },
  mailgun: {
    channel: "email",
    required: ["apiKey", "domain", "from"],
    optional: ["baseUrl", "user", "senderName"],
  },
  ses: { channel: "email", required: ["apiKey", "secretKey", "region", "from"], optional: ["senderName"] },
  postmark: { channel: "email", required: ["apiKey", "from"], optional: ["senderName"] },
  resend: { channel: "email", required: ["apiKey", "from"], optional: ["senderName"] },
  mailjet: { channel: "email", required: ["apiKey", "secretKey", "from"], optional: ["senderName"] },
  nodemailer: {
    channel: "email",
    required: ["host", "port", "from"],
    optional: ["user", "password", "secure", "requireTls", "ignoreTls", "tlsOptions", "senderName", "domain"],
  },
  "email-webhook": { channel: "email", required: ["webhookUrl", "secretKey"] },
  [V.emailProviderId]: { channel: "email", required: [] },
  // sms
  twilio: { channel: "sms", required: ["accountSid", "token", "from"] },
  sns: { channel: "sms", required: ["apiKey", "secretKey", "region"] },
  plivo: { channel: "sms", required: ["accountSid", "token", "from"] },
  telnyx: { channel: "sms", required: ["apiKey", "from"], optional: ["messageProfileId"] },
  nexmo: { channel: "sms", required: ["apiKey", "secretKey", "from"] },
  "generic-sms": {
    channel: "sms",
    required: ["baseUrl", "apiKeyRequestHeader", "apiKey", "from", "idPath", "datePath"],
    optional: [
      "secretKeyRequestHeader",
      "secretKey",
      "authenticateByToken",
      "domain",
      "authenticationTokenKey",
    ],
  },
  [V.smsProviderId]: { channel: "sms", required: [] },
  // push
  fcm: { channel: "push", required: ["serviceAccount"] },
  apns: {
    channel: "push",
    required: ["secretKey", "apiKey", "projectName", "applicationId"],
    optional: ["secure"],
  },
  expo: { channel: "push", required: ["apiKey"] },
  "one-signal": { channel: "push", required: ["applicationId", "apiKey"] },
  "push-webhook": { channel: "push", required: ["webhookUrl", "secretKey"] },
  "pusher-beams": { channel: "push", required: ["instanceId", "secretKey"] },
  // chat
  slack: {
    channel: "chat",
    required: [],
    optional: ["applicationId", "clientId", "secretKey", "redirectUrl"],
  },
  discord: { channel: "chat", required: [] },
  msteams: { channel: "chat", required: [] },
  mattermost: { channel: "chat", required: [] },
  "chat-webhook": { channel: "chat", required: [], optional: ["webhookUrl", "secretKey"] },
  // in-app
  svc: { channel: "in_app", required: [], optional: ["hmac"] },
});

const NONE: readonly string[] = Object.freeze([]);

/** The credential keys a provider requires (empty for unknown providers: the service decides). */
export function requiredCredentialKeys(providerId: string): readonly string[] {
  return Object.hasOwn(PROVIDER_CREDENTIALS, providerId)
    ? (PROVIDER_CREDENTIALS[providerId]?.required ?? NONE)
    : NONE;
}

/** The channel of a well-known provider, or undefined. */
export function providerChannel(providerId: string): ChannelType | undefined {
  return Object.hasOwn(PROVIDER_CREDENTIALS, providerId)
    ? PROVIDER_CREDENTIALS[providerId]?.channel
    : undefined;
}

/**
 * Required credential keys that are absent, null or empty strings in `credentials`. Never looks at or
 * returns the values themselves.
 */
export function missingCredentialKeys(
  providerId: string,
  credentials: Readonly<Record<string, unknown>> | null | undefined,
): string[] {
  return requiredCredentialKeys(providerId).filter((key) => {
    const value = credentials?.[key];
    return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
  });
}
