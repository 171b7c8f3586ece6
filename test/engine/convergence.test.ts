/**
 * The convergence suite under the real Pulumi engine (issue 18, item 2): fixed seeds of the generator in
 * testkit/convergence, each a program and a script of edits, forced replacements, --target, refresh,
 * destroy, a SIGKILLed up, out-of-band changes and faulted ups, held after every step to an oracle that
 * imports no provider code. On a divergence the test prints the seed, the shrunk script and the literal
 * to replay it:
 *
 *   CONVERGENCE_REPLAY='<json>' npx vitest run test/engine/convergence.test.ts
 *   CONVERGENCE_SEEDS=1,2,3 [CONVERGENCE_STEPS=9] npx vitest run test/engine/convergence.test.ts  # other seeds
 *
 * Needs `npm run build` first.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { generateScript, replayFromEnv, runAndShrink, type Script } from "../../testkit/convergence";
import { ENGINE_TIMEOUT_MS, ensurePulumiCli, skipEngine } from "../../testkit/pulumi-cli";

/**
 * Seeds run by `npm test`, each with its number of steps (a group of steps is never cut; a final destroy is
 * added), chosen to cover the paths within about 5 minutes on a 2-core machine:
 * - 8: the case 1 and its set variant (the push integration deleted out of band, refresh, up: seed 8
 *   finds case 1 at step 3 on the code before the fix, ab3599c), `up --replace` of a SubscriberCredentials,
 *   an up under failing requests, and a destroy beside a fixture entry of the same provider;
 * - 12: `up --replace` of an integration with an explicit identifier, out-of-band field change and cleared
 *   entry, a rename with alias, a SIGKILLed `up` then `cancel` and `up`;
 * - 3 (4 steps): an integration recreated out of band under the same identifier, refresh, up;
 * - 16 (3 steps): up, destroy, up, destroy, where the subscriber keeps a fixture entry of the same provider
 *   (a destroy must remove the stack's entries, not empty them, and leave the fixtures exactly).
 */
const CI_RUNS: readonly { seed: number; steps: number }[] = [
  { seed: 8, steps: 9 },
  { seed: 12, steps: 9 },
  { seed: 3, steps: 4 },
  { seed: 16, steps: 3 },
];
/** Steps per seed given in CONVERGENCE_SEEDS (or CONVERGENCE_STEPS). */
const DEFAULT_STEPS = Number(process.env["CONVERGENCE_STEPS"] ?? 9);
/** Re-runs a failing seed may spend on shrinking in CI. */
const CI_SHRINK_RUNS = 3;

let binDir: string;

const runs = process.env["CONVERGENCE_SEEDS"]
  ? process.env["CONVERGENCE_SEEDS"]
      .split(",")
      .filter(Boolean)
      .map((seed) => ({ seed: Number(seed), steps: DEFAULT_STEPS }))
  : CI_RUNS;

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
    for (const { seed, steps } of runs) {
      it(`seed ${seed} (${steps} steps): the service matches the program after every step`, () =>
        expectConverges(generateScript(seed, { steps })));
    }
  },
);
