import type { z } from "zod";

/**
 * Turns zod issues into messages people can act on: every line names the field path and, for enums, the
 * allowed values. Values are never echoed (they may be credentials), except the rejected value of a strict
 * enum, which our own enum messages embed.
 */

/** One zod issue, as produced by `ZodError.issues`. */
type Issue = z.core.$ZodIssue;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Renders a zod path like `credentials.deviceTokens[2]`; the empty path is `(root)`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else if (typeof seg === "string" && IDENTIFIER.test(seg)) out += out === "" ? seg : `.${seg}`;
    else out += `[${JSON.stringify(String(seg))}]`;
  }
  return out === "" ? "(root)" : out;
}

/** Zod's own default messages; anything else is a message we wrote and is kept as is. */
const DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized key)/;

function quoteList(values: readonly unknown[]): string {
  return values.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ");
}

function bound(issue: {
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  origin?: string;
}): string {
  const small = issue.minimum !== undefined;
  const limit = Number(small ? issue.minimum : issue.maximum);
  const cmp = small
    ? issue.inclusive
      ? "at least"
      : "more than"
    : issue.inclusive
      ? "at most"
      : "less than";
  switch (issue.origin) {
    case "string":
      if (small && limit === 1 && issue.inclusive) return "must not be empty";
      return `must have ${cmp} ${limit} ${limit === 1 ? "character" : "characters"}`;
    case "array":
    case "set":
      if (small && limit === 1 && issue.inclusive) return "must not be empty";
      return `must have ${cmp} ${limit} ${limit === 1 ? "item" : "items"}`;
    default:
      return `must be ${cmp} ${String(small ? issue.minimum : issue.maximum)}`;
  }
}

/** The message part of one issue (without the path). */
function describe(issue: Issue): string {
  if (!DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  switch (issue.code) {
    case "invalid_type": {
      const received = /received (\w+)$/.exec(issue.message)?.[1];
      if (received === "undefined") return `is required (${issue.expected})`;
      const article = /^[aeiou]/.test(issue.expected) ? "an" : "a";
      return `must be ${article} ${issue.expected}${received ? ` (got ${received})` : ""}`;
    }
    case "invalid_value":
      return issue.values.length === 1
        ? `must be ${quoteList(issue.values)}`
        : `must be one of ${quoteList(issue.values)}`;
    case "unrecognized_keys":
      return `unknown ${issue.keys.length === 1 ? "key" : "keys"} ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
    case "too_small":
    case "too_big":
      return bound(issue);
    case "invalid_format":
      return issue.format === "url" ? "must be a valid URL" : `must be a valid ${issue.format}`;
    case "invalid_union":
      // Only reached when a union has no branch to report (see `leaves`).
      return "does not match any allowed shape";
    case "not_multiple_of":
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return issue.message;
  }
}

const UNKNOWN_FIELD = "unknown field (not allowed here; check the spelling)";

/** One problem at one field: what the sdk reports of a failed validation, for any layer to render. */
export interface IssueReport {
  /** Path of the field, e.g. `["credentials", "deviceTokens", 2]`; empty for the whole value. */
  path: PropertyKey[];
  /** The path rendered, e.g. `credentials.deviceTokens[2]` or `(root)`. */
  field: string;
  /** What is wrong, naming the allowed values where there is a list (values given are never echoed). */
  message: string;
  /** The allowed values, when the field takes one of a list. */
  allowed?: readonly string[];
}

/**
 * Flattens issues into reports: one per unknown key, and for a failed union the issues of the branch that
 * got furthest (the fewest issues), with their paths joined to the union's path.
 */
function leaves(issues: readonly Issue[], prefix: readonly PropertyKey[] = []): IssueReport[] {
  return issues.flatMap((issue): IssueReport[] => {
    const path = [...prefix, ...issue.path];
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => report([...path, key], UNKNOWN_FIELD));
    }
    if (issue.code === "invalid_union" && DEFAULT_MESSAGE.test(issue.message)) {
      const best = [...issue.errors].sort((x, y) => x.length - y.length)[0];
      if (best && best.length > 0) return leaves(best, path);
    }
    const allowed = issue.code === "invalid_value" ? issue.values.map(String) : undefined;
    return [report(path, describe(issue), allowed)];
  });
}

function report(path: PropertyKey[], message: string, allowed?: readonly string[]): IssueReport {
  return { path, field: formatPath(path), message, ...(allowed === undefined ? {} : { allowed }) };
}

/**
 * One report per problem: unknown keys one each, and for a failed union the problems of the branch that got
 * furthest. The layer above renders them (lines for errors, check failures for the provider).
 */
export function reportIssues(error: z.ZodError): IssueReport[] {
  return leaves(error.issues);
}

/**
 * One line per problem, `<path>: <message>`, e.g.
 * `channel: must be one of in_app, email, sms, chat, push (got "pager")`,
 * `credentials.apikey: unknown field (...)` or `credentials.deviceTokens[2]: must not be empty`.
 */
export function formatIssues(error: z.ZodError): string[] {
  return leaves(error.issues).map((r) => `${r.field}: ${r.message}`);
}

/** One sentence for an error message, e.g. `Invalid integration: channel: must be one of ...; name: is required`. */
export function describeIssues(error: z.ZodError, subject: string): string {
  const lines = formatIssues(error);
  return `Invalid ${subject}: ${lines.join("; ")}`;
}
