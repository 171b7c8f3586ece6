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

/** Default and largest page (DESIGN.md, "Reads": limit 1 to 100, default 10). */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

const text = (v: unknown) => (typeof v === "string" ? v : undefined);

/**
 * The usecase's reading of a validated query (list-subscribers.usecase.ts): a limit that is no positive
 * integer gives the default, one above 100 is cut to 100; `ASC` orders ascending, anything else descending;
 * `updatedAt` orders by it, anything else by `_id`.
 */
export function searchQuery(query: Readonly<Record<string, unknown>>): SearchSubscribersQuery {
  const limit = Number(query["limit"]);
  return {
    after: text(query["after"]),
    before: text(query["before"]),
    limit: Number.isInteger(limit) && limit >= 1 ? Math.min(limit, MAX_LIMIT) : DEFAULT_LIMIT,
    orderDirection: query["orderDirection"] === "ASC" ? "ASC" : "DESC",
    orderBy: query["orderBy"] === "updatedAt" ? "updatedAt" : "_id",
    includeCursor: query["includeCursor"] === "true",
    email: text(query["email"]),
    name: text(query["name"]),
    phone: text(query["phone"]),
    subscriberId: text(query["subscriberId"]),
  };
}
