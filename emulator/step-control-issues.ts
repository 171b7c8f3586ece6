import { httpRequest } from "./http-request-control-issues";

/**
 * The control issues the service stores on a step (it never refuses control values; a step with issues
 * makes its workflow's status ERROR): libs/application-generic/src/usecases/build-step-issues/
 * build-step-issues.usecase.ts checks the values sent against the step type's control schema
 * (libs/application-generic/src/schemas/control/{in-app,email,delay,digest,throttle}-control.schema.ts)
 * and reports each missing required value (`MISSING_VALUE`, "<Field> is required") and each value out of
 * its bounds. sms, push, chat and custom steps have no required control; http_request steps are checked
 * against their JSON schema (./http-request-control-issues.ts).
 */

/** One issue under `issues.controls`. */
export interface StepControlIssue {
  /** `INVALID_URL` for a URL out of its pattern (ContentIssueEnum of @novu/shared), else `MISSING_VALUE`. */
  issueType: "MISSING_VALUE" | "INVALID_URL";
  variableName: string;
  message: string;
}

/** Control path -> its issues. */
export type StepControlIssues = Record<string, StepControlIssue[]>;

/** Control values of a step. */
export type Values = Readonly<Record<string, unknown>>;

/**
 * A link the in-app schema accepts (in-app-control.schema.ts `redirectZodSchema`, `avatar`): a
 * `{{ variable }}` first, an http(s) URL, or a path starting with `/`.
 */
const ACCEPTED_LINK = /^(?:\{\{[^}]*\}\}.*|(?!mailto:)https?:\/\/[^\s/$.?#]\S*|\/\S*)$/;
const LINK_MESSAGE = "Invalid URL. Must be a valid full URL, path starting with /, or {{variable}}";

/** Present: not undefined, null or "". */
const given = (v: unknown) => v !== undefined && v !== null && v !== "";

function objectAt(v: unknown): Values {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Values) : {};
}

/** Gathers issues per control path. */
export class Issues {
  readonly found: StepControlIssues = {};

  /** One issue at `path` (a dotted control path). */
  add(path: string, message: string, issueType: StepControlIssue["issueType"] = "MISSING_VALUE"): void {
    const list = this.found[path] ?? [];
    list.push({ issueType, variableName: path, message });
    this.found[path] = list;
  }

  /** "<Field> is required" when the control is absent or empty. */
  need(values: Values, key: string): void {
    if (!given(values[key])) this.add(key, `${key.charAt(0).toUpperCase()}${key.slice(1)} is required`);
  }

  /** A required number of at least `least`. */
  needNumber(values: Values, key: string, least: number): void {
    const v = values[key];
    if (!given(v)) this.need(values, key);
    else if (typeof v !== "number" || v < least) this.add(key, `must be >= ${least}`);
  }

  /** A link control, when given, must be an accepted link. */
  link(value: unknown, path: string): void {
    if (typeof value === "string" && value !== "" && !ACCEPTED_LINK.test(value)) this.add(path, LINK_MESSAGE);
  }
}

/** in-app-control.schema.ts: a subject or a body; avatar and redirect links valid. */
function inApp(v: Values, out: Issues): void {
  if (!given(v["subject"]) && !given(v["body"])) {
    out.need(v, "subject");
    out.need(v, "body");
  }
  out.link(v["avatar"], "avatar");
  out.link(objectAt(v["redirect"])["url"], "redirect.url");
  for (const action of ["primaryAction", "secondaryAction"])
    out.link(objectAt(objectAt(v[action])["redirect"])["url"], `${action}.redirect.url`);
}

/** email-control.schema.ts: subject and body. */
function email(v: Values, out: Issues): void {
  out.need(v, "subject");
  out.need(v, "body");
}

/** delay-control.schema.ts: timed needs a cron; regular (the default) an amount >= 1 and a unit. */
function delay(v: Values, out: Issues): void {
  if (v["type"] === "timed") {
    out.need(v, "cron");
    return;
  }
  out.needNumber(v, "amount", 1);
  out.need(v, "unit");
}

/** digest-control.schema.ts: timed (by type, or a cron without a type) needs the cron; regular amount and unit. */
function digest(v: Values, out: Issues): void {
  if (v["type"] === "timed" || (v["type"] === undefined && given(v["cron"]))) {
    out.need(v, "cron");
    return;
  }
  out.needNumber(v, "amount", 1);
  out.need(v, "unit");
}

/** throttle-control.schema.ts: dynamic needs a dynamicKey; fixed (the default) amount and unit. */
function throttle(v: Values, out: Issues): void {
  if (v["type"] === "dynamic") {
    out.need(v, "dynamicKey");
    return;
  }
  out.needNumber(v, "amount", 1);
  out.need(v, "unit");
}

const BY_TYPE: Readonly<Record<string, (v: Values, out: Issues) => void>> = {
  in_app: inApp,
  email,
  delay,
  digest,
  throttle,
  http_request: httpRequest,
};

/** The control issues of a step of `type` with these values (`null`/absent: none given); `{}` when none. */
export function stepControlIssues(type: string, controlValues: unknown): StepControlIssues {
  const out = new Issues();
  BY_TYPE[type]?.(objectAt(controlValues), out);
  return out.found;
}
