/**
 * Turning schema problems into Pulumi check failures, shared by every resource's check.
 */
import { z } from "zod";
import { issuesToFailures } from "../../sdk/schemas";
import { underUnknown } from "./values";

/** A Pulumi check failure. */
export interface CheckFailure {
  property: string;
  reason: string;
}

/**
 * Validates `raw` inputs against `schema` and returns one failure per problem, naming the property and, for
 * enums, the allowed values. Problems at or under an unknown value (a preview's not-yet-known output) are
 * skipped: those inputs are checked again once known.
 */
export function schemaFailures(schema: z.ZodType, raw: Record<string, unknown>): CheckFailure[] {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return [];
  return parsed.error.issues
    .filter((issue) => !underUnknown(raw, issue.path))
    .flatMap((issue) => issuesToFailures(new z.ZodError([issue])));
}
