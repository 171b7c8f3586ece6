/**
 * The model-based convergence suite (issue 18): a seeded generator of programs and scripts (./generator.ts),
 * an oracle that computes the expected service state without provider code (./oracle.ts), a runner that
 * drives the real Pulumi CLI against a fresh emulator (./runner.ts), and shrinking with a replayable
 * literal (./shrink.ts). Used by test/engine/convergence.test.ts (fixed seeds), test/engine/two-stacks.test.ts
 * and bench/convergence.ts (the soak).
 *
 * ```ts
 * const script = generateScript(7, { steps: 10 });
 * const report = await runScript(script, { binDir: await ensurePulumiCli() });
 * report.divergences; // [] when the service converged at every step
 * ```
 */

export { VariableDraws } from "./environment-variable-generator";
export * from "./environment-variable-model";
export { createForeignVariables, writeApplicationVariable } from "./environment-variable-oob";
export {
  checkForeignVariables,
  checkVariables,
  driftStillApplying,
  environmentKeys,
  expectedValue,
  type ForeignVariableValue,
  type LiveVariable,
  readVariables,
  SECRET_MASK,
  type SecretDrift,
  type VariableContext,
} from "./environment-variable-oracle";
export {
  type GenerateOptions,
  GROUP_WEIGHTS,
  generateScript,
  type StepGroup,
  SUBSCRIBERS,
} from "./generator";
export { Lane, type LaneRuntime, pluginBinDir, secretsOf } from "./lane";
export * from "./layout-model";
export { LayoutTopicDraws } from "./layout-topic-generator";
export {
  checkForeignLayoutsTopics,
  checkLayouts,
  checkTopics,
  type ForeignSubscription,
  type LayoutTopicContext,
  type LayoutTopicSnapshot,
  type LiveLayout,
  type LiveTopic,
  layoutIdOf,
  readLayoutsTopics,
  topicKeyOf,
  withLayoutIds,
} from "./layout-topic-oracle";
export * from "./model";
export {
  type CheckOptions,
  checkForeign,
  checkService,
  defaultIdentifier,
  type ForeignEntry,
  foreignEntriesOf,
  isInert,
  meaningful,
  type OracleContext,
  type OracleResult,
  readService,
  type ServiceSnapshot,
  type StackView,
  sameCredentials,
} from "./oracle";
export { renderProgram } from "./program";
export { PLUGIN_TYPES, renderYamlProgram, type YamlTarget } from "./program-yaml";
export { type Divergence, type RunOptions, type RunReport, runScript } from "./runner";
export { describeStep, type Fault, type OobAction, type Script, type Step } from "./script";
export { formatFailure, type ShrinkResult, shrinkScript } from "./shrink";
export { StepIdWatch } from "./step-id-watch";
export * from "./topic-model";
export { FOREIGN_WORKFLOW_IDS, WorkflowDraws } from "./workflow-generator";
export * from "./workflow-model";
export {
  checkForeignWorkflows,
  checkWorkflows,
  type ForeignWorkflow,
  type LiveStep,
  type LiveWorkflow,
  liveOf,
  liveWorkflowOf,
  stepDifferences,
  workflowIdMatches,
} from "./workflow-oracle";

import { type RunOptions, type RunReport, runScript } from "./runner";
import type { Script } from "./script";
import { formatFailure, shrinkScript } from "./shrink";

/** Runs `script`; on a divergence, shrinks it (within `maxShrinkRuns` re-runs) and returns the printed failure. */
export async function runAndShrink(
  script: Script,
  opts: RunOptions & { maxShrinkRuns: number },
): Promise<{ report: RunReport; failure?: string }> {
  const report = await runScript(script, opts);
  if (report.divergences.length === 0) return { report };
  const quiet: RunOptions = { binDir: opts.binDir, ...(opts.runtime ? { runtime: opts.runtime } : {}) };
  const shrunk = await shrinkScript(script, report, (s) => runScript(s, quiet), {
    maxRuns: opts.maxShrinkRuns,
    ...(opts.log ? { log: opts.log } : {}),
  });
  return { report, failure: formatFailure(script, shrunk) };
}

/** The script in `CONVERGENCE_REPLAY` (a JSON literal), if set. */
export function replayFromEnv(env: NodeJS.ProcessEnv = process.env): Script | undefined {
  const text = env["CONVERGENCE_REPLAY"];
  return text ? (JSON.parse(text) as Script) : undefined;
}
