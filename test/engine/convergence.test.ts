/**
 * The convergence suite under the real Pulumi engine (issue 18, item 2): fixed seeds of the generator in
 * testkit/convergence, each a program and a script of edits, forced replacements, --target, refresh,
 * destroy, a SIGKILLed up, out-of-band changes and faulted ups, held after every step to an oracle that
 * imports no provider code. On a divergence the test prints the seed, the shrunk script and the literal
 * to replay it:
 *
 *   CONVERGENCE_REPLAY='<json>' npx vitest run test/engine/convergence.test.ts
 *   CONVERGENCE_SEEDS=1,2,3 npx vitest run test/engine/convergence.test.ts    # other seeds
 *
 * Needs `npm run build` first.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { generateScript, replayFromEnv, runAndShrink, type Script } from "../../testkit/convergence";
import { ENGINE_TIMEOUT_MS, ensurePulumiCli, skipEngine } from "../../testkit/pulumi-cli";

/** Seeds run by `npm test`; each seed's script finds the case 1 on code without the fix. */
const CI_SEEDS = [3, 7, 8];
/** Steps per CI seed (a group of steps is never cut; a final destroy is added). */
const CI_STEPS = 9;
/** Re-runs a failing seed may spend on shrinking in CI. */
const CI_SHRINK_RUNS = 3;

let binDir: string;

const seeds = (process.env["CONVERGENCE_SEEDS"] ?? CI_SEEDS.join(",")).split(",").filter(Boolean).map(Number);

async function expectConverges(script: Script): Promise<void> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const { report, failure } = await runAndShrink(script, { binDir, log, maxShrinkRuns: CI_SHRINK_RUNS });
  if (failure) process.stderr.write(`\n${failure}\n\n`);
  expect(report.stepsRun).toBeGreaterThan(0);
  expect(report.divergences, failure).toEqual([]);
}

describe.skipIf(skipEngine("convergence"))(
  "convergence under the real engine",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      binDir = await ensurePulumiCli();
    }, ENGINE_TIMEOUT_MS);

    const replay = replayFromEnv();
    if (replay) {
      it(`replays CONVERGENCE_REPLAY (seed ${replay.seed})`, () => expectConverges(replay));
      return;
    }
    for (const seed of seeds) {
      it(`seed ${seed}: the service matches the program after every step`, () =>
        expectConverges(generateScript(seed, { steps: CI_STEPS })));
    }
  },
);
