/**
 * The service's request validation, as NestJS's ValidationPipe runs class-validator over its DTOs
 * (apps/api/src/bootstrap.ts: `new ValidationPipe({ transform: true, forbidUnknownValues: false })`, no
 * whitelist: unknown keys are ignored, not refused). A DTO is written here as its properties with their
 * decorators, in the order class-validator reports them; each message is worded as class-validator words it
 * (`name must be a string`, `channel must be one of the following values: ...`), and a nested property's
 * message carries its path as the pipe's `flattenValidationErrors` prefixes it (`steps.0.name must be a string`,
 * `credentials.secure must be a boolean value`).
 *
 * What class-validator does, and this does too:
 * - `@IsOptional()`: a property that is `undefined` or `null` skips every other check.
 * - Without it every check runs on a missing property, so a missing required string reports `must be a string`.
 * - `@ValidateNested()`: a non-object is `nested property X must be either object or array`; an array is
 *   checked item by item under its index (`steps.0...`); a property whose children fail reports the children
 *   only (the pipe drops the parent's own messages then).
 */

/** One decorator: a test and its message for a property name. */
export interface Constraint {
  /** Whether the value passes. */
  test(value: unknown): boolean;
  /** The message for `property` holding `value` (class-validator's default, or the DTO's own `message`). */
  message(property: string, value?: unknown): string;
}

/** A DTO: each property with its decorators, in the order class-validator reports them. */
export type Dto = Readonly<Record<string, PropertyRules>>;

/** The decorators of one property. */
export interface PropertyRules {
  /** `@IsOptional()`. */
  optional?: boolean;
  /** The value decorators, in report order (a DTO's bottom decorator first, as class-validator lists them). */
  checks?: readonly Constraint[];
  /** `@ValidateNested()` with the nested DTO (chosen per value, as a discriminated `@Type` does). */
  nested?: Dto | ((value: Readonly<Record<string, unknown>>) => Dto);
}

/** A plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A constraint from a test and a message template (`$property` replaced). */
export function rule(test: (value: unknown) => boolean, template: string): Constraint {
  return { test, message: (property) => template.replaceAll("$property", property) };
}

/** `each: true`: the test holds for every item of an array (a value that is no array is tested itself). */
export function each(test: (value: unknown) => boolean, template: string): Constraint {
  return rule(
    (v) => (Array.isArray(v) ? v.every(test) : test(v)),
    template.replace("$property", "each value in $property"),
  );
}

/** `@IsString()`. */
export const isString = (message = "$property must be a string") =>
  rule((v) => typeof v === "string", message);
/** `@IsBoolean()`. */
export const isBoolean = () => rule((v) => typeof v === "boolean", "$property must be a boolean value");
/** `@IsObject()`: a non-null object that is not an array. */
export const isObject = () => rule(isRecord, "$property must be an object");
/** `@IsArray()`. */
export const isArray = () => rule(Array.isArray, "$property must be an array");
/** `@IsDefined()`. */
export const isDefined = () =>
  rule((v) => v !== undefined && v !== null, "$property should not be null or undefined");
/** `@IsNotEmpty()`: not `""`, `null` or `undefined`. */
export const isNotEmpty = () =>
  rule((v) => v !== "" && v !== null && v !== undefined, "$property should not be empty");
/** `@IsNumber()`: a number, not NaN nor infinite. */
export const isNumber = () =>
  rule(
    (v) => typeof v === "number" && Number.isFinite(v),
    "$property must be a number conforming to the specified constraints",
  );
/** `@IsInt()`. */
export const isInt = () => rule((v) => Number.isInteger(v), "$property must be an integer number");
/** `@Min(n)`. */
export const min = (n: number) =>
  rule((v) => typeof v === "number" && v >= n, `$property must not be less than ${n}`);
/** `@Max(n)`. */
export const max = (n: number) =>
  rule((v) => typeof v === "number" && v <= n, `$property must not be greater than ${n}`);
/** `@IsMongoId()`: 24 hexadecimal characters. */
export const isMongoId = (message = "$property must be a mongodb id") =>
  rule((v) => typeof v === "string" && /^[0-9a-fA-F]{24}$/.test(v), message);
/** `@IsEnum(values)` / `@IsIn(values)`: the allowed values listed with `, `. */
export const isIn = (values: readonly unknown[], message?: string) =>
  rule(
    (v) => values.includes(v),
    message ?? `$property must be one of the following values: ${values.join(", ")}`,
  );
/** `@IsEnum(values, { each: true })`. */
export const eachIn = (values: readonly unknown[]) =>
  each((v) => values.includes(v), `$property must be one of the following values: ${values.join(", ")}`);
/** `@Matches(pattern)`, or with the DTO's own message. */
export const matches = (pattern: RegExp, message?: string) =>
  rule(
    (v) => typeof v === "string" && pattern.test(v),
    message ?? `$property must match ${String(pattern)} regular expression`,
  );
/** `@MaxLength(n)`. */
export const maxLength = (n: number) =>
  rule(
    (v) => typeof v === "string" && v.length <= n,
    `$property must be shorter than or equal to ${n} characters`,
  );
/** The lower half of `@Length(lo, hi)` / `@MinLength(lo)`. */
export const minLength = (n: number) =>
  rule(
    (v) => typeof v === "string" && v.length >= n,
    `$property must be longer than or equal to ${n} characters`,
  );
/** `@ArrayMinSize(n)`, or with the DTO's own message. */
export const arrayMinSize = (n: number, message?: string) =>
  rule((v) => Array.isArray(v) && v.length >= n, message ?? `$property must contain at least ${n} elements`);
/** `@ArrayMaxSize(n)`, or with the DTO's own message. */
export const arrayMaxSize = (n: number, message?: string) =>
  rule(
    (v) => Array.isArray(v) && v.length <= n,
    message ?? `$property must contain no more than ${n} elements`,
  );

/**
 * `@Length(lo, hi)`: one constraint (`isLength`) whose message names the bound the value missed: too short
 * (or empty), else too long, else (a value with no length) both.
 */
export function length(lo: number, hi: number): Constraint {
  return {
    test: (v) => typeof v === "string" && v.length >= lo && v.length <= hi,
    message: (p, v) => {
      const size = typeof v === "string" || Array.isArray(v) ? v.length : undefined;
      if (!v || (size !== undefined && size < lo))
        return `${p} must be longer than or equal to ${lo} characters`;
      if (size !== undefined && size > hi) return `${p} must be shorter than or equal to ${hi} characters`;
      return `${p} must be longer than or equal to ${lo} and shorter than or equal to ${hi} characters`;
    },
  };
}

/** The messages of one property at `prefix` (e.g. `steps.0.`). */
function propertyMessages(prefix: string, property: string, value: unknown, rules: PropertyRules): string[] {
  if (rules.optional && (value === undefined || value === null)) return [];
  const own = (rules.checks ?? [])
    .filter((c) => !c.test(value))
    .map((c) => `${prefix}${c.message(property, value)}`);
  // class-validator skips the nested check of an undefined value (null is checked, and refused).
  if (!rules.nested || value === undefined) return own;
  const children = nestedMessages(`${prefix}${property}.`, value, rules.nested);
  if (children === "not-an-object")
    return [...own, `${prefix}nested property ${property} must be either object or array`];
  // The pipe keeps the children's messages and drops the parent's own when it has children.
  return children.length > 0 ? children : own;
}

/** The messages of a nested value: an object checked whole, an array item by item. */
function nestedMessages(
  prefix: string,
  value: unknown,
  nested: NonNullable<PropertyRules["nested"]>,
): string[] | "not-an-object" {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => {
      if (!isRecord(item)) return [`${prefix}nested property ${index} must be either object or array`];
      return messages(item, typeof nested === "function" ? nested(item) : nested, `${prefix}${index}.`);
    });
  }
  if (!isRecord(value)) return "not-an-object";
  return messages(value, typeof nested === "function" ? nested(value) : nested, prefix);
}

/**
 * Every refusal of `value` by `dto`, worded as the service's ValidationPipe answers them; empty when it
 * passes. A body that is not an object is read as an empty one (the pipe's transform yields an empty DTO).
 */
export function messages(value: unknown, dto: Dto, prefix = ""): string[] {
  const body = isRecord(value) ? value : {};
  return Object.entries(dto).flatMap(([property, rules]) =>
    propertyMessages(prefix, property, body[property], rules),
  );
}
