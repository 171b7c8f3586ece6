/**
 * The documented remedy for an object a failed or killed `up` made but did not record (the engine lost its
 * answer): the next `up` finds it under the declared explicit key and refuses to take it over, naming it and
 * `adopt: true` (each resource's guide). The runner applies it only after a failed run (./runner.ts
 * `adoptRemedy`), as a user would: `adopt: true` on every declaration a refusal of `output` names. Topics,
 * layouts and workflows by their explicit key; environment variables by key and environment
 * (./environment-variable-model.ts). Integrations keep their own remedy in the runner.
 */
import { variableAdoptRemedy } from "./environment-variable-model";
import type { ProgramModel } from "./model";

/** The refusals of explicitly keyed resources: the key each names. */
const REFUSALS = {
  topic: /topic "([^"]+)" already exists in the API key's environment and this resource did not create it/g,
  layout:
    /layout "([^"]+)" \(_id [^)]+\) already exists in the API key's environment and this resource did not create it/g,
  workflow:
    /workflow "([^"]+)" \(_id [^)]+\) already exists in the API key's environment and this resource did not create it/g,
} as const;

/** `m` with `adopt: true` on each declaration the refusals in `output` name, and what was adopted; undefined when none. */
export function keyedAdoptRemedy(
  m: ProgramModel,
  output: string,
): { model: ProgramModel; adopted: string[] } | undefined {
  const text = output.replace(/\s+/g, " ");
  const model = structuredClone(m);
  const adopted: string[] = [];
  const mark = (decl: { name: string; adopt?: boolean } | undefined, what: string) => {
    if (!decl || decl.adopt) return;
    decl.adopt = true;
    adopted.push(`${what} ${decl.name}`);
  };
  for (const [, key] of text.matchAll(REFUSALS.topic))
    mark(
      model.topics?.find((t) => t.key === key),
      `topic ${key}`,
    );
  for (const [, key] of text.matchAll(REFUSALS.layout))
    mark(
      model.layouts?.find((l) => l.layoutId === key),
      `layout ${key}`,
    );
  for (const [, key] of text.matchAll(REFUSALS.workflow))
    mark(
      model.workflows?.find((w) => w.workflowId === key),
      `workflow ${key}`,
    );
  const variables = variableAdoptRemedy(model, output);
  if (variables) {
    model.variables = variables.variables;
    adopted.push(...variables.adopted.map((v) => `variable ${v}`));
  }
  return adopted.length > 0 ? { model, adopted } : undefined;
}
