import { commandInvalid } from "../errors";
import { type Dto, isString } from "./class-validator";

/**
 * `GET /v2/subscribers`, from Novu's apps/api/src/app/subscribers-v2/dtos/list-subscribers-request.dto.ts
 * (`ListSubscribersQueryDto`) over its cursor-pagination-query.dto.ts: `email`, `name`, `phone`,
 * `subscriberId`, `after` and `before` strings; `limit`, `orderDirection` and `orderBy` carry no validator;
 * `includeCursor` is `value === 'true'`.
 */
export const searchSubscribersQueryDto: Dto = {
  email: { optional: true, checks: [isString()] },
  name: { optional: true, checks: [isString()] },
  phone: { optional: true, checks: [isString()] },
  subscriberId: { optional: true, checks: [isString()] },
  after: { optional: true, checks: [isString()] },
  before: { optional: true, checks: [isString()] },
};

/** The search as the list usecase reads it. */
export interface SearchSubscribersQuery {
  after?: string | undefined;
  before?: string | undefined;
  limit: number;
  orderDirection: "ASC" | "DESC";
  orderBy: "_id" | "updatedAt";
  includeCursor?: boolean | undefined;
  email?: string | undefined;
  name?: string | undefined;
  phone?: string | undefined;
  subscriberId?: string | undefined;
}

/** Default, smallest and largest page (DESIGN.md, "Reads": limit 1 to 100, default 10). */
const DEFAULT_LIMIT = 10;
const MIN_LIMIT = 1;
const MAX_LIMIT = 100;

/**
 * The limit the controller hands the usecase, `Number(query.limit || '10')`
 * (apps/api/src/app/subscribers-v2/subscribers.controller.ts `searchSubscribers`), checked by the command:
 * `ListSubscribersCommand` over `CursorBasedPaginatedCommand` (libs/application-generic/src/commands/
 * project.command.ts: `@IsDefined() @IsNumber() @Min(1) @Max(100) limit`). Its failures are a
 * `CommandValidationException` (422, `errors.limit`), not the query DTO's (which has no rule on `limit`).
 * Messages in the order class-validator registers the decorators (the one nearest the property first).
 */
function commandLimit(query: Readonly<Record<string, unknown>>): number {
  const sent = query["limit"];
  const limit = Number(typeof sent === "string" && sent !== "" ? sent : String(DEFAULT_LIMIT));
  const messages = [
    ...(Number.isNaN(limit) || limit > MAX_LIMIT ? [`limit must not be greater than ${MAX_LIMIT}`] : []),
    ...(Number.isNaN(limit) || limit < MIN_LIMIT ? [`limit must not be less than ${MIN_LIMIT}`] : []),
    ...(Number.isNaN(limit) ? ["limit must be a number conforming to the specified constraints"] : []),
  ];
  if (messages.length > 0)
    throw commandInvalid("ListSubscribersCommand", { limit: { messages, value: limit } });
  return limit;
}

const text = (v: unknown) => (typeof v === "string" ? v : undefined);

/**
 * The usecase's reading of a validated query (list-subscribers.usecase.ts): a limit outside 1..100 or not a
 * number is refused by the command ({@link commandLimit}), a fraction read as the default; `ASC` orders
 * ascending, anything else descending; `updatedAt` orders by it, anything else by `_id`.
 */
export function searchQuery(query: Readonly<Record<string, unknown>>): SearchSubscribersQuery {
  const limit = commandLimit(query);
  return {
    after: text(query["after"]),
    before: text(query["before"]),
    limit: Number.isInteger(limit) ? limit : DEFAULT_LIMIT,
    orderDirection: query["orderDirection"] === "ASC" ? "ASC" : "DESC",
    orderBy: query["orderBy"] === "updatedAt" ? "updatedAt" : "_id",
    includeCursor: query["includeCursor"] === "true",
    email: text(query["email"]),
    name: text(query["name"]),
    phone: text(query["phone"]),
    subscriberId: text(query["subscriberId"]),
  };
}
