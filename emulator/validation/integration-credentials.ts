/**
 * An integration's `credentials`: how the service validates them (CredentialsDto) and which keys it keeps.
 *
 * - April 2026 (source 943f64bd): `libs/application-generic/src/dtos/credentials.dto.ts`, ending with `appSid`,
 *   `senderId`, `tenantId`, `AppIOBaseUrl`.
 * - Newest (`novuhq/novu`, same path): adds `signingSecret`, `outboundIntegrationId`, `useFromAddressOverride`
 *   (`@TransformToBoolean() @IsBoolean()`), `fromAddressOverride` (`@IsEmail()` when a non-blank string),
 *   `externalEnvironmentId`, `externalWorkspaceId`.
 *
 * The pipe has no whitelist, so keys the DTO does not list pass validation; the store then keeps only the keys
 * of the integration's Mongoose schema (`libs/dal/src/repositories/integration/integration.schema.ts`,
 * `credentials: { ... }`; Mongoose drops paths outside a strict schema). That list is April 2026's: the newest
 * schema file could not be read whole, so both versions keep it.
 */
import type { ServiceVersion } from "../service-version";
import { type Dto, isBoolean, isRecord, isString, type PropertyRules } from "./class-validator";
import { EMAIL } from "./subscriber-dto";

const optionalString: PropertyRules = { optional: true, checks: [isString()] };
const optionalBoolean: PropertyRules = { optional: true, checks: [isBoolean()] };

/**
 * `@TransformToBoolean() @IsBoolean()` (libs/application-generic/src/decorators/to-boolean.ts): the strings
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

/** `tlsOptions`' `@Transform`: "" and null read as absent, a JSON string of an object as that object. */
function transformedTlsOptions(value: unknown): unknown {
  if (value === "" || value === null) return undefined;
  if (typeof value !== "string") return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? parsed : value;
  } catch {
    return value;
  }
}

/** `@Transform(...) @IsObject() @IsOptional()`: checked after the transform. */
const tlsOptions: PropertyRules = {
  optional: true,
  checks: [
    {
      test: (v) => v === undefined || isRecord(transformedTlsOptions(v)),
      message: (p) => `${p} must be an object`,
    },
  ],
};

const strings = (...keys: string[]) => keys.map((k) => [k, optionalString] as const);

/** April 2026's CredentialsDto, in its order (class-validator reports them so). */
const APRIL_2026: readonly (readonly [string, PropertyRules])[] = [
  ...strings("apiKey", "user", "secretKey", "domain", "password", "host", "port"),
  ["secure", transformedBoolean],
  ...strings("region", "accountSid", "messageProfileId", "token", "from", "senderName", "projectName"),
  ...strings("applicationId", "clientId"),
  ["requireTls", transformedBoolean],
  ["ignoreTls", transformedBoolean],
  ["tlsOptions", tlsOptions],
  ...strings("baseUrl", "webhookUrl", "redirectUrl"),
  ["hmac", optionalBoolean],
  ...strings("serviceAccount", "ipPoolName", "apiKeyRequestHeader", "secretKeyRequestHeader", "idPath"),
  ...strings("datePath", "apiToken"),
  ["authenticateByToken", optionalBoolean],
  ...strings("authenticationTokenKey", "instanceId", "alertUid", "title", "imageUrl", "state"),
  ...strings("externalLink", "channelId", "phoneNumberIdentification", "accessKey", "appSid", "senderId"),
  ...strings("tenantId", "AppIOBaseUrl"),
];

/** `@ValidateIf(non-blank string) @IsEmail()`: blank, null or absent skip the check. */
const overrideAddress: PropertyRules = {
  optional: true,
  checks: [
    {
      test: (v) => !(typeof v === "string" && v.trim().length > 0) || EMAIL.test(v),
      message: (p) => `${p} must be an email`,
    },
  ],
};

/** The newest CredentialsDto: April's, then its additions in order. */
const NEWEST: readonly (readonly [string, PropertyRules])[] = [
  ...APRIL_2026,
  ...strings("signingSecret", "outboundIntegrationId"),
  ["useFromAddressOverride", transformedBoolean],
  ["fromAddressOverride", overrideAddress],
  ...strings("externalEnvironmentId", "externalWorkspaceId"),
];

/** CredentialsDto of a release. */
export function credentialsDto(version: ServiceVersion): Dto {
  return Object.fromEntries(version === "newest" ? NEWEST : APRIL_2026);
}

/** The credentials paths of the integration's Mongoose schema: what the store keeps. */
const STORED_KEYS: ReadonlySet<string> = new Set([
  ...["apiVersion", "apiKey", "user", "secretKey", "domain", "password", "host", "port", "secure", "region"],
  ...["accountSid", "messageProfileId", "token", "from", "senderName", "applicationId", "clientId"],
  ...["projectName", "serviceAccount", "baseUrl", "webhookUrl", "requireTls", "ignoreTls", "tlsOptions"],
  ...["redirectUrl", "hmac", "ipPoolName", "apiKeyRequestHeader", "secretKeyRequestHeader", "idPath"],
  ...["datePath", "authenticateByToken", "authenticationTokenKey", "instanceId", "alertUid", "title"],
  ...["imageUrl", "state", "externalLink", "apiToken", "channelId", "phoneNumberIdentification"],
  ...["accessKey", "appSid", "senderId", "servicePlanId", "tenantId", "signingSecret", "AppIOBaseUrl"],
  ...["AppIOSubscriptionId", "AppIOBearerToken", "AppIOOriginalSignature"],
]);

/** The credentials `@TransformToBoolean()` reads: "true"/"false" strings become booleans. */
const TRANSFORMED_BOOLEANS = ["secure", "requireTls", "ignoreTls", "useFromAddressOverride"];

/**
 * Credentials as the service stores them: the DTO's transforms applied (booleans read from strings, a JSON
 * `tlsOptions` string parsed), then only the schema's keys kept.
 */
export function storedCredentials(credentials: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(credentials)) {
    const read = key === "tlsOptions" ? transformedTlsOptions(value) : value;
    if (!STORED_KEYS.has(key) || read === undefined) continue;
    out[key] =
      TRANSFORMED_BOOLEANS.includes(key) && (read === "true" || read === "false") ? read === "true" : read;
  }
  return out;
}
