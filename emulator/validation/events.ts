import { type Dto, isInt, isNumber, max, min } from "./class-validator";

/**
 * The queries of the message and event lists.
 *
 * `GET /v1/messages`: Novu's apps/api/src/app/messages/dtos/get-messages-requests.dto.ts validates only
 * `page` and `limit` (`@IsNumber()` after `Number(value)`, so a value that is no number is refused); the
 * filters (`channel`, `subscriberId`, `transactionId`, `contextKeys`) carry no validator.
 *
 * `GET /v1/notifications`: apps/api/src/app/notifications/dtos/activities-request.dto.ts; the spec sets
 * `page` minimum 0 and `limit` 1 to 50 (operation 9), worded as class-validator's `@Min`/`@Max`/`@IsInt`.
 */

/** get-messages-requests.dto.ts. */
export const listMessagesQueryDto: Dto = {
  page: { optional: true, checks: [isNumber()] },
  limit: { optional: true, checks: [isNumber()] },
};

/** activities-request.dto.ts with the spec's bounds. */
export const listNotificationsQueryDto: Dto = {
  page: { optional: true, checks: [min(0), isInt()] },
  limit: { optional: true, checks: [max(50), min(1), isInt()] },
};

/** `Number(value)` of a query parameter given, as the DTOs' transforms read it. */
export function queryNumber(value: unknown): number | undefined {
  return value === undefined ? undefined : Number(value);
}

/** A parameter that may repeat, as a list (`?a=1&a=2`, or one `?a=1`). */
export function queryList(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
}

/** A parameter read once: its value, or the first of a repeated one. */
export function queryText(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : undefined;
}
