/**
 * `npm run bench`: runs every benchmark of bench/ (each module exports `run()`, which prints its figures) in
 * sequence, one after another so they do not disturb each other's timings, then prints a summary.
 *
 *   node dist/bench/run-all.js [--only=reliability,emulator-scale]
 *
 * Benchmarks are found next to this file (every `*.js` that exports `run`), so a new bench/*.ts is picked up
 * without editing this list; ORDER only fixes the order of the known ones.
 */
import { readdirSync } from "node:fs";
import { basename, join } from "node:path";

/** Known benchmarks, in the order they run; any other bench module runs after them, by name. */
export const ORDER = [
  "client-throughput",
  "provider-figures",
  "credentials-sync",
  "credentials-set",
  "emulator-scale",
  "reliability",
];

/** Outcome of one benchmark. */
export interface BenchOutcome {
  name: string;
  ok: boolean;
  elapsedMs: number;
  error?: string;
}

interface BenchModule {
  run?: (options?: Record<string, unknown>) => Promise<unknown>;
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
export async function run(options: { only?: readonly string[] } = {}): Promise<BenchOutcome[]> {
  const names = discover().filter((n) => !options.only || options.only.includes(n));
  const outcomes: BenchOutcome[] = [];
  for (const name of names) {
    const mod = require(join(__dirname, name)) as BenchModule;
    if (typeof mod.run !== "function") continue;
    console.log(`\n=== bench/${name} ===`);
    const t0 = performance.now();
    try {
      const result = await mod.run();
      // A bench that reports its own verdict (`ok: false`) counts as failed, figures still printed.
      const ok = !(result && typeof result === "object" && (result as { ok?: unknown }).ok === false);
      outcomes.push({ name, ok, elapsedMs: performance.now() - t0 });
    } catch (e) {
      const error = e instanceof Error ? (e.stack ?? e.message) : String(e);
      console.error(`bench/${name} failed: ${error}`);
      outcomes.push({ name, ok: false, elapsedMs: performance.now() - t0, error });
    }
  }
  console.log("\n=== summary ===");
  for (const o of outcomes) {
    console.log(`${o.ok ? "ok  " : "FAIL"}  bench/${o.name}  ${(o.elapsedMs / 1000).toFixed(1)} s`);
  }
  return outcomes;
}

if (require.main === module) {
  const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
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
