import { badRequest, InternalError, unprocessable } from "../errors";

/**
 * The request validation of the subscriber writes, written from Novu's DTOs and worded as class-validator
 * words its failures (the default message of each decorator, `$property` being the field's path):
 *
 * - v2 (`apps/api/src/app/subscribers-v2/dtos/create-subscriber.dto.ts`, `patch-subscriber.dto.ts`): a
 *   failure is 422 "Validation Error" with the messages under `errors.general.messages`
 *   (apps/api/src/exception-filter.ts `handleValidationPipeValidation`). Every optional field is
 *   `@IsOptional() @ValidateIf(v !== null)`: absent and `null` pass, anything else is checked.
 * - v1 (`apps/api/src/app/subscribers/dtos/create-subscriber-request.dto.ts`,
 *   `update-subscriber-request.dto.ts`, `BulkSubscriberCreateDto`): the same 422, as the newest exception
 *   filter answers every ValidationPipe failure, v1 routes too (servers of 2024 answered 400 with `message` the
 *   list). `@IsOptional()` lets `null` and absence pass. The command's own check after the pipe stays a 400.
 *
 * Unknown keys are ignored (they reach no usecase). No import from sdk/ or provider/: the emulator must
 * not share a mistake with the client it tests.
 */

/** A JSON body as the route gets it. */
type Body = Record<string, unknown>;

/** The fields a subscriber write may carry, checked. `null` is kept where the DTO accepts it. */
export interface SubscriberFields {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  avatar?: string | null;
  locale?: string | null;
  timezone?: string | null;
  data?: Record<string, unknown> | null;
}

/** A v2 create: the trimmed subscriberId and the fields. */
export interface CreateSubscriberV2 extends SubscriberFields {
  subscriberId: string;
}

/** A v1 channel entry as the v1 DTO takes it (`SubscriberChannelDto`). */
export interface SubscriberChannelV1 {
  providerId: string;
  integrationIdentifier?: string;
  credentials: Record<string, unknown>;
}

/** A v1 create: subscriberId, the fields, and the channel entries to write. */
export interface CreateSubscriberV1 extends SubscriberFields {
  subscriberId: string;
  channels?: SubscriberChannelV1[];
}

const STRING_FIELDS = ["firstName", "lastName", "phone", "avatar"] as const;

/** class-validator `isEmail` (validator.js defaults, simplified): local@labels.tld, no spaces. Also credentials' `fromAddressOverride`. */
export const EMAIL = /^[^\s@"(),:;<>[\\\]]+@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/i;

/**
 * class-validator `isLocale` (validator.js): a BCP 47 language tag, `_` accepted for `-` (`en_US`):
 * language (2-3 letters, or 4-8), optional script (4 letters), region (2 letters or 3 digits), variants.
 */
const LOCALE =
  /^(?:[a-z]{2,3}(?:[-_][a-z]{3}){0,3}|[a-z]{4,8})(?:[-_][a-z]{4})?(?:[-_](?:[a-z]{2}|\d{3}))?(?:[-_](?:[a-z\d]{5,8}|\d[a-z\d]{3}))*$/i;

const isString = (v: unknown): v is string => typeof v === "string";
const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** class-validator `isTimeZone`: what `Intl.DateTimeFormat` accepts as a `timeZone`. */
function isTimeZone(v: unknown): boolean {
  if (!isString(v)) return false;
  try {
    Intl.DateTimeFormat(undefined, { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

/** The checks of the optional fields, shared by both versions; `skip` says which values pass unchecked. */
function fieldMessages(body: Body, prefix: string, skip: (v: unknown) => boolean): string[] {
  const out: string[] = [];
  for (const name of STRING_FIELDS) {
    const v = body[name];
    if (!skip(v) && !isString(v)) out.push(`${prefix}${name} must be a string`);
  }
  if (!skip(body["email"]) && !(isString(body["email"]) && EMAIL.test(body["email"])))
    out.push(`${prefix}email must be an email`);
  if (!skip(body["locale"]) && !(isString(body["locale"]) && LOCALE.test(body["locale"])))
    out.push(`${prefix}locale must be locale`);
  return out;
}

/** The fields a body carries, as given (unchecked keys dropped). */
function fieldsOf(body: Body, keys: readonly (keyof SubscriberFields)[]): SubscriberFields {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (k in body && body[k] !== undefined) out[k] = body[k];
  return out as SubscriberFields;
}

const V2_KEYS = [...STRING_FIELDS, "email", "locale", "timezone", "data"] as const;
const V1_KEYS = [...STRING_FIELDS, "email", "locale", "data"] as const;

/** Absent or null: what `@IsOptional() @ValidateIf(v !== null)` and `@IsOptional()` let through. */
const nullish = (v: unknown) => v === undefined || v === null;

/** The v2 optional fields' messages (timezone and data beside the shared ones). */
function v2FieldMessages(body: Body): string[] {
  const out = fieldMessages(body, "", nullish);
  if (!nullish(body["timezone"]) && !isTimeZone(body["timezone"]))
    out.push("timezone must be a valid IANA time-zone");
  if (!nullish(body["data"]) && !isObject(body["data"])) out.push("data must be an object");
  return out;
}

function asBody(value: unknown): Body {
  return isObject(value) ? value : {};
}

/**
 * `POST /v2/subscribers` (CreateSubscriberRequestDto): `subscriberId` `@IsString() @IsDefined()
 * @IsNotEmpty({ message: "SubscriberId is required" })`, trimmed first by `@Transform(value.trim())`, which
 * throws on a present non-string value (null, a number): the service then answers 500.
 */
export function checkCreateSubscriberV2(value: unknown): CreateSubscriberV2 {
  const body = asBody(value);
  const raw = body["subscriberId"];
  if (raw !== undefined && !isString(raw)) throw new InternalError("subscriberId.trim is not a function");
  const subscriberId = raw?.trim();
  const messages: string[] = [];
  if (subscriberId === undefined) messages.push("subscriberId should not be null or undefined");
  if (!subscriberId) messages.push("SubscriberId is required");
  if (subscriberId === undefined) messages.push("subscriberId must be a string");
  messages.push(...v2FieldMessages(body));
  if (messages.length > 0 || subscriberId === undefined) throw unprocessable(messages);
  return { subscriberId, ...fieldsOf(body, V2_KEYS) };
}

/** `PATCH /v2/subscribers/{id}` (PatchSubscriberRequestDto): every field optional and nullable. */
export function checkPatchSubscriberV2(value: unknown): SubscriberFields {
  const body = asBody(value);
  const messages = v2FieldMessages(body);
  if (!nullish(body["subscriberId"]) && !isString(body["subscriberId"]))
    messages.unshift("subscriberId must be a string");
  if (messages.length > 0) throw unprocessable(messages);
  return fieldsOf(body, V2_KEYS);
}

/** v1 messages of one subscriber body, paths under `prefix` (`subscribers.0.` in a bulk). */
function v1Messages(body: Body, prefix: string, withId: boolean): string[] {
  const out: string[] = [];
  const id = body["subscriberId"];
  if (withId && nullish(id)) out.push(`${prefix}subscriberId should not be null or undefined`);
  if (withId && !isString(id)) out.push(`${prefix}subscriberId must be a string`);
  out.push(...fieldMessages(body, prefix, nullish));
  const channels = body["channels"];
  if (withId && !nullish(channels) && !Array.isArray(channels))
    out.push(`${prefix}channels must be an array`);
  return out;
}

/** The v1 channel entries as given (the DTO checks only that it is an array). */
function channelsOf(body: Body): SubscriberChannelV1[] | undefined {
  const channels = body["channels"];
  if (!Array.isArray(channels)) return undefined;
  return channels.filter(isObject).map((c) => ({
    providerId: String(c["providerId"]),
    ...(isString(c["integrationIdentifier"]) ? { integrationIdentifier: c["integrationIdentifier"] } : {}),
    credentials: isObject(c["credentials"]) ? c["credentials"] : {},
  }));
}

/**
 * `POST /v1/subscribers` (v1 CreateSubscriberRequestDto): then the command's own check
 * (libs/application-generic/src/usecases/create-or-update-subscriber/create-or-update-subscriber.command.ts:
 * `subscriberId` trimmed, `@IsNotEmpty()`), also a 400.
 */
export function checkCreateSubscriberV1(value: unknown): CreateSubscriberV1 {
  const body = asBody(value);
  const messages = v1Messages(body, "", true);
  if (messages.length > 0) throw unprocessable(messages);
  const subscriberId = String(body["subscriberId"]).trim();
  if (!subscriberId) throw badRequest(["subscriberId should not be empty"]);
  const channels = channelsOf(body);
  return { subscriberId, ...fieldsOf(body, V1_KEYS), ...(channels ? { channels } : {}) };
}

/** `PUT /v1/subscribers/{id}` (UpdateSubscriberRequestDto): the same optional fields, no subscriberId. */
export function checkUpdateSubscriberV1(value: unknown): SubscriberFields {
  const body = asBody(value);
  const messages = v1Messages(body, "", false);
  if (messages.length > 0) throw unprocessable(messages);
  return fieldsOf(body, V1_KEYS);
}

/** At most this many subscribers in one bulk request (`@ArrayMaxSize(500)`). */
export const BULK_MAX = 500;

/**
 * `POST /v1/subscribers/bulk` (BulkSubscriberCreateDto): `subscribers` `@IsArray() @ArrayNotEmpty()
 * @ArrayMaxSize(500) @ValidateNested()`, each item a v1 create body (paths `subscribers.<i>.<field>`).
 */
export function checkBulkSubscribersV1(value: unknown): CreateSubscriberV1[] {
  const list = asBody(value)["subscribers"];
  if (!Array.isArray(list)) {
    throw unprocessable([
      `subscribers must contain no more than ${BULK_MAX} elements`,
      "subscribers should not be empty",
      "subscribers must be an array",
    ]);
  }
  const messages: string[] = [];
  if (list.length === 0) messages.push("subscribers should not be empty");
  if (list.length > BULK_MAX) messages.push(`subscribers must contain no more than ${BULK_MAX} elements`);
  list.forEach((item, i) => {
    if (!isObject(item))
      messages.push(`subscribers.${i}.nested property subscribers must be either object or array`);
    else messages.push(...v1Messages(item, `subscribers.${i}.`, true));
  });
  if (messages.length > 0) throw unprocessable(messages);
  return list.map((item) => {
    const body = asBody(item);
    const channels = channelsOf(body);
    return {
      subscriberId: String(body["subscriberId"]),
      ...fieldsOf(body, V1_KEYS),
      ...(channels ? { channels } : {}),
    };
  });
}
