/**
 * The workflow draws of the convergence generator: a few workflows in the starting program (explicit
 * workflowIds mostly, two to four steps of the nine types, each with control values the service stores
 * without issues), edits that ride along with the generator's edit batches (steps added, removed, reordered,
 * controls edited, name/active/tags/description edited, a workflowId changed: a replacement, workflows added
 * and removed), out-of-band changes that ride along with its out-of-band groups (a PATCH of active, name or
 * tags; a PUT of a control as the dashboard does it; a workflow deleted; the application editing or making
 * its own workflows), and now and then a forced replacement of a workflow.
 *
 * The draws come from their own seeded sequence, separate from the one the integrations and entries are
 * drawn from, so the rest of a seed's script is the same as before workflows were modelled, and the number
 * of CLI commands per seed stays the same (workflow steps are edits and out-of-band calls, no extra `up`).
 */
import { Rng } from "./rng";
import type { OobAction } from "./script";
import {
  type Controls,
  PREFERENCE_CHANNELS,
  type PreferencesDecl,
  STEP_TYPES,
  type StepDecl,
  type StepType,
  type WorkflowDecl,
  type WorkflowEdit,
  type WorkflowFields,
  type WorkflowHolder,
} from "./workflow-model";

/** The application's own workflows (made through the service's API before any stack runs; ./fixtures.ts). */
export const FOREIGN_WORKFLOW_IDS = ["app-welcome", "app-digest"] as const;
/** A workflowId of {@link FOREIGN_WORKFLOW_IDS}. */
export type ForeignWorkflowId = (typeof FOREIGN_WORKFLOW_IDS)[number];

/** The sequence of the workflow draws of `seed` (any fixed mix of the seed, apart from the main sequence). */
const workflowSeed = (seed: number) => (Math.imul(seed, 0x9e3779b1) ^ 0x5bd1e995) >>> 0;

/** Draws workflows, their edits and out-of-band changes for one script. */
export class WorkflowDraws {
  readonly rng: Rng;
  private n = 0;

  constructor(
    seed: number,
    readonly tag: string,
    /** False: draws nothing (no workflows, no edits, no out-of-band changes, no replacement). */
    readonly enabled = true,
  ) {
    this.rng = new Rng(workflowSeed(seed));
  }

  private next(kind: string): string {
    this.n++;
    return `${kind}${this.n}`;
  }

  /** Valid control values of a step of `type` (complete: stored without issues). */
  controls(type: StepType): Controls {
    const r = this.rng;
    const text = (what: string) => `${what} ${r.hex(4)}`;
    switch (type) {
      case "in_app":
        return r.chance(0.3)
          ? { subject: text("Subject"), body: text("Body"), redirect: { url: "/inbox", target: "_self" } }
          : { subject: text("Subject"), body: text("Hello {{subscriber.firstName}}") };
      case "email":
        return { subject: text("Subject"), body: `<p>${text("Body")}</p>`, editorType: "html" };
      case "push":
        return { subject: text("Title"), body: text("Body") };
      case "sms":
      case "chat":
        return { body: text("Body") };
      case "delay":
        return { type: "regular", amount: 1 + r.int(30), unit: r.pick(["seconds", "minutes", "hours"]) };
      case "digest":
        return {
          type: "regular",
          amount: 1 + r.int(10),
          unit: r.pick(["minutes", "hours"]),
          ...(r.chance(0.5) ? { digestKey: "{{payload.groupId}}" } : {}),
        };
      case "throttle":
        return {
          type: "fixed",
          amount: 1 + r.int(5),
          unit: r.pick(["minutes", "hours", "days"]),
          threshold: 1 + r.int(3),
        };
      case "custom":
        return { custom: { key: r.hex(6) } };
    }
  }

  step(type: StepType = this.rng.pick(STEP_TYPES)): StepDecl {
    return { name: this.next(`${type.replace("_", "-")}-`), type, controls: this.controls(type) };
  }

  /** A new workflow: an explicit workflowId in most, two to four steps. */
  workflow(): WorkflowDecl {
    const name = this.next("wf");
    const decl: WorkflowDecl = {
      name,
      title: `Flow ${this.rng.hex(4)}`,
      steps: Array.from({ length: 2 + this.rng.int(3) }, () => this.step()),
    };
    if (this.rng.chance(0.85)) decl.workflowId = `${this.tag}-${name}`;
    if (this.rng.chance(0.5)) decl.description = `About ${this.rng.hex(4)}`;
    if (this.rng.chance(0.5)) decl.tags = this.tags();
    if (this.rng.chance(0.2)) decl.active = false;
    if (this.rng.chance(0.5)) decl.preferences = this.preferences();
    if (this.rng.chance(0.3)) decl.validatePayload = this.rng.chance(0.5);
    if (this.rng.chance(0.3))
      decl.payloadSchema = { type: "object", properties: { [`f${this.rng.hex(2)}`]: { type: "string" } } };
    if (this.rng.chance(0.3)) decl.severity = this.rng.pick(["high", "medium", "low", "none"] as const);
    if (this.rng.chance(0.2)) decl.isTranslationEnabled = false;
    return decl;
  }

  /** Partial preferences: `workflow` mostly, `user` now and then (or null), each side partial. */
  private preferences(): NonNullable<WorkflowDecl["preferences"]> {
    const side = (): PreferencesDecl => {
      const out: PreferencesDecl = {};
      if (this.rng.chance(0.6)) {
        out.all = this.rng.chance(0.5)
          ? { enabled: this.rng.chance(0.7) }
          : { enabled: true, readOnly: this.rng.chance(0.5) };
      }
      if (this.rng.chance(0.6)) {
        const channel = this.rng.pick(PREFERENCE_CHANNELS);
        out.channels = { [channel]: { enabled: this.rng.chance(0.5) } };
      }
      return out;
    };
    const prefs: NonNullable<WorkflowDecl["preferences"]> = { workflow: side() };
    if (this.rng.chance(0.3)) prefs.user = this.rng.chance(0.3) ? null : side();
    return prefs;
  }

  private tags(): string[] {
    return Array.from({ length: 1 + this.rng.int(2) }, () => `t-${this.rng.hex(3)}`);
  }

  /** The starting program's workflows: one or two. */
  initial(): WorkflowDecl[] {
    if (!this.enabled) return [];
    return Array.from({ length: 1 + this.rng.int(2) }, () => this.workflow());
  }

  /** The workflow edits riding along with one batch of edits (none, one or two). */
  edits(m: WorkflowHolder): WorkflowEdit[] {
    const out: WorkflowEdit[] = [];
    if (!this.enabled) return out;
    for (let k = this.rng.int(3); k > 0; k--) {
      const e = this.edit(m);
      if (e) out.push(e);
    }
    return out;
  }

  /** One edit of the workflows of `m` (a new workflow when there is none). */
  edit(m: WorkflowHolder): WorkflowEdit | undefined {
    const all = m.workflows ?? [];
    if (all.length === 0) return { edit: "add-workflow", decl: this.workflow() };
    const w = this.rng.pick(all);
    const step = this.rng.pick(w.steps);
    const kind = this.rng.weighted({ add: 3, remove: 2, move: 2, controls: 4, fields: 3, id: 1, wf: 2 });
    switch (kind) {
      case "add":
        return {
          edit: "add-step",
          workflow: w.name,
          at: this.rng.int(w.steps.length + 1),
          step: this.step(),
        };
      case "remove":
        return { edit: "remove-step", workflow: w.name, step: step.name };
      case "move":
        return { edit: "move-step", workflow: w.name, step: step.name, to: this.rng.int(w.steps.length) };
      case "controls":
        return {
          edit: "set-controls",
          workflow: w.name,
          step: step.name,
          controls: this.controls(step.type),
        };
      case "fields":
        return { edit: "set-workflow", workflow: w.name, fields: this.fields() };
      case "id":
        return { edit: "set-workflow-id", workflow: w.name, workflowId: `${this.tag}-${this.next("wid")}` };
      default:
        return this.rng.chance(0.4) && all.length > 1
          ? { edit: "remove-workflow", workflow: w.name }
          : { edit: "add-workflow", decl: this.workflow() };
    }
  }

  private fields(): WorkflowFields {
    switch (this.rng.int(6)) {
      case 4:
        return { preferences: this.rng.chance(0.2) ? null : this.preferences() };
      case 5:
        return {
          severity: this.rng.chance(0.2) ? null : this.rng.pick(["high", "medium", "low", "none"] as const),
        };
      case 0:
        return { title: `Flow ${this.rng.hex(4)}` };
      case 1:
        return { description: this.rng.chance(0.3) ? null : `About ${this.rng.hex(4)}` };
      case 2:
        return { tags: this.rng.chance(0.3) ? null : this.tags() };
      default:
        return { active: this.rng.pick([true, false, null]) };
    }
  }

  /** The out-of-band change riding along with an out-of-band group, if any (about half of them). */
  oob(m: WorkflowHolder): OobAction | undefined {
    if (!this.enabled || !this.rng.chance(0.55)) return undefined;
    const all = m.workflows ?? [];
    const kind = this.rng.weighted({ patch: 4, control: 3, delete: 2, foreign: 2 });
    if (kind === "foreign" || all.length === 0) return this.foreign();
    const w = this.rng.pick(all);
    if (kind === "delete") return { oob: "delete-workflow", workflow: w.name };
    if (kind === "control") {
      const step = this.rng.pick(w.steps);
      return {
        oob: "edit-workflow-control",
        workflow: w.name,
        step: step.name,
        controls: this.controls(step.type),
      };
    }
    const patch = this.rng.pick([
      { active: !(w.active ?? true) },
      { name: `Dashboard ${this.rng.hex(4)}` },
      { tags: this.tags() },
    ]);
    return { oob: "patch-workflow", workflow: w.name, patch };
  }

  /** The application edits one of its own workflows, or makes a new one. */
  private foreign(): OobAction {
    if (this.rng.chance(0.3))
      return { oob: "foreign-workflow", workflowId: `app-${this.tag}-${this.next("new")}`, patch: null };
    const workflowId = this.rng.pick(FOREIGN_WORKFLOW_IDS);
    const patch = this.rng.chance(0.5) ? { name: `App ${this.rng.hex(4)}` } : { tags: this.tags() };
    return { oob: "foreign-workflow", workflowId, patch };
  }

  /** A workflow to force-replace instead of the drawn resource, now and then. */
  replaceTarget(m: WorkflowHolder): string | undefined {
    const all = m.workflows ?? [];
    return this.enabled && all.length > 0 && this.rng.chance(0.3) ? this.rng.pick(all).name : undefined;
  }
}
