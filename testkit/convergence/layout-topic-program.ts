/**
 * The layouts and topics of a convergence model as program inputs, written once for both renderings
 * (./program.ts, ./program-yaml.ts): a layout's inputs, a topic's, a TopicSubscriptions' (its topic by
 * reference), and which workflow steps take a layout's `layoutId` by reference (so the engine orders them).
 */
import { type LayoutDecl, layoutUsesOf } from "./layout-model";
import type { ProgramModel } from "./model";
import type { TopicDecl } from "./topic-model";

/** The inputs of a declared layout, as both renderings write them. */
export function layoutInputs(l: LayoutDecl): [string, unknown][] {
  const inputs: [string, unknown][] = [];
  if (l.layoutId !== undefined) inputs.push(["layoutId", l.layoutId]);
  inputs.push(["name", l.title], ["content", { body: l.body, editorType: l.editorType }]);
  if (l.adopt) inputs.push(["adopt", true]);
  return inputs;
}

/** The inputs of a declared topic, as both renderings write them. */
export function topicInputs(t: TopicDecl): [string, unknown][] {
  const inputs: [string, unknown][] = [];
  if (t.key !== undefined) inputs.push(["key", t.key]);
  inputs.push(["name", t.title]);
  if (t.forceDestroy !== undefined) inputs.push(["forceDestroy", t.forceDestroy]);
  if (t.adopt) inputs.push(["adopt", true]);
  return inputs;
}

/** The layout resource name each (workflow, step) takes its `layoutId` from. */
export function layoutOfStep(m: ProgramModel): (workflow: string, step: string) => string | undefined {
  const uses = layoutUsesOf(m);
  return (workflow, step) => uses.find((u) => u.workflow === workflow && u.step === step)?.layout;
}
