/**
 * The diff of a Workflow: checked new inputs, as the service would store them (./stored-form.ts: a chat
 * step's `editorType` as either release stores it, completed preferences), against the outputs in state, field by field and
 * step by step.
 *
 * Steps are compared by position: the step list is ordered (the service runs the steps in order), so an
 * added, removed or moved step is an update of the positions it touches. A declared step is the stored
 * step of the same name (names are unique in a workflow, check says so): its `_id` is sent back on update so
 * the service keeps its identity (./body.ts); a renamed step is a new step. A new `workflowId` replaces the
 * workflow. Fields left out of the program (description, tags, ...) are not managed: never a change.
 *
 * `workflowChanges` names each change as a property path (`steps[1].controls.subject`, `steps[3]`,
 * `name`): the plugin's detailed diff. The dynamic path answers `changes` and the engine shows the paths
 * from the inputs itself.
 */
import type { DiffOutcome } from "../../model/pulumi-results";
import { type SecretHeaders, splitSecretHeaders, withSecretHeaders } from "../../model/secret-headers";
import { canonical, containsUnknown, isUnknown } from "../../model/values";
import type { WorkflowInputs, WorkflowOutputs } from "../../model/workflow-schema";
import { comparablePreferences, storedControlForms, storedPreferencesSide } from "./stored-form";

type Props = Record<string, unknown>;

/** Fields updated in place, compared only when declared. */
const OPTIONAL_FIELDS = [
  "description",
  "tags",
  "validatePayload",
  "payloadSchema",
  "isTranslationEnabled",
  "severity",
] as const;

/** How a property changes, as the engine's PropertyDiff kinds. */
export type WorkflowChangeKind = "add" | "delete" | "update";

/** One changed property path and whether it replaces the workflow. */
export interface WorkflowChange {
  property: string;
  kind: WorkflowChangeKind;
  replace: boolean;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));
}

function asProps(v: unknown): Props {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Props) : {};
}

function kindOf(old: unknown, next: unknown): WorkflowChangeKind {
  if (old === undefined || old === null) return "add";
  if (next === undefined || next === null) return "delete";
  return "update";
}

/** Changes of the workflow's own fields (declared ones only, but `name` and `active`, always declared). */
function fieldChanges(olds: Props, news: Props): WorkflowChange[] {
  const out: WorkflowChange[] = [];
  if (!same(olds.workflowId, news.workflowId)) {
    out.push({ property: "workflowId", kind: "update", replace: true });
  }
  for (const key of ["name", "active", ...OPTIONAL_FIELDS] as const) {
    const n = news[key];
    if (n === undefined) continue;
    if (containsUnknown(n) || !same(olds[key], n)) {
      out.push({ property: key, kind: kindOf(olds[key], n), replace: false });
    }
  }
  return [...out, ...preferenceChanges(olds.preferences, news.preferences)];
}

/**
 * Declared preferences (`user`, `workflow`), each completed as the service stores it and compared whole
 * with the stored one; left out: not managed.
 */
function preferenceChanges(olds: unknown, news: unknown): WorkflowChange[] {
  if (news === undefined) return [];
  if (isUnknown(news)) return [{ property: "preferences", kind: "update", replace: false }];
  const o = asProps(olds);
  const out: WorkflowChange[] = [];
  for (const [key, value] of Object.entries(asProps(news))) {
    if (value === undefined) continue;
    if (containsUnknown(value) || !same(comparablePreferences(o[key]), storedPreferencesSide(key, value))) {
      out.push({ property: `preferences.${key}`, kind: kindOf(o[key], value), replace: false });
    }
  }
  return out;
}

/**
 * The forms a declared step's controls may be stored in (a chat step's: either release's), each with its
 * secret headers
 * appended then split out again (provider/model/secret-headers.ts), so both sides hold the plain headers only.
 */
function comparableControlForms(step: Props, secrets: SecretHeaders | undefined): unknown[] {
  return storedControlForms(step.type, step.controls).map((stored) => {
    if (containsUnknown(stored) || typeof step.name !== "string") return stored;
    const declared = secrets?.[step.name];
    return splitSecretHeaders(withSecretHeaders(asProps(stored), declared), declared).controls;
  });
}

/**
 * `secretHeaders`, secret: one change of the whole input when the declared ones differ from those the state
 * holds; the engine shows it as `[secret]`. Left out: not managed (an update keeps what the service holds).
 */
function secretHeaderChanges(olds: unknown, news: unknown): WorkflowChange[] {
  if (news === undefined || (!containsUnknown(news) && same(olds ?? {}, news))) return [];
  return [{ property: "secretHeaders", kind: kindOf(olds, news), replace: false }];
}

/** Changes of one position of the step list. */
function stepChanges(
  index: number,
  old: unknown,
  next: unknown,
  secrets: SecretHeaders | undefined,
): WorkflowChange[] {
  const at = `steps[${index}]`;
  if (old === undefined) return [{ property: at, kind: "add", replace: false }];
  if (next === undefined) return [{ property: at, kind: "delete", replace: false }];
  if (isUnknown(next)) return [{ property: at, kind: "update", replace: false }];
  const o = asProps(old);
  const n = asProps(next);
  const out: WorkflowChange[] = [];
  for (const key of ["name", "type"] as const) {
    if (containsUnknown(n[key]) || !same(o[key], n[key])) {
      out.push({ property: `${at}.${key}`, kind: "update", replace: false });
    }
  }
  return [...out, ...controlChanges(at, o.controls, comparableControlForms(n, secrets))];
}

/**
 * Changes of a step's controls, one per control (absent controls are `{}`): a control changes when the
 * stored value matches it in none of the forms the service may store the declared ones in.
 */
function controlChanges(at: string, olds: unknown, forms: readonly unknown[]): WorkflowChange[] {
  const [first] = forms;
  if (isUnknown(first)) return [{ property: `${at}.controls`, kind: "update", replace: false }];
  const o = asProps(olds);
  const ns = forms.map(asProps);
  const n = ns[0] ?? {};
  const keys = [...new Set([...Object.keys(o), ...ns.flatMap((f) => Object.keys(f))])].sort();
  return keys
    .filter((k) => containsUnknown(n[k]) || ns.every((f) => !same(o[k], f[k])))
    .map((k) => ({ property: `${at}.controls.${k}`, kind: kindOf(o[k], n[k]), replace: false }));
}

/** Every change from the outputs in state (`olds`) to checked new inputs, as property paths. */
export function workflowChanges(olds: Props, news: Props): WorkflowChange[] {
  const out = [...fieldChanges(olds, news), ...secretHeaderChanges(olds.secretHeaders, news.secretHeaders)];
  if (isUnknown(news.steps)) return [...out, { property: "steps", kind: "update", replace: false }];
  const o = Array.isArray(olds.steps) ? olds.steps : [];
  const n = Array.isArray(news.steps) ? news.steps : [];
  const secrets = containsUnknown(news.secretHeaders) ? undefined : (news.secretHeaders as SecretHeaders);
  for (let i = 0; i < Math.max(o.length, n.length); i++) out.push(...stepChanges(i, o[i], n[i], secrets));
  return out;
}

/**
 * Diff of checked new inputs against old outputs. `adopt` is a flag, never a change. A replacement is a
 * new workflowId, so the old workflow need not go first (they do not collide).
 */
export function diffWorkflow(olds: Partial<WorkflowOutputs>, news: WorkflowInputs): DiffOutcome {
  const changes = workflowChanges(olds as Props, news as Props);
  const replaces = [...new Set(changes.filter((c) => c.replace).map((c) => c.property))];
  return { changes: changes.length > 0, replaces, deleteBeforeReplace: false, changed: changes };
}
