/**
 * Device-token sync at scale: the create path of 1,000 SubscriberCredentials through the provider
 * implementation (check, then create, as the dynamic-provider host runs them), with the engine's
 * parallelism, against the emulator rate limited to 100 requests per second (the service's token bucket:
 * 500 tokens over a 5 s window, refilled at 100 per second).
 *
 * The floor: each create is one write request, and the bucket starts full, so the first `rate × 5` (500)
 * writes go at once and the rest wait for the refill: floor = (count − rate × 5) / rate = (1,000 − 500) /
 * 100 = 5 s. No client can finish sooner. Target: the paced run within 1.15x of the floor (5.75 s), 0
 * failures. The run is also repeated without the provider's pacing (a plain client that only retries on
 * 429) to show what pacing saves; that run is printed, not held to the target.
 *
 *   npm run build && node dist/bench/credentials-sync.js [--count=1000] [--rate=100] [--parallel=48]
 */
import { bucketCapacity, RATE_LIMIT_WINDOW_S } from "../emulator/rate-limit";
import { SubscriberCredentialsProvider } from "../provider/runtime/subscriber-credentials/provider";
import { SvcClient } from "../sdk";
import { startEmulatorWorker } from "./lib/emulator-worker";
import { formatTable } from "./lib/table";
import { type BenchResult, exitWithVerdict, printVerdict, target, verdictOf } from "./lib/verdict";

/** Settings of a run. */
export interface CredentialsSyncOptions {
  /** Resources created (default 1,000). */
  count?: number;
  /** Server rate limit, requests per second (default 100). */
  rate?: number;
  /** Operations in flight, as the engine's parallelism (default 48). */
  parallel?: number;
  /** Also run without pacing, for comparison (default true). */
  compare?: boolean;
  /** Print the table (default true). */
  print?: boolean;
}

/** Figures of one run. */
export interface SyncFigures {
  elapsedS: number;
  failures: number;
  /** 429 answers received. */
  rateLimited: number;
  /** HTTP attempts made (retries included). */
  attempts: number;
  firstError?: string;
}

/** Result of {@link run}. */
export interface CredentialsSyncResult extends BenchResult {
  count: number;
  rate: number;
  parallel: number;
  /** Tokens the bucket holds at the start (rate × window). */
  burst: number;
  /** The least possible time: (count − burst) / rate, seconds. */
  floorS: number;
  /** The target ratio (elapsed / floor). */
  target: number;
  paced: SyncFigures;
  unpaced?: SyncFigures;
}

const KEY = "bench_sync_key";
/** Largest accepted elapsed / floor of the paced run. */
export const TARGET = 1.15;

/**
 * The floor of `count` single-request creates against a bucket of `rate × window` tokens refilled at `rate`
 * per second: the burst goes at once, the rest at the refill rate.
 */
export function syncFloorS(count: number, rate: number): { burst: number; floorS: number } {
  const burst = bucketCapacity(rate);
  return { burst, floorS: Math.max(0, count - burst) / rate };
}

function argNumber(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const n = arg ? Number(arg.slice(name.length + 3)) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

async function syncOnce(
  count: number,
  rate: number,
  parallel: number,
  pacing: boolean,
): Promise<SyncFigures> {
  const subscribers = Array.from({ length: count }, (_, i) => ({ subscriberId: `sync-${i}` }));
  const emu = await startEmulatorWorker({
    port: 0,
    keys: [{ apiKey: KEY }],
    rateLimit: { perSecond: rate },
    fixtures: {
      integrations: [{ providerId: "fcm", channel: "push", active: true, identifier: "fcm-main" }],
      subscribers,
    },
  });
  let attempts = 0;
  let retried429 = 0;
  const settings = { apiKey: emu.apiKey, baseUrl: emu.url };
  const onRequest = (e: { retryReason?: string }) => {
    attempts++;
    if (e.retryReason?.startsWith("429")) retried429++;
  };
  // The provider's own client (paced by the session's pacer) or a plain one that only retries on 429; both count attempts.
  const provider = new SubscriberCredentialsProvider({
    settings,
    client: (s, pacer) =>
      new SvcClient({
        ...s,
        onRequest,
        ...(pacing ? { pacing: { pacer } } : {}),
      }),
  });
  let next = 0;
  let failures = 0;
  let firstError: string | undefined;
  const t0 = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      try {
        const checked = await provider.check(
          {},
          {
            subscriberId: `sync-${i}`,
            providerId: "fcm",
            integrationIdentifier: "fcm-main",
            credentials: { deviceTokens: [`token-${i}-a`, `token-${i}-b`] },
          },
        );
        if (checked.failures && checked.failures.length > 0) throw new Error(checked.failures[0]?.reason);
        await provider.create(checked.inputs as never);
      } catch (e) {
        failures++;
        firstError ??= e instanceof Error ? e.message : String(e);
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  const elapsedS = (performance.now() - t0) / 1000;
  const rateLimited = pacing ? provider.session.pacer.snapshot().rateLimited : retried429;
  await provider.session.client().close();
  await emu.stop();
  return { elapsedS, failures, rateLimited, attempts, ...(firstError ? { firstError } : {}) };
}

/** Runs the benchmark and returns (and by default prints) the figures. */
export async function run(options: CredentialsSyncOptions = {}): Promise<CredentialsSyncResult> {
  const count = options.count ?? 1000;
  const rate = options.rate ?? 100;
  const parallel = options.parallel ?? 48;
  const { burst, floorS } = syncFloorS(count, rate);
  // With no more writes than the burst, the floor is 0 and no run could meet a ratio of it.
  if (floorS <= 0) throw new Error(`credentials-sync: count (${count}) must exceed the burst (${burst})`);
  const paced = await syncOnce(count, rate, parallel, true);
  const unpaced = options.compare === false ? undefined : await syncOnce(count, rate, parallel, false);
  const ratio = paced.elapsedS / floorS;
  const verdict = verdictOf([
    target(
      `paced sync of ${count}: elapsed vs floor ${floorS.toFixed(2)} s`,
      `${paced.elapsedS.toFixed(2)} s (${ratio.toFixed(2)}x)`,
      `<= ${(floorS * TARGET).toFixed(2)} s (${TARGET}x)`,
      ratio <= TARGET,
    ),
    target(
      `paced sync of ${count}: failures`,
      String(paced.failures),
      "0",
      paced.failures === 0,
      paced.firstError,
    ),
  ]);
  const result: CredentialsSyncResult = {
    count,
    rate,
    parallel,
    burst,
    floorS,
    target: TARGET,
    paced,
    ...(unpaced ? { unpaced } : {}),
    verdict,
  };
  if (options.print !== false) print(result);
  return result;
}

function print(r: CredentialsSyncResult): void {
  console.log(
    `credentials sync: ${r.count} SubscriberCredentials created, ${r.parallel} in parallel, server limited to ${r.rate} req/s ` +
      `(bucket ${r.burst} over ${RATE_LIMIT_WINDOW_S} s, starts full)\n` +
      `floor: (${r.count} writes - ${r.burst} burst) / ${r.rate} per s = ${r.floorS.toFixed(2)} s; ` +
      `target: paced run within ${r.target}x of it (${(r.floorS * r.target).toFixed(2)} s), 0 failures\n`,
  );
  const row = (name: string, f: SyncFigures) => [
    name,
    f.elapsedS.toFixed(2),
    `${(f.elapsedS / r.floorS).toFixed(2)}x`,
    String(f.failures),
    String(f.rateLimited),
    String(f.attempts),
  ];
  const rows = [row("provider (paced)", r.paced)];
  if (r.unpaced) rows.push(row("retry-only client", r.unpaced));
  console.log(formatTable(["run", "elapsed s", "vs floor", "failures", "429s", "HTTP attempts"], rows));
  for (const [name, f] of [
    ["paced", r.paced],
    ["unpaced", r.unpaced],
  ] as const) {
    if (f?.firstError) console.log(`${name}: first error: ${f.firstError}`);
  }
  printVerdict(r.verdict);
}

if (require.main === module) {
  exitWithVerdict(
    run({
      count: argNumber("count", 1000),
      rate: argNumber("rate", 100),
      parallel: argNumber("parallel", 48),
    }),
  );
}
