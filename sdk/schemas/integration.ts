import { z } from "zod";
import { channelTypeSchema, httpUrlSchema, jsonObjectSchema, openChannelTypeSchema } from "./common";
import { stepFilterResponseSchema, stepFilterSchema } from "./step-filter";

/** The string fields of CredentialsDto. */
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
] as const;

/** The boolean fields of CredentialsDto. */
export const CREDENTIAL_BOOLEAN_KEYS = [
  "secure",
  "requireTls",
  "ignoreTls",
  "hmac",
  "authenticateByToken",
] as const;

/** CredentialsDto keys holding URLs we validate before sending. */
const CREDENTIAL_URL_KEYS = ["baseUrl", "webhookUrl", "redirectUrl", "imageUrl", "externalLink"] as const;

const URL_KEYS = new Set<string>(CREDENTIAL_URL_KEYS);

const stringFields = Object.fromEntries(
  CREDENTIAL_STRING_KEYS.map((k) => [k, (URL_KEYS.has(k) ? httpUrlSchema : z.string()).optional()]),
) as { [K in (typeof CREDENTIAL_STRING_KEYS)[number]]: z.ZodOptional<z.ZodString> };

const booleanFields = Object.fromEntries(CREDENTIAL_BOOLEAN_KEYS.map((k) => [k, z.boolean().optional()])) as {
  [K in (typeof CREDENTIAL_BOOLEAN_KEYS)[number]]: z.ZodOptional<z.ZodBoolean>;
};

/**
 * Integration credentials as we send them (strict: an unknown key such as `apikey` is an error, URL fields
 * must be http(s) URLs). All fields optional; which ones a provider needs is in `provider-credentials.ts`.
 */
export const credentialsDtoSchema = z.strictObject({
  ...stringFields,
  ...booleanFields,
  /** TLS options handed to the SMTP transport (nodemailer-style object). */
  tlsOptions: jsonObjectSchema.optional(),
});
/** Integration credentials. */
export type CredentialsDto = z.infer<typeof credentialsDtoSchema>;
/** A credential key of CredentialsDto. */
export type CredentialKey = keyof CredentialsDto;

/**
 * An integration as read from the service (tolerant). The real service never returns credentials to an
 * API-key caller (`{}` or absent), and old records may lack `primary` / `deleted`.
 */
export const integrationSchema = z.looseObject({
  _id: z.string().optional(),
  _environmentId: z.string(),
  _organizationId: z.string(),
  name: z.string(),
  identifier: z.string(),
  providerId: z.string(),
  channel: openChannelTypeSchema,
  credentials: jsonObjectSchema.optional(),
  active: z.boolean(),
  deleted: z.boolean().optional(),
  deletedAt: z.string().nullable().optional(),
  deletedBy: z.string().nullable().optional(),
  /** When it was created: a credentials write without identifier targets the newest active one. */
  createdAt: z.string().optional(),
  primary: z.boolean().optional(),
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
