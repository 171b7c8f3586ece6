/**
 * The real Pulumi engine at scale: wall time of `pulumi preview`, `up`, `refresh` and `destroy` of a program
 * declaring N resources of one kind, for N in `--sizes` (default 10, 100, 500), against the emulator with no
 * rate limit, file backend:
 *
 * - `svc.Integration`: N in-app integrations with distinct identifiers (no credentials needed);
 * - `svc.SubscriberCredentials`: the fcm device tokens of N seeded subscribers, one active fcm integration.
 *
 * Per operation: wall seconds (CLI start, program run and engine included: what a user waits for), ms per
 * resource, the emulator's requests and their service time (summed request durations, and the time at least
 * one request was in flight), the engine's share (wall minus the in-flight time, over wall), the state bytes
 * per resource (`pulumi stack export` after the operation / N) and the peak RSS (VmHWM) of the
 * dynamic-provider host (`pulumi-resource-pulumi-nodejs`).
 *
 * Targets: every operation succeeds and leaves the service as expected (0 wrong: preview writes nothing, up
 * and refresh leave N correct objects, destroy leaves none); `up` ms per resource at the largest N at most
 * `--max-up-ratio` (3) times the one at N = 100 (the smallest N when 100 is not measured); the host's peak
 * RSS under `--max-host-rss-mb` (512). Figures are printed whether targets are met or not.
 *
 * Needs the Pulumi CLI (scripts/install-pulumi.sh) and Node 22 (npm scripts and npx put the project's on PATH):
 *
 *   npm run bench -- --only=engine
 *   npm run build && npx node dist/bench/engine.js [--sizes=10,100,500] [--kinds=integration,credentials]
 *     [--parallel=N] [--max-up-ratio=3] [--max-host-rss-mb=512] [--skip-checkpoints]
 */
import { type Emulator, type RequestRecord, startEmulator } from "../emulator";
import { ensurePulumiCli, PulumiStack, resourceSteps, ScratchProject } from "../testkit/pulumi-cli";
import { type PeakRss, PeakRssWatch } from "./lib/peak-rss";
import { formatTable } from "./lib/table";
import { type BenchResult, exitWithVerdict, printVerdict, target, verdictOf } from "./lib/verdict";

/** The resource kinds measured. */
export type EngineBenchKind = "integration" | "credentials";

/** Settings of a run. */
export interface EngineBenchOptions {
  /** Resource counts (default 10, 100, 500). */
  sizes?: readonly number[];
  /** Kinds measured (default both). */
  kinds?: readonly EngineBenchKind[];
  /** `--parallel` of every operation (default: the engine's own default). */
  parallel?: number;
  /** Target: up ms per resource at the largest N over the one at N = 100 (default 3). */
  maxUpRatio?: number;
  /** Target: peak RSS of the dynamic-provider host, MB (default 512). */
  maxHostRssMb?: number;
  /**
   * Run the CLI with PULUMI_SKIP_CHECKPOINTS=true (state written once at the end instead of after every step):
   * shows what the per-step checkpoint rewrite costs. Off by default: users get checkpoints.
   */
  skipCheckpoints?: boolean;
}

/** The operations measured, in the order they run. */
export const OPERATIONS = ["preview", "up", "refresh", "destroy"] as const;
/** One of {@link OPERATIONS}. */
export type EngineOperation = (typeof OPERATIONS)[number];

/** One operation of one kind at one N. */
export interface OperationRow {
  kind: EngineBenchKind;
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

/** Result of {@link run}. */
export interface EngineBenchResult extends BenchResult {
  sizes: number[];
  rows: OperationRow[];
  /** Per kind: up ms per resource at the largest N / at the baseline N. */
  upRatios: UpScaling[];
}

const DEFAULTS = {
  sizes: [10, 100, 500],
  kinds: ["integration", "credentials"] as EngineBenchKind[],
  maxUpRatio: 3,
  maxHostRssMb: 512,
  baselineCount: 100,
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
  new svc.Integration("in-app-" + i, { providerId: "svc", channel: "in_app", identifier: "${PREFIX.identifier}-" + i });
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
  for (let i = 0; i < count; i++) {
    const channel = emu
      .subscriber(env, subscriberOf(i))
      ?.channels?.find((c) => c.providerId === "fcm" && c.integrationIdentifier === FCM);
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

/** Runs one operation while timing it, logging the emulator's requests and watching the provider host. */
async function observe(emu: Emulator, stack: PulumiStack, operation: EngineOperation, parallel?: number) {
  const host = PeakRssWatch.start({
    cmdline: HOST_CMDLINE,
    envEntry: `PULUMI_HOME=${stack.env.PULUMI_HOME}`,
  });
  const log = collectRequests(emu);
  const t0 = performance.now();
  let outcome: Awaited<ReturnType<typeof runOperation>>;
  let records: RequestRecord[];
  let rss: PeakRss;
  try {
    outcome = await runOperation(stack, operation, parallel);
  } finally {
    records = log.stop();
    rss = host.stop();
  }
  return { outcome, records, rss, wallMs: performance.now() - t0 };
}

/** Measures one operation of the stack of `kind` with `count` resources. */
async function measure(
  emu: Emulator,
  stack: PulumiStack,
  kind: EngineBenchKind,
  count: number,
  operation: EngineOperation,
  parallel: number | undefined,
): Promise<OperationRow> {
  const { outcome, records, rss, wallMs } = await observe(emu, stack, operation, parallel);
  const serviceSumMs = records.reduce((sum, r) => sum + (r.durationMs ?? 0), 0);
  const serviceBusyMs = busyMs(records);
  const stateBytes = JSON.stringify(await stack.exportStack()).length;
  const ok = outcome.code === 0;
  const row: OperationRow = {
    kind,
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
    hostPeakBytes: rss.peakBytes,
    wrong: wrongAfter(operation, emu, kind, count, records, outcome.plannedCreates),
  };
  console.log(
    `  ${kind} x${count} ${operation}: ${row.wallS.toFixed(1)} s, ${row.requests} requests${ok ? "" : " FAILED"}`,
  );
  return row;
}

/** Preview, up, refresh and destroy of `count` resources of `kind`, on an emulator and stack of their own. */
async function measureKind(
  binDir: string,
  kind: EngineBenchKind,
  count: number,
  parallel: number | undefined,
  skipCheckpoints: boolean,
): Promise<OperationRow[]> {
  const emu = await emulatorFor(kind, count);
  const project = ScratchProject.create(PROJECT);
  project.writeProgram(PROGRAMS[kind]);
  let stack: PulumiStack | undefined;
  try {
    const env: Record<string, string> = skipCheckpoints ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {};
    stack = await PulumiStack.init({ projectDir: project.dir, binDir, env });
    await stack.setAllConfig(
      { "svc:baseUrl": emu.url, "svc:apiKey": emu.apiKey, [`${PROJECT}:count`]: String(count) },
      ["svc:apiKey"],
    );
    const rows: OperationRow[] = [];
    for (const operation of OPERATIONS)
      rows.push(await measure(emu, stack, kind, count, operation, parallel));
    return rows;
  } finally {
    await stack?.remove();
    project.remove();
    await emu.close();
  }
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

/** The targets of the run. */
function verdictFor(
  rows: readonly OperationRow[],
  ratios: readonly UpScaling[],
  maxUpRatio: number,
  maxHostRssMb: number,
) {
  const failed = rows.filter((r) => !r.ok);
  const wrong = rows.reduce((sum, r) => sum + r.wrong, 0);
  const peak = Math.max(0, ...rows.map((r) => r.hostPeakBytes)) / MB;
  const unseen = rows.filter((r) => r.operation !== "preview" && r.hostPeakBytes === 0).length;
  const wrongRows = rows
    .filter((r) => r.wrong > 0)
    .map((r) => `${r.kind} x${r.count} ${r.operation}: ${r.wrong}`);
  return verdictOf([
    target(
      "operations failed",
      String(failed.length),
      "0",
      failed.length === 0,
      failed.map((r) => `${r.kind} x${r.count} ${r.operation}: ${r.error ?? ""}`).join("; "),
    ),
    target("objects wrong after an operation", String(wrong), "0", wrong === 0, wrongRows.join("; ")),
    ...ratios.map((r) =>
      target(
        `${r.kind}: up ms/resource at N=${r.largest} / at N=${r.baseline}`,
        `${r.ratio.toFixed(2)}x`,
        `<= ${maxUpRatio}x`,
        r.ratio <= maxUpRatio,
      ),
    ),
    target(
      "dynamic-provider host peak RSS",
      `${peak.toFixed(0)} MB (not seen in ${unseen} up/refresh/destroy runs)`,
      `< ${maxHostRssMb} MB, seen in every up/refresh/destroy`,
      peak < maxHostRssMb && unseen === 0,
    ),
  ]);
}

/** Runs the benchmark, prints the table and the verdict, and returns them. */
export async function run(options: EngineBenchOptions = {}): Promise<EngineBenchResult> {
  const sizes = [...(options.sizes ?? DEFAULTS.sizes)].sort((a, b) => a - b);
  const kinds = options.kinds ?? DEFAULTS.kinds;
  const binDir = await ensurePulumiCli();
  console.log(
    `engine: real Pulumi CLI (file backend), emulator without rate limit, N = ${sizes.join(", ")}, ` +
      `parallel ${options.parallel ?? "engine default"}` +
      (options.skipCheckpoints ? ", PULUMI_SKIP_CHECKPOINTS=true" : ""),
  );
  const rows: OperationRow[] = [];
  for (const kind of kinds)
    for (const n of sizes)
      rows.push(...(await measureKind(binDir, kind, n, options.parallel, options.skipCheckpoints ?? false)));
  const ratios = upRatios(rows, kinds, sizes);
  const verdict = verdictFor(
    rows,
    ratios,
    options.maxUpRatio ?? DEFAULTS.maxUpRatio,
    options.maxHostRssMb ?? DEFAULTS.maxHostRssMb,
  );
  const result: EngineBenchResult = { sizes, rows, upRatios: ratios, verdict };
  print(result);
  return result;
}

function print(r: EngineBenchResult): void {
  const header = [
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
    "wrong",
  ];
  const rows = r.rows.map((x) => [
    `${x.kind === "integration" ? "Integration" : "SubscriberCredentials"} ${x.count} ${x.operation}${x.ok ? "" : " FAILED"}`,
    x.wallS.toFixed(1),
    x.msPerResource.toFixed(1),
    String(x.requests),
    x.serviceSumS.toFixed(2),
    x.serviceBusyS.toFixed(2),
    `${(x.engineShare * 100).toFixed(0)}%`,
    (x.stateBytes / 1024).toFixed(0),
    x.stateBytesPerResource.toFixed(0),
    x.hostPeakBytes === 0 ? "-" : (x.hostPeakBytes / MB).toFixed(0),
    String(x.wrong),
  ]);
  console.log(`\n${formatTable(header, rows)}`);
  for (const u of r.upRatios)
    console.log(
      `${u.kind}: up ms/resource at N=${u.largest} is ${u.ratio.toFixed(2)}x the one at N=${u.baseline}; ` +
        `each resource past ${u.baseline} cost ${u.marginalMs.toFixed(0)} ms`,
    );
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
  return {
    ...(sizes ? { sizes } : {}),
    ...(kinds ? { kinds } : {}),
    ...(parallel === undefined ? {} : { parallel }),
    ...(maxUpRatio === undefined ? {} : { maxUpRatio }),
    ...(maxHostRssMb === undefined ? {} : { maxHostRssMb }),
    ...(process.argv.includes("--skip-checkpoints") ? { skipCheckpoints: true } : {}),
  };
}

if (require.main === module) {
  exitWithVerdict(Promise.resolve().then(() => run(optionsFromArgs())));
}
