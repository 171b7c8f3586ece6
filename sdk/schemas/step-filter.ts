import { z } from "zod";
import { openEnum, strictEnum } from "./common";

/** Operators of a field filter part. */
const FILTER_OPERATORS = [
  "LARGER",
  "SMALLER",
  "LARGER_EQUAL",
  "SMALLER_EQUAL",
  "EQUAL",
  "NOT_EQUAL",
  "ALL_IN",
  "ANY_IN",
  "NOT_IN",
  "BETWEEN",
  "NOT_BETWEEN",
  "LIKE",
  "NOT_LIKE",
  "IN",
] as const;
/** What a field filter part looks at. */
const FILTER_ON = ["subscriber", "payload"] as const;
/** The kinds of step filter. */
const STEP_FILTER_TYPES = [
  "BOOLEAN",
  "TEXT",
  "DATE",
  "NUMBER",
  "STATEMENT",
  "LIST",
  "MULTI_LIST",
  "GROUP",
] as const;
/** How a step filter combines its children. */
const STEP_FILTER_VALUES = ["AND", "OR"] as const;

/** One condition of a step filter (strict: used in integration `conditions` we send). */
const fieldFilterPartSchema = z.strictObject({
  /** The subscriber field or payload key compared. */
  field: z.string(),
  /** The value compared with. */
  value: z.string(),
  /**
   * Comparison: `EQUAL`, `NOT_EQUAL`, `LARGER`, `SMALLER`, `LARGER_EQUAL`, `SMALLER_EQUAL`, `ALL_IN`,
   * `ANY_IN`, `NOT_IN`, `BETWEEN`, `NOT_BETWEEN`, `LIKE`, `NOT_LIKE` or `IN`.
   */
  operator: strictEnum(FILTER_OPERATORS),
  /** What `field` is read from: `subscriber` or `payload`. */
  on: strictEnum(FILTER_ON),
});

/** A step filter / integration condition (strict: what we send). */
export const stepFilterSchema = z.strictObject({
  /** Whether the filter's result is negated. */
  isNegated: z.boolean(),
  /** Kind of filter: `BOOLEAN`, `TEXT`, `DATE`, `NUMBER`, `STATEMENT`, `LIST`, `MULTI_LIST` or `GROUP`. */
  type: strictEnum(STEP_FILTER_TYPES),
  /** How the conditions combine: `AND` or `OR`. */
  value: strictEnum(STEP_FILTER_VALUES),
  /** The conditions. */
  children: z.array(fieldFilterPartSchema),
});
/** A step filter / integration condition. */
export type StepFilter = z.infer<typeof stepFilterSchema>;

/** A field filter part as read from the service (tolerant). */
const fieldFilterPartResponseSchema = z.looseObject({
  /** The subscriber field or payload key compared. */
  field: z.string(),
  /** The value compared with. */
  value: z.string(),
  /**
   * Comparison: `EQUAL`, `NOT_EQUAL`, `LARGER`, `SMALLER`, `LARGER_EQUAL`, `SMALLER_EQUAL`, `ALL_IN`,
   * `ANY_IN`, `NOT_IN`, `BETWEEN`, `NOT_BETWEEN`, `LIKE`, `NOT_LIKE` or `IN`.
   */
  operator: openEnum(FILTER_OPERATORS),
  /** What `field` is read from: `subscriber` or `payload`. */
  on: openEnum(FILTER_ON),
});

/** A step filter as read from the service (tolerant: unknown keys and enum values pass). */
export const stepFilterResponseSchema = z.looseObject({
  /** Whether the filter's result is negated. */
  isNegated: z.boolean(),
  /** Kind of filter: `BOOLEAN`, `TEXT`, `DATE`, `NUMBER`, `STATEMENT`, `LIST`, `MULTI_LIST` or `GROUP`. */
  type: openEnum(STEP_FILTER_TYPES),
  /** How the conditions combine: `AND` or `OR`. */
  value: openEnum(STEP_FILTER_VALUES),
  /** The conditions. */
  children: z.array(fieldFilterPartResponseSchema),
});
