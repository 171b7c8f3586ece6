/**
 * Topics at scale, against the emulator whose configuration category (every topics request) is limited to
 * the free plan's 20 requests per second (5 s window, 10% burst):
 *
 * 1. The sync: TopicSubscriptions subscribes 10,000 subscribers to one topic (100 a request, the service's
 *    limit), started on an empty bucket so the burst hides nothing. Target: within 1.10x the service's floor,
 *    requests / rate (101 requests at 20 a second: 5.05 s). Called on the provider directly: the engine's own
 *    time is the next figure's.
 * 2. Under the real Pulumi engine (file backend), examples/topics with 10,000 declared subscribers: `up`;
 *    then a no-op `pulumi preview --expect-no-changes`, which must make no request (but the one lookup of the
 *    key's environment every resource kind's diff makes per process); then an edit that swaps
 *    100 subscribers (100 removed, 100 added: 2 write requests). Target: the edit within the engine's floor
 *    + 1 s, the floor being the same edit of a dynamic resource with the same inputs whose provider does
 *    nothing (bench/programs/topic-noop).
 *
 * Prints the figures; fails (exit 1) on a missed target.
 *
 *   npm run build && node dist/bench/topics.js [--count=10000] [--changed=100] [--rate=20] [--no-engine]
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Emulator, startEmulator } from "../emulator";
import type { TopicSubscriptionsOutputs } from "../provider/model/topic-subscriptions-schema";
import { TopicSubscriptionsProvider } from "../provider/runtime/topic-subscriptions/provider";
import { SvcClient } from "../sdk";
import { MAX_SUBSCRIPTIONS_PER_REQUEST } from "../sdk/schemas";
import { repoRoot } from "../testkit/harness/repo-root";
import { exhaustConfigurationBucket } from "../testkit/out-of-band";
import { ensurePulumiCli, PulumiStack } from "../testkit/pulumi-cli";
import {
  type BenchResult,
  exitWithVerdict,
  printVerdict,
  type TargetCheck,
  target,
  verdictOf,
} from "./lib/verdict";

/** Settings of a run. */
export interface TopicsBenchOptions {
  /** Declared subscribers (default 10,000). */
  count?: number;
  /** Subscribers swapped by the edit (default 100). */
  changed?: number;
  /** The configuration category's rate, requests per second (default 20, the free plan). */
  rate?: number;
  /** Run the engine figures (default true). */
  engine?: boolean;
}

/** Result of {@link run}. */
export interface TopicsBenchResult extends BenchResult {
  count: number;
  rate: number;
  sync: { wallS: number; requests: number; floorS: number; ratio: number; count: number };
  engine:
    | { createS: number; noopPreviewRequests: number; editS: number; editWrites: number; floorEditS: number }
    | undefined;
}

const TARGET_RATIO = 1.1;
const ABOVE_FLOOR_S = 1;
const PREFIX = "bench-topic-sub";
const idOf = (i: number) => `${PREFIX}-${i}`;

function argNumber(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const n = arg ? Number(arg.slice(name.length + 3)) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

async function emulatorWith(count: number, rate: number): Promise<Emulator> {
  const emu = await startEmulator({ port: 0, rateLimit: { configuration: rate } });
  emu.generateSubscribers(count, { prefix: PREFIX });
  emu.seed({ subscribers: [{ subscriberId: "bench-drain" }] });
  return emu;
}

/** Figure 1: the provider's sync of `count` subscribers from an empty bucket. */
async function syncFigure(count: number, rate: number) {
  const emu = await emulatorWith(count, rate);
  const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
  const p = new TopicSubscriptionsProvider({ settings: { apiKey: emu.apiKey, baseUrl: emu.url } });
  try {
    await client.topics.upsert({ key: "bench-topic", name: "Bench" });
    const ids = Array.from({ length: count }, (_, i) => idOf(i));
    const inputs = (await p.check({}, { topicKey: "bench-topic", subscriberIds: ids })).inputs;
    await exhaustConfigurationBucket(emu, "bench-drain");
    emu.resetRequests();
    const t0 = performance.now();
    const created = await p.create(inputs);
    const wallS = (performance.now() - t0) / 1000;
    const answered = emu.requests.filter((r) => r.status !== 429).length;
    // The floor: the requests the service's limit of 100 a request needs (and the topic's GET), at the rate.
    const floorS = (Math.ceil(count / MAX_SUBSCRIPTIONS_PER_REQUEST) + 1) / rate;
    const outs = created.outs as TopicSubscriptionsOutputs;
    console.log(
      `  sync: ${count} subscribers in ${wallS.toFixed(2)} s, ${answered} requests answered ` +
        `(${emu.requests.length - answered} 429s); floor ${floorS.toFixed(2)} s: ${(wallS / floorS).toFixed(3)}x`,
    );
    return { wallS, requests: answered, floorS, ratio: wallS / floorS, count: outs.count };
  } finally {
    await p.session.client().close();
    await client.close();
    await emu.close();
  }
}

/** Wall seconds of `op`. */
async function timed(op: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await op();
  return (performance.now() - t0) / 1000;
}

/** The declared subscriberIds before and after the edit (the first `changed` swapped for new ones). */
function files(dir: string, count: number, changed: number): { v1: string; v2: string } {
  const v1 = Array.from({ length: count }, (_, i) => idOf(i));
  const v2 = [...v1.slice(changed), ...Array.from({ length: changed }, (_, i) => idOf(count + i))];
  const write = (name: string, ids: string[]) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(ids));
    return file;
  };
  return { v1: write("v1.json", v1), v2: write("v2.json", v2) };
}

/** Figure 2: create, no-op preview and the edit under the engine, and the edit of the do-nothing provider. */
async function engineFigures(count: number, changed: number, rate: number) {
  const dir = mkdtempSync(join(tmpdir(), "bench-topics-"));
  const binDir = await ensurePulumiCli();
  const emu = await emulatorWith(count + changed, rate);
  const { v1, v2 } = files(dir, count, changed);
  const stack = await PulumiStack.init({ projectDir: join(repoRoot(), "examples/topics"), binDir });
  const noop = await PulumiStack.init({ projectDir: join(repoRoot(), "bench/programs/topic-noop"), binDir });
  try {
    await stack.setConfig("svc:baseUrl", emu.url);
    await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
    await stack.setConfig("file", v1);
    const createS = await timed(() => stack.up());
    console.log(`  up: topic and ${count} subscribers: ${createS.toFixed(1)} s`);
    emu.resetRequests();
    await stack.preview({ expectNoChanges: true });
    // The key's environment is asked once per process by every resource kind's diff (with-target.ts): not
    // a request of the sync; every other one is.
    const noopPreviewRequests = emu.requests.filter((r) => r.path !== "/v1/environments/me").length;
    console.log(
      `  no-op preview: ${noopPreviewRequests} requests (and ${emu.requests.length - noopPreviewRequests} environment lookup)`,
    );
    await stack.setConfig("file", v2);
    emu.resetRequests();
    const editS = await timed(() => stack.up());
    const editWrites = emu.requests.filter((r) => r.method !== "GET").length;
    console.log(`  up: ${changed} swapped: ${editS.toFixed(1)} s, ${editWrites} writes`);

    await noop.setConfig("file", v1);
    await noop.up();
    await noop.setConfig("file", v2);
    const floorEditS = await timed(() => noop.up());
    console.log(`  floor up: ${changed} swapped (do-nothing provider): ${floorEditS.toFixed(1)} s`);
    return { createS, noopPreviewRequests, editS, editWrites, floorEditS };
  } finally {
    await stack.remove();
    await noop.remove();
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the bench; resolves with its figures and verdict. */
export async function run(options: TopicsBenchOptions = {}): Promise<TopicsBenchResult> {
  const count = options.count ?? 10_000;
  const changed = options.changed ?? 100;
  const rate = options.rate ?? 20;
  console.log(`topics: ${count} subscribers, configuration rate ${rate}/s`);
  const sync = await syncFigure(count, rate);
  const engine = options.engine === false ? undefined : await engineFigures(count, changed, rate);
  const checks: TargetCheck[] = [
    target(
      `sync of ${count} subscribers / service floor`,
      `${sync.ratio.toFixed(3)}x (${sync.wallS.toFixed(2)} s / ${sync.floorS.toFixed(2)} s)`,
      `<= ${TARGET_RATIO}x`,
      sync.ratio <= TARGET_RATIO && sync.count === count,
    ),
  ];
  if (engine) {
    checks.push(
      target(
        "no-op preview requests",
        String(engine.noopPreviewRequests),
        "0",
        engine.noopPreviewRequests === 0,
      ),
      target(
        `up of a ${changed}-subscriber edit`,
        `${engine.editS.toFixed(1)} s (engine floor ${engine.floorEditS.toFixed(1)} s)`,
        `<= floor + ${ABOVE_FLOOR_S} s = ${(engine.floorEditS + ABOVE_FLOOR_S).toFixed(1)} s`,
        engine.editS <= engine.floorEditS + ABOVE_FLOOR_S,
      ),
      target(
        `writes of a ${changed}-subscriber edit`,
        String(engine.editWrites),
        "<= 2",
        engine.editWrites <= 2,
      ),
    );
  }
  const result: TopicsBenchResult = { count, rate, sync, engine, verdict: verdictOf(checks) };
  printVerdict(result.verdict);
  return result;
}

if (require.main === module) {
  exitWithVerdict(
    run({
      count: argNumber("count", 10_000),
      changed: argNumber("changed", 100),
      rate: argNumber("rate", 20),
      engine: !process.argv.includes("--no-engine"),
    }),
  );
}
