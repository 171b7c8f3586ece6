/**
 * The standalone plugin executable (`npm run plugin:dist`) against the Node.js script plugin (the npm bin,
 * `dist/provider/plugin/main.js` under Node 22) and a Go gRPC server as the floor (Pulumi's YAML language host
 * `pulumi-language-yaml`, which scripts/install-pulumi.sh builds): start-up of each, from exec to the port it
 * serves and to its first served call (a provider's `GetSchema`; the language host's `GetPluginInfo`, as it
 * serves no schema); the executable's and tarball's size and build time; and `up` of N Integrations of a
 * Pulumi YAML program under the real CLI, the executable installed with `pulumi plugin install --file` (no
 * node on PATH) and the script found on PATH. The forms alternate in one run; the targets are ratios of that
 * run: the executable's median start-up within 4x of the floor's, and no slower than the script.
 *
 *   node dist/bench/plugin-executable.js [--count=100] [--repeats=3] [--startups=7] [--max-floor-ratio=4]
 *
 * `--repeats=0` measures start-up alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { type Emulator, startEmulator } from "../emulator";
import { repoRoot } from "../testkit/harness/repo-root";
import {
  buildHostPluginTarball,
  cliOnlyBinDir,
  type HostPluginTarball,
} from "../testkit/plugin/plugin-tarball";
import { ensurePulumiCli, PulumiStack, startCommand } from "../testkit/pulumi-cli";
import { median } from "./lib/measure";
import {
  type FirstCall,
  getSchema,
  languagePluginInfo,
  type PluginCommand,
  type Startup,
  startupTo,
} from "./lib/plugin-startup";
import { formatTable } from "./lib/table";
import {
  type BenchResult,
  exitWithVerdict,
  printVerdict,
  type TargetCheck,
  target,
  verdictOf,
} from "./lib/verdict";

/** Which plugin serves. */
export type PluginForm = "script" | "executable";
const FORMS: readonly PluginForm[] = ["script", "executable"];
/** What is started: a plugin form, or the Go floor. */
export type Server = PluginForm | "floor";
const SERVERS: readonly Server[] = ["executable", "script", "floor"];

/** Settings of a run. */
export interface ExecutableBenchOptions {
  /** Integrations in the program (default 100; 500 for the README's scale). */
  count?: number;
  /** `up`s of each form (default 3; 0: none). */
  repeats?: number;
  /** Start-ups of each server (default 7). */
  startups?: number;
  /** Noise allowed in "no slower": executable / script at most this (default 1.05). */
  maxRatio?: number;
  /** The executable's median start-up at most this many times the floor's (default 4). */
  maxFloorRatio?: number;
}

/** Result of {@link run}. */
export interface ExecutableBenchResult extends BenchResult {
  count: number;
  tarball: HostPluginTarball;
  /** Wall time of the dist script for this platform (bundle, blob, inject, pack), s. */
  buildS: number;
  startups: Record<Server, Startup[]>;
  upS: Record<PluginForm, number[]>;
}

const DEFAULTS = { count: 100, repeats: 3, startups: 7, maxRatio: 1.05, maxFloorRatio: 4 };

/** A YAML program of `count` in-app Integrations. */
function program(count: number): string {
  const lines = ["name: bench-sea", "runtime: yaml", "resources:"];
  for (let i = 0; i < count; i++)
    lines.push(
      `  in-app-${i}:`,
      "    type: svc:index:Integration",
      "    properties:",
      "      providerId: slack",
      "      channel: chat",
      `      identifier: bench-sea-in-app-${i}`,
    );
  return `${lines.join("\n")}\n`;
}

/** Where the bench works and what each form needs. */
interface Setup {
  work: string;
  cliBin: string;
  tarball: HostPluginTarball;
  executable: string;
  /** PATH of each form: the CLI only (executable), or the CLI, the script's bin and Node 22 (script). */
  path: Record<PluginForm, string>;
}

async function setup(count: number): Promise<{ setup: Setup; buildS: number }> {
  const work = mkdtempSync(join(tmpdir(), "pulumi-svc-bench-sea-"));
  const t0 = performance.now();
  const tarball = await buildHostPluginTarball(join(work, "dist"));
  const buildS = (performance.now() - t0) / 1000;
  const cliBin = cliOnlyBinDir(join(work, "bin"), await ensurePulumiCli());
  const extracted = join(work, "extracted");
  mkdirSync(extracted);
  const tar = await startCommand("tar", ["-xzf", tarball.file, "-C", extracted], {
    cwd: work,
    env: process.env,
  }).result;
  if (tar.code !== 0) throw new Error(`tar -xzf ${tarball.file}: ${tar.stderr.trim()}`);
  mkdirSync(join(work, "project"));
  writeFileSync(join(work, "project", "Pulumi.yaml"), program(count));
  const scriptBin = join(repoRoot(), "testkit", "plugin", "bin");
  const path = { executable: cliBin, script: [cliBin, scriptBin, dirname(process.execPath)].join(delimiter) };
  return {
    setup: { work, cliBin, tarball, executable: join(extracted, "pulumi-resource-svc"), path },
    buildS,
  };
}

/** Start-ups of each server, in an order that turns each round (none always first or last). */
async function measureStartups(s: Setup, startups: number): Promise<Record<Server, Startup[]>> {
  const commands: Record<Server, PluginCommand & { path: string; firstCall: FirstCall }> = {
    executable: { command: s.executable, args: [], path: s.path.executable, firstCall: getSchema },
    script: {
      command: process.execPath,
      args: [join(repoRoot(), "dist", "provider", "plugin", "main.js")],
      path: s.path.script,
      firstCall: getSchema,
    },
    floor: {
      command: join(s.cliBin, "pulumi-language-yaml"),
      args: [],
      path: s.cliBin,
      firstCall: languagePluginInfo,
    },
  };
  const out: Record<Server, Startup[]> = { script: [], executable: [], floor: [] };
  for (let i = 0; i < startups; i++) {
    const order = [...SERVERS.slice(i % SERVERS.length), ...SERVERS.slice(0, i % SERVERS.length)];
    for (const server of i % 2 === 0 ? order : order.reverse()) {
      const c = commands[server];
      out[server].push(await startupTo(c, { PATH: c.path }, c.firstCall));
    }
  }
  return out;
}

/** The executable's median start-up against the floor's, to the port and to the first served call. */
function floorTargets(runs: Record<Server, Startup[]>, maxFloorRatio: number): TargetCheck[] {
  const ratio = (pick: (x: Startup) => number) =>
    median(runs.executable.map(pick)) / median(runs.floor.map(pick));
  const toPort = ratio((x) => x.portMs);
  const toCall = ratio((x) => x.wallMs);
  return [
    target(
      "start-up to the port, median wall: executable / Go floor",
      `${toPort.toFixed(2)}x`,
      `<= ${maxFloorRatio}x`,
      toPort <= maxFloorRatio,
    ),
    target(
      "start-up to the first served call, median wall: executable (GetSchema) / Go floor (GetPluginInfo)",
      `${toCall.toFixed(2)}x`,
      `<= ${maxFloorRatio}x`,
      toCall <= maxFloorRatio,
    ),
  ];
}

/** The start-up figure the target holds: median CPU ms where measured (less noisy under load), else wall ms. */
function startupFigure(xs: readonly Startup[]): { value: number; unit: string } {
  const cpu = xs.map((x) => x.cpuMs).filter((x) => x !== undefined);
  return cpu.length === xs.length
    ? { value: median(cpu), unit: "CPU" }
    : { value: median(xs.map((x) => x.wallMs)), unit: "wall" };
}

/** One `up` of the program on a fresh stack and emulator, through `form`; seconds. */
async function measureUp(s: Setup, form: PluginForm, count: number): Promise<number> {
  const emu: Emulator = await startEmulator({ port: 0, fixtures: {} });
  const stack = await PulumiStack.init({
    projectDir: join(s.work, "project"),
    binDir: s.cliBin,
    env: { PATH: s.path[form] },
  });
  try {
    if (form === "executable") {
      const args = ["plugin", "install", "resource", "svc", s.tarball.version, "--file", s.tarball.file];
      const r = await startCommand(join(s.cliBin, "pulumi"), args, { cwd: s.work, env: stack.env }).result;
      if (r.code !== 0) throw new Error(`pulumi plugin install: ${r.stderr.trim()}`);
    }
    await stack.setAllConfig({ "svc:baseUrl": emu.url, "svc:apiKey": emu.apiKey }, ["svc:apiKey"]);
    const t0 = performance.now();
    await stack.up();
    const wallS = (performance.now() - t0) / 1000;
    const made = emu
      .integrations()
      .filter((i) => String(i.identifier).startsWith("bench-sea-in-app-")).length;
    if (made !== count) throw new Error(`${form}: up made ${made} of ${count} integrations`);
    console.log(`  ${form}: up of ${count} in ${wallS.toFixed(1)} s`);
    return wallS;
  } finally {
    await stack.remove();
    await emu.close();
  }
}

/** `repeats` `up`s of each form, alternating which goes first. */
async function measureUps(s: Setup, count: number, repeats: number): Promise<Record<PluginForm, number[]>> {
  const out: Record<PluginForm, number[]> = { script: [], executable: [] };
  for (let i = 0; i < repeats; i++)
    for (const form of i % 2 === 0 ? FORMS : [...FORMS].reverse())
      out[form].push(await measureUp(s, form, count));
  return out;
}

/** Runs the benchmark, prints the figures and the verdict, and returns them. */
export async function run(options: ExecutableBenchOptions = {}): Promise<ExecutableBenchResult> {
  const { count, repeats, startups, maxRatio, maxFloorRatio } = { ...DEFAULTS, ...options };
  console.log(
    `plugin-executable: start-up x${startups} per server, up of ${count} Integrations x${repeats} per form`,
  );
  const { setup: s, buildS } = await setup(count);
  try {
    const startupRuns = await measureStartups(s, startups);
    const upS = await measureUps(s, count, repeats);
    const start = {
      script: startupFigure(startupRuns.script),
      executable: startupFigure(startupRuns.executable),
    };
    const startRatio = start.executable.value / start.script.value;
    const checks = [
      ...floorTargets(startupRuns, maxFloorRatio),
      target(
        `start-up to GetSchema, median ${start.executable.unit}: executable / script`,
        `${startRatio.toFixed(2)}x`,
        `<= ${maxRatio}x`,
        startRatio <= maxRatio,
      ),
    ];
    if (repeats > 0) {
      const upRatio = median(upS.executable) / median(upS.script);
      checks.push(
        target(
          "median up: executable / script",
          `${upRatio.toFixed(2)}x`,
          `<= ${maxRatio}x`,
          upRatio <= maxRatio,
        ),
      );
    }
    const verdict = verdictOf(checks);
    const result: ExecutableBenchResult = {
      count,
      tarball: s.tarball,
      buildS,
      startups: startupRuns,
      upS,
      verdict,
    };
    print(result);
    return result;
  } finally {
    rmSync(s.work, { recursive: true, force: true });
  }
}

function print(r: ExecutableBenchResult): void {
  const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
  console.log(
    `executable ${mb(r.tarball.executableBytes)}, tarball ${mb(r.tarball.bytes)} (${r.tarball.platform}), built in ${r.buildS.toFixed(1)} s`,
  );
  const list = (xs: readonly number[], digits: number) => xs.map((x) => x.toFixed(digits)).join(", ");
  const ms = (xs: readonly number[]) => median(xs).toFixed(0);
  const names: Record<Server, string> = {
    executable: "executable",
    script: "Node.js script",
    floor: "Go floor (pulumi-language-yaml)",
  };
  console.log(
    formatTable(
      ["start-up", "median ms to port", "to first call", "median CPU ms", "to first call, each (ms)"],
      SERVERS.map((f) => [
        names[f],
        ms(r.startups[f].map((x) => x.portMs)),
        ms(r.startups[f].map((x) => x.wallMs)),
        ms(r.startups[f].map((x) => x.cpuMs ?? Number.NaN)),
        list(
          r.startups[f].map((x) => x.wallMs),
          0,
        ),
      ]),
    ),
  );
  if (r.upS.executable.length > 0)
    console.log(
      formatTable(
        ["plugin", `median up of ${r.count} s`, "ups (s)"],
        FORMS.map((f) => [f, median(r.upS[f]).toFixed(1), list(r.upS[f], 1)]),
      ),
    );
  printVerdict(r.verdict);
}

function numberArg(name: string, min: "positive" | "zero" = "positive"): number | undefined {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || (n === 0 && min === "positive"))
    throw new Error(
      `--${name}: expected a ${min === "zero" ? "non-negative" : "positive"} number, got "${raw}"`,
    );
  return n;
}

/** The options given on the command line; throws naming the option on bad input. */
export function optionsFromArgs(): ExecutableBenchOptions {
  const picked: ExecutableBenchOptions = {};
  for (const name of ["count", "repeats", "startups"] as const) {
    const n = numberArg(name, name === "repeats" ? "zero" : "positive");
    if (n !== undefined) picked[name] = Math.round(n);
  }
  const maxRatio = numberArg("max-ratio");
  if (maxRatio !== undefined) picked.maxRatio = maxRatio;
  const maxFloorRatio = numberArg("max-floor-ratio");
  if (maxFloorRatio !== undefined) picked.maxFloorRatio = maxFloorRatio;
  return picked;
}

if (require.main === module) {
  exitWithVerdict(Promise.resolve().then(() => run(optionsFromArgs())));
}
