/**
 * The convergence suite under the real Pulumi engine (issue 18, item 2): fixed seeds of the generator in
 * testkit/convergence, each a program and a script of edits, forced replacements, --target, refresh,
 * destroy, a SIGKILLed up, out-of-band changes (among them the application writing its own entries beside
 * the stack's) and faulted ups, held after every step to an oracle that imports no provider code and judges
 * the service's real channel-entry semantics (entries bound by `_integrationId` alone, writes to the newest
 * active integration of a provider, DELETE of a providerId removing every entry of it): the application's
 * entries stay exactly as written, each declared entry is bound to its integration with exactly the declared
 * credentials, every other entry of the stack is inert, and a destroy leaves no credentials behind (see the
 * rules in testkit/convergence/oracle.ts). On a divergence the test prints the seed, the shrunk script and
 * the literal to replay it:
 *
 *   CONVERGENCE_REPLAY='<json>' npx vitest run test/engine/convergence.test.ts
 *   CONVERGENCE_SEEDS=1,2,3 [CONVERGENCE_STEPS=9] npx vitest run test/engine/convergence.test.ts  # other seeds
 *
 * One more seed runs as a Pulumi YAML program through the provider plugin (testkit/convergence/program-yaml.ts,
 * the plugin of this repository's build), held to the same oracle: `CONVERGENCE_RUNTIME=yaml` runs the seeds
 * of CONVERGENCE_SEEDS (or CONVERGENCE_REPLAY) that way too.
 *
 * Needs `npm run build` first. The oracle and generator alone: test/convergence (no CLI).
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  generateScript,
  type LaneRuntime,
  replayFromEnv,
  runAndShrink,
  type Script,
} from "../../testkit/convergence";
import { ENGINE_TIMEOUT_MS, ensurePulumiCli, skipEngine } from "../../testkit/pulumi-cli";

/**
 * Seeds run by `npm test`, each with its number of steps (a group of steps is never cut; a final destroy is
 * added), chosen by what their scripts hold (read from the generator, see test/convergence):
 * - 15: two active fcm integrations with a resource on each and one without identifier (on the newer);
 *   the newer deleted out of band, refresh, up (the entry without identifier moves to the older one, the
 *   deleted one's entries become inert); a chat webhook URL changed; a resource without identifier on the
 *   chat provider; an identifier change and a rename without alias;
 * - 31: two fcm with a resource without identifier, the push integration recreated out of band, the
 *   application writing its own slack entry for a subscriber the stack writes too, `up --replace` of a
 *   SubscriberCredentials, a set added and its integration's provider changed (fcm to apns) in one up;
 * - 20 (5 steps): two fcm, a resource without identifier, a set added and edited, then a SIGKILLed `up`,
 *   `cancel` and `up`;
 * - 49: sets with chat entries (a webhook URL, then a channel without webhook URL), destroy and up again, the
 *   application rewriting its fixture fcm entry of a subscriber the stack also writes, refresh, up, destroy.
 * Workflows ride along in each (testkit/convergence/workflow-generator.ts; the steps above are unchanged by
 * them), beside the application's own two: 15 has two (delay/SMS, email/throttle), one deleted out of band
 * then refreshed and recreated, a step moved; 31 one with an explicit and one with a default workflowId (all
 * of digest, email, in-app, SMS, throttle, custom); 20 a custom/SMS/chat one whose controls are edited twice;
 * 49 two (digest, in-app, delay, throttle, custom) with a field edited, a step removed, one deleted out of
 * band; 80 (YAML) a digest/push one through `svc:index:Workflow`. Layouts and topics ride along too, from a
 * sequence of their own (testkit/convergence/layout-topic-generator.ts): one or two layouts (often named by
 * an email step of a declared workflow) and one or two topics with their TopicSubscriptions in each starting
 * program; their edits join the edit batches and their out-of-band changes (a layout's content edited in the
 * dashboard, the application subscribing its own subscribers to a topic) the out-of-band groups.
 */
/*
 * 31 and 49 (9 steps each) left CI to keep its run within budget when the environment-variable, settings,
 * export and TypeScript engine tests came: `CONVERGENCE_SEEDS=31,49 npx vitest run
 * test/engine/convergence.test.ts` runs them, and the soak (bench/convergence.ts) runs many more.
 * 20 (5 steps, ending in a killed `up`) left CI on 2026-11-28 after an `up` after the kill failed with
 * `failed to load checkpoint: EOF` though no checkpoint was cut. The cause is the CLI's storage: the file
 * backend (gocloud.dev fileblob) writes each state file through a temporary file and a rename, but its
 * metadata sidecar `<file>.attrs` in place, and a kill between truncating and writing it leaves it empty,
 * which every later read answers with EOF (test/engine/cut-sidecar.test.ts shows the exact error). The
 * runner now takes the user's remedy of docs/known-limits.md (testkit/convergence/cut-sidecars.ts: delete
 * the empty sidecar), and a killed `up` is back in CI with 406, in the place of 154 (4 steps), whose
 * variable steps it carries: `CONVERGENCE_SEEDS=154 CONVERGENCE_STEPS=4` and `CONVERGENCE_SEEDS=20
 * CONVERGENCE_STEPS=5` run those.
 */
/*
 * Environment variables (testkit/convergence/environment-variable-generator.ts) ride along in every seed of
 * CONVERGENCE_SEEDS and of the soak; in CI only in seed 406 (5 steps), the others run without them to keep
 * their time: API_BASE-like plain keys and secret keys declared in development (the stack's key) and
 * production (a second svc.Provider) sharing their records, a development-only secret key; a value edited
 * and every production value dropped in an `up` that is SIGKILLed after its first write, then `cancel` and
 * `up`; then a secret value edited in the dashboard beside a layout's content and an application's entry,
 * refresh (which must say it cannot see it), up (the service keeps the dashboard's value: the documented
 * limit, held exactly), destroy (only the application's variables left). Its integrations: a provider
 * changed (a replace) and one removed in the killed `up`.
 */
/** One seed to run: its steps, runtime, and whether environment variables ride along (default true). */
interface SeedRun {
  seed: number;
  steps: number;
  runtime?: LaneRuntime;
  variables?: boolean;
}

const CI_RUNS: readonly SeedRun[] = [
  { seed: 15, steps: 9, variables: false },
  // As a Pulumi YAML program through the plugin (5 steps): three integrations with default identifiers (two
  // fcm), credentials on each and one without identifier, a set of chat entries; a rename with alias (a URN
  // alias in YAML) and an identifier change in one up, then destroy.
  { seed: 80, steps: 4, runtime: "yaml", variables: false },
  // Ends its edits in a SIGKILLed `up` (see above), then out-of-band changes, refresh, up, destroy.
  { seed: 406, steps: 5 },
];
/** The runtime of the seeds given in CONVERGENCE_SEEDS or CONVERGENCE_REPLAY (default nodejs). */
const ENV_RUNTIME: LaneRuntime = process.env["CONVERGENCE_RUNTIME"] === "yaml" ? "yaml" : "nodejs";
/** Steps per seed given in CONVERGENCE_SEEDS (or CONVERGENCE_STEPS). */
const DEFAULT_STEPS = Number(process.env["CONVERGENCE_STEPS"] ?? 9);
/** Re-runs a failing seed may spend on shrinking in CI. */
const CI_SHRINK_RUNS = 3;

let binDir: string;

const runs: readonly SeedRun[] = process.env["CONVERGENCE_SEEDS"]
  ? process.env["CONVERGENCE_SEEDS"]
      .split(",")
      .filter(Boolean)
      .map((seed) => ({ seed: Number(seed), steps: DEFAULT_STEPS, runtime: ENV_RUNTIME }))
  : CI_RUNS;

async function expectConverges(script: Script, runtime: LaneRuntime = "nodejs"): Promise<void> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const opts = { binDir, log, maxShrinkRuns: CI_SHRINK_RUNS, runtime };
  const { report, failure } = await runAndShrink(script, opts);
  for (const note of report.notes) log(`[${script.tag}] note: ${note}`);
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
      it(`replays CONVERGENCE_REPLAY (seed ${replay.seed}, ${ENV_RUNTIME})`, () =>
        expectConverges(replay, ENV_RUNTIME));
      return;
    }
    for (const { seed, steps, runtime, variables } of runs) {
      const as = runtime === "yaml" ? " as Pulumi YAML through the plugin" : "";
      const vars = variables === false ? "" : ", with environment variables";
      it(`seed ${seed} (${steps} steps${vars})${as}: the service matches the program after every step`, () =>
        expectConverges(
          generateScript(seed, { steps, ...(variables === false ? { variables } : {}) }),
          runtime,
        ));
    }
  },
);
