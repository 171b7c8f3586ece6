import { ValidationError } from "../errors";
import { pathParam } from "../transport";

/** Checks a path parameter (non-empty string) and encodes it; throws a {@link ValidationError} naming it. */
export function idParam(operation: string, name: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new ValidationError(operation, [`${name}: must be a non-empty string`]);
  }
  return pathParam(value);
}
