/**
 * The convergence oracle's rules on workflows. Like ./oracle.ts it imports no provider or sdk code: the
 * expectation comes from the program models and the documented contract of `svc.Workflow`, the actual
 * state from the emulator's store of the stack's environment.
 *
 * - (w-a) after every converged `up` ({@link checkWorkflows}): each declared workflow exists once, under its
 *   workflowId, with exactly the declared `name` and `active` (absent: true); `description`, `tags`,
 *   `preferences`, `validatePayload`, `payloadSchema`, `severity` and `isTranslationEnabled` when declared
 *   (left out, they are not managed), and its steps in the declared order, each with the declared name, type
 *   and control values (deep equality: nothing added, nothing left from earlier values). Each compared as
 *   the service stores the declaration ({@link storedForm}): a chat step's `editorType` resolved, partial
 *   preferences completed. No other workflow is in the environment but the application's (fixtures, and
 *   those it made out of band).
 * - (w-b) always ({@link checkForeignWorkflows}): every workflow of the application is stored exactly as it
 *   was last written by the application (the whole stored record, `updatedAt` included: not even rewritten).
 * - (w-c) after `destroy`: rule (w-a) with nothing declared, so none of the stack's workflows is left, and
 *   (w-b).
 *
 * A workflow without explicit workflowId gets the resource's default (the integrations' default identifier
 * formula: `<slug of the resource name>-<hash>`): the oracle accepts any workflowId that starts with the
 * slug of the resource name and a dash, and requires exactly one.
 */
import type { StackView } from "./oracle";
import {
  PREFERENCE_CHANNELS,
  type PreferencesDecl,
  type StepDecl,
  type WorkflowDecl,
} from "./workflow-model";

/** One step of a stored workflow (the fields the oracle reads). */
export interface LiveStep {
  _id: string;
  stepId: string;
  name: string;
  type: string;
  controlValues: Record<string, unknown>;
}

/** A stored workflow: the fields the oracle compares, and the whole record as JSON. */
export interface LiveWorkflow {
  _id: string;
  workflowId: string;
  name: string;
  description: string;
  tags: string[];
  active: boolean;
  /** `preferences` as stored: `default` (the declared `workflow`) and `user`. */
  preferences: { default?: unknown; user?: unknown };
  validatePayload: unknown;
  payloadSchema: unknown;
  severity: unknown;
  isTranslationEnabled: unknown;
  steps: LiveStep[];
  /** The whole stored record, JSON (compared as it is for the application's workflows). */
  record: string;
}

/** A workflow of the application: what it must stay. */
export interface ForeignWorkflow {
  _id: string;
  workflowId: string;
  /** The stored record when the application last wrote it, JSON. */
  record: string;
  /** Who wrote it, for messages (`fixture`, `out-of-band step 4`). */
  source: string;
}

/** A finding, as ./oracle.ts reports them. */
interface Finding {
  kind: string;
  detail: string;
}

/** Where findings go: ./oracle.ts's `OracleResult`. */
interface Findings {
  findings: Finding[];
  objectsChecked: number;
}

/** A stored workflow record (as the emulator keeps it) in the oracle's terms. */
export function liveWorkflowOf(raw: {
  _id: string;
  workflowId: string;
  name: string;
  description?: string | undefined;
  tags?: string[] | undefined;
  active?: boolean | undefined;
  preferences?: { default?: unknown; user?: unknown } | undefined;
  validatePayload?: unknown;
  payloadSchema?: unknown;
  severity?: unknown;
  isTranslationEnabled?: unknown;
  steps: readonly {
    _id: string;
    stepId: string;
    name: string;
    type: string;
    controls: { values?: unknown };
  }[];
}): LiveWorkflow {
  return {
    _id: raw._id,
    workflowId: raw.workflowId,
    name: raw.name,
    description: raw.description ?? "",
    tags: [...(raw.tags ?? [])],
    active: raw.active ?? false,
    preferences: structuredClone(raw.preferences ?? {}),
    validatePayload: raw.validatePayload,
    payloadSchema: structuredClone(raw.payloadSchema),
    severity: raw.severity,
    isTranslationEnabled: raw.isTranslationEnabled,
    steps: raw.steps.map((s) => ({
      _id: s._id,
      stepId: s.stepId,
      name: s.name,
      type: s.type,
      controlValues: structuredClone((s.controls.values ?? {}) as Record<string, unknown>),
    })),
    record: JSON.stringify(raw),
  };
}

/** The slug of a resource name (lower case, runs of other characters as `-`). */
function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Whether `workflowId` may be the one the declared workflow has in the service. */
export function workflowIdMatches(decl: WorkflowDecl, workflowId: string): boolean {
  if (decl.workflowId !== undefined) return workflowId === decl.workflowId;
  return workflowId.startsWith(`${slug(decl.name)}-`);
}

/** The stored workflows a declaration may be (exactly one when converged). */
export function liveOf(decl: WorkflowDecl, live: readonly LiveWorkflow[]): LiveWorkflow[] {
  return live.filter((w) => workflowIdMatches(decl, w.workflowId));
}

/** A step as the oracle compares it. */
const stepView = (s: { name: string; type: string; controls: unknown }) => ({
  name: s.name,
  type: s.type,
  controls: canonical(s.controls),
});

/** A JSON value with object keys sorted (the order of keys is not a difference). */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v !== null && typeof v === "object")
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, x]) => [k, canonical(x)]),
    );
  return v;
}

/**
 * One side of declared preferences as the service stores it (packages/shared/src/utils/
 * buildWorkflowPreferences.ts over packages/shared/src/consts/preferences/preferences.const.ts): `all` over
 * `{ enabled: true, readOnly: false }`; each of the five channels `{ enabled }` from the declared channel,
 * else the declared `all.enabled`, else true.
 */
function storedPreferences(side: PreferencesDecl): Record<string, unknown> {
  const allEnabled = side.all?.enabled;
  return {
    all: { enabled: allEnabled ?? true, readOnly: side.all?.readOnly ?? false },
    channels: Object.fromEntries(
      PREFERENCE_CHANNELS.map((c) => [c, { enabled: side.channels?.[c]?.enabled ?? allEnabled ?? true }]),
    ),
  };
}

/**
 * A step's controls as the newest service stores them: a chat step gets `editorType` (explicit
 * `text`/`block` stays; a non-empty body without one is `text`, none for an empty body; the generator writes
 * no block-editor JSON): libs/application-generic/src/utils/resolve-chat-editor-type.ts. The April 2026
 * service stores chat controls as sent: {@link stepDifferences} accepts either.
 */
function storedControls(step: StepDecl): Record<string, unknown> {
  if (step.type !== "chat") return step.controls;
  const { editorType, ...rest } = step.controls;
  if (editorType === "text" || editorType === "block") return { ...rest, editorType };
  return typeof rest.body === "string" && rest.body.length > 0 ? { ...rest, editorType: "text" } : rest;
}

/** The declaration with its steps' controls as the service stores them (preferences: see {@link expected}). */
export function storedForm(decl: WorkflowDecl): WorkflowDecl {
  return { ...decl, steps: decl.steps.map((s) => ({ ...s, controls: storedControls(s) })) };
}

/**
 * What a declared workflow must be stored as: `name`, and `active` (absent: true, as the resource's check
 * defaults it); the other fields only when declared (left out, they are not managed: the README's contract
 * of `svc.Workflow`, whatever the service holds stays); preferences completed.
 */
function expected(decl: WorkflowDecl): Record<string, unknown> {
  const out: Record<string, unknown> = { name: decl.title, active: decl.active ?? true };
  for (const key of [
    "description",
    "tags",
    "validatePayload",
    "payloadSchema",
    "severity",
    "isTranslationEnabled",
  ] as const)
    if (decl[key] !== undefined) out[key] = decl[key];
  const prefs = decl.preferences;
  if (prefs?.workflow !== undefined) out["preferences.default"] = storedPreferences(prefs.workflow);
  if (prefs?.user !== undefined)
    out["preferences.user"] = prefs.user === null ? null : storedPreferences(prefs.user);
  return out;
}

/**
 * The declared steps against the stored ones: one line per difference, empty when equal. A step's controls
 * match when stored as the newest service stores them ({@link storedControls}) or as sent (April 2026).
 */
export function stepDifferences(declared: readonly StepDecl[], live: readonly LiveStep[]): string[] {
  const out: string[] = [];
  const want = declared.map((s) => stepView({ ...s, controls: storedControls(s) }));
  const sent = declared.map(stepView);
  const got = live.map((s) => stepView({ ...s, controls: s.controlValues }));
  const names = (l: { name: string; type: string }[]) => l.map((s) => `${s.name}(${s.type})`).join(", ");
  if (want.length !== got.length || want.some((s, i) => s.name !== got[i]?.name || s.type !== got[i]?.type))
    out.push(`steps [${names(got)}], declared [${names(want)}]`);
  want.forEach((s, i) => {
    const g = got.find((x) => x.name === s.name);
    const stored = JSON.stringify(g?.controls);
    if (g && stored !== JSON.stringify(s.controls) && stored !== JSON.stringify(sent[i]?.controls))
      out.push(
        `step ${s.name} (at ${i}): controls ${JSON.stringify(g.controls)}, declared ${JSON.stringify(s.controls)}`,
      );
  });
  return out;
}

/** Compares one declared workflow with what is stored. */
function checkOne(view: StackView, decl: WorkflowDecl, live: readonly LiveWorkflow[], out: Findings): void {
  const where = `${view.stack}:${decl.name} (${decl.workflowId ?? `default workflowId of ${decl.name}`})`;
  const found = liveOf(decl, live);
  out.objectsChecked++;
  if (found.length !== 1) {
    const ids = found.map((w) => w.workflowId).join(", ");
    out.findings.push({
      kind: "workflow-count",
      detail: `${where}: ${found.length} stored${ids ? ` (${ids})` : ""}`,
    });
    return;
  }
  const w = found[0]!;
  const want = expected(decl);
  const got: Record<string, unknown> = {
    name: w.name,
    description: w.description,
    tags: w.tags,
    active: w.active,
    validatePayload: w.validatePayload,
    payloadSchema: w.payloadSchema,
    severity: w.severity,
    isTranslationEnabled: w.isTranslationEnabled,
    "preferences.default": w.preferences.default,
    "preferences.user": w.preferences.user ?? null,
  };
  const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
  const fields = Object.keys(want).filter((k) => !same(want[k], got[k]));
  if (fields.length > 0)
    out.findings.push({
      kind: "workflow-fields",
      detail: `${where}: ${fields.map((k) => `${k} ${JSON.stringify(got[k])}, declared ${JSON.stringify(want[k])}`).join("; ")}`,
    });
  for (const d of stepDifferences(decl.steps, w.steps))
    out.findings.push({ kind: "workflow-steps", detail: `${where}: ${d}` });
}

/**
 * Rule (w-a): every declared workflow of `views` stored exactly as declared, and no workflow in `live` that
 * no view declares but the application's (`foreign`). Returns the `_id`s of the declared ones found.
 */
export function checkWorkflows(
  views: readonly StackView[],
  live: readonly LiveWorkflow[],
  foreign: readonly ForeignWorkflow[],
  out: Findings,
): string[] {
  const declared = new Set<string>();
  for (const view of views)
    for (const decl of view.model.workflows ?? []) {
      checkOne(view, decl, live, out);
      for (const w of liveOf(decl, live)) declared.add(w._id);
    }
  for (const w of live) {
    if (declared.has(w._id) || foreign.some((f) => f._id === w._id)) continue;
    out.findings.push({
      kind: "undeclared-workflow",
      detail: `${w.workflowId} (${w._id}, "${w.name}") is stored but declared by no stack`,
    });
  }
  return [...declared];
}

/** Rule (w-b): each of the application's workflows stored exactly as it last wrote it. */
export function checkForeignWorkflows(
  live: readonly LiveWorkflow[],
  foreign: readonly ForeignWorkflow[],
  out: Findings,
): void {
  for (const f of foreign) {
    out.objectsChecked++;
    const now = live.find((w) => w._id === f._id);
    if (!now)
      out.findings.push({
        kind: "foreign-workflow-removed",
        detail: `${f.workflowId} (${f._id}, ${f.source}) is gone`,
      });
    else if (now.record !== f.record)
      out.findings.push({
        kind: "foreign-workflow-changed",
        detail: `${f.workflowId} (${f._id}, ${f.source}): ${recordDifference(f.record, now.record)}`,
      });
  }
}

/** The top-level fields two records differ in, named. */
function recordDifference(was: string, now: string): string {
  const a = JSON.parse(was) as Record<string, unknown>;
  const b = JSON.parse(now) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]),
  );
  return `changed ${keys.join(", ")}`;
}
