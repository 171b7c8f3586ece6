/**
 * `svc-export` at scale: an environment of 100 workflows (every step type, each email step naming one of the
 * layouts), 20 layouts, 50 topics and 30 integrations, seeded with rate limiting off, then exported with the
 * service's free-plan limits on (configuration 20, global 30 requests per second; 5 s window, 10% burst),
 * the configuration bucket emptied first so the burst hides nothing. Target: the export within 1.2x the read
 * floor, the floor being each category's requests (as answered: 429s excluded) over its rate, the largest of
 * them (the categories' buckets drain side by side). Progress lines go to stderr as for a user.
 *
 * Prints the figures; fails (exit 1) on a missed target.
 *
 *   npm run build && node dist/bench/export.js [--workflows=100] [--layouts=20] [--topics=50] [--integrations=30]
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator } from "../emulator";
import { runExport } from "../provider/export/cli";
import { seedScale } from "../testkit/export-seed";
import { exhaustConfigurationBucket } from "../testkit/out-of-band";
import { type BenchResult, exitWithVerdict, printVerdict, target, verdictOf } from "./lib/verdict";

/** Settings of a run. */
export interface ExportBenchOptions {
  workflows?: number;
  layouts?: number;
  topics?: number;
  integrations?: number;
}

/** Result of {@link run}. */
export interface ExportBenchResult extends BenchResult {
  wallS: number;
  floorS: number;
  ratio: number;
  requests: { configuration: number; global: number; refused: number };
  resources: number;
}

const TARGET_RATIO = 1.2;
const RATES = { configuration: 20, global: 30 } as const;
/** Paths whose requests the service counts as global (integrations); the rest of an export's are configuration. */
const GLOBAL_PATHS = /^\/v1\/integrations/;

function argNumber(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const n = arg ? Number(arg.slice(name.length + 3)) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** Runs the bench; resolves with its figures and verdict. */
export async function run(options: ExportBenchOptions = {}): Promise<ExportBenchResult> {
  const counts = {
    workflows: options.workflows ?? 100,
    layouts: options.layouts ?? 20,
    topics: options.topics ?? 50,
    integrations: options.integrations ?? 30,
  };
  console.log(
    `export: ${counts.workflows} workflows, ${counts.layouts} layouts, ${counts.topics} topics, ${counts.integrations} integrations; ` +
      `rates configuration ${RATES.configuration}/s, global ${RATES.global}/s`,
  );
  const emu = await startEmulator({ port: 0, fixtures: { subscribers: [{ subscriberId: "bench-drain" }] } });
  const dir = mkdtempSync(join(tmpdir(), "bench-export-"));
  try {
    await seedScale(emu, counts);
    emu.setRateLimit(RATES);
    await exhaustConfigurationBucket(emu, "bench-drain");
    emu.resetRequests();
    const out = join(dir, "project");
    let lines = 0;
    const t0 = performance.now();
    const code = await runExport(["--language", "yaml", "--out", out], {
      env: { SVC_API_KEY: emu.apiKey, SVC_BASE_URL: emu.url },
      stderr: () => {
        lines++;
      },
      stdout: () => {},
    });
    const wallS = (performance.now() - t0) / 1000;
    if (code !== 0) throw new Error(`svc-export exited ${code}`);
    const answered = emu.requests.filter((r) => r.status !== 429);
    const global = answered.filter((r) => GLOBAL_PATHS.test(r.path)).length;
    const configuration = answered.length - global;
    const refused = emu.requests.length - answered.length;
    const floorS = Math.max(configuration / RATES.configuration, global / RATES.global);
    const resources = (readFileSync(join(out, "Pulumi.yaml"), "utf8").match(/^ {4}type: svc:index:/gm) ?? [])
      .length;
    const ratio = wallS / floorS;
    console.log(
      `  export: ${resources} resources in ${wallS.toFixed(2)} s; ${configuration} configuration + ${global} global requests ` +
        `(${refused} 429s), ${lines} progress lines; floor ${floorS.toFixed(2)} s: ${ratio.toFixed(3)}x`,
    );
    const expected = counts.workflows + counts.layouts + counts.topics + counts.integrations;
    const checks = [
      target(
        "export / read floor",
        `${ratio.toFixed(3)}x (${wallS.toFixed(2)} s / ${floorS.toFixed(2)} s)`,
        `<= ${TARGET_RATIO}x`,
        ratio <= TARGET_RATIO,
      ),
      target("resources exported", String(resources), String(expected), resources === expected),
    ];
    const result: ExportBenchResult = {
      wallS,
      floorS,
      ratio,
      requests: { configuration, global, refused },
      resources,
      verdict: verdictOf(checks),
    };
    printVerdict(result.verdict);
    return result;
  } finally {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  exitWithVerdict(
    run({
      workflows: argNumber("workflows", 100),
      layouts: argNumber("layouts", 20),
      topics: argNumber("topics", 50),
      integrations: argNumber("integrations", 30),
    }),
  );
}
