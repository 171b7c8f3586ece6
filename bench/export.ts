/**
 * `svc-export` at scale: an environment of 100 workflows (every step type, each email step naming one of the
 * layouts), 20 layouts, 50 topics and 30 integrations, seeded with rate limiting off, then exported with the
 * service's free-plan limits on (configuration 20, global 30 requests per second; 5 s window, 10% burst),
 * the configuration bucket emptied first so the burst hides nothing. Target: the export within 1.2x the read
 * floor, the floor being each category's requests (as answered: 429s excluded) over its rate, the largest of
 * them (the categories' buckets drain side by side; each request's category as the emulator records it,
 * from Novu's). Progress lines go to stderr as for a user.
 *
 * Then the adopting `up` of the exported project (Pulumi YAML, through this build's plugin, the real Pulumi
 * CLI) against the same emulator, limits still on: it must make no POST, PUT, PATCH or DELETE (the
 * emulator's request log), and `preview --expect-no-changes` right after must pass. Needs the CLI
 * (`scripts/install-pulumi.sh`); `--no-adopt` measures the export alone.
 *
 * Prints the figures; fails (exit 1) on a missed target.
 *
 *   npm run build && node dist/bench/export.js [--workflows=100] [--layouts=20] [--topics=50] [--integrations=30] [--no-adopt]
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { type Emulator, startEmulator } from "../emulator";
import type { RequestRecord } from "../emulator/server";
import { runExport } from "../provider/export/cli";
import { seedScale } from "../testkit/export-seed";
import { repoRoot } from "../testkit/harness/repo-root";
import { exhaustConfigurationBucket } from "../testkit/out-of-band";
import { ensurePulumiCli, PulumiStack, stepOps } from "../testkit/pulumi-cli";
import {
  type BenchResult,
  exitWithVerdict,
  printVerdict,
  type TargetCheck,
  target,
  verdictOf,
} from "./lib/verdict";

/** Settings of a run. */
export interface ExportBenchOptions {
  workflows?: number;
  layouts?: number;
  topics?: number;
  integrations?: number;
  /** Run the adopting `up` and the preview after the export (default true). */
  adopt?: boolean;
}

/** Requests of one CLI operation, by method (429s apart). */
export interface OperationFigures {
  wallS: number;
  byMethod: Record<string, number>;
  /** Answered requests by method and the path's first two segments (`GET /v2/workflows`). */
  byRoute: Record<string, number>;
  refused: number;
  /** POST, PUT, PATCH and DELETE answered. */
  writes: number;
  /** Whether the CLI command succeeded (for the preview: no changes). */
  ok: boolean;
  error?: string;
}

/** Result of {@link run}. */
export interface ExportBenchResult extends BenchResult {
  wallS: number;
  floorS: number;
  ratio: number;
  requests: { configuration: number; global: number; refused: number };
  resources: number;
  /** The adopting `up` and the preview after it (absent with `adopt: false`). */
  adopt?: { up: OperationFigures; preview: OperationFigures };
}

const TARGET_RATIO = 1.2;
const RATES = { configuration: 20, global: 30 } as const;
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

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
    const global = answered.filter((r) => r.category === "global").length;
    const configuration = answered.filter((r) => r.category === "configuration").length;
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
    const adopt = options.adopt === false ? undefined : await adoptAndPreview(emu, out);
    const checks: TargetCheck[] = [
      target(
        "export / read floor",
        `${ratio.toFixed(3)}x (${wallS.toFixed(2)} s / ${floorS.toFixed(2)} s)`,
        `<= ${TARGET_RATIO}x`,
        ratio <= TARGET_RATIO,
      ),
      target("resources exported", String(resources), String(expected), resources === expected),
      ...(adopt ? adoptChecks(adopt) : []),
    ];
    const result: ExportBenchResult = {
      wallS,
      floorS,
      ratio,
      requests: { configuration, global, refused },
      resources,
      ...(adopt ? { adopt } : {}),
      verdict: verdictOf(checks),
    };
    printVerdict(result.verdict);
    return result;
  } finally {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The answered requests of `records` by method, their 429s and writes. */
function requestFigures(records: readonly RequestRecord[]): Omit<OperationFigures, "wallS" | "ok"> {
  const byMethod: Record<string, number> = {};
  const byRoute: Record<string, number> = {};
  let refused = 0;
  for (const r of records) {
    if (r.status === 429) {
      refused++;
      continue;
    }
    byMethod[r.method] = (byMethod[r.method] ?? 0) + 1;
    const route = `${r.method} /${r.path.split("/").filter(Boolean).slice(0, 2).join("/")}`;
    byRoute[route] = (byRoute[route] ?? 0) + 1;
  }
  const writes = Object.entries(byMethod)
    .filter(([m]) => WRITES.has(m))
    .reduce((n, [, c]) => n + c, 0);
  return { byMethod, byRoute, refused, writes };
}

/** One CLI operation against the emulator, its request log cleared first. */
async function operation(
  emu: Emulator,
  name: string,
  op: () => Promise<{ code: number | null; stdout: string; stderr: string }>,
): Promise<OperationFigures> {
  emu.resetRequests();
  const t0 = performance.now();
  const result = await op();
  const wallS = (performance.now() - t0) / 1000;
  const ok = result.code === 0;
  const figures: OperationFigures = {
    wallS,
    ...requestFigures(emu.requests),
    ok,
    ...(ok ? {} : { error: `${result.stdout}\n${result.stderr}`.trim().split("\n").slice(-15).join("\n") }),
  };
  const methods = Object.entries(figures.byRoute)
    .map(([route, c]) => `${c} ${route}`)
    .join(", ");
  console.log(
    `  ${name}: ${wallS.toFixed(2)} s; requests ${methods || "none"} (${figures.refused} 429s); ${figures.writes} writes${ok ? "" : "; FAILED"}`,
  );
  if (!ok) console.log(figures.error);
  return figures;
}

/**
 * The exported YAML project's adopting `up` and `preview --expect-no-changes` under the real CLI, through
 * this build's plugin (testkit/plugin/bin on PATH), on a throwaway stack of the emulator it was read from.
 */
async function adoptAndPreview(
  emu: Emulator,
  projectDir: string,
): Promise<{ up: OperationFigures; preview: OperationFigures }> {
  const binDir = await ensurePulumiCli();
  const path = [
    join(repoRoot(), "testkit", "plugin", "bin"),
    binDir,
    dirname(process.execPath),
    process.env.PATH ?? "",
  ].join(delimiter);
  const stack = await PulumiStack.init({ projectDir, binDir, env: { PATH: path } });
  try {
    await stack.setConfig("svc:baseUrl", emu.url);
    await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
    const up = await operation(emu, "adopting up", () => stack.up({ allowFailure: true }));
    let changed: [string, string][] = [];
    const preview = await operation(emu, "preview --expect-no-changes", async () => {
      const result = await stack.preview({ expectNoChanges: true, allowFailure: true });
      changed = stepOps(result.digest);
      return result;
    });
    if (changed.length > 0) {
      preview.error = `${changed.length} steps: ${changed.map(([name, op]) => `${op} ${name}`).join(", ")}`;
      console.log(`    ${preview.error}`);
    }
    return { up, preview };
  } finally {
    await stack.remove().catch(() => {});
  }
}

function adoptChecks(adopt: { up: OperationFigures; preview: OperationFigures }): TargetCheck[] {
  return [
    target("adopting up: succeeded", String(adopt.up.ok), "true", adopt.up.ok, adopt.up.error),
    target(
      "adopting up: writes (POST, PUT, PATCH, DELETE)",
      String(adopt.up.writes),
      "0",
      adopt.up.writes === 0,
      JSON.stringify(adopt.up.byMethod),
    ),
    target(
      "preview --expect-no-changes after the adopt",
      adopt.preview.ok ? "no changes" : "changes or failure",
      "no changes",
      adopt.preview.ok,
      adopt.preview.error,
    ),
  ];
}

if (require.main === module) {
  exitWithVerdict(
    run({
      workflows: argNumber("workflows", 100),
      layouts: argNumber("layouts", 20),
      topics: argNumber("topics", 50),
      integrations: argNumber("integrations", 30),
      adopt: !process.argv.includes("--no-adopt"),
    }),
  );
}
