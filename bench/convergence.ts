/**
 * The convergence soak (issue 18): many seeds of testkit/convergence's generator under the real Pulumi CLI,
 * each script held to the oracle after every step (the service's real channel-entry semantics: the
 * application's entries kept exactly, declared entries bound and exact, the stack's others inert, nothing
 * left holding credentials after a destroy; rules in testkit/convergence/oracle.ts). Reports steps, `up`s, objects checked and divergences
 * (target 0); a divergent seed is shrunk and printed with its replay literal.
 *
 *   npm run bench -- --only=convergence
 *   node dist/bench/convergence.js [--seeds=20] [--steps=16] [--first-seed=1000] [--verbose]
 *     [--no-variables]         # leave environment variables out (they ride along by default: development
 *                              # and production values, dashboard edits, the application's own variables)
 *     [--without=oob,kill]     # leave step groups out, e.g. to look past a known divergence
 *                              # (groups: edit, oob, replace, target, faults, kill, destroy; the
 *                              # application's own entry writes are part of oob)
 *
 * Needs the Pulumi CLI (scripts/install-pulumi.sh) and the build.
 */
import {
  GROUP_WEIGHTS,
  generateScript,
  type RunReport,
  runAndShrink,
  type StepGroup,
} from "../testkit/convergence";
import { ensurePulumiCli } from "../testkit/pulumi-cli";
import { formatTable } from "./lib/table";
import { type BenchResult, exitWithVerdict, printVerdict, target, verdictOf } from "./lib/verdict";

/** Settings of {@link run}. */
export interface ConvergenceOptions {
  /** Seeds to run (default 20). */
  seeds?: number;
  /** Steps per seed, at least (default 16). */
  steps?: number;
  /** First seed (default 1000: apart from the CI seeds). */
  firstSeed?: number;
  /** Re-runs a divergent seed may spend on shrinking (default 4). */
  shrinkRuns?: number;
  /** Weights of the generator's step groups (default: the generator's). */
  weights?: Partial<Record<StepGroup, number>>;
  /** Draw environment variables (default true; `--no-variables` turns them off). */
  variables?: boolean;
}

/** The soak's figures. */
export interface ConvergenceResult extends BenchResult {
  seeds: number;
  steps: number;
  ups: number;
  objectsChecked: number;
  divergences: number;
  /** Printed failures (seed, shrunk script, replay literal) of the divergent seeds. */
  failures: string[];
  durationMs: number;
}

/** `--without=oob,kill`: those step groups get weight 0. */
function weightsArg(): Partial<Record<StepGroup, number>> {
  const a = process.argv.find((x) => x.startsWith("--without="));
  const out: Partial<Record<StepGroup, number>> = {};
  for (const name of a?.slice("--without=".length).split(",") ?? [])
    if (name in GROUP_WEIGHTS) out[name as StepGroup] = 0;
  return out;
}

function argNumber(name: string): number | undefined {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a === undefined ? undefined : Number(a.slice(name.length + 3));
}

/** Runs the soak and returns (and prints) its figures and verdict. */
export async function run(options: ConvergenceOptions = {}): Promise<ConvergenceResult> {
  const seeds = options.seeds ?? argNumber("seeds") ?? 20;
  const steps = options.steps ?? argNumber("steps") ?? 16;
  const first = options.firstSeed ?? argNumber("first-seed") ?? 1000;
  const binDir = await ensurePulumiCli();
  const t0 = performance.now();
  const reports: RunReport[] = [];
  const failures: string[] = [];
  for (let seed = first; seed < first + seeds; seed++) {
    const variables = options.variables ?? !process.argv.includes("--no-variables");
    const script = generateScript(seed, { steps, weights: options.weights ?? weightsArg(), variables });
    const { report, failure } = await runAndShrink(script, {
      binDir,
      maxShrinkRuns: options.shrinkRuns ?? 4,
    });
    reports.push(report);
    if (failure) {
      failures.push(failure);
      console.log(`\n${failure}\n`);
    }
    console.log(
      `seed ${seed}: ${report.stepsRun} steps, ${report.ups} ups, ${report.objectsChecked} objects checked, ${report.divergences.length} divergences (${(report.durationMs / 1000).toFixed(0)} s)`,
    );
  }
  return summarize(reports, failures, performance.now() - t0);
}

function summarize(reports: RunReport[], failures: string[], durationMs: number): ConvergenceResult {
  const sum = (f: (r: RunReport) => number) => reports.reduce((n, r) => n + f(r), 0);
  const steps = sum((r) => r.stepsRun);
  const ups = sum((r) => r.ups);
  const objectsChecked = sum((r) => r.objectsChecked);
  const divergences = sum((r) => r.divergences.length);
  const rows = [
    ["seeds", String(reports.length)],
    ["steps run", String(steps)],
    ["ups", String(ups)],
    ["objects checked", String(objectsChecked)],
    ["divergences", String(divergences)],
    ["wall time", `${(durationMs / 1000).toFixed(0)} s`],
  ];
  console.log(`\n${formatTable(["figure", "value"], rows)}`);
  const verdict = verdictOf([
    target("seeds", String(reports.length), ">= 20", reports.length >= 20),
    target("steps run", String(steps), ">= 300", steps >= 300),
    target("objects checked", String(objectsChecked), "> 0", objectsChecked > 0),
    target("divergences", String(divergences), "0", divergences === 0, failures[0]?.split("\n")[1]),
  ]);
  printVerdict(verdict);
  return {
    seeds: reports.length,
    steps,
    ups,
    objectsChecked,
    divergences,
    failures,
    durationMs,
    verdict,
  };
}

if (require.main === module) exitWithVerdict(run());
