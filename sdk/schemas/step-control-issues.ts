/**
 * Which control values the service stores "with issues" (it never refuses them): the rules of the step
 * control schemas (libs/application-generic/src/schemas/control/*-control.schema.ts, checked with ajv in
 * build-step-issues.usecase.ts) and the spec's control table (operation 7). A step with issues makes its
 * workflow's status `ERROR`. Shared by the client (to warn before any request) and the emulator (to store
 * the same issues the service would).
 */

/** One problem with a control value, as the service reports it under `issues.controls`. */
export interface ControlIssue {
  /** `INVALID_URL` for an http_request URL out of its pattern, else `MISSING_VALUE`. */
  issueType: "MISSING_VALUE" | "INVALID_URL";
  variableName: string;
  message: string;
}

/** Control path -> its issues; empty when the step has none. */
export type ControlIssues = Record<string, ControlIssue[]>;

/** A link the service accepts: `{{ variable }}...`, an http(s) URL (no mailto:), or a path starting with `/`. */
const LINK = /^(?:\{\{[^}]*\}\}.*|(?!mailto:)https?:\/\/[^\s/$.?#]\S*|\/\S*)$/;

/** Reads a field of a control-values object. */
type Values = Record<string, unknown>;

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Collects issues; `required` uses the service's message ("Subject is required"). */
class IssueList {
  readonly issues: ControlIssues = {};

  add(path: string, message: string, issueType: ControlIssue["issueType"] = "MISSING_VALUE"): void {
    const list = this.issues[path] ?? [];
    list.push({ issueType, variableName: path, message });
    this.issues[path] = list;
  }

  required(values: Values, key: string, prefix = ""): void {
    if (!isPresent(values[key])) this.add(`${prefix}${key}`, `${capitalize(key)} is required`);
  }

  /** A number present and at least `min`. */
  atLeast(values: Values, key: string, min: number): void {
    const v = values[key];
    if (!isPresent(v)) this.required(values, key);
    else if (typeof v !== "number" || v < min) this.add(key, `must be >= ${min}`);
  }

  link(value: unknown, path: string): void {
    if (typeof value === "string" && value !== "" && !LINK.test(value))
      this.add(path, "Invalid URL. Must be a valid full URL, path starting with /, or {{variable}}");
  }
}

function asValues(value: unknown): Values {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Values) : {};
}

/** in_app: `subject` or `body`; links valid (in-app-control.schema.ts). */
function inAppIssues(v: Values, out: IssueList): void {
  if (!isPresent(v["subject"]) && !isPresent(v["body"])) {
    out.required(v, "subject");
    out.required(v, "body");
  }
  out.link(v["avatar"], "avatar");
  out.link(asValues(v["redirect"])["url"], "redirect.url");
  for (const action of ["primaryAction", "secondaryAction"]) {
    out.link(asValues(asValues(v[action])["redirect"])["url"], `${action}.redirect.url`);
  }
}

/** delay: regular needs `amount` >= 1 and `unit`; timed needs `cron` (delay-control.schema.ts). */
function delayIssues(v: Values, out: IssueList): void {
  if (v["type"] === "timed") out.required(v, "cron");
  else {
    out.atLeast(v, "amount", 1);
    out.required(v, "unit");
  }
}

/** digest: timed (a `cron`, or type timed) needs `cron`; regular needs `amount` >= 1 and `unit` (digest-control.schema.ts). */
function digestIssues(v: Values, out: IssueList): void {
  const timed = v["type"] === "timed" || (v["type"] === undefined && isPresent(v["cron"]));
  if (timed) out.required(v, "cron");
  else {
    out.atLeast(v, "amount", 1);
    out.required(v, "unit");
  }
}

/** throttle: fixed (the default) needs `amount` and `unit`; dynamic needs `dynamicKey` (throttle-control.schema.ts). */
function throttleIssues(v: Values, out: IssueList): void {
  if (v["type"] === "dynamic") out.required(v, "dynamicKey");
  else {
    out.atLeast(v, "amount", 1);
    out.required(v, "unit");
  }
}

/**
 * An http_request URL the service accepts (`HTTP_REQUEST_URL_REGEX`, packages/shared/src/consts/providers/
 * channels/http-request.ts): `{{variable}}...`, or an absolute http(s) URL, variables allowed in it.
 */
const HTTP_REQUEST_URL = /^(?:\{\{[^}]*\}\}.*|https?:\/\/[^\s/$.?#][^\s{}]*(?:\{\{[^}]*\}\}[^\s{}]*)*)$/;

/** http_request: `method` and `url` required, the URL absolute or a variable, at most 2048 characters. */
function httpRequestIssues(v: Values, out: IssueList): void {
  out.required(v, "method");
  const url = v["url"];
  if (!isPresent(url)) out.required(v, "url");
  else if (typeof url === "string" && (url.length > 2048 || !HTTP_REQUEST_URL.test(url)))
    out.add("url", "Invalid URL. Must be a valid absolute URL (https://...) or {{variable}}", "INVALID_URL");
}

/** Per step type, the rules; types absent here (sms, push, chat, custom) have no required control. */
const RULES: Record<string, (v: Values, out: IssueList) => void> = {
  in_app: inAppIssues,
  email: (v, out) => {
    out.required(v, "subject");
    out.required(v, "body");
  },
  delay: delayIssues,
  digest: digestIssues,
  throttle: throttleIssues,
  http_request: httpRequestIssues,
};

/**
 * The control issues the service would store for a step of `type` with these control values (`null` or
 * absent: no values, so every required control is missing). Empty object: no issues.
 */
export function stepControlIssues(type: string, controlValues: unknown): ControlIssues {
  const out = new IssueList();
  RULES[type]?.(asValues(controlValues), out);
  return out.issues;
}
