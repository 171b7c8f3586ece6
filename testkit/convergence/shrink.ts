/**
 * Shrinking a failing convergence script: cut everything after the first divergent step, then drop chunks
 * of steps (halves, quarters, ..., single steps) while the run still diverges the same way, within a budget
 * of re-runs. The result is printed as a literal a test replays (`CONVERGENCE_REPLAY`).
 */
import type { RunReport } from "./runner";
import { describeStep, type Script } from "./script";

/** Options of {@link shrinkScript}. */
export interface ShrinkOptions {
  /** Re-runs allowed (each is a whole run under the real CLI). */
  maxRuns: number;
  log?: (line: string) => void;
}

/** The shrunk script, the report of its last failing run, and how many re-runs it took. */
export interface ShrinkResult {
  script: Script;
  report: RunReport;
  runs: number;
}

const firstKind = (r: RunReport) => r.divergences[0]?.kind;

/** Shrinks `script` (which failed with `report`) with `run`; the result still fails with the same first kind. */
export async function shrinkScript(
  script: Script,
  report: RunReport,
  run: (s: Script) => Promise<RunReport>,
  opts: ShrinkOptions,
): Promise<ShrinkResult> {
  const kind = firstKind(report);
  const failing = report.divergences[0]?.step ?? script.steps.length - 1;
  let best: ShrinkResult = {
    script: { ...script, steps: script.steps.slice(0, failing + 1) },
    report,
    runs: 0,
  };
  let runs = 0;
  for (
    let size = Math.max(1, Math.floor(best.script.steps.length / 2));
    size >= 1;
    size = Math.floor(size / 2)
  ) {
    for (let at = 0; at < best.script.steps.length - 1 && runs < opts.maxRuns; ) {
      const steps = [...best.script.steps.slice(0, at), ...best.script.steps.slice(at + size)];
      if (steps.length === 0) break;
      const candidate: Script = { ...best.script, steps };
      runs++;
      const r = await run(candidate);
      opts.log?.(`shrink run ${runs}: ${steps.length} steps -> ${firstKind(r) ?? "no divergence"}`);
      if (firstKind(r) === kind) {
        const last = r.divergences[0]!.step;
        best = { script: { ...candidate, steps: candidate.steps.slice(0, last + 1) }, report: r, runs };
      } else at += size;
    }
    if (size === 1 || runs >= opts.maxRuns) break;
  }
  return { ...best, runs };
}

/** A failing run as text: seed, divergences, the shrunk steps and the replay literal. */
export function formatFailure(original: Script, result: ShrinkResult): string {
  const lines = [
    `convergence: seed ${original.seed} diverged (shrunk from ${original.steps.length} to ${result.script.steps.length} steps in ${result.runs} re-runs)`,
    ...result.report.divergences.map((d) => `  step ${d.step} (${d.what}): ${d.kind}: ${d.detail}`),
    "steps:",
    ...result.script.steps.map((s, i) => `  ${i}. ${describeStep(s)}`),
    "replay:",
    `  CONVERGENCE_REPLAY='${JSON.stringify(result.script)}' npx vitest run test/engine/convergence.test.ts`,
  ];
  return lines.join("\n");
}
