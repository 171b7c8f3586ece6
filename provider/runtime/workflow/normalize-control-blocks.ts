/**
 * The plugin's form of a Workflow's steps made the stored form, before check: a step's typed control block
 * (`email: { subject }` on an email step, `inApp`, `httpRequest`, ...: provider/model/workflow-schema.ts
 * `workflowPluginStepSchema`) becomes its `controls`, so the checked inputs, the state, the diff and the previews
 * speak of `controls` only, as they did before the blocks existed (a stack whose program moves from
 * `controls:` to `email:` previews clean, with no write). Refused before any request, naming the field: a
 * block of another type than the step's, and a step with both `controls` and its block. The failures check
 * reports afterwards about the block's values are renamed to name the block (`email.subject`, not
 * `controls.subject`). The dynamic resources of TypeScript programs declare typed `controls` and never go
 * through here: a block on their steps stays an unknown field.
 */
import type { CheckFailure } from "../../model/pulumi-results";
import { isJsonObject, isUnknown, UNKNOWN } from "../../model/values";
import { CONTROL_BLOCKS, WORKFLOW_STEP_TYPES, type WorkflowStepType } from "../../model/workflow-schema";

type Props = Record<string, unknown>;

const BLOCK_KEYS: readonly string[] = Object.values(CONTROL_BLOCKS);

/** The plugin's inputs made the stored form, the refusals, and how to name check's failures after the blocks. */
export interface ControlBlockNormalization {
  /** The inputs with every step's block moved into its `controls` (unchanged where refused). */
  inputs: Props;
  /** The refusals (a block of another type, both `controls` and the block); none when normalized. */
  failures: CheckFailure[];
  /** check's failures with `controls.<x>` of a step declared with its block named `<block>.<x>`. */
  named(failures: readonly CheckFailure[]): CheckFailure[];
}

/** Whether a step's property holds something: an empty `controls` map carries nothing to conflict with. */
function isSet(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  return !(isJsonObject(v) && Object.keys(v).length === 0);
}

/** How a refusal names a step, as check does: `steps[1] "Notify CRM"`. */
function label(step: Props, index: number): string {
  const { name } = step;
  return typeof name === "string" && !isUnknown(name) ? `steps[${index}] "${name}"` : `steps[${index}]`;
}

/** One step made the stored form: the step, the block its controls came from, the refusals. */
interface NormalizedStep {
  step: Props;
  from?: string;
  failures: string[];
}

/**
 * One step: its own block moved into `controls`, or the refusals. While its type is not known (a preview),
 * its one block is taken for its controls; with more than one, its controls are not known yet either (check
 * skips them; `up` checks them with the type known).
 */
function normalizeStep(step: Props, index: number): NormalizedStep {
  const present = BLOCK_KEYS.filter((key) => isSet(step[key]));
  const rest = Object.fromEntries(Object.entries(step).filter(([key]) => !BLOCK_KEYS.includes(key)));
  const { type } = step;
  if (isUnknown(type)) {
    const [only] = present;
    if (present.length === 0 || isSet(step.controls)) return { step: rest, failures: [] };
    return { step: { ...rest, controls: present.length === 1 && only ? step[only] : UNKNOWN }, failures: [] };
  }
  // A type that is no step type: check names the type; the blocks then carry nothing to check.
  if (typeof type !== "string" || !(WORKFLOW_STEP_TYPES as readonly string[]).includes(type))
    return { step: rest, failures: [] };
  const own = CONTROL_BLOCKS[type as WorkflowStepType];
  const at = label(step, index);
  const failures = present
    .filter((key) => key !== own)
    .map((key) => `${at}: ${key}: set for a step of type ${type} (use ${own}, or change type)`);
  if (present.includes(own) && isSet(step.controls)) failures.push(`${at}: set controls or ${own}, not both`);
  if (failures.length > 0) return { step, failures };
  if (!present.includes(own)) return { step: rest, failures };
  return { step: { ...rest, controls: step[own] }, from: own, failures };
}

/**
 * A Workflow's inputs as the plugin's schema declares them, made the stored form (see the file header). Steps
 * not yet known (a preview) are left as they are; check skips them the same way.
 */
export function normalizeControlBlocks(news: Props): ControlBlockNormalization {
  const renames: { prefix: string; named: string }[] = [];
  const failures: CheckFailure[] = [];
  const { steps } = news;
  const normalized = !Array.isArray(steps)
    ? steps
    : steps.map((step, index) => {
        if (!isJsonObject(step)) return step;
        const one = normalizeStep(step, index);
        if (one.from !== undefined) {
          const at = label(step, index);
          renames.push({ prefix: `${at}: controls.`, named: `${at}: ${one.from}.` });
        }
        failures.push(...one.failures.map((reason) => ({ property: "", reason })));
        return one.step;
      });
  return {
    inputs: Array.isArray(steps) ? { ...news, steps: normalized } : news,
    failures,
    named: (checked) => checked.map((f) => namedAfterBlock(f, renames)),
  };
}

/**
 * A failure of check about `controls.<x>` of a step declared with its block (`steps[0] "Welcome":
 * controls.subject: ...`), named after the block (`steps[0] "Welcome": email.subject: ...`).
 */
function namedAfterBlock(
  failure: CheckFailure,
  renames: readonly { prefix: string; named: string }[],
): CheckFailure {
  const rename = renames.find((r) => failure.reason.startsWith(r.prefix));
  if (rename === undefined) return failure;
  return { ...failure, reason: `${rename.named}${failure.reason.slice(rename.prefix.length)}` };
}
