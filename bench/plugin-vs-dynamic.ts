import { type Emulator, startEmulator } from "../emulator";
import {
  createPackedProgramFolder,
  type ProgramFolder,
  programPath,
} from "../testkit/consumer/program-folder";
import { ensurePulumiCli, PulumiStack } from "../testkit/pulumi-cli";
import { formatTable } from "./lib/table";
import { type BenchResult, exitWithVerdict, printVerdict, target, verdictOf } from "./lib/verdict";

/** How the program reaches the service. */
export type ProviderPath = "dynamic" | "plugin";

/** Settings of a run. */
export interface PluginBenchOptions {
  /** Integrations declared (default 500). */
  count?: number;
  /** `up`s of each path (default 3). */
  repeats?: number;
  /** Target: median dynamic `up` over median plugin `up` (default 1.3). */
  minSpeedup?: number;
}

/** One `up`. */
export interface UpRow {
  path: ProviderPath;
  ok: boolean;
  wallS: number;
  /** Integrations of the program found in the service after the `up`. */
  created: number;
  stateBytesPerResource: number;
}

/** Result of {@link run}. */
export interface PluginBenchResult extends BenchResult {
  count: number;
  rows: UpRow[];
  medianUpS: Record<ProviderPath, number>;
  stateBytesPerResource: Record<ProviderPath, number>;
  /** Median dynamic `up` / median plugin `up`. */
  speedup: number;
}

const DEFAULTS = { count: 500, repeats: 3, minSpeedup: 1.3 };
const PROJECT = "bench-plugin";
const IDENTIFIER = "bench-plugin-in-app";

/** The programs; N comes from the config `bench-plugin:count`. */
const PROGRAMS: Record<ProviderPath, string> = {
  dynamic: `const pulumi = require("@pulumi/pulumi");
const svc = require("pulumi-svc");
const count = new pulumi.Config().requireNumber("count");
for (let i = 0; i < count; i++) {
  new svc.Integration("in-app-" + i, { providerId: "slack", channel: "chat", identifier: "${IDENTIFIER}-" + i });
}`,
  plugin: `const pulumi = require("@pulumi/pulumi");
const count = new pulumi.Config().requireNumber("count");
for (let i = 0; i < count; i++) {
  new pulumi.CustomResource("svc:index:Integration", "in-app-" + i,
    { providerId: "slack", channel: "chat", identifier: "${IDENTIFIER}-" + i });
}`,
};

/** The fresh folders of both programs, each with the packed repository installed. */
async function folders(): Promise<Record<ProviderPath, ProgramFolder>> {
  const make = (path: ProviderPath) =>
    createPackedProgramFolder({ project: PROJECT, files: { "index.js": PROGRAMS[path] } });
  return { dynamic: await make("dynamic"), plugin: await make("plugin") };
}

/** One `up` of `path`'s program on a fresh stack and emulator. */
async function measureUp(
  binDir: string,
  folder: ProgramFolder,
  path: ProviderPath,
  count: number,
): Promise<UpRow> {
  const emu: Emulator = await startEmulator({ port: 0, fixtures: {} });
  const env = { PATH: programPath(folder, binDir) };
  const stack = await PulumiStack.init({ projectDir: folder.dir, binDir, env });
  try {
    await stack.setAllConfig(
      { "svc:baseUrl": emu.url, "svc:apiKey": emu.apiKey, [`${PROJECT}:count`]: String(count) },
      ["svc:apiKey"],
    );
    const t0 = performance.now();
    const up = await stack.up({ allowFailure: true });
    const wallS = (performance.now() - t0) / 1000;
    const live = new Set(emu.integrations().map((i) => i.identifier));
    let created = 0;
    for (let i = 0; i < count; i++) if (live.has(`${IDENTIFIER}-${i}`)) created++;
    const stateBytes = JSON.stringify(await stack.exportStack()).length;
    console.log(`  ${path}: up of ${count} in ${wallS.toFixed(1)} s${up.code === 0 ? "" : " FAILED"}`);
    return { path, ok: up.code === 0, wallS, created, stateBytesPerResource: stateBytes / count };
  } finally {
    await stack.remove();
    await emu.close();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** `repeats` `up`s of each path, alternating which goes first (a change of load hits both alike). */
async function measureAll(binDir: string, count: number, repeats: number): Promise<UpRow[]> {
  const programs = await folders();
  const rows: UpRow[] = [];
  try {
    for (let i = 0; i < repeats; i++) {
      const order: ProviderPath[] = i % 2 === 0 ? ["dynamic", "plugin"] : ["plugin", "dynamic"];
      for (const path of order) rows.push(await measureUp(binDir, programs[path], path, count));
    }
  } finally {
    programs.dynamic.remove();
    programs.plugin.remove();
  }
  return rows;
}

/** Runs the benchmark, prints the figures and the verdict, and returns them. */
export async function run(options: PluginBenchOptions = {}): Promise<PluginBenchResult> {
  const { count, repeats, minSpeedup } = { ...DEFAULTS, ...options };
  const binDir = await ensurePulumiCli();
  console.log(`plugin-vs-dynamic: up of ${count} Integrations, ${repeats} times per path, real Pulumi CLI`);
  const rows = await measureAll(binDir, count, repeats);
  const per = (figure: (r: UpRow) => number): Record<ProviderPath, number> => ({
    dynamic: median(rows.filter((r) => r.path === "dynamic").map(figure)),
    plugin: median(rows.filter((r) => r.path === "plugin").map(figure)),
  });
  const medianUpS = per((r) => r.wallS);
  const stateBytesPerResource = per((r) => r.stateBytesPerResource);
  const speedup = medianUpS.dynamic / medianUpS.plugin;
  const wrong = rows.filter((r) => !r.ok || r.created !== count);
  const verdict = verdictOf([
    target("ups that failed or left integrations missing", String(wrong.length), "0", wrong.length === 0),
    target(
      "median up: dynamic / plugin",
      `${speedup.toFixed(2)}x`,
      `>= ${minSpeedup}x`,
      speedup >= minSpeedup,
    ),
  ]);
  const result: PluginBenchResult = { count, rows, medianUpS, stateBytesPerResource, speedup, verdict };
  print(result);
  return result;
}

function print(r: PluginBenchResult): void {
  const paths: ProviderPath[] = ["dynamic", "plugin"];
  console.log(
    formatTable(
      ["path", "median up s", "ups (s)", "state B/resource"],
      paths.map((p) => [
        p,
        r.medianUpS[p].toFixed(1),
        r.rows
          .filter((x) => x.path === p)
          .map((x) => x.wallS.toFixed(1))
          .join(", "),
        r.stateBytesPerResource[p].toFixed(0),
      ]),
    ),
  );
  printVerdict(r.verdict);
}

function numberArg(name: string): number | undefined {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name}: expected a positive number, got "${raw}"`);
  return n;
}

/** The options given on the command line; throws naming the option on bad input. */
export function optionsFromArgs(): PluginBenchOptions {
  const count = numberArg("count");
  const repeats = numberArg("repeats");
  const minSpeedup = numberArg("min-speedup");
  return {
    ...(count === undefined ? {} : { count: Math.round(count) }),
    ...(repeats === undefined ? {} : { repeats: Math.round(repeats) }),
    ...(minSpeedup === undefined ? {} : { minSpeedup }),
  };
}

if (require.main === module) {
  exitWithVerdict(Promise.resolve().then(() => run(optionsFromArgs())));
}
