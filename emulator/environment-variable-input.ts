import { badRequest } from "./errors";

/**
 * The bodies of `POST /v1/environment-variables` and `PATCH /v1/environment-variables/{key}`, checked as
 * the service's class-validator DTOs check them (apps/api/src/app/environment-variables/dtos/
 * create-environment-variable-request.dto.ts, update-environment-variable-request.dto.ts): a failure is
 * 400 with one message per broken constraint. Own code: the emulator shares no runtime code with sdk/.
 */

/** Key pattern (`@Matches` of the create DTO). */
export const ENVIRONMENT_VARIABLE_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Longest key and longest value (`@MaxLength(256)` of both DTOs). */
export const ENVIRONMENT_VARIABLE_MAX_LENGTH = 256;
/** The only type (`EnvironmentVariableType` of @novu/shared). */
export const ENVIRONMENT_VARIABLE_TYPES = ["string"] as const;

/** One value of a body. */
export interface EnvironmentVariableValueInput {
  _environmentId: string;
  value: string;
}

/** A checked body; absent fields stay absent. */
export interface EnvironmentVariableInput {
  key?: string;
  type?: string;
  isSecret?: boolean;
  values?: EnvironmentVariableValueInput[];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function checkString(field: string, v: unknown, maxLength: number | undefined, out: string[]): void {
  if (typeof v !== "string") {
    if (maxLength !== undefined)
      out.push(`${field} must be shorter than or equal to ${maxLength} characters`);
    out.push(`${field} must be a string`);
    return;
  }
  if (maxLength !== undefined && v.length > maxLength)
    out.push(`${field} must be shorter than or equal to ${maxLength} characters`);
}

function checkKey(v: unknown, out: string[]): void {
  checkString("key", v, ENVIRONMENT_VARIABLE_MAX_LENGTH, out);
  if (typeof v !== "string" || !ENVIRONMENT_VARIABLE_KEY_PATTERN.test(v))
    out.push("Key must start with a letter and contain only letters, digits, and underscores");
}

function checkValues(v: unknown, out: string[]): void {
  if (!Array.isArray(v)) {
    out.push("values must be an array");
    return;
  }
  const seen = new Set<unknown>();
  v.forEach((item, i) => {
    if (!isRecord(item)) {
      out.push(`nested property values must be either object or array`);
      return;
    }
    checkString(`values.${i}._environmentId`, item["_environmentId"], undefined, out);
    checkString(`values.${i}.value`, item["value"], ENVIRONMENT_VARIABLE_MAX_LENGTH, out);
    if (seen.has(item["_environmentId"])) out.push("Duplicate _environmentId in values");
    seen.add(item["_environmentId"]);
  });
}

/** Checks a body; `keyRequired` for the create DTO, whose `key` is not optional. */
export function parseEnvironmentVariableBody(body: unknown, keyRequired: boolean): EnvironmentVariableInput {
  const b = isRecord(body) ? body : {};
  const out: string[] = [];
  if (keyRequired || b["key"] !== undefined) checkKey(b["key"], out);
  if (b["type"] !== undefined && !ENVIRONMENT_VARIABLE_TYPES.some((t) => t === b["type"]))
    out.push(`type must be one of the following values: ${ENVIRONMENT_VARIABLE_TYPES.join(", ")}`);
  if (b["isSecret"] !== undefined && typeof b["isSecret"] !== "boolean")
    out.push("isSecret must be a boolean value");
  if (b["values"] !== undefined) checkValues(b["values"], out);
  if (out.length > 0) throw badRequest([...new Set(out)]);
  const input: EnvironmentVariableInput = {};
  if (typeof b["key"] === "string") input.key = b["key"];
  if (typeof b["type"] === "string") input.type = b["type"];
  if (typeof b["isSecret"] === "boolean") input.isSecret = b["isSecret"];
  if (Array.isArray(b["values"]))
    input.values = (b["values"] as Record<string, string>[]).map((v) => ({
      _environmentId: v["_environmentId"] as string,
      value: v["value"] as string,
    }));
  return input;
}
