/**
 * Declared workflow fields the service answers otherwise, said in the engine's output instead of a silent
 * perpetual update: `isTranslationEnabled: true` is stored only by Novu's enterprise edition (its
 * translations module); elsewhere the answer is `false` (libs/application-generic/src/usecases/workflow/
 * create-workflow-v0 and update-workflow-v0, the template mapper).
 */
import type { Workflow } from "../../../sdk/schemas";
import type { WorkflowInputs } from "../../model/workflow-schema";
import { type EngineLog, engineLog } from "../shared/engine-log";

/** The warning for `isTranslationEnabled: true` answered `false`, or undefined when there is none. */
export function translationWarning(inputs: WorkflowInputs, stored: Workflow): string | undefined {
  if (inputs.isTranslationEnabled !== true || stored.isTranslationEnabled === true) return undefined;
  return (
    `svc: workflow "${stored.workflowId}": isTranslationEnabled: true was stored as false. Translations ` +
    "need Novu's enterprise edition (its translations module); this service does not store the flag, so " +
    "each `pulumi up` will try again. Leave isTranslationEnabled out (or false) on this service."
  );
}

/** Warns in the engine's output about each declared field the service did not store (best effort). */
export async function warnUnstoredFields(
  inputs: WorkflowInputs,
  stored: Workflow,
  log: EngineLog | undefined = engineLog(),
): Promise<void> {
  const warning = translationWarning(inputs, stored);
  if (warning !== undefined) await log?.warn(warning);
}
