/**
 * `npm run bench`: runs every benchmark of bench/ (each module exports `run()`, which prints its figures and
 * resolves to a {@link BenchResult} carrying its verdict) in sequence, one after another so they do not
 * disturb each other's timings, then prints a summary naming every missed figure. The process exits
 * non-zero when any target is missed, any bench throws, or a bench returns no verdict.
 *
 *   node dist/bench/run-all.js [--only=reliability,emulator-scale]
 *
 * Benchmarks are found next to this file (every `*.js` that exports `run`), so a new bench/*.ts is picked up
 * without editing this list; ORDER only fixes the order of the known ones.
 */
import { readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { type BenchResult, describeMissed, readVerdict } from "./lib/verdict";

/** Known benchmarks, in the order they run; any other bench module runs after them, by name. */
export const ORDER = [
  "client-throughput",
  "provider-figures",
  "credentials-sync",
  "credentials-set",
  "emulator-scale",
  "reliability",
  "convergence",
  "workflows",
  "topics",
  "export",
];

/** Outcome of one benchmark. */
export interface BenchOutcome {
  name: string;
  ok: boolean;
  elapsedMs: number;
  /** The missed figures (`figure: value (target ...)`), or why there is no verdict. */
  missed: string[];
  error?: string;
}

interface BenchModule {
  run?: (options?: Record<string, unknown>) => Promise<BenchResult | unknown>;
}

/** The outcome of one bench from what its `run()` resolved to. */
export function outcomeOf(name: string, result: unknown, elapsedMs: number): BenchOutcome {
  const verdict = readVerdict(result);
  if (!verdict) {
    return { name, ok: false, elapsedMs, missed: ["returned no verdict (see bench/lib/verdict.ts)"] };
  }
  const missed = describeMissed(verdict);
  if (verdict.checks.length === 0) missed.push("verdict has no targets");
  return { name, ok: verdict.ok, elapsedMs, missed };
}

/** The benchmark modules next to this file, by name, in run order. */
export function discover(dir: string = __dirname): string[] {
  const self = basename(__filename).replace(/\.[cm]?[jt]s$/, "");
  const found = readdirSync(dir)
    .filter((f) => /\.js$/.test(f) && !f.endsWith(".d.js"))
    .map((f) => f.replace(/\.js$/, ""))
    .filter((name) => name !== self);
  const known = ORDER.filter((n) => found.includes(n));
  const others = found.filter((n) => !ORDER.includes(n)).sort();
  return [...known, ...others];
}

/** Runs the benchmarks (all, or those named in `only`) and returns what happened to each. */
export async function run(options: { only?: readonly string[]; dir?: string } = {}): Promise<BenchOutcome[]> {
  const dir = options.dir ?? __dirname;
  const all = discover(dir);
  const names = all.filter((n) => !options.only || options.only.includes(n));
  const outcomes: BenchOutcome[] = (options.only ?? [])
    .filter((n) => !all.includes(n))
    .map((n) => ({
      name: n,
      ok: false,
      elapsedMs: 0,
      missed: [`no bench named ${n} (have ${all.join(", ")})`],
    }));
  for (const name of names) {
    const mod = require(join(dir, name)) as BenchModule;
    if (typeof mod.run !== "function") continue;
    console.log(`\n=== bench/${name} ===`);
    const t0 = performance.now();
    try {
      const result = await mod.run();
      outcomes.push(outcomeOf(name, result, performance.now() - t0));
    } catch (e) {
      const error = e instanceof Error ? (e.stack ?? e.message) : String(e);
      console.error(`bench/${name} failed: ${error}`);
      outcomes.push({ name, ok: false, elapsedMs: performance.now() - t0, missed: ["threw"], error });
    }
  }
  printSummary(outcomes);
  return outcomes;
}

/** One line per bench, then each missed figure under its bench. */
export function printSummary(outcomes: readonly BenchOutcome[]): void {
  console.log("\n=== summary ===");
  for (const o of outcomes) {
    console.log(`${o.ok ? "ok  " : "FAIL"}  bench/${o.name}  ${(o.elapsedMs / 1000).toFixed(1)} s`);
    for (const m of o.ok ? [] : o.missed) console.log(`        missed: ${m}`);
  }
  const failed = outcomes.filter((o) => !o.ok).map((o) => o.name);
  if (failed.length > 0) console.log(`\nbench FAILED: ${failed.join(", ")}`);
}

/** `--only=a,b` or `--only a,b` (the issue's spelling). */
export function onlyArg(argv: readonly string[]): string | undefined {
  const i = argv.findIndex((a) => a === "--only" || a.startsWith("--only="));
  if (i < 0) return undefined;
  const a = argv[i] as string;
  return a === "--only" ? argv[i + 1] : a.slice("--only=".length);
}

if (require.main === module) {
  const only = onlyArg(process.argv);
  run(only ? { only: only.split(",").filter(Boolean) } : {}).then(
    (outcomes) => {
      if (outcomes.some((o) => !o.ok)) process.exitCode = 1;
    },
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
