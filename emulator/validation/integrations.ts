import type { Integration } from "../../sdk/schemas";
import { CHANNEL_TYPES } from "../channels";
import {
  type Dto,
  isArray,
  isBoolean,
  isDefined,
  isIn,
  isObject,
  isString,
  type PropertyRules,
} from "./class-validator";

/**
 * The integration bodies, from Novu's DTOs:
 * apps/api/src/app/integrations/dtos/create-integration-request.dto.ts,
 * apps/api/src/app/integrations/dtos/update-integration.dto.ts and
 * apps/api/src/app/integrations/dtos/credentials.dto.ts. `conditions` items are StepFilterDto
 * (apps/api/src/app/shared/dtos/step-filter-dto.ts), whose fields carry no validator: any object passes.
 */

const optionalString: PropertyRules = { optional: true, checks: [isString()] };
const optionalBoolean: PropertyRules = { optional: true, checks: [isBoolean()] };

/**
 * `@TransformToBoolean() @IsBoolean()` (apps/api/src/app/shared/transformers/to-boolean.ts): the strings
 * "true" and "false" are read as booleans before the check.
 */
const transformedBoolean: PropertyRules = {
  optional: true,
  checks: [
    {
      test: (v) => typeof v === "boolean" || v === "true" || v === "false",
      message: (p) => `${p} must be a boolean value`,
    },
  ],
};

/**
 * CredentialsDto's fields in its order (class-validator reports them so): strings unless named otherwise;
 * the spec's fields the DTO lacks (apiToken, channelId, phoneNumberIdentification, accessKey) last.
 */
const CREDENTIAL_FIELDS: readonly (readonly [string, PropertyRules])[] = [
  ...["apiKey", "user", "secretKey", "domain", "password", "host", "port"].map(
    (k) => [k, optionalString] as const,
  ),
  ["secure", transformedBoolean],
  ...[
    "region",
    "accountSid",
    "messageProfileId",
    "token",
    "from",
    "senderName",
    "projectName",
    "applicationId",
    "clientId",
  ].map((k) => [k, optionalString] as const),
  ["requireTls", transformedBoolean],
  ["ignoreTls", transformedBoolean],
  ["tlsOptions", { optional: true, checks: [isObject()] }],
  ...["baseUrl", "webhookUrl", "redirectUrl"].map((k) => [k, optionalString] as const),
  ["hmac", optionalBoolean],
  ...[
    "serviceAccount",
    "ipPoolName",
    "apiKeyRequestHeader",
    "secretKeyRequestHeader",
    "idPath",
    "datePath",
  ].map((k) => [k, optionalString] as const),
  ["authenticateByToken", optionalBoolean],
  ...[
    "authenticationTokenKey",
    "instanceId",
    "alertUid",
    "title",
    "imageUrl",
    "state",
    "externalLink",
    "roomId",
    "apiToken",
    "channelId",
    "phoneNumberIdentification",
    "accessKey",
  ].map((k) => [k, optionalString] as const),
];

/** credentials.dto.ts. */
export const credentialsDto: Dto = Object.fromEntries(CREDENTIAL_FIELDS);

/** A StepFilterDto: no validator on its fields (step-filter-dto.ts). */
const stepFilterDto: Dto = {};

/** Fields shared by create and update, in the update DTO's order. */
const conditions: PropertyRules = { optional: true, checks: [isArray()], nested: stepFilterDto };
const credentials: PropertyRules = { optional: true, nested: credentialsDto };

/**
 * `_environmentId`: the DTO says `@IsMongoId()`, the spec "format uuid" (operation 3), and the emulator's
 * environments have uuid ids as the spec describes them; the spec wins, so any string passes.
 */
const environmentId: PropertyRules = optionalString;

/** create-integration-request.dto.ts: `providerId` and `channel` required, the rest optional. */
export const createIntegrationDto: Dto = {
  name: optionalString,
  identifier: optionalString,
  _environmentId: environmentId,
  providerId: { checks: [isString(), isDefined()] },
  channel: { checks: [isIn(CHANNEL_TYPES), isDefined()] },
  credentials,
  active: optionalBoolean,
  check: optionalBoolean,
  conditions,
  configurations: { optional: true, checks: [isObject()] },
};

/** update-integration.dto.ts: every field optional. */
export const updateIntegrationDto: Dto = {
  name: optionalString,
  identifier: optionalString,
  _environmentId: environmentId,
  active: optionalBoolean,
  credentials,
  check: optionalBoolean,
  conditions,
};

/** The create body once validated. */
export interface CreateIntegrationBody {
  name?: string;
  identifier?: string;
  _environmentId?: string;
  providerId: string;
  channel: string;
  credentials?: Record<string, unknown>;
  active?: boolean;
  check?: boolean;
  /** Stored as sent: StepFilterDto validates none of its fields. */
  conditions?: Integration["conditions"];
}

/** The update body once validated. */
export type UpdateIntegrationBody = Partial<CreateIntegrationBody>;

/** The credentials `@TransformToBoolean()` reads: "true"/"false" strings become booleans. */
const TRANSFORMED_BOOLEANS = ["secure", "requireTls", "ignoreTls"];

/** Credentials as the DTO hands them on: the transformed booleans converted. */
export function transformedCredentials(
  credentials: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...credentials };
  for (const key of TRANSFORMED_BOOLEANS)
    if (out[key] === "true" || out[key] === "false") out[key] = out[key] === "true";
  return out;
}
