/**
 * Turning schema problems into Pulumi check failures, shared by every resource's check. The sdk reports
 * the problems (field path, message, allowed values); this is the one place they become `CheckFailure`s.
 */
import type { z } from "zod";
import { type IssueReport, reportIssues } from "../../../sdk/schemas";
import type { CheckFailure } from "../../model/pulumi-results";
import { SECRET_INPUTS } from "../../model/secret-inputs";
import { underUnknown } from "./engine-values";

/**
 * A check failure for one reported problem: `property` is the top-level input (empty for the whole object),
 * `reason` the field path and message, e.g. `credentials.deviceTokens[2]: must not be empty`.
 */
export function toCheckFailure(report: IssueReport): CheckFailure {
  const top = report.path[0];
  return { property: top === undefined ? "" : String(top), reason: `${report.field}: ${report.message}` };
}

/**
 * Validates `raw` inputs against `schema` and returns one failure per problem, naming the property and, for
 * enums, the allowed values. Problems at or under an unknown value (a preview's not-yet-known output) are
 * skipped: those inputs are checked again once known.
 */
export function schemaFailures(schema: z.ZodType, raw: Record<string, unknown>): CheckFailure[] {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return [];
  return reportIssues(parsed.error)
    .filter((report) => !underUnknown(raw, report.path))
    .map(toCheckFailure);
}

/**
 * The outcome with each failure of a secret input reported on the resource as a whole (`property: ""`). The
 * engine prints the value of the property a failure names in plain text (`issueCheckFailures` in
 * pkg/resource/deploy/step_generator.go), and a dynamic provider's inputs reach it without their secret
 * marks. The reason still names the field (`credentials.deviceTokens[1]: ...`), never a value.
 */
export function concealSecretInputs<T extends { failures: CheckFailure[] }>(outcome: T): T {
  const failures = outcome.failures.map((f) =>
    SECRET_INPUTS.has(f.property) ? { property: "", reason: f.reason } : f,
  );
  return { ...outcome, failures };
}
