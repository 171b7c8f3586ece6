/**
 * The real Pulumi engine at scale: wall time of `pulumi preview`, `up`, `refresh` and `destroy` of a program
 * declaring N resources of one kind, for N in `--sizes` (default 10, 100, 500; `--large` adds 1,000), against
 * the emulator with no rate limit, file backend:
 *
 * - `svc.Integration`: N chat integrations with distinct identifiers (no credentials needed; in-app: one per environment);
 * - `svc.SubscriberCredentials`: the fcm device tokens of N seeded subscribers, one active fcm integration.
 *
 * Per operation: wall seconds (CLI start, program run and engine included: what a user waits for), ms per
 * resource, the emulator's requests and their service time (summed request durations, and the time at least
 * one request was in flight), the engine's share (wall minus the in-flight time, over wall), the state bytes
 * per resource (`pulumi stack export` after the operation / N) and the peak RSS (VmHWM) of the
 * dynamic-provider host (`pulumi-resource-pulumi-nodejs`).
 *
 * Shims side by side: `up` of `--compare-size` (500) Integrations with this package's serialized provider
 * and with the v1 text every earlier release stored (test/harness/fixtures/provider-v1-forwarders-*,
 * registered through a stack transformation: the same resources, only `__provider` differs), `--repeats`
 * (3) times each, alternating, each on a fresh stack; the medians are compared.
 *
 * Targets: every operation succeeds and leaves the service as expected (0 wrong: preview writes nothing, up
 * and refresh leave N correct objects, destroy leaves none); `up` ms per resource at the largest N at most
 * `--max-up-ratio` times the one at N = 100 (the smallest N when 100 is not measured): 2.5 when N = 1,000 is
 * measured, else 3; the host's peak RSS under `--max-host-rss-mb` (512); the v1 shim's median `up` at least
 * `--min-shim-speedup` (1.6) times the new one's; the state per Integration after that `up` at most 4 KB.
 * Figures are printed whether targets are met or not.
 *
 * Needs the Pulumi CLI (scripts/install-pulumi.sh) and Node 22 (npm scripts and npx put the project's on PATH):
 *
 *   npm run bench -- --only=engine
 *   npm run build && npx node dist/bench/engine.js [--sizes=10,100,500] [--large] [--kinds=integration,credentials]
 *     [--parallel=N] [--max-up-ratio=2.5|3] [--max-host-rss-mb=512] [--skip-checkpoints]
 *     [--compare-size=500] [--repeats=3] [--min-shim-speedup=1.6]
 */
import { type Emulator, type RequestRecord, startEmulator } from "../emulator";
import { storedProviderPrelude } from "../testkit/harness/stored-providers";
import {
  ensurePulumiCli,
  LANGUAGE_SERVER_SCRIPT,
  PulumiStack,
  resourceSteps,
  ScratchProject,
} from "../testkit/pulumi-cli";
import { ProcessWatch } from "./lib/process-watch";
import { formatTable } from "./lib/table";
import { type BenchResult, exitWithVerdict, printVerdict, target, verdictOf } from "./lib/verdict";

/** The resource kinds measured. */
export type EngineBenchKind = "integration" | "credentials";

/** Settings of a run. */
export interface EngineBenchOptions {
  /** Resource counts (default 10, 100, 500). */
  sizes?: readonly number[];
  /** Add N = 1,000 to the sizes (opt-in: an `up` of 1,000 takes minutes). */
  large?: boolean;
  /** Kinds measured (default both). */
  kinds?: readonly EngineBenchKind[];
  /** `--parallel` of every operation (default: the engine's own default). */
  parallel?: number;
  /**
   * Target: up ms per resource at the largest N over the one at N = 100 (default: 2.5 when the largest N is
   * 1,000 or more, else 3).
   */
  maxUpRatio?: number;
  /** Target: peak RSS of the dynamic-provider host, MB (default 512). */
  maxHostRssMb?: number;
  /**
   * Run the CLI with PULUMI_SKIP_CHECKPOINTS=true (state written once at the end instead of after every step):
   * shows what the per-step checkpoint rewrite costs. Off by default: users get checkpoints.
   */
  skipCheckpoints?: boolean;
  /** Integrations of the side-by-side `up` of the new and the v1 shim (default 500; 0: not run). */
  compareSize?: number;
  /** `up`s of each shim in the comparison, alternating; their medians are compared (default 3). */
  repeats?: number;
  /** Target: median `up` with the v1 shim over the one with the new shim (default 1.6). */
  minShimSpeedup?: number;
}

/**
 * The serialized provider resources register with: this package's (`new`), or the v1 text earlier releases
 * stored in every resource (testkit/harness/stored-providers.ts, shape `v1-forwarders`).
 */
export type Shim = "new" | "v1";

/** The operations measured, in the order they run. */
export const OPERATIONS = ["preview", "up", "refresh", "destroy"] as const;
/** One of {@link OPERATIONS}. */
export type EngineOperation = (typeof OPERATIONS)[number];

/** One operation of one kind at one N. */
export interface OperationRow {
  kind: EngineBenchKind;
  shim: Shim;
  count: number;
  operation: EngineOperation;
  /** Whether the CLI exited 0. */
  ok: boolean;
  /** The CLI's last output lines when it failed. */
  error?: string;
  wallS: number;
  msPerResource: number;
  /** Requests the emulator answered during the operation. */
  requests: number;
  /** Sum of the requests' durations, s (exceeds the in-flight time when requests overlap). */
  serviceSumS: number;
  /** Time at least one request was in flight, s. */
  serviceBusyS: number;
  /** (wall - in-flight time) / wall: CLI, engine, program, plugin and checkpoints. */
  engineShare: number;
  /** `pulumi stack export` JSON length after the operation. */
  stateBytes: number;
  /** {@link stateBytes} / N. */
  stateBytesPerResource: number;
  /** Peak RSS (VmHWM) of the dynamic-provider host, bytes; 0 when no host was seen. */
  hostPeakBytes: number;
  /**
   * CPU seconds used by the CLI (engine, state writes), the dynamic-provider host and the program's language
   * host: unlike wall time, barely moved by other work on the machine.
   */
  cpuS: { cli: number; host: number; program: number };
  /** Objects that are not as the operation should leave them (see {@link wrongAfter}). */
  wrong: number;
}

/** How `up` of one kind scales from the baseline N to the largest. */
export interface UpScaling {
  kind: EngineBenchKind;
  baseline: number;
  largest: number;
  /** ms per resource at the largest N / at the baseline N (the target). */
  ratio: number;
  /** (wall at the largest N - wall at the baseline N) / (largest - baseline): the cost of one more resource, ms. */
  marginalMs: number;
}

/** The side-by-side `up` of the same Integrations with each shim. */
export interface ShimComparison {
  count: number;
  /** Every `up`, in run order. */
  rows: OperationRow[];
  /** Median wall seconds of `up`, per shim. */
  medianUpS: Record<Shim, number>;
  /** Median state bytes per Integration after `up`, per shim. */
  stateBytesPerResource: Record<Shim, number>;
  /** Median CPU seconds of the CLI during `up`, per shim (mostly the state writes). */
  cliCpuS: Record<Shim, number>;
  /** Median `up` with the v1 shim / with the new one (the target). */
  speedup: number;
}

/** Result of {@link run}. */
export interface EngineBenchResult extends BenchResult {
  sizes: number[];
  rows: OperationRow[];
  /** Per kind: up ms per resource at the largest N / at the baseline N. */
  upRatios: UpScaling[];
  /** The shims side by side (absent when Integrations are not measured or the compare size is 0). */
  shims?: ShimComparison;
}

const DEFAULTS = {
  sizes: [10, 100, 500],
  largeSize: 1000,
  kinds: ["integration", "credentials"] as EngineBenchKind[],
  /** The up ratio target when the largest N is at least {@link DEFAULTS.largeSize}, and otherwise. */
  maxUpRatio: { large: 2.5, other: 3 },
  maxHostRssMb: 512,
  baselineCount: 100,
  compareSize: 500,
  repeats: 3,
  minShimSpeedup: 1.6,
  maxStateBytesPerIntegration: 4096,
};
const PROJECT = "bench-engine";
const FCM = "bench-fcm";
const MB = 1024 * 1024;
/** The dynamic-provider plugin (our script running @pulumi/pulumi's cmd/dynamic-provider in-process). */
const HOST_CMDLINE = ["pulumi-resource-pulumi-nodejs", "dynamic-provider"];

/** The i-th object's identifier, subscriber and token are `<prefix>-<i>` (generateSubscribers' spelling). */
const PREFIX = { identifier: "bench-in-app", subscriber: "bench-sub", token: "bench-token" };
const identifierOf = (i: number) => `${PREFIX.identifier}-${i}`;
const subscriberOf = (i: number) => `${PREFIX.subscriber}-${i}`;
const tokenOf = (i: number) => `${PREFIX.token}-${i}`;

/** The program of each kind; N comes from the config `bench-engine:count`. */
const PROGRAMS: Record<EngineBenchKind, string> = {
  integration: `const pulumi = require("@pulumi/pulumi");
const svc = require("pulumi-svc");
const count = new pulumi.Config().requireNumber("count");
for (let i = 0; i < count; i++) {
  new svc.Integration("in-app-" + i, { providerId: "slack", channel: "chat", identifier: "${PREFIX.identifier}-" + i });
}`,
  credentials: `const pulumi = require("@pulumi/pulumi");
const svc = require("pulumi-svc");
const count = new pulumi.Config().requireNumber("count");
for (let i = 0; i < count; i++) {
  new svc.SubscriberCredentials("creds-" + i, { subscriberId: "${PREFIX.subscriber}-" + i, providerId: "fcm",
    integrationIdentifier: "${FCM}", credentials: { deviceTokens: ["${PREFIX.token}-" + i] } });
}`,
};

/** The emulator of one kind and N: no rate limit; for credentials, N subscribers and an active fcm integration. */
async function emulatorFor(kind: EngineBenchKind, count: number): Promise<Emulator> {
  if (kind === "integration") return startEmulator({ port: 0 });
  const emu = await startEmulator({
    port: 0,
    fixtures: { integrations: [{ providerId: "fcm", channel: "push", active: true, identifier: FCM }] },
  });
  emu.generateSubscribers(count, { prefix: PREFIX.subscriber, phones: false });
  return emu;
}

/** Objects of the N declared that exist in the service as the program declares them. */
function correctObjects(emu: Emulator, kind: EngineBenchKind, count: number): number {
  let correct = 0;
  if (kind === "integration") {
    const identifiers = new Set(emu.integrations().map((i) => i.identifier));
    for (let i = 0; i < count; i++) if (identifiers.has(identifierOf(i))) correct++;
    return correct;
  }
  const env = emu.keys[0]!.environmentId;
  // An entry names its integration by `_id` only, as the service stores it.
  const fcm = emu.integrations().find((x) => x.identifier === FCM)?._id;
  for (let i = 0; i < count; i++) {
    const channel = emu
      .subscriber(env, subscriberOf(i))
      ?.channels?.find((c) => c.providerId === "fcm" && fcm !== undefined && c._integrationId === fcm);
    const tokens = channel?.credentials.deviceTokens;
    if (tokens?.length === 1 && tokens[0] === tokenOf(i)) correct++;
  }
  return correct;
}

/**
 * How many objects are not as `operation` should leave them: after preview and destroy none may exist (and
 * preview must write nothing and plan N creates), after up and refresh all N must.
 */
function wrongAfter(
  operation: EngineOperation,
  emu: Emulator,
  kind: EngineBenchKind,
  count: number,
  records: readonly RequestRecord[],
  plannedCreates: number,
): number {
  const correct = correctObjects(emu, kind, count);
  switch (operation) {
    case "preview":
      return correct + records.filter((r) => r.method !== "GET").length + Math.abs(count - plannedCreates);
    case "up":
    case "refresh":
      return count - correct;
    case "destroy":
      return correct;
  }
}

/** The union of the requests' [start, end] intervals, ms: the time at least one was in flight. */
function busyMs(records: readonly RequestRecord[]): number {
  const spans = records
    .map((r) => [r.startedAt, r.startedAt + (r.durationMs ?? 0)] as const)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const [s, e] of spans) {
    if (e <= end) continue;
    total += e - Math.max(s, end);
    end = e;
  }
  return total;
}

/** The emulator's request log, drained every half second (it keeps only the last 10,000). */
function collectRequests(emu: Emulator): { stop(): RequestRecord[] } {
  const all: RequestRecord[] = [];
  const drain = () => {
    all.push(...emu.requests);
    emu.resetRequests();
  };
  emu.resetRequests();
  const timer = setInterval(drain, 500);
  return {
    stop() {
      clearInterval(timer);
      drain();
      return all;
    },
  };
}

/** The first `error:` line of a CLI's output (the diagnostics), else its last line. */
function firstError(output: string): string {
  const lines = output.trim().split("\n");
  return (lines.find((l) => /\berror:/.test(l)) ?? lines.at(-1) ?? "").trim();
}

/** Runs one CLI operation and returns the CLI's outcome, and for preview the number of planned creates. */
async function runOperation(
  stack: PulumiStack,
  operation: EngineOperation,
  parallel: number | undefined,
): Promise<{ code: number | null; output: string; plannedCreates: number }> {
  const opts = { allowFailure: true, ...(parallel === undefined ? {} : { parallel }) };
  if (operation === "preview") {
    const r = await stack.preview(opts);
    const creates = resourceSteps(r.digest).filter((s) => s.op === "create").length;
    return { code: r.code, output: `${r.stdout}\n${r.stderr}`, plannedCreates: creates };
  }
  const r = await stack[operation](opts);
  return { code: r.code, output: `${r.stdout}\n${r.stderr}`, plannedCreates: 0 };
}

/** Runs one operation while timing it, logging the emulator's requests and watching the CLI's processes. */
async function observe(emu: Emulator, stack: PulumiStack, operation: EngineOperation, parallel?: number) {
  const envEntry = `PULUMI_HOME=${stack.env.PULUMI_HOME}`;
  const watch = ProcessWatch.start({
    host: { cmdline: HOST_CMDLINE, envEntry },
    cli: { cmdline: [`${stack.binDir}/pulumi `], envEntry },
    program: { cmdline: [LANGUAGE_SERVER_SCRIPT], envEntry },
  });
  const log = collectRequests(emu);
  const t0 = performance.now();
  let outcome: Awaited<ReturnType<typeof runOperation>>;
  let records: RequestRecord[];
  let seen: ReturnType<typeof watch.stop>;
  try {
    outcome = await runOperation(stack, operation, parallel);
  } finally {
    records = log.stop();
    seen = watch.stop();
  }
  return { outcome, records, seen, wallMs: performance.now() - t0 };
}

/** One stack to measure: what it declares, and how the CLI runs. */
interface Scenario {
  binDir: string;
  kind: EngineBenchKind;
  count: number;
  shim: Shim;
  parallel: number | undefined;
  skipCheckpoints: boolean;
}

/** The program of a scenario: the kind's, with the v1 text swapped in for the v1 shim. */
function programOf(s: Scenario): string {
  return s.shim === "v1" ? storedProviderPrelude("v1-forwarders") + PROGRAMS[s.kind] : PROGRAMS[s.kind];
}

/** Measures one operation of the scenario's stack. */
async function measure(
  emu: Emulator,
  stack: PulumiStack,
  s: Scenario,
  operation: EngineOperation,
): Promise<OperationRow> {
  const { kind, count, shim } = s;
  const { outcome, records, seen, wallMs } = await observe(emu, stack, operation, s.parallel);
  const serviceSumMs = records.reduce((sum, r) => sum + (r.durationMs ?? 0), 0);
  const serviceBusyMs = busyMs(records);
  const stateBytes = JSON.stringify(await stack.exportStack()).length;
  const ok = outcome.code === 0;
  const row: OperationRow = {
    kind,
    shim,
    count,
    operation,
    ok,
    ...(ok ? {} : { error: firstError(outcome.output) }),
    wallS: wallMs / 1000,
    msPerResource: wallMs / count,
    requests: records.length,
    serviceSumS: serviceSumMs / 1000,
    serviceBusyS: serviceBusyMs / 1000,
    engineShare: 1 - serviceBusyMs / wallMs,
    stateBytes,
    stateBytesPerResource: stateBytes / count,
    hostPeakBytes: seen.host.peakBytes,
    cpuS: { cli: seen.cli.cpuS, host: seen.host.cpuS, program: seen.program.cpuS },
    wrong: wrongAfter(operation, emu, kind, count, records, outcome.plannedCreates),
  };
  console.log(
    `  ${kind} x${count} ${operation} (${shim} shim): ${row.wallS.toFixed(1)} s, ${row.requests} requests${ok ? "" : " FAILED"}`,
  );
  return row;
}

/** `operations` (in order) of the scenario, on an emulator and stack of their own. */
async function measureScenario(s: Scenario, operations: readonly EngineOperation[]): Promise<OperationRow[]> {
  const emu = await emulatorFor(s.kind, s.count);
  const project = ScratchProject.create(PROJECT);
  project.writeProgram(programOf(s));
  let stack: PulumiStack | undefined;
  try {
    const env: Record<string, string> = s.skipCheckpoints ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {};
    stack = await PulumiStack.init({ projectDir: project.dir, binDir: s.binDir, env });
    await stack.setAllConfig(
      { "svc:baseUrl": emu.url, "svc:apiKey": emu.apiKey, [`${PROJECT}:count`]: String(s.count) },
      ["svc:apiKey"],
    );
    const rows: OperationRow[] = [];
    for (const operation of operations) rows.push(await measure(emu, stack, s, operation));
    return rows;
  } finally {
    await stack?.remove();
    project.remove();
    await emu.close();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * `up` of `count` Integrations with each shim, `repeats` times, alternating which goes first (so a change of
 * the machine's load hits both alike), each on a fresh stack and emulator.
 */
async function compareShims(base: Omit<Scenario, "shim">, repeats: number): Promise<ShimComparison> {
  const rows: OperationRow[] = [];
  for (let i = 0; i < repeats; i++) {
    const order: Shim[] = i % 2 === 0 ? ["v1", "new"] : ["new", "v1"];
    for (const shim of order) rows.push(...(await measureScenario({ ...base, shim }, ["up"])));
  }
  const medians = (figure: (r: OperationRow) => number): Record<Shim, number> => ({
    new: median(rows.filter((r) => r.shim === "new").map(figure)),
    v1: median(rows.filter((r) => r.shim === "v1").map(figure)),
  });
  const medianUpS = medians((r) => r.wallS);
  return {
    count: base.count,
    rows,
    medianUpS,
    stateBytesPerResource: medians((r) => r.stateBytesPerResource),
    cliCpuS: medians((r) => r.cpuS.cli),
    speedup: medianUpS.v1 / medianUpS.new,
  };
}

/** Up ms per resource at the largest N over the one at the baseline N, per kind. */
function upRatios(
  rows: readonly OperationRow[],
  kinds: readonly EngineBenchKind[],
  sizes: readonly number[],
): UpScaling[] {
  const largest = Math.max(...sizes);
  const baseline = sizes.includes(DEFAULTS.baselineCount) ? DEFAULTS.baselineCount : Math.min(...sizes);
  if (largest <= baseline) return [];
  const upAt = (kind: EngineBenchKind, n: number) =>
    rows.find((r) => r.kind === kind && r.count === n && r.operation === "up")?.wallS ?? Number.NaN;
  return kinds.map((kind) => ({
    kind,
    baseline,
    largest,
    ratio: upAt(kind, largest) / largest / (upAt(kind, baseline) / baseline),
    marginalMs: ((upAt(kind, largest) - upAt(kind, baseline)) * 1000) / (largest - baseline),
  }));
}

/** Settings of a run with the defaults filled in. */
type Settings = Required<Omit<EngineBenchOptions, "parallel" | "large">> & { parallel: number | undefined };

function settingsOf(options: EngineBenchOptions): Settings {
  const sizes = new Set(options.sizes ?? DEFAULTS.sizes);
  if (options.large) sizes.add(DEFAULTS.largeSize);
  return {
    sizes: [...sizes].sort((a, b) => a - b),
    kinds: options.kinds ?? DEFAULTS.kinds,
    parallel: options.parallel,
    maxUpRatio:
      options.maxUpRatio ??
      (Math.max(...sizes) >= DEFAULTS.largeSize ? DEFAULTS.maxUpRatio.large : DEFAULTS.maxUpRatio.other),
    maxHostRssMb: options.maxHostRssMb ?? DEFAULTS.maxHostRssMb,
    skipCheckpoints: options.skipCheckpoints ?? false,
    compareSize: options.compareSize ?? DEFAULTS.compareSize,
    repeats: options.repeats ?? DEFAULTS.repeats,
    minShimSpeedup: options.minShimSpeedup ?? DEFAULTS.minShimSpeedup,
  };
}

/** Every operation succeeded and left the service as it should; the host stayed under its memory bound. */
function operationChecks(rows: readonly OperationRow[], maxHostRssMb: number) {
  const failed = rows.filter((r) => !r.ok);
  const wrong = rows.reduce((sum, r) => sum + r.wrong, 0);
  const peak = Math.max(0, ...rows.map((r) => r.hostPeakBytes)) / MB;
  const unseen = rows.filter((r) => r.operation !== "preview" && r.hostPeakBytes === 0).length;
  const name = (r: OperationRow) => `${r.kind} x${r.count} ${r.operation} (${r.shim} shim)`;
  const wrongRows = rows.filter((r) => r.wrong > 0).map((r) => `${name(r)}: ${r.wrong}`);
  return [
    target(
      "operations failed",
      String(failed.length),
      "0",
      failed.length === 0,
      failed.map((r) => `${name(r)}: ${r.error ?? ""}`).join("; "),
    ),
    target("objects wrong after an operation", String(wrong), "0", wrong === 0, wrongRows.join("; ")),
    target(
      "dynamic-provider host peak RSS",
      `${peak.toFixed(0)} MB (not seen in ${unseen} up/refresh/destroy runs)`,
      `< ${maxHostRssMb} MB, seen in every up/refresh/destroy`,
      peak < maxHostRssMb && unseen === 0,
    ),
  ];
}

/** The new shim's `up` against the v1 shim's, and the state it leaves per Integration. */
function shimChecks(c: ShimComparison, minSpeedup: number) {
  const maxState = DEFAULTS.maxStateBytesPerIntegration;
  return [
    target(
      `integration x${c.count} up: v1 shim / new shim (medians)`,
      `${c.speedup.toFixed(2)}x (${c.medianUpS.v1.toFixed(1)} s / ${c.medianUpS.new.toFixed(1)} s)`,
      `>= ${minSpeedup}x`,
      c.speedup >= minSpeedup,
    ),
    target(
      `state per Integration after up x${c.count} (new shim)`,
      `${c.stateBytesPerResource.new.toFixed(0)} B`,
      `<= ${maxState} B`,
      c.stateBytesPerResource.new <= maxState,
    ),
  ];
}

/** The targets of the run. */
function verdictFor(
  rows: readonly OperationRow[],
  ratios: readonly UpScaling[],
  shims: ShimComparison | undefined,
  s: Settings,
) {
  return verdictOf([
    ...operationChecks([...rows, ...(shims?.rows ?? [])], s.maxHostRssMb),
    ...ratios.map((r) =>
      target(
        `${r.kind}: up ms/resource at N=${r.largest} / at N=${r.baseline}`,
        `${r.ratio.toFixed(2)}x`,
        `<= ${s.maxUpRatio}x`,
        r.ratio <= s.maxUpRatio,
      ),
    ),
    ...(shims ? shimChecks(shims, s.minShimSpeedup) : []),
  ]);
}

/** Runs the benchmark, prints the table and the verdict, and returns them. */
export async function run(options: EngineBenchOptions = {}): Promise<EngineBenchResult> {
  const s = settingsOf(options);
  const binDir = await ensurePulumiCli();
  console.log(
    `engine: real Pulumi CLI (file backend), emulator without rate limit, N = ${s.sizes.join(", ")}, ` +
      `parallel ${s.parallel ?? "engine default"}` +
      (s.skipCheckpoints ? ", PULUMI_SKIP_CHECKPOINTS=true" : ""),
  );
  const base = { binDir, parallel: s.parallel, skipCheckpoints: s.skipCheckpoints };
  const rows: OperationRow[] = [];
  for (const kind of s.kinds)
    for (const count of s.sizes)
      rows.push(...(await measureScenario({ ...base, kind, count, shim: "new" }, OPERATIONS)));
  let shims: ShimComparison | undefined;
  if (s.kinds.includes("integration") && s.compareSize > 0) {
    console.log(`shims side by side: up of ${s.compareSize} Integrations, ${s.repeats} times each`);
    shims = await compareShims({ ...base, kind: "integration", count: s.compareSize }, s.repeats);
  }
  const ratios = upRatios(rows, s.kinds, s.sizes);
  const verdict = verdictFor(rows, ratios, shims, s);
  const result: EngineBenchResult = {
    sizes: [...s.sizes],
    rows,
    upRatios: ratios,
    ...(shims ? { shims } : {}),
    verdict,
  };
  print(result);
  return result;
}

const TABLE_HEADER = [
  "kind / N / operation",
  "wall s",
  "ms/res",
  "requests",
  "service s (sum)",
  "service s (busy)",
  "engine",
  "state KB",
  "state B/res",
  "host peak MB",
  "CPU s CLI/host/program",
  "wrong",
];

function tableRow(x: OperationRow): string[] {
  const kind = x.kind === "integration" ? "Integration" : "SubscriberCredentials";
  return [
    `${kind} ${x.count} ${x.operation}${x.shim === "new" ? "" : ` (${x.shim} shim)`}${x.ok ? "" : " FAILED"}`,
    x.wallS.toFixed(1),
    x.msPerResource.toFixed(1),
    String(x.requests),
    x.serviceSumS.toFixed(2),
    x.serviceBusyS.toFixed(2),
    `${(x.engineShare * 100).toFixed(0)}%`,
    (x.stateBytes / 1024).toFixed(0),
    x.stateBytesPerResource.toFixed(0),
    x.hostPeakBytes === 0 ? "-" : (x.hostPeakBytes / MB).toFixed(0),
    `${x.cpuS.cli.toFixed(1)} / ${x.cpuS.host.toFixed(1)} / ${x.cpuS.program.toFixed(1)}`,
    String(x.wrong),
  ];
}

function print(r: EngineBenchResult): void {
  console.log(`\n${formatTable(TABLE_HEADER, r.rows.map(tableRow))}`);
  for (const u of r.upRatios)
    console.log(
      `${u.kind}: up ms/resource at N=${u.largest} is ${u.ratio.toFixed(2)}x the one at N=${u.baseline}; ` +
        `each resource past ${u.baseline} cost ${u.marginalMs.toFixed(0)} ms`,
    );
  const c = r.shims;
  if (c) {
    console.log(`\nshims side by side, in run order:\n${formatTable(TABLE_HEADER, c.rows.map(tableRow))}`);
    console.log(
      `up of ${c.count} Integrations, medians: v1 shim ${c.medianUpS.v1.toFixed(1)} s ` +
        `(${c.stateBytesPerResource.v1.toFixed(0)} B of state each), new shim ${c.medianUpS.new.toFixed(1)} s ` +
        `(${c.stateBytesPerResource.new.toFixed(0)} B each): the new one is ${c.speedup.toFixed(2)}x faster; ` +
        `CLI CPU ${c.cliCpuS.v1.toFixed(1)} s vs ${c.cliCpuS.new.toFixed(1)} s (${(c.cliCpuS.v1 / c.cliCpuS.new).toFixed(2)}x)`,
    );
  }
  printVerdict(r.verdict);
}

function isKind(k: string): k is EngineBenchKind {
  return (DEFAULTS.kinds as readonly string[]).includes(k);
}

/** `--name=value` of the command line. */
function arg(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function numberArg(name: string): number | undefined {
  const n = Number(arg(name));
  return arg(name) !== undefined && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** A whole number >= 0 given as `--name=`; throws on anything else. */
function countArg(name: string): number | undefined {
  const text = arg(name);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name}: expected a whole number >= 0, got "${text}"`);
  return n;
}

/** The options given on the command line; throws naming the option and allowed values on bad input. */
export function optionsFromArgs(): EngineBenchOptions {
  const sizes = arg("sizes")?.split(",").map(Number);
  if (sizes && (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n <= 0)))
    throw new Error(`--sizes: expected positive whole numbers separated by commas, got "${arg("sizes")}"`);
  const kinds = arg("kinds")?.split(",").filter(isKind);
  if (kinds && kinds.length !== arg("kinds")?.split(",").length)
    throw new Error(`--kinds: expected some of ${DEFAULTS.kinds.join(",")}, got "${arg("kinds")}"`);
  const parallel = numberArg("parallel");
  const maxUpRatio = numberArg("max-up-ratio");
  const maxHostRssMb = numberArg("max-host-rss-mb");
  const compareSize = countArg("compare-size");
  const repeats = countArg("repeats");
  const minShimSpeedup = numberArg("min-shim-speedup");
  return {
    ...(sizes ? { sizes } : {}),
    ...(kinds ? { kinds } : {}),
    ...(parallel === undefined ? {} : { parallel }),
    ...(maxUpRatio === undefined ? {} : { maxUpRatio }),
    ...(maxHostRssMb === undefined ? {} : { maxHostRssMb }),
    ...(process.argv.includes("--skip-checkpoints") ? { skipCheckpoints: true } : {}),
    ...(process.argv.includes("--large") ? { large: true } : {}),
    ...(compareSize === undefined ? {} : { compareSize }),
    ...(repeats === undefined ? {} : { repeats: Math.max(1, repeats) }),
    ...(minShimSpeedup === undefined ? {} : { minShimSpeedup }),
  };
}

if (require.main === module) {
  exitWithVerdict(Promise.resolve().then(() => run(optionsFromArgs())));
}
