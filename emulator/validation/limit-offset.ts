import { type Dto, isIn, isInt, isNumber, isString, min } from "./class-validator";

/**
 * apps/api/src/app/shared/dtos/limit-offset-pagination.dto.ts: `limit` and `offset` are read as numbers
 * first ({@link paginationNumber}), `limit` >= 1, `offset` >= 0, `orderDirection` ASC or DESC, `orderBy`
 * one of the fields the list allows.
 */
export function limitOffsetDto(orderFields: readonly string[]): Dto {
  return {
    limit: { optional: true, checks: [min(1), isInt(), isNumber()] },
    offset: { optional: true, checks: [min(0), isNumber(), isInt()] },
    orderDirection: { optional: true, checks: [isIn(["ASC", "DESC"])] },
    orderBy: { optional: true, checks: [isIn(orderFields), isString()] },
  };
}

/** The `@Transform` of limit-offset-pagination.dto.ts: `Number(value)`, or nothing when that is NaN. */
export function paginationNumber(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** A query with `limit` and `offset` transformed as the DTO transforms them. */
export function withPaginationNumbers(query: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return { ...query, limit: paginationNumber(query["limit"]), offset: paginationNumber(query["offset"]) };
}
