/**
 * Reliability and security figures (issue 7): runs the scenarios of testkit/scenarios (the same code the tests
 * assert on) and prints one table of figures against their targets.
 *
 *   node dist/bench/reliability.js
 *
 * Needs the build (the secrets scenario drives the real dynamic-provider host, which loads dist).
 */
import { badInput } from "../testkit/scenarios/bad-input";
import { brokenServers } from "../testkit/scenarios/broken-servers";
import { isolation } from "../testkit/scenarios/isolation";
import { lifecycleFaults } from "../testkit/scenarios/lifecycle-faults";
import { lostAnswers } from "../testkit/scenarios/lost-answers";
import { mutatedResponses } from "../testkit/scenarios/mutated-responses";
import { permanentErrors } from "../testkit/scenarios/permanent-errors";
import { rateLimits } from "../testkit/scenarios/rate-limits";
import { secretsEcho } from "../testkit/scenarios/secrets-echo";
import { secretsExamples } from "../testkit/scenarios/secrets-examples";
import { secretsLifecycle } from "../testkit/scenarios/secrets-lifecycle";
import { formatTable } from "./lib/table";
import { type BenchResult, exitWithVerdict, printVerdict, target, verdictOf } from "./lib/verdict";

/** One printed figure: what, the value, the target, and whether the target is met. */
export interface ReliabilityFigure {
  scenario: string;
  figure: string;
  value: string;
  target: string;
  ok: boolean;
  /** Why the target was missed (the scenario's first error), when it was. */
  detail?: string;
}

/** Settings of {@link run}. */
export interface ReliabilityOptions {
  /** Print the table (default true). */
  print?: boolean;
}

/** The figures of every scenario, how long each scenario took, and the verdict over all figures. */
export interface ReliabilityResult extends BenchResult {
  figures: ReliabilityFigure[];
  /** Wall time per scenario, ms. */
  durations: Record<string, number>;
}

const ms = (n: number) => `${Math.round(n).toLocaleString("en-US")} ms`;
const num = (n: number) => n.toLocaleString("en-US");

/** Runs every reliability scenario once and returns (and by default prints) the figures. */
export async function run(options: ReliabilityOptions = {}): Promise<ReliabilityResult> {
  const figures: ReliabilityFigure[] = [];
  const durations: Record<string, number> = {};
  const add = (
    scenario: string,
    figure: string,
    value: string,
    target: string,
    ok: boolean,
    detail?: string,
  ) =>
    figures.push({ scenario, figure, value, target, ok, ...(ok || detail === undefined ? {} : { detail }) });
  const timed = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      durations[name] = Math.round(performance.now() - t0);
    }
  };

  const lost = await timed("lost answers", () => lostAnswers({ creates: 500, dropRate: 0.2 }));
  add(
    "lost answers",
    `provider creates that returned an id (of ${num(lost.creates)}, 20% answers dropped)`,
    num(lost.succeeded),
    num(lost.creates),
    lost.succeeded === lost.creates,
  );
  add("lost answers", "answers dropped after commit", num(lost.dropped), "> 0", lost.dropped > 0);
  add("lost answers", "integrations stored", num(lost.stored), "500", lost.stored === 500);
  add(
    "lost answers",
    "duplicates (server accepts duplicate identifiers) / wrong ids",
    `${num(lost.duplicates)} / ${num(lost.wrongIds)}`,
    "0 / 0",
    lost.duplicates === 0 && lost.wrongIds === 0,
  );
  add("lost answers", "failed creates", num(lost.failed), "0", lost.failed === 0, lost.firstError);
  add("lost answers", "time for 500 creates", ms(lost.elapsedMs), "-", true);

  const life = await timed("lifecycle faults", () => lifecycleFaults({ resources: 100 }));
  add(
    "lifecycle faults",
    `${life.operations} provider ops, both kinds (10% dropped, 5% 503): failed`,
    num(life.failed),
    "0",
    life.failed === 0,
    life.firstError,
  );
  add(
    "lifecycle faults",
    "stale after update / bad reads / left after delete",
    `${life.staleIntegrations + life.staleCredentials} / ${life.badReads} / ${life.leftovers}`,
    "0 / 0 / 0",
    life.staleIntegrations + life.staleCredentials + life.badReads + life.leftovers === 0,
  );

  const rl = await timed("rate limits", () => rateLimits({ operations: 1000 }));
  add("rate limits", "mixed operations (12 kinds)", num(rl.operations), "1,000", rl.operations === 1000);
  add(
    "rate limits",
    "succeeded",
    `${((rl.succeeded / rl.operations) * 100).toFixed(1)}%`,
    "100%",
    rl.succeeded === rl.operations,
    rl.firstError,
  );
  add("rate limits", "429 answers", num(rl.limited), "> 0", rl.limited > 0);
  add(
    "rate limits",
    "retries before Retry-After (server log)",
    num(rl.earlyRetries),
    "0",
    rl.earlyRetries === 0 && rl.unpaired === 0,
  );
  add(
    "rate limits",
    "least slack after Retry-After",
    rl.minSlackMs === undefined ? "-" : ms(rl.minSlackMs),
    ">= 0 ms",
    (rl.minSlackMs ?? 0) >= 0,
  );
  add(
    "rate limits",
    "total time vs bound (bucket refill)",
    `${ms(rl.elapsedMs)} vs ${ms(rl.boundMs)} (${(rl.elapsedMs / Math.max(1, rl.boundMs)).toFixed(2)}x)`,
    "-",
    true,
  );

  const perm = await timed("permanent errors", () => permanentErrors());
  const retried = perm.filter((r) => r.requests !== 1 || r.status !== r.expectedStatus);
  add(
    "permanent errors",
    `400/401/404/409/422 cases (${perm.length}): requests each`,
    [...new Set(perm.map((r) => r.requests))].join(","),
    "1",
    retried.length === 0,
  );

  const broken = await timed("broken servers", () => brokenServers());
  const hung = broken.filter((r) => r.error === "TimeoutError");
  add(
    "broken servers",
    "hung servers: TimeoutError; time / (timeout × attempts, or budget)",
    hung.map((r) => `${ms(r.elapsedMs)}/${ms(r.budgetMs ?? r.timeoutMs * r.attempts)}`).join(", "),
    "TimeoutError",
    hung.length === 4,
  );
  const named = broken.filter((r) => r.inFamily && r.name !== "HTML error page with 502 (proxy)");
  add(
    "broken servers",
    "malformed / truncated / wrong type / HTML: errors naming the operation",
    `${named.filter((r) => r.namesOperation).length}/${named.length}`,
    "all",
    named.every((r) => r.namesOperation),
  );
  const fuzz = await timed("mutated responses", () => mutatedResponses({ responses: 500 }));
  add("mutated responses", "responses (seed 20240607)", num(fuzz.responses), "500", fuzz.responses === 500);
  add(
    "mutated responses",
    "parsed (valid against the schema) / family errors / returned invalid",
    `${fuzz.parsed} / ${fuzz.familyErrors} / ${fuzz.unvalidated}`,
    "sum 500 / 0 invalid",
    fuzz.parsed + fuzz.familyErrors === 500 && fuzz.unvalidated === 0,
    fuzz.firstUnvalidated,
  );
  add(
    "mutated responses",
    "uncaught exceptions",
    num(fuzz.uncaught + fuzz.processErrors),
    "0",
    fuzz.uncaught + fuzz.processErrors === 0,
  );

  const bad = await timed("bad input", () => badInput({ perResource: 500 }));
  for (const r of bad) {
    add("bad input", `${r.resource}: mutated inputs through check`, num(r.checked), "500", r.checked === 500);
    add("bad input", `${r.resource}: crashes`, num(r.crashes), "0", r.crashes === 0);
    add(
      "bad input",
      `${r.resource}: rejected / not naming the mutated property / misnamed failures`,
      `${r.rejected} / ${r.wrongProperty} / ${r.misnamed}`,
      "- / 0 / 0",
      r.wrongProperty === 0 && r.misnamed === 0 && r.echoedSecrets === 0,
    );
    add(
      "bad input",
      `${r.resource}: valid inputs rejected (plain, preview)`,
      `${r.validRejected}, ${r.unknownRejected}`,
      "0, 0",
      r.validRejected + r.unknownRejected === 0,
    );
  }

  const sec = await timed("secrets", () => secretsLifecycle());
  const hitTotal = Object.values(sec.hits).reduce((a, b) => a + b, 0);
  add(
    "secrets",
    `lifecycle steps; resources created, of kinds ${sec.kinds.join(", ") || "none"}`,
    `${num(sec.steps)}; ${sec.resources}`,
    "-; 4 of 2 kinds",
    sec.unexpectedFailures === 0 && sec.resources === 4 && sec.kinds.length === 2,
    sec.firstUnexpected,
  );
  add(
    "secrets",
    `plaintext hits of ${sec.secrets} secrets (state, outputs, errors, logs, raw gRPC answers)`,
    num(hitTotal),
    "0",
    hitTotal === 0,
  );
  add("secrets", "control: hits in the unencrypted state", num(sec.controlHits), "> 0", sec.controlHits > 0);
  add(
    "secrets",
    `control: hits in raw gRPC requests (${num(sec.wireCalls)} calls tapped)`,
    num(sec.wireRequestHits),
    "> 0",
    sec.wireRequestHits > 0,
  );
  add("secrets", "largest serialized provider", `${num(sec.largestProviderBytes)} B`, "-", true);

  const echo = await timed("secrets (echoing service)", () => secretsEcho());
  add(
    "secrets",
    `service quoting request bodies: hits in ${echo.calls} provider errors`,
    num(echo.hits),
    "0",
    echo.hits === 0 && echo.controlHits > 0,
  );

  const examples = await timed("secrets (examples)", () => secretsExamples());
  for (const ex of examples) {
    const total = Object.values(ex.hits).reduce((a, b) => a + b, 0);
    add(
      "secrets",
      `example ${ex.example}: ${ex.steps} steps, plaintext hits of ${ex.secrets} secrets`,
      num(total),
      "0",
      total === 0 && ex.failedSteps === 0 && ex.controlHits > 0,
    );
  }

  const iso = await timed("isolation", () => isolation());
  add(
    "isolation",
    `calls across ${iso.organizations} orgs × 2 envs (${iso.operations.length} operations)`,
    num(iso.calls),
    "-",
    true,
  );
  add("isolation", "reads or writes across scope", num(iso.leaks), "0", iso.leaks === 0);

  const verdict = verdictOf(
    figures.map((f) => target(`${f.scenario}: ${f.figure}`, f.value, f.target, f.ok, f.detail)),
  );
  const result: ReliabilityResult = { figures, durations, verdict };
  if (options.print ?? true) print(result);
  return result;
}

function print(r: ReliabilityResult): void {
  console.log("\nReliability and security (issue 7)\n");
  console.log(
    formatTable(
      ["figure", "value", "target", "ok"],
      r.figures.map((f) => [`${f.scenario}: ${f.figure}`, f.value, f.target, f.ok ? "yes" : "NO"]),
    ),
  );
  for (const f of r.figures.filter((x) => x.detail)) console.log(`\n${f.scenario}: ${f.figure}: ${f.detail}`);
  const total = Object.values(r.durations).reduce((a, b) => a + b, 0);
  console.log(
    `\nscenario times: ${Object.entries(r.durations)
      .map(([k, v]) => `${k} ${ms(v)}`)
      .join(", ")}; total ${ms(total)}`,
  );
  printVerdict(r.verdict);
}

if (require.main === module) {
  exitWithVerdict(run());
}
