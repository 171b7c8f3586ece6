import { z } from "zod";
import { channelTypeSchema, httpUrlSchema, jsonObjectSchema, openChannelTypeSchema } from "./common";
import { stepFilterResponseSchema, stepFilterSchema } from "./step-filter";

/** The string fields of CredentialsDto: the newest DTO and `@novu/api` model, and `servicePlanId` and `apiVersion`, which providers use and the service stores (`libs/dal` integration.schema.ts) without the DTO listing them. */
export const CREDENTIAL_STRING_KEYS = [
  "apiKey",
  "user",
  "secretKey",
  "domain",
  "password",
  "host",
  "port",
  "region",
  "accountSid",
  "messageProfileId",
  "token",
  "from",
  "senderName",
  "projectName",
  "applicationId",
  "clientId",
  "baseUrl",
  "webhookUrl",
  "redirectUrl",
  "serviceAccount",
  "ipPoolName",
  "apiKeyRequestHeader",
  "secretKeyRequestHeader",
  "idPath",
  "datePath",
  "apiToken",
  "authenticationTokenKey",
  "instanceId",
  "alertUid",
  "title",
  "imageUrl",
  "state",
  "externalLink",
  "channelId",
  "phoneNumberIdentification",
  "accessKey",
  "appSid",
  "senderId",
  "tenantId",
  "AppIOBaseUrl",
  "servicePlanId",
  "apiVersion",
  "signingSecret",
  "configurationSetName",
  "outboundIntegrationId",
  "outboundConnectedAt",
  "whatsNextCompletedAt",
  "fromAddressOverride",
  "emailSlugPrefix",
  "externalEnvironmentId",
  "externalVaultId",
  "externalWorkspaceId",
] as const;

/** The boolean fields of CredentialsDto. */
export const CREDENTIAL_BOOLEAN_KEYS = [
  "secure",
  "requireTls",
  "ignoreTls",
  "hmac",
  "authenticateByToken",
  "useFromAddressOverride",
] as const;

/**
 * The string and boolean fields of CredentialsDto, each documented (URL fields must be http(s) URLs). Held to
 * the key lists above by the compile-time check below.
 */
const credentialFields = {
  /** API key of the provider account (SendGrid, Mailgun, Resend, Expo, ...); the AWS access key id for SES and SNS, the key id for APNs. */
  apiKey: z.string().optional(),
  /** User name, e.g. of an SMTP server. */
  user: z.string().optional(),
  /** Secret key (SES, SNS, Mailjet, Nexmo); the signing secret of email and push webhooks; the private key for APNs. */
  secretKey: z.string().optional(),
  /** Sending domain (Mailgun, SMTP). */
  domain: z.string().optional(),
  /** Password, e.g. of an SMTP server. */
  password: z.string().optional(),
  /** Host of the provider's server (e.g. SMTP). */
  host: z.string().optional(),
  /** Port of the provider's server (e.g. SMTP), as text. */
  port: z.string().optional(),
  /** Region of the provider account (e.g. Amazon SES, Mailgun EU). */
  region: z.string().optional(),
  /** Account SID (e.g. Twilio). */
  accountSid: z.string().optional(),
  /** Messaging profile id (e.g. Telnyx). */
  messageProfileId: z.string().optional(),
  /** Auth token (e.g. Twilio). */
  token: z.string().optional(),
  /** Sender: an email address or phone number messages are sent from. */
  from: z.string().optional(),
  /** Display name of the sender. */
  senderName: z.string().optional(),
  /** Project name; the team id for APNs. */
  projectName: z.string().optional(),
  /** Application id (OneSignal, Slack); the bundle id for APNs. */
  applicationId: z.string().optional(),
  /** Client id of the provider's app. */
  clientId: z.string().optional(),
  /** Base URL of the provider's API, when not its default. */
  baseUrl: httpUrlSchema.optional(),
  /** Webhook URL the integration posts to (chat and push webhooks). */
  webhookUrl: httpUrlSchema.optional(),
  /** Redirect URL of an OAuth flow (e.g. Slack). */
  redirectUrl: httpUrlSchema.optional(),
  /** Service account JSON (e.g. FCM), as text. */
  serviceAccount: z.string().optional(),
  /** IP pool to send from (e.g. SendGrid). */
  ipPoolName: z.string().optional(),
  /** Name of the request header that carries the API key (generic SMS). */
  apiKeyRequestHeader: z.string().optional(),
  /** Name of the request header that carries the secret key (generic SMS). */
  secretKeyRequestHeader: z.string().optional(),
  /** Path of the message id in the provider's answer (generic SMS). */
  idPath: z.string().optional(),
  /** Path of the date in the provider's answer (generic SMS). */
  datePath: z.string().optional(),
  /** API token of the provider account. */
  apiToken: z.string().optional(),
  /** Key of the authentication token in the provider's answer (generic SMS, with `authenticateByToken`). */
  authenticationTokenKey: z.string().optional(),
  /** Instance id (Pusher Beams). */
  instanceId: z.string().optional(),
  /** Alert uid of the Grafana OnCall webhook payload. */
  alertUid: z.string().optional(),
  /** Title of the Grafana OnCall webhook payload. */
  title: z.string().optional(),
  /** Image URL of the Grafana OnCall webhook payload. */
  imageUrl: httpUrlSchema.optional(),
  /** State of the Grafana OnCall webhook payload. */
  state: z.string().optional(),
  /** Link to upstream details, for Grafana OnCall. */
  externalLink: httpUrlSchema.optional(),
  /** Channel id (e.g. a chat provider's channel). */
  channelId: z.string().optional(),
  /** Phone number id of the sender (WhatsApp Business). */
  phoneNumberIdentification: z.string().optional(),
  /** Access key of the provider account. */
  accessKey: z.string().optional(),
  /** App SID of the provider account (Unifonic). */
  appSid: z.string().optional(),
  /** Sender id messages are sent as (Unifonic). */
  senderId: z.string().optional(),
  /** Directory (tenant) id of the provider's app (Microsoft Teams). */
  tenantId: z.string().optional(),
  /** Base URL of the AppIO API (AppIO; spelled so by the service). */
  AppIOBaseUrl: z.string().optional(),
  /** Service plan id (Sinch); stored by the service although its CredentialsDto does not list it. */
  servicePlanId: z.string().optional(),
  /** API version (OneSignal); stored by the service although its CredentialsDto does not list it. */
  apiVersion: z.string().optional(),
  /** Signing secret of the provider's app (Slack). */
  signingSecret: z.string().optional(),
  /** Configuration set to send with (Amazon SES); newest client. */
  configurationSetName: z.string().optional(),
  /** Id of the integration outbound messages go through; newest client. */
  outboundIntegrationId: z.string().optional(),
  /** When the outbound integration was connected (ISO timestamp); newest client. */
  outboundConnectedAt: z.string().optional(),
  /** When the dashboard's "What's next" guide was completed (ISO timestamp); newest client. */
  whatsNextCompletedAt: z.string().optional(),
  /** An email address that replaces the sender's address, when `useFromAddressOverride` is true; newest client. */
  fromAddressOverride: z.string().optional(),
  /** Prefix of an agent's shared inbox address (`{emailSlugPrefix}-{agentId}@...`); newest client. */
  emailSlugPrefix: z.string().optional(),
  /** Claude Managed Agents: the Anthropic environment of the integration; newest client. */
  externalEnvironmentId: z.string().optional(),
  /** Claude Managed Agents: the Anthropic vault of the integration; newest client. */
  externalVaultId: z.string().optional(),
  /** Claude Managed Agents: the Anthropic workspace of console links; newest client. */
  externalWorkspaceId: z.string().optional(),
  /** Whether the SMTP connection uses TLS from the start; for APNs, production instead of sandbox. */
  secure: z.boolean().optional(),
  /** Whether the SMTP connection must upgrade to TLS. */
  requireTls: z.boolean().optional(),
  /** Whether the SMTP connection never upgrades to TLS. */
  ignoreTls: z.boolean().optional(),
  /** Whether the in-app inbox requires an HMAC of the subscriber id (the in-app provider). */
  hmac: z.boolean().optional(),
  /** Whether the generic SMS provider first fetches an authentication token. */
  authenticateByToken: z.boolean().optional(),
  /** Whether `fromAddressOverride` replaces the sender's address; newest client. */
  useFromAddressOverride: z.boolean().optional(),
};

/** Compile-time: the fields are exactly the listed string and boolean keys. */
type CredentialFieldKey = keyof typeof credentialFields;
type ListedKey = (typeof CREDENTIAL_STRING_KEYS)[number] | (typeof CREDENTIAL_BOOLEAN_KEYS)[number];
const listed: [CredentialFieldKey] extends [ListedKey]
  ? [ListedKey] extends [CredentialFieldKey]
    ? true
    : false
  : false = true;
void listed;

/**
 * Integration credentials as we send them (strict: an unknown key such as `apikey` is an error, URL fields
 * must be http(s) URLs). All fields optional; which ones a provider needs is in `provider-credentials.ts`.
 */
export const credentialsDtoSchema = z.strictObject({
  ...credentialFields,
  /** TLS options handed to the SMTP transport (nodemailer-style object). */
  tlsOptions: jsonObjectSchema.optional(),
  /** Email webhook: how `secretKey` is read when signing webhook calls (`text`, `base64` or `hex`); newest client. */
  hmacSecretKeyEncoding: z.enum(["text", "base64", "hex"]).optional(),
});
/** Integration credentials. */
export type CredentialsDto = z.infer<typeof credentialsDtoSchema>;
/** A credential key of CredentialsDto. */
export type CredentialKey = keyof CredentialsDto;

/**
 * An integration as read from the service (tolerant). Old records may lack `primary` / `deleted`.
 */
export const integrationSchema = z.looseObject({
  /** Database id of the integration. */
  _id: z.string().optional(),
  /** Environment of the integration. */
  _environmentId: z.string(),
  /** Organization of the integration. */
  _organizationId: z.string(),
  /** Display name. */
  name: z.string(),
  /** Unique identifier of the integration in the organization. */
  identifier: z.string(),
  /** Delivery provider, e.g. `sendgrid`, `fcm`. */
  providerId: z.string(),
  /** Delivery channel. */
  channel: openChannelTypeSchema,
  /**
   * Provider credentials as the service answers them to an API key: in plaintext from the April 2026
   * service, `{}` or absent from the newest; as stored (secret keys encrypted) in DELETE's answer. Treat as
   * secret.
   */
  credentials: jsonObjectSchema.optional(),
  /** Whether the integration processes events. */
  active: z.boolean(),
  /** Soft-delete marker of the service. */
  deleted: z.boolean().optional(),
  /** When it was deleted. */
  deletedAt: z.string().nullable().optional(),
  /** The user who deleted it. */
  deletedBy: z.string().nullable().optional(),
  /** When it was created: a credentials write without identifier targets the newest active one. */
  createdAt: z.string().optional(),
  /** Whether it is the primary integration of its channel. */
  primary: z.boolean().optional(),
  /** Step filters deciding when this integration is used. */
  conditions: z.array(stepFilterResponseSchema).optional(),
});
/** An integration. */
export type Integration = z.infer<typeof integrationSchema>;

/** A list of integrations (`GET /v1/integrations`, `/v1/integrations/active`, DELETE's answer). */
export const integrationListSchema = z.array(integrationSchema);

const updatableShape = {
  name: z.string().min(1).optional(),
  identifier: z.string().min(1).optional(),
  /** Environment the integration belongs to (uuid per spec; the service also uses object ids). */
  _environmentId: z.string().min(1).optional(),
  credentials: credentialsDtoSchema.optional(),
  active: z.boolean().optional(),
  check: z.boolean().optional(),
  conditions: z.array(stepFilterSchema).optional(),
};

/** Body of `POST /v1/integrations` (strict). */
export const createIntegrationBodySchema = z.strictObject({
  ...updatableShape,
  providerId: z.string().min(1),
  channel: channelTypeSchema,
});
/** Body of `POST /v1/integrations`. */
export type CreateIntegrationBody = z.infer<typeof createIntegrationBodySchema>;

/**
 * Body of `PUT /v1/integrations/{id}` (strict): the updatable fields of the create body. `credentials`
 * replaces the stored credentials whole.
 */
export const updateIntegrationBodySchema = z.strictObject(updatableShape);
/** Body of `PUT /v1/integrations/{id}`. */
export type UpdateIntegrationBody = z.infer<typeof updateIntegrationBodySchema>;
