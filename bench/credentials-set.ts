/**
 * Device-token sync at scale under the real Pulumi engine (file backend), against the emulator whose
 * configuration category (the subscriber credential writes) is limited to 100 requests per second (the
 * service's token bucket: 550 tokens, 5 s window and 10% burst; the free plan is 20 a second):
 *
 * 1. `pulumi up` of examples/device-token-sync with a file of 10,000 subscribers: one SubscriberCredentialsSet.
 *    Target: within 1.15x of the floor (N - initial burst) / rate = 94.5 s, 0 failures.
 * 2. A second `up` that changes 100 tokens: at most 110 write requests.
 * 3. `pulumi refresh` of the 10,000 entries: at most 120 requests.
 * 4. The set's fixed cost (the time outside the requests), for 10,000 entries: the 100-token `up` within 8 s
 *    in all with its first request within 4 s, the refresh within 6 s, the create within 1.10x of the floor
 *    above. Where the engine's floor for the same step (5.) is itself above one of the first three, that
 *    target becomes the floor + 2 s (+ 1 s to the first request: the floor's time until the engine hands
 *    the do-nothing provider its update), and the verdict says so. Each operation prints its timeline: the phases between the marks the program and the
 *    dynamic-provider host write with SVC_PHASE_LOG (provider/model/phase-log.ts) and the emulator's first
 *    request (program, fingerprints, SDK and host Struct conversion with the engine, check, diff, the read
 *    before the writes, the writes, the state write).
 * 5. The engine's floor: the same map as one dynamic resource whose provider does nothing
 *    (bench/programs/credentials-noop), in the form the set sends it (the credentials as one JSON text):
 *    create, the same edit, refresh; the edit again with PULUMI_SKIP_CHECKPOINTS (what the checkpoints
 *    cost), with the credentials not secret (what the secret encryption costs), and with the credentials as
 *    a map of objects (what the set sent before). The set's time above the floor is the set's own.
 * 6. Side by side, 1,000 subscribers as one set and as 1,000 SubscriberCredentials
 *    (bench/programs/credentials-singles): wall time, state bytes, and the engine's share (the part of the
 *    wall time above what the service's rate needs for the requests made).
 *
 * Prints the state size of the set. Fails (a missed target in its verdict, exit 1) on a missed target.
 *
 *   npm run build && node dist/bench/credentials-set.js [--count=10000] [--singles=1000] [--rate=100]
 *     [--no-side-by-side] [--cpu-prof=<dir>]   (--cpu-prof: V8 CPU profiles of every node process of the
 *     stacks, the program and the dynamic-provider host, in <dir>)
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Emulator, startEmulator } from "../emulator";
import { bucketCapacity } from "../emulator/rate-limit";
import { repoRoot } from "../testkit/harness/repo-root";
import { ensurePulumiCli, PulumiStack } from "../testkit/pulumi-cli";
import { formatPhases, type Phase, phasesOf, resetPhaseLog, spanS } from "./lib/phases";
import { formatTable } from "./lib/table";
import {
  type BenchResult,
  exitWithVerdict,
  printVerdict,
  type TargetCheck,
  target,
  verdictOf,
} from "./lib/verdict";

/** Settings of a run. */
export interface CredentialsSetBenchOptions {
  /** Subscribers of the large set (default 10,000). */
  count?: number;
  /** Tokens changed by the second up (default 100). */
  changed?: number;
  /** Subscribers of the side-by-side comparison (default 1,000). */
  singles?: number;
  /** Server rate limit, requests per second (default 100). */
  rate?: number;
  /** Run the side-by-side comparison (default true). */
  sideBySide?: boolean;
  /** Write V8 CPU profiles of the stacks' node processes to this directory. */
  cpuProfDir?: string;
}

/** One `pulumi` operation measured. */
export interface OperationFigures {
  wallS: number;
  /** Requests the emulator answered (any status). */
  requests: number;
  writes: number;
  /** 429 answers. */
  rateLimited: number;
  /** What the service's rate alone needs for these requests: max(0, requests - burst) / rate. */
  serviceFloorS: number;
  /** Share of the wall time above the service floor (CLI, engine, checkpoints, program). */
  engineShare: number;
  stateBytes: number;
  /** Seconds from the CLI's start to the first request (undefined: none). */
  firstRequestS: number | undefined;
  /** The timeline (see bench/lib/phases.ts). */
  phases: Phase[];
}

/** The operations of the do-nothing provider on the same map (bench/programs/credentials-noop). */
export interface FloorFigures {
  create: OperationFigures;
  update: OperationFigures;
  /** The edit with PULUMI_SKIP_CHECKPOINTS=true. */
  updateSkipCheckpoints: OperationFigures;
  /** The edit with the credentials not secret. */
  updatePlain: OperationFigures;
  /** The edit with the credentials as a map of objects (what the set sent before the text form). */
  updateMap: OperationFigures;
  refresh: OperationFigures;
}

/** Result of {@link run}. */
export interface CredentialsSetBenchResult extends BenchResult {
  count: number;
  rate: number;
  burst: number;
  /** (count - burst) / rate. */
  floorS: number;
  create: OperationFigures & { failures: number };
  update: OperationFigures;
  refresh: OperationFigures;
  /** The do-nothing provider on the same map. */
  floor: FloorFigures;
  sideBySide:
    | { count: number; set: OperationFigures; singles: OperationFigures & { failures: number } }
    | undefined;
}

const TARGET_RATIO = 1.1;
/** The edit of `changed` tokens of 10,000 entries: wall time and time to the first request, seconds. */
const MAX_UPDATE_S = 8;
const MAX_UPDATE_FIRST_REQUEST_S = 4;
const MAX_REFRESH_S = 6;
/**
 * When the do-nothing provider on the same map (the engine's floor) is itself above one of the three targets
 * just above, the target becomes the floor plus these seconds: the set's own time (its check, diff, plan and
 * requests) is what it is held to, since no provider can be faster than the engine moving its inputs.
 */
const MAX_ABOVE_FLOOR_S = { update: 2, firstRequest: 1, refresh: 2 } as const;
const MAX_UPDATE_WRITES_PER_100 = 110;
const MAX_REFRESH_REQUESTS = 120;
const WINDOW_S = 5;
const INTEGRATION = "fcm-main";

function argNumber(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const n = arg ? Number(arg.slice(name.length + 3)) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

const idOf = (i: number) => `bench-sub-${i}`;
const tokenOf = (i: number, v: number) => `bench-token-${i}-v${v}-${"x".repeat(120)}`;

/** The device file: `count` rows, the first `changed` of them at token version 2. */
function writeDevices(dir: string, name: string, count: number, changed = 0): string {
  const rows = Array.from({ length: count }, (_, i) => ({
    subscriberId: idOf(i),
    providerId: "fcm",
    integrationIdentifier: INTEGRATION,
    deviceTokens: [tokenOf(i, i < changed ? 2 : 1)],
  }));
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(rows));
  return file;
}

/** A stack under measure: the stack and the phase-log file its processes append to. */
interface MeasuredStack {
  stack: PulumiStack;
  phaseLog: string;
}

/** Runs one CLI operation with the emulator's request log reset before; returns its figures. */
async function measure(
  label: string,
  emu: Emulator,
  { stack, phaseLog }: MeasuredStack,
  rate: number,
  op: () => Promise<unknown>,
): Promise<OperationFigures> {
  resetPhaseLog(phaseLog);
  emu.resetRequests();
  let requests = 0;
  let writes = 0;
  let rateLimited = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  // The request log keeps the last 10,000: count and clear it every half second (one event loop, no loss).
  const tally = () => {
    const log = emu.requests;
    requests += log.length;
    for (const r of log) {
      if (r.method !== "GET") writes++;
      if (r.status === 429) rateLimited++;
      first = Math.min(first, r.startedAt);
      last = Math.max(last, r.startedAt + (r.durationMs ?? 0));
    }
    emu.resetRequests();
  };
  const timer = setInterval(tally, 500);
  const t0 = performance.now();
  const startedAt = Date.now();
  try {
    await op();
  } finally {
    clearInterval(timer);
  }
  const wallS = (performance.now() - t0) / 1000;
  const endedAt = Date.now();
  tally();
  const edges =
    requests > 0
      ? `; first request after ${((first - startedAt) / 1000).toFixed(1)} s, last answer ${(wallS - (last - startedAt) / 1000).toFixed(1)} s before the end`
      : "";
  console.log(
    `  ${label}: ${wallS.toFixed(1)} s, ${requests} requests (${writes} writes, ${rateLimited} 429s)${edges}`,
  );
  // Credential writes are the service's configuration category, paced by their own bucket; reads (search,
  // the integration list) are global, a bucket of their own that this run does not limit.
  const serviceFloorS = Math.max(0, writes - bucketCapacity(rate)) / rate;
  const phases = phasesOf(phaseLog, startedAt, endedAt, requests > 0 ? first : undefined);
  console.log(formatPhases(phases));
  const stateBytes = JSON.stringify(await stack.exportStack()).length;
  return {
    wallS,
    requests,
    writes,
    rateLimited,
    serviceFloorS,
    engineShare: 1 - serviceFloorS / wallS,
    stateBytes,
    firstRequestS: requests > 0 ? (first - startedAt) / 1000 : undefined,
    phases,
  };
}

/** Subscribers among the first `count` whose stored fcm tokens are not `[tokenOf(i, version(i))]`. */
function wrongEntries(emu: Emulator, count: number, version: (i: number) => number): number {
  const env = emu.keys[0]!.environmentId;
  // An entry names its integration by `_id` only, as the service stores it.
  const integrationId = emu.integrations().find((x) => x.identifier === INTEGRATION)?._id;
  let wrong = 0;
  for (let i = 0; i < count; i++) {
    const tokens = emu
      .subscriber(env, idOf(i))
      ?.channels?.find((c) => integrationId !== undefined && c._integrationId === integrationId)
      ?.credentials.deviceTokens;
    if (tokens?.length !== 1 || tokens[0] !== tokenOf(i, version(i))) wrong++;
  }
  return wrong;
}

/** Where the stacks' processes write phase marks and (opt-in) CPU profiles. */
interface Instruments {
  dir: string;
  cpuProfDir: string | undefined;
}

async function newStack(
  binDir: string,
  projectDir: string,
  emu: Emulator,
  tools: Instruments,
  extraEnv: Record<string, string> = {},
): Promise<MeasuredStack> {
  const phaseLog = join(tools.dir, `phases-${Math.random().toString(16).slice(2)}.jsonl`);
  const env: Record<string, string> = { ...extraEnv, SVC_PHASE_LOG: phaseLog };
  if (tools.cpuProfDir) {
    const flush = join(__dirname, "lib", "flush-on-signal.js");
    env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${tools.cpuProfDir} --require ${flush}`;
  }
  const stack = await PulumiStack.init({ projectDir, binDir, env });
  await stack.setConfig("svc:baseUrl", emu.url);
  await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
  return { stack, phaseLog };
}

async function emulatorFor(count: number, rate: number): Promise<Emulator> {
  const emu = await startEmulator({
    port: 0,
    // The credential writes' category (configuration) at `rate`; reads are global, left unlimited.
    rateLimit: { configuration: rate },
    fixtures: {
      integrations: [{ providerId: "fcm", channel: "push", active: true, identifier: INTEGRATION }],
      subscribers: Array.from({ length: count }, (_, i) => ({ subscriberId: idOf(i) })),
    },
  });
  await new Promise((r) => setTimeout(r, WINDOW_S * 1000)); // seeding is not rate limited; start with a full bucket
  return emu;
}

/** The large set: create, update of `changed` tokens, refresh. */
async function largeSet(tools: Instruments, binDir: string, count: number, changed: number, rate: number) {
  const emu = await emulatorFor(count, rate);
  const m = await newStack(binDir, join(repoRoot(), "examples/device-token-sync"), emu, tools);
  const { stack } = m;
  try {
    await stack.setConfig("svc-device-token-sync:file", writeDevices(tools.dir, "v1.json", count));
    const create = await measure(`up: set of ${count}`, emu, m, rate, () => stack.up());
    const createFailures = wrongEntries(emu, count, () => 1);
    await stack.setConfig("svc-device-token-sync:file", writeDevices(tools.dir, "v2.json", count, changed));
    const update = await measure(`up: ${changed} changed`, emu, m, rate, () => stack.up());
    const refresh = await measure(`refresh: ${count}`, emu, m, rate, () => stack.refresh());
    return { create: { ...create, failures: createFailures }, update, refresh };
  } finally {
    await stack.remove(); // the emulator goes with its data: no destroy needed

    await emu.close();
  }
}

/**
 * The do-nothing provider on the same map: create, the edit, the edit back without checkpoints, the edit
 * again with the credentials not secret (a fresh stack: the secret state would otherwise stay), refresh.
 */
async function floorOf(
  tools: Instruments,
  binDir: string,
  count: number,
  changed: number,
): Promise<FloorFigures> {
  const emu = await emulatorFor(0, 100);
  const projectDir = join(repoRoot(), "bench/programs/credentials-noop");
  const v1 = writeDevices(tools.dir, "noop-v1.json", count);
  const v2 = writeDevices(tools.dir, "noop-v2.json", count, changed);
  const run = async (variant: string, skipCheckpoints: boolean, ops: (m: MeasuredStack) => Promise<void>) => {
    const env: Record<string, string> = skipCheckpoints ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {};
    const m = await newStack(binDir, projectDir, emu, tools, env);
    try {
      await m.stack.setConfig("svc-credentials-noop:file", v1);
      if (variant) await m.stack.setConfig(`svc-credentials-noop:${variant}`, "true");
      await ops(m);
    } finally {
      await m.stack.remove();
    }
  };
  const figures: Partial<FloorFigures> = {};
  const edit = async (m: MeasuredStack, label: string) => {
    await m.stack.setConfig("svc-credentials-noop:file", v2);
    return measure(label, emu, m, 100, () => m.stack.up());
  };
  try {
    await run("", false, async (m) => {
      figures.create = await measure(`floor up: ${count} entries`, emu, m, 100, () => m.stack.up());
      figures.update = await edit(m, `floor up: ${changed} changed`);
      figures.refresh = await measure(`floor refresh: ${count}`, emu, m, 100, () => m.stack.refresh());
    });
    await run("", true, async (m) => {
      await m.stack.up();
      figures.updateSkipCheckpoints = await edit(m, `floor up: ${changed} changed, PULUMI_SKIP_CHECKPOINTS`);
    });
    await run("plain", false, async (m) => {
      await m.stack.up();
      figures.updatePlain = await edit(m, `floor up: ${changed} changed, credentials not secret`);
    });
    await run("map", false, async (m) => {
      await m.stack.up();
      figures.updateMap = await edit(m, `floor up: ${changed} changed, credentials as a map`);
    });
  } finally {
    await emu.close();
  }
  return figures as FloorFigures;
}

/** The same `count` subscribers as one set and as `count` SubscriberCredentials. */
async function sideBySide(tools: Instruments, binDir: string, count: number, rate: number) {
  const file = writeDevices(tools.dir, `side-${count}.json`, count);
  const runOne = async (label: string, projectDir: string, fileKey: string) => {
    const emu = await emulatorFor(count, rate);
    const m = await newStack(binDir, projectDir, emu, tools);
    const { stack } = m;
    try {
      await stack.setConfig(fileKey, file);
      const figures = await measure(label, emu, m, rate, () => stack.up({ parallel: 48 }));
      return { ...figures, failures: wrongEntries(emu, count, () => 1) };
    } finally {
      await stack.remove();
      await emu.close();
    }
  };
  const set = await runOne(
    `up: set of ${count}`,
    join(repoRoot(), "examples/device-token-sync"),
    "svc-device-token-sync:file",
  );
  const singles = await runOne(
    `up: ${count} SubscriberCredentials`,
    join(repoRoot(), "bench/programs/credentials-singles"),
    "svc-credentials-singles:file",
  );
  return { count, set, singles };
}

/**
 * A time held to `limitS`, or, when the engine's floor for the same step (`floorS`, the do-nothing provider)
 * is itself above `limitS`, to that floor plus `aboveS`. Prints both, so a floor-bound pass is visible.
 */
function floorBound(
  name: string,
  valueS: number | undefined,
  limitS: number,
  floorS: number | undefined,
  aboveS: number,
): TargetCheck {
  const floorText = floorS === undefined ? "floor unknown" : `engine floor ${floorS.toFixed(1)} s`;
  if (valueS === undefined) return target(name, "none", `<= ${limitS} s`, false);
  const bound = floorS !== undefined && floorS > limitS;
  const limit = bound ? floorS + aboveS : limitS;
  return target(
    name,
    `${valueS.toFixed(1)} s (${floorText})`,
    bound
      ? `<= floor + ${aboveS} s = ${limit.toFixed(1)} s (the floor is above ${limitS} s)`
      : `<= ${limitS} s`,
    valueS <= limit,
  );
}

/** The targets of the large set (see the header). */
function largeSetChecks(
  large: Awaited<ReturnType<typeof largeSet>>,
  count: number,
  changed: number,
  floorS: number,
  floor: FloorFigures,
): TargetCheck[] {
  const maxWrites = Math.ceil((MAX_UPDATE_WRITES_PER_100 * changed) / 100);
  const first = large.update.firstRequestS;
  return [
    target(
      `up creating a set of ${count}: wall time / floor`,
      `${(large.create.wallS / floorS).toFixed(3)}x (${large.create.wallS.toFixed(1)} s)`,
      `<= ${TARGET_RATIO}x of ${floorS.toFixed(1)} s`,
      large.create.wallS <= floorS * TARGET_RATIO,
    ),
    target("entries wrong after the create", String(large.create.failures), "0", large.create.failures === 0),
    target(
      `writes of an up changing ${changed}`,
      String(large.update.writes),
      `<= ${maxWrites}`,
      large.update.writes <= maxWrites,
    ),
    floorBound(
      `up changing ${changed} of ${count}: wall time`,
      large.update.wallS,
      MAX_UPDATE_S,
      floor.update.wallS,
      MAX_ABOVE_FLOOR_S.update,
    ),
    floorBound(
      `up changing ${changed} of ${count}: first request`,
      first,
      MAX_UPDATE_FIRST_REQUEST_S,
      spanS(floor.update.phases, "start", "host:update:start"),
      MAX_ABOVE_FLOOR_S.firstRequest,
    ),
    target(
      `requests of a refresh of ${count}`,
      String(large.refresh.requests),
      `<= ${MAX_REFRESH_REQUESTS}`,
      large.refresh.requests <= MAX_REFRESH_REQUESTS,
    ),
    floorBound(
      `refresh of ${count}: wall time`,
      large.refresh.wallS,
      MAX_REFRESH_S,
      floor.refresh.wallS,
      MAX_ABOVE_FLOOR_S.refresh,
    ),
  ];
}

/** Runs the benchmark, prints the figures and the verdict, and returns them. */
export async function run(options: CredentialsSetBenchOptions = {}): Promise<CredentialsSetBenchResult> {
  const count = options.count ?? 10_000;
  const changed = options.changed ?? 100;
  const singles = options.singles ?? 1_000;
  const rate = options.rate ?? 100;
  const burst = bucketCapacity(rate);
  const binDir = await ensurePulumiCli();
  const dir = mkdtempSync(join(tmpdir(), "bench-credentials-set-"));
  const tools: Instruments = { dir, cpuProfDir: options.cpuProfDir };
  try {
    const large = await largeSet(tools, binDir, count, changed, rate);
    const floor = await floorOf(tools, binDir, count, changed);
    const side = options.sideBySide === false ? undefined : await sideBySide(tools, binDir, singles, rate);
    const floorS = Math.max(0, count - burst) / rate;
    const checks = largeSetChecks(large, count, changed, floorS, floor);
    if (side) {
      const sideFailures = side.set.failures + side.singles.failures;
      checks.push(target("entries wrong side by side", String(sideFailures), "0", sideFailures === 0));
    }
    const verdict = verdictOf(checks);
    const result: CredentialsSetBenchResult = {
      count,
      rate,
      burst,
      floorS,
      ...large,
      floor,
      sideBySide: side,
      verdict,
    };
    print(result, changed);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;

function row(name: string, f: OperationFigures): string[] {
  return [
    name,
    f.wallS.toFixed(1),
    f.firstRequestS === undefined ? "-" : f.firstRequestS.toFixed(1),
    String(f.requests),
    String(f.writes),
    String(f.rateLimited),
    f.serviceFloorS.toFixed(1),
    `${(f.engineShare * 100).toFixed(0)}%`,
    kb(f.stateBytes),
  ];
}

/** What the set costs above the do-nothing provider, and what the engine's state write and secrets cost. */
function printFloor(r: CredentialsSetBenchResult, changed: number): void {
  const f = r.floor;
  const above = (set: OperationFigures, noop: OperationFigures) =>
    `${set.wallS.toFixed(1)} s vs ${noop.wallS.toFixed(1)} s (${(set.wallS - noop.wallS).toFixed(1)} s above, ` +
    `of which ${set.serviceFloorS.toFixed(1)} s the service's rate)`;
  console.log(
    "\nabove the do-nothing provider (the engine's floor for the same map):\n" +
      `  create: ${above(r.create, f.create)}\n` +
      `  up changing ${changed}: ${above(r.update, f.update)}\n` +
      `  refresh: ${above(r.refresh, f.refresh)}\n` +
      `engine: the checkpoints of the edit cost ${(f.update.wallS - f.updateSkipCheckpoints.wallS).toFixed(1)} s ` +
      `(PULUMI_SKIP_CHECKPOINTS: ${f.updateSkipCheckpoints.wallS.toFixed(1)} s vs ${f.update.wallS.toFixed(1)} s); ` +
      `the secret credentials cost ${(f.update.wallS - f.updatePlain.wallS).toFixed(1)} s ` +
      `(not secret: ${f.updatePlain.wallS.toFixed(1)} s); ` +
      `the credentials as a map of objects instead of one text: ${f.updateMap.wallS.toFixed(1)} s`,
  );
}

function print(r: CredentialsSetBenchResult, changed: number): void {
  console.log(
    `\ncredentials set: real engine (file backend), emulator limited to ${r.rate} req/s (burst ${r.burst}); ` +
      `floor for ${r.count} = (${r.count} - ${r.burst}) / ${r.rate} = ${r.floorS.toFixed(1)} s\n`,
  );
  const header = [
    "operation",
    "wall s",
    "1st req s",
    "requests",
    "writes",
    "429s",
    "service s",
    "engine",
    "state",
  ];
  const rows = [
    row(`up: set of ${r.count}`, r.create),
    row(`up: ${changed} tokens changed`, r.update),
    row(`refresh: ${r.count} entries`, r.refresh),
    row(`floor up: ${r.count} entries`, r.floor.create),
    row(`floor up: ${changed} changed`, r.floor.update),
    row(`floor refresh: ${r.count}`, r.floor.refresh),
    row(`floor up: ${changed} changed, as a map`, r.floor.updateMap),
  ];
  if (r.sideBySide) {
    rows.push(row(`up: set of ${r.sideBySide.count}`, r.sideBySide.set));
    rows.push(row(`up: ${r.sideBySide.count} SubscriberCredentials`, r.sideBySide.singles));
  }
  console.log(formatTable(header, rows));
  printFloor(r, changed);
  const side = r.sideBySide;
  console.log(
    `\ncreate: ${(r.create.wallS / r.floorS).toFixed(3)}x the floor (target <= ${TARGET_RATIO}x), ${r.create.failures} failures; ` +
      `state of the set of ${r.count}: ${kb(r.create.stateBytes)}` +
      (side
        ? `; ${side.count} singles vs one set: ${(side.singles.wallS / side.set.wallS).toFixed(1)}x the time, ` +
          `${(side.singles.stateBytes / side.set.stateBytes).toFixed(1)}x the state`
        : ""),
  );
  printVerdict(r.verdict);
}

if (require.main === module) {
  exitWithVerdict(
    run({
      count: argNumber("count", 10_000),
      changed: argNumber("changed", 100),
      singles: argNumber("singles", 1_000),
      rate: argNumber("rate", 100),
      sideBySide: !process.argv.includes("--no-side-by-side"),
      cpuProfDir: process.argv.find((a) => a.startsWith("--cpu-prof="))?.slice("--cpu-prof=".length),
    }),
  );
}
