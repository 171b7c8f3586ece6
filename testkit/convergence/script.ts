import type { VariableOob } from "./environment-variable-model";
import type { LayoutOob } from "./layout-model";
import type { Edit, EntryValue, ForeignIdentifier, ProgramModel } from "./model";
import type { TopicOob } from "./topic-model";
import type { Controls } from "./workflow-model";

/** The emulator fault a faulted `up` runs under. */
export type Fault = "fail" | "drop" | "rate-limit";

/**
 * A change made outside Pulumi, over raw HTTP: to what the program declares, or (`foreign-entry`) the
 * application writing a subscriber's entry on one of its own integrations (`value` null: clearing it).
 * On workflows: a PATCH of a declared one's fields, a control of one of its steps edited through a PUT (as
 * the dashboard saves it, every step sent with its `_id`), a declared one deleted, and the application
 * patching one of its own workflows or (`patch` null) making a new one.
 */
export type OobAction =
  | { oob: "delete-integration"; integration: string }
  | { oob: "recreate-integration"; integration: string; secret: string }
  | { oob: "change-integration"; integration: string; title: string; deactivate: boolean }
  | { oob: "set-entry"; integration: string; subscriberId: string; value: EntryValue }
  | { oob: "clear-entry"; integration: string; subscriberId: string }
  | { oob: "foreign-entry"; identifier: ForeignIdentifier; subscriberId: string; value: EntryValue | null }
  | { oob: "patch-workflow"; workflow: string; patch: WorkflowPatch }
  | { oob: "edit-workflow-control"; workflow: string; step: string; controls: Controls }
  | { oob: "delete-workflow"; workflow: string }
  | { oob: "foreign-workflow"; workflowId: string; patch: WorkflowPatch | null }
  | LayoutOob
  | TopicOob
  | VariableOob;

/** The fields an out-of-band PATCH of a workflow changes. */
export interface WorkflowPatch {
  active?: boolean;
  name?: string;
  tags?: string[];
}

/** One step of a script. Steps naming a resource that no longer exists are skipped (shrinking drops setup). */
export type Step =
  | { op: "edit"; edit: Edit }
  | { op: "up" }
  | { op: "up-replace"; resource: string }
  | { op: "up-target"; resource: string }
  | { op: "up-faults"; fault: Fault }
  | { op: "kill-up" }
  | { op: "refresh" }
  | { op: "destroy" }
  | { op: "oob"; action: OobAction };

/** A generated (or shrunk) run: a starting program and the steps that follow. JSON, replayable as it is. */
export interface Script {
  seed: number;
  /** Prefix of every name, identifier and secret value the script makes (unique per stack in one environment). */
  tag: string;
  initial: ProgramModel;
  steps: Step[];
}

/** One line per step, for reports. */
export function describeStep(s: Step): string {
  switch (s.op) {
    case "edit":
      return `edit ${JSON.stringify(s.edit)}`;
    case "up-replace":
    case "up-target":
      return `${s.op} ${s.resource}`;
    case "up-faults":
      return `up under ${s.fault} faults`;
    case "oob":
      return `out-of-band ${JSON.stringify(s.action)}`;
    default:
      return s.op;
  }
}
