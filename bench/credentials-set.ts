/**
 * Device-token sync at scale under the real Pulumi engine (file backend), against the emulator limited to
 * 100 requests per second (the service's token bucket: 500 tokens over a 5 s window):
 *
 * 1. `pulumi up` of examples/device-token-sync with a file of 10,000 subscribers: one SubscriberCredentialsSet.
 *    Target: within 1.15x of the floor (N - initial burst) / rate = 95 s, 0 failures.
 * 2. A second `up` that changes 100 tokens: at most 110 write requests.
 * 3. `pulumi refresh` of the 10,000 entries: at most 120 requests.
 * 4. Side by side, 1,000 subscribers as one set and as 1,000 SubscriberCredentials
 *    (bench/programs/credentials-singles): wall time, state bytes, and the engine's share (the part of the
 *    wall time above what the service's rate needs for the requests made).
 *
 * Prints the state size of the set. Fails (a missed target in its verdict, exit 1) on a missed target.
 *
 *   npm run build && node dist/bench/credentials-set.js [--count=10000] [--singles=1000] [--rate=100]
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Emulator, startEmulator } from "../emulator";
import { repoRoot } from "../testkit/harness/repo-root";
import { ensurePulumiCli, PulumiStack } from "../testkit/pulumi-cli";
import { formatTable } from "./lib/table";
import { type BenchResult, exitWithVerdict, printVerdict, target, verdictOf } from "./lib/verdict";

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
  sideBySide: { count: number; set: OperationFigures; singles: OperationFigures & { failures: number } };
}

const TARGET_RATIO = 1.15;
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

/** Runs one CLI operation with the emulator's request log reset before; returns its figures. */
async function measure(
  label: string,
  emu: Emulator,
  stack: PulumiStack,
  rate: number,
  op: () => Promise<unknown>,
): Promise<OperationFigures> {
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
  tally();
  const edges =
    requests > 0
      ? `; first request after ${((first - startedAt) / 1000).toFixed(1)} s, last answer ${(wallS - (last - startedAt) / 1000).toFixed(1)} s before the end`
      : "";
  console.log(
    `  ${label}: ${wallS.toFixed(1)} s, ${requests} requests (${writes} writes, ${rateLimited} 429s)${edges}`,
  );
  const serviceFloorS = Math.max(0, requests - rate * WINDOW_S) / rate;
  const stateBytes = JSON.stringify(await stack.exportStack()).length;
  return {
    wallS,
    requests,
    writes,
    rateLimited,
    serviceFloorS,
    engineShare: 1 - serviceFloorS / wallS,
    stateBytes,
  };
}

/** Subscribers among the first `count` whose stored fcm tokens are not `[tokenOf(i, version(i))]`. */
function wrongEntries(emu: Emulator, count: number, version: (i: number) => number): number {
  const env = emu.keys[0]!.environmentId;
  let wrong = 0;
  for (let i = 0; i < count; i++) {
    const tokens = emu
      .subscriber(env, idOf(i))
      ?.channels?.find((c) => c.integrationIdentifier === INTEGRATION)?.credentials.deviceTokens;
    if (tokens?.length !== 1 || tokens[0] !== tokenOf(i, version(i))) wrong++;
  }
  return wrong;
}

async function newStack(binDir: string, projectDir: string, emu: Emulator): Promise<PulumiStack> {
  const stack = await PulumiStack.init({ projectDir, binDir });
  await stack.setConfig("svc:baseUrl", emu.url);
  await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
  return stack;
}

async function emulatorFor(count: number, rate: number): Promise<Emulator> {
  const emu = await startEmulator({
    port: 0,
    rateLimit: { perSecond: rate },
    fixtures: {
      integrations: [{ providerId: "fcm", channel: "push", active: true, identifier: INTEGRATION }],
      subscribers: Array.from({ length: count }, (_, i) => ({ subscriberId: idOf(i) })),
    },
  });
  await new Promise((r) => setTimeout(r, WINDOW_S * 1000)); // seeding is not rate limited; start with a full bucket
  return emu;
}

/** The large set: create, update of `changed` tokens, refresh. */
async function largeSet(binDir: string, dir: string, count: number, changed: number, rate: number) {
  const emu = await emulatorFor(count, rate);
  const stack = await newStack(binDir, join(repoRoot(), "examples/device-token-sync"), emu);
  try {
    await stack.setConfig("svc-device-token-sync:file", writeDevices(dir, "v1.json", count));
    const create = await measure(`up: set of ${count}`, emu, stack, rate, () => stack.up());
    const createFailures = wrongEntries(emu, count, () => 1);
    await stack.setConfig("svc-device-token-sync:file", writeDevices(dir, "v2.json", count, changed));
    const update = await measure(`up: ${changed} changed`, emu, stack, rate, () => stack.up());
    const refresh = await measure(`refresh: ${count}`, emu, stack, rate, () => stack.refresh());
    return { create: { ...create, failures: createFailures }, update, refresh };
  } finally {
    await stack.remove(); // the emulator goes with its data: no destroy needed

    await emu.close();
  }
}

/** The same `count` subscribers as one set and as `count` SubscriberCredentials. */
async function sideBySide(binDir: string, dir: string, count: number, rate: number) {
  const file = writeDevices(dir, `side-${count}.json`, count);
  const runOne = async (label: string, projectDir: string, fileKey: string) => {
    const emu = await emulatorFor(count, rate);
    const stack = await newStack(binDir, projectDir, emu);
    try {
      await stack.setConfig(fileKey, file);
      const figures = await measure(label, emu, stack, rate, () => stack.up({ parallel: 48 }));
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

/** Runs the benchmark, prints the figures and the verdict, and returns them. */
export async function run(options: CredentialsSetBenchOptions = {}): Promise<CredentialsSetBenchResult> {
  const count = options.count ?? 10_000;
  const changed = options.changed ?? 100;
  const singles = options.singles ?? 1_000;
  const rate = options.rate ?? 100;
  const burst = rate * WINDOW_S;
  const binDir = await ensurePulumiCli();
  const dir = mkdtempSync(join(tmpdir(), "bench-credentials-set-"));
  try {
    const large = await largeSet(binDir, dir, count, changed, rate);
    const side = await sideBySide(binDir, dir, singles, rate);
    const floorS = Math.max(0, count - burst) / rate;
    const maxWrites = Math.ceil((MAX_UPDATE_WRITES_PER_100 * changed) / 100);
    const sideFailures = side.set.failures + side.singles.failures;
    const verdict = verdictOf([
      target(
        `up creating a set of ${count}: wall time / floor`,
        `${(large.create.wallS / floorS).toFixed(3)}x (${large.create.wallS.toFixed(1)} s)`,
        `<= ${TARGET_RATIO}x of ${floorS.toFixed(1)} s`,
        large.create.wallS <= floorS * TARGET_RATIO,
      ),
      target(
        "entries wrong after the create",
        String(large.create.failures),
        "0",
        large.create.failures === 0,
      ),
      target(
        `writes of an up changing ${changed}`,
        String(large.update.writes),
        `<= ${maxWrites}`,
        large.update.writes <= maxWrites,
      ),
      target(
        `requests of a refresh of ${count}`,
        String(large.refresh.requests),
        `<= ${MAX_REFRESH_REQUESTS}`,
        large.refresh.requests <= MAX_REFRESH_REQUESTS,
      ),
      target("entries wrong side by side", String(sideFailures), "0", sideFailures === 0),
    ]);
    const result: CredentialsSetBenchResult = {
      count,
      rate,
      burst,
      floorS,
      ...large,
      sideBySide: side,
      verdict,
    };
    print(result, changed);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function print(r: CredentialsSetBenchResult, changed: number): void {
  const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
  const row = (name: string, f: OperationFigures) => [
    name,
    f.wallS.toFixed(1),
    String(f.requests),
    String(f.writes),
    String(f.rateLimited),
    f.serviceFloorS.toFixed(1),
    `${(f.engineShare * 100).toFixed(0)}%`,
    kb(f.stateBytes),
  ];
  console.log(
    `credentials set: real engine (file backend), emulator limited to ${r.rate} req/s (burst ${r.burst}); ` +
      `floor for ${r.count} = (${r.count} - ${r.burst}) / ${r.rate} = ${r.floorS.toFixed(1)} s\n`,
  );
  const header = ["operation", "wall s", "requests", "writes", "429s", "service s", "engine", "state"];
  console.log(
    formatTable(header, [
      row(`up: set of ${r.count}`, r.create),
      row(`up: ${changed} tokens changed`, r.update),
      row(`refresh: ${r.count} entries`, r.refresh),
      row(`up: set of ${r.sideBySide.count}`, r.sideBySide.set),
      row(`up: ${r.sideBySide.count} SubscriberCredentials`, r.sideBySide.singles),
    ]),
  );
  console.log(
    `\ncreate: ${(r.create.wallS / r.floorS).toFixed(3)}x the floor (target <= ${TARGET_RATIO}x), ${r.create.failures} failures; ` +
      `state of the set of ${r.count}: ${kb(r.create.stateBytes)}; ` +
      `${r.sideBySide.count} singles vs one set: ${(r.sideBySide.singles.wallS / r.sideBySide.set.wallS).toFixed(1)}x the time, ` +
      `${(r.sideBySide.singles.stateBytes / r.sideBySide.set.stateBytes).toFixed(1)}x the state`,
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
    }),
  );
}
