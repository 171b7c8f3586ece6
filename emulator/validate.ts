import type { z } from "zod";
import { formatIssues } from "../sdk/schemas";
import { badRequest } from "./errors";

/**
 * Parses a body or query with one of the shared schemas; a failure answers 400 with one message per
 * invalid field (`channel: must be one of ...`).
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown, prefix = ""): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw badRequest(formatIssues(parsed.error).map((line) => (prefix ? `${prefix}${line}` : line)));
  }
  return parsed.data;
}
