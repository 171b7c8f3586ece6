import { type Dto, isBoolean, isIn, isString, max } from "./class-validator";
import { limitOffsetDto } from "./limit-offset";

/**
 * The v2 layout bodies and list query, from Novu's DTOs in apps/api/src/app/layouts-v2/dtos/:
 * create-layout.dto.ts, update-layout.dto.ts, layout-controls.dto.ts, get-layout-list-query-params.dto.ts.
 */

/** create-layout.dto.ts: `layoutId` and `name` strings (any, empty too), `isTranslationEnabled` optional. */
export const createLayoutDto: Dto = {
  layoutId: { checks: [isString()] },
  name: { checks: [isString()] },
  isTranslationEnabled: { optional: true, checks: [isBoolean()] },
};

/**
 * layout-controls.dto.ts `EmailControlsDto`: `body` a string, `editorType` html or block. (The DTO nests it
 * without `@Type`, so the pipe itself passes it; the upsert's layout control schema,
 * libs/application-generic/src/schemas/control/layout-control.schema.ts, refuses the same values.)
 */
const emailControlsDto: Dto = {
  body: { checks: [isString()] },
  editorType: { checks: [isIn(["html", "block"]), isString()] },
};

/** update-layout.dto.ts: `name` required every time; `controlValues` optional (`null` deletes them). */
export const updateLayoutDto: Dto = {
  name: { checks: [isString()] },
  controlValues: { optional: true, nested: { email: { optional: true, nested: emailControlsDto } } },
};

const pagination = limitOffsetDto(["createdAt", "updatedAt", "name"]);

/** get-layout-list-query-params.dto.ts: `query`, then the limit/offset pagination with `limit` at most 100. */
export const listLayoutsQueryDto: Dto = {
  query: { optional: true, checks: [isString()] },
  ...pagination,
  limit: { optional: true, checks: [max(100), ...(pagination["limit"]?.checks ?? [])] },
};

/** The list query once validated. */
export interface ListLayoutsQuery {
  query?: string;
  limit?: number;
  offset?: number;
  orderDirection?: "ASC" | "DESC";
  orderBy?: "createdAt" | "updatedAt" | "name";
}

/** The update body once validated. */
export interface UpdateLayoutBody {
  name: string;
  controlValues?: { email?: { body: string; editorType: "html" | "block" } } | null;
}
