/**
 * Client throughput: successful calls per second for `integrations.listActive()` and
 * `subscribers.upsertCredentials()` against the emulator, in one run, for
 *
 * - `pulumi-svc`  our SvcClient (response validation, retries, idempotency keys, error mapping included),
 * - `fetch`       global fetch making the same HTTP calls (JSON parse, no validation),
 * - `undici`      raw `undici.request` on a keep-alive Pool (the floor: no validation, no retries),
 * - `@novu/api`   the best-known client of this service, its server URL pointed at the emulator.
 *
 * Same concurrency for each, a warm-up, many rounds interleaved across clients (`fetch` and `@novu/api`,
 * held to wide targets, make a quarter of the calls per round). Ours and raw undici share one run per
 * round: their calls are cut into slices run alternately (A B B A ..., who starts by turns), so a burst of
 * the machine's other load lands on both alike; that pair, `fetch` and `@novu/api` rotate through the
 * positions of the round, and every measured run starts after a short idle pause, so what one run leaves
 * behind is not charged to the next (see `lib/rounds.ts`). The emulator runs in a worker thread and CPU is
 * the main thread's (`process.threadCpuUsage`), so a client's CPU per call is its own. One figure per
 * client in the table: its successful calls over all rounds divided by its time over all rounds (failed
 * calls count against it), and its CPU per call, the median over rounds. Each ratio, ours / other, is the
 * median of the per-round quotients, with their range as the spread; the quotient of the table's figures,
 * which a few slow rounds can dominate, is printed next to it. Targets: ours at least 0.95x raw undici's
 * throughput, and at most 1.05x its CPU per call, on both operations. The run fails (non-zero exit,
 * `ok: false` for bench/run-all) when a ratio misses its target or our client had a failed call.
 *
 *   node dist/bench/client-throughput.js [--concurrency=16] [--requests=1500] [--rounds=24]
 */
import { randomUUID } from "node:crypto";
import { Pool, request } from "undici";
import { SvcClient } from "../sdk";
import { integrationListSchema } from "../sdk/schemas";
import { fastAcceptor } from "../sdk/schemas/fast-accept";
import { startEmulatorWorker, type WorkerEmulator } from "./lib/emulator-worker";
import { median, type RunFigures, runClosedLoop } from "./lib/measure";
import { roundOrder, settle, sliceOrder } from "./lib/rounds";
import { formatTable } from "./lib/table";
import {
  type BenchResult,
  exitWithVerdict,
  printVerdict,
  type TargetCheck,
  target,
  type Verdict,
  verdictOf,
} from "./lib/verdict";

/** Settings of a run. */
export interface ThroughputOptions {
  /** Calls in flight per client. */
  concurrency?: number;
  /** Calls per round and operation of ours and raw undici (the others make a quarter as many). */
  requests?: number;
  /** Measured rounds (after one warm-up round); a multiple of 6 gives every order of the runs once. */
  rounds?: number;
  /** Print the table (default true). */
  print?: boolean;
}

/** The clients compared. */
export const CLIENTS = ["pulumi-svc", "fetch", "undici", "@novu/api"] as const;
/** A compared client. */
export type ClientName = (typeof CLIENTS)[number];
/** The operations measured. */
export const OPERATIONS = ["integrations.listActive", "subscribers.upsertCredentials"] as const;
/** A measured operation. */
export type OperationName = (typeof OPERATIONS)[number];
/** The other clients ours is compared with, and the throughput ratio (ours / other) each must reach. */
export const TARGETS = { "@novu/api": 1.5, fetch: 1.2, undici: 0.95 } as const;
type Baseline = keyof typeof TARGETS;
/** Ours' CPU per call may be at most this times raw undici's, on every operation. */
export const CPU_TARGET = 1.05;
/** Idle time before every measured run (see `lib/rounds.ts`). */
const SETTLE_MS = 200;
/**
 * The calls per round of `fetch` and `@novu/api`, as a share of ours: their targets are wide, and fewer of
 * their slow calls leave time for the many rounds the narrow targets against raw undici need.
 */
const OTHERS_SHARE = 0.25;
/** Slices per round of each of ours and raw undici, run alternately (see `lib/rounds.ts`). */
const PAIR_SLICES = 6;

/** A figure over all rounds, with the range of the per-round values. */
export interface Spread {
  value: number;
  min: number;
  max: number;
}

/**
 * Ours / another client, per round: `value` is the median of the per-round quotients (a round's runs are
 * seconds apart, so the machine's other load hits both alike), min/max their range, and `overall` the
 * quotient of the two clients' figures over all rounds (which a few slow rounds can dominate).
 */
export interface Ratio extends Spread {
  overall: number;
}

/** Figures of one client on one operation. */
export interface ClientFigures {
  /** Successful calls per second over all rounds (failed calls count against it). */
  okPerSecond: Spread;
  /** Median over rounds of the round's median latency, ms. */
  p50Ms: number;
  /** Median over rounds of the round's 99th percentile latency, ms. */
  p99Ms: number;
  /** Main-thread CPU per call, µs (median over rounds). */
  cpuUsPerCall: number;
  /** Failed calls over all rounds. */
  errors: number;
  firstError?: string;
}

/** Result of a run. */
export interface ThroughputResult extends BenchResult {
  concurrency: number;
  requests: number;
  rounds: number;
  figures: Record<OperationName, Record<ClientName, ClientFigures>>;
  /** Ours / other in throughput, per round. */
  ratios: Record<OperationName, Record<Baseline, Ratio>>;
  /** Ours' CPU per call / raw undici's, per round (back-to-back runs): the median, min and max. */
  cpuRatios: Record<OperationName, Spread>;
  targets: typeof TARGETS;
  cpuTarget: number;
  /** What checking the listActive response against its schema costs, on its own (fast acceptor, else zod). */
  validation: { usPerCall: number; shareOfOurCpu: number };
}

/** One measured round of one client: the run's figures and its main-thread CPU. */
interface Sample extends RunFigures {
  calls: number;
  elapsedS: number;
  cpuUs: number;
}

type Call = () => Promise<unknown>;
type Calls = Record<OperationName, Record<ClientName, Call>>;

const KEY = "bench_client_key";
const SUBSCRIBER = "bench-subscriber";
const CREDENTIALS_BODY = {
  providerId: "fcm" as const,
  credentials: { deviceTokens: ["bench-token-1", "bench-token-2"] },
};
const INTEGRATIONS = [
  { providerId: "fcm", channel: "push", identifier: "bench-fcm", name: "FCM", active: true },
  { providerId: "sendgrid", channel: "email", identifier: "bench-sendgrid", name: "Sendgrid", active: true },
  { providerId: "twilio", channel: "sms", identifier: "bench-twilio", name: "Twilio", active: true },
  { providerId: "slack", channel: "chat", identifier: "bench-slack", name: "Slack", active: true },
  { providerId: "novu", channel: "in_app", identifier: "bench-inbox", name: "Inbox", active: true },
];

interface NovuLike {
  integrations: { listActive(): Promise<unknown> };
  subscribers: {
    credentials: {
      append(body: typeof CREDENTIALS_BODY, subscriberId: string, idempotencyKey?: string): Promise<unknown>;
    };
  };
}

function argNumber(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const n = arg ? Number(arg.slice(name.length + 3)) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** The four clients, each making the same two calls; `close` releases them. */
async function makeCalls(emu: WorkerEmulator): Promise<{ calls: Calls; close: () => Promise<void> }> {
  const ours = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
  const pool = new Pool(emu.url, { connections: 32, keepAliveTimeout: 10_000 });
  const { Novu }: { Novu: new (o: { secretKey: string; serverURL: string }) => NovuLike } = await import(
    "@novu/api"
  );
  const novu = new Novu({ secretKey: emu.apiKey, serverURL: emu.url });
  const read = { authorization: `ApiKey ${emu.apiKey}`, accept: "application/json" };
  const write = () => ({ ...read, "content-type": "application/json", "idempotency-key": randomUUID() });
  const bodyText = JSON.stringify(CREDENTIALS_BODY);
  const credentials = `/v1/subscribers/${SUBSCRIBER}/credentials`;
  const fetchJson = async (path: string, init: RequestInit) => {
    const res = await fetch(`${emu.url}${path}`, init);
    const json: unknown = await res.json();
    if (!res.ok) throw new Error(`fetch: HTTP ${res.status}`);
    return json;
  };
  const undiciJson = async (path: string, opts: Parameters<typeof request>[1]) => {
    const res = await request(`${emu.url}${path}`, { dispatcher: pool, ...opts });
    const json: unknown = await res.body.json();
    if (res.statusCode >= 400) throw new Error(`undici: HTTP ${res.statusCode}`);
    return json;
  };
  const calls: Calls = {
    "integrations.listActive": {
      "pulumi-svc": () => ours.integrations.listActive(),
      fetch: () => fetchJson("/v1/integrations/active", { headers: read }),
      undici: () => undiciJson("/v1/integrations/active", { headers: read }),
      "@novu/api": () => novu.integrations.listActive(),
    },
    "subscribers.upsertCredentials": {
      "pulumi-svc": () => ours.subscribers.upsertCredentials(SUBSCRIBER, CREDENTIALS_BODY),
      fetch: () => fetchJson(credentials, { method: "PATCH", headers: write(), body: bodyText }),
      undici: () => undiciJson(credentials, { method: "PATCH", headers: write(), body: bodyText }),
      "@novu/api": () => novu.subscribers.credentials.append(CREDENTIALS_BODY, SUBSCRIBER, randomUUID()),
    },
  };
  return { calls, close: async () => Promise.all([ours.close(), pool.close()]).then(() => undefined) };
}

/** One closed-loop round with the main thread's CPU time. */
async function measure(call: Call, concurrency: number, calls: number): Promise<Sample> {
  const cpu = process.threadCpuUsage();
  const f = await runClosedLoop(call, concurrency, calls);
  const used = process.threadCpuUsage(cpu);
  return { ...f, calls, elapsedS: calls / f.rps, cpuUs: used.user + used.system };
}

/** The pair compared closely (on CPU per call too): ours and raw undici. */
const PAIR = ["pulumi-svc", "undici"] as const;

/** One client's slices of a round as one sample: calls, time and CPU summed; latencies the slices' medians. */
function merge(slices: readonly Sample[]): Sample {
  const firstError = slices.find((x) => x.firstError)?.firstError;
  const calls = slices.reduce((n, x) => n + x.calls, 0);
  const elapsedS = slices.reduce((t, x) => t + x.elapsedS, 0);
  return {
    calls,
    elapsedS,
    rps: calls / elapsedS,
    cpuUs: slices.reduce((t, x) => t + x.cpuUs, 0),
    errors: slices.reduce((n, x) => n + x.errors, 0),
    p50Ms: median(slices.map((x) => x.p50Ms)),
    p99Ms: median(slices.map((x) => x.p99Ms)),
    ...(firstError === undefined ? {} : { firstError }),
  };
}

/**
 * Warm-up, then `rounds` rounds of every client on every operation, in the order of `roundOrder`, each
 * measured run after an idle pause. Ours and raw undici share one run: their calls are cut into
 * `PAIR_SLICES` slices each, run alternately (`sliceOrder`), and summed per client.
 */
async function sample(calls: Calls, o: Required<Omit<ThroughputOptions, "print">>) {
  const samples = {} as Record<OperationName, Record<ClientName, Sample[]>>;
  const sliceCalls = Math.ceil(o.requests / PAIR_SLICES);
  for (const op of OPERATIONS) {
    samples[op] = { "pulumi-svc": [], fetch: [], undici: [], "@novu/api": [] };
    for (const client of CLIENTS)
      await runClosedLoop(calls[op][client], o.concurrency, Math.ceil(o.requests / 3));
    for (let round = 0; round < o.rounds; round++) {
      for (const client of roundOrder<ClientName>(PAIR, ["fetch", "@novu/api"], round)) {
        if (client === PAIR[1 - (round % 2)]) continue; // the pair ran as one, at its first member's turn
        await settle(SETTLE_MS);
        if (client !== "pulumi-svc" && client !== "undici") {
          const n = Math.ceil(o.requests * OTHERS_SHARE);
          samples[op][client].push(await measure(calls[op][client], o.concurrency, n));
          continue;
        }
        const slices: Record<(typeof PAIR)[number], Sample[]> = { "pulumi-svc": [], undici: [] };
        for (const c of sliceOrder(PAIR, PAIR_SLICES, round))
          slices[c].push(await measure(calls[op][c], o.concurrency, sliceCalls));
        for (const c of PAIR) samples[op][c].push(merge(slices[c]));
      }
    }
  }
  return samples;
}

function okPerSecond(s: Sample): number {
  return (s.calls - s.errors) / s.elapsedS;
}

/** All rounds of one client as one figure: successful calls over time, with the per-round range. */
function summarize(runs: readonly Sample[]): ClientFigures {
  const perRound = runs.map(okPerSecond);
  const ok = runs.reduce((n, r) => n + r.calls - r.errors, 0);
  const elapsed = runs.reduce((t, r) => t + r.elapsedS, 0);
  const firstError = runs.find((r) => r.firstError)?.firstError;
  return {
    okPerSecond: { value: ok / elapsed, min: Math.min(...perRound), max: Math.max(...perRound) },
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    cpuUsPerCall: median(runs.map((r) => r.cpuUs / r.calls)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    ...(firstError === undefined ? {} : { firstError }),
  };
}

/** Ours / other: the median and range of the per-round quotients, and the quotient of the two figures. */
function ratio(
  ours: readonly Sample[],
  other: readonly Sample[],
  figures: Record<ClientName, ClientFigures>,
  name: Baseline,
): Ratio {
  const perRound = ours.map((r, i) => okPerSecond(r) / okPerSecond(other[i] as Sample));
  return {
    value: median(perRound),
    min: Math.min(...perRound),
    max: Math.max(...perRound),
    overall: figures["pulumi-svc"].okPerSecond.value / figures[name].okPerSecond.value,
  };
}

/** Ours' CPU per call / raw undici's in each round (their runs are back to back): median and range. */
function cpuRatio(ours: readonly Sample[], undici: readonly Sample[]): Spread {
  const perCall = (r: Sample) => r.cpuUs / r.calls;
  const perRound = ours.map((r, i) => perCall(r) / perCall(undici[i] as Sample));
  return { value: median(perRound), min: Math.min(...perRound), max: Math.max(...perRound) };
}

/** CPU time of checking the real listActive payload on its own, as our client does, µs per call. */
async function validationCost(emu: WorkerEmulator): Promise<number> {
  const res = await request(`${emu.url}/v1/integrations/active`, {
    headers: { authorization: `ApiKey ${emu.apiKey}`, accept: "application/json" },
  });
  const data = ((await res.body.json()) as { data: unknown }).data;
  const n = 20_000;
  const accept = fastAcceptor(integrationListSchema);
  const check = () => accept(data) || integrationListSchema.safeParse(data).success;
  for (let i = 0; i < 2_000; i++) check();
  const cpu = process.threadCpuUsage();
  for (let i = 0; i < n; i++) check();
  const used = process.threadCpuUsage(cpu);
  return (used.user + used.system) / n;
}

/** The verdict: every ratio at its target (throughput and CPU per call), and no failed call of ours. */
function verdictFor(r: Omit<ThroughputResult, "verdict">): Verdict {
  const checks: TargetCheck[] = [];
  for (const op of OPERATIONS) {
    const f = r.figures[op]["pulumi-svc"];
    checks.push(
      target(`${op}: failed calls of pulumi-svc`, String(f.errors), "0", f.errors === 0, f.firstError),
    );
    for (const name of Object.keys(TARGETS) as Baseline[]) {
      const q = r.ratios[op][name].value;
      checks.push(
        target(
          `${op}: pulumi-svc / ${name}`,
          `${q.toFixed(2)}x (median per round; all rounds ${r.ratios[op][name].overall.toFixed(2)}x)`,
          `>= ${TARGETS[name]}x`,
          q >= TARGETS[name],
        ),
      );
    }
    const c = r.cpuRatios[op].value;
    checks.push(
      target(
        `${op}: CPU per call pulumi-svc / undici`,
        `${c.toFixed(2)}x (median per round; ${f.cpuUsPerCall.toFixed(0)} / ${r.figures[op].undici.cpuUsPerCall.toFixed(0)} µs)`,
        `<= ${CPU_TARGET}x`,
        c <= CPU_TARGET,
      ),
    );
  }
  return verdictOf(checks);
}

/** Per operation: one figure per client, and ours / each other client. */
function analyse(samples: Record<OperationName, Record<ClientName, Sample[]>>) {
  const figures = {} as ThroughputResult["figures"];
  const ratios = {} as ThroughputResult["ratios"];
  const cpuRatios = {} as ThroughputResult["cpuRatios"];
  for (const op of OPERATIONS) {
    const s = samples[op];
    const f = Object.fromEntries(CLIENTS.map((c) => [c, summarize(s[c])])) as Record<
      ClientName,
      ClientFigures
    >;
    figures[op] = f;
    ratios[op] = {
      "@novu/api": ratio(s["pulumi-svc"], s["@novu/api"], f, "@novu/api"),
      fetch: ratio(s["pulumi-svc"], s.fetch, f, "fetch"),
      undici: ratio(s["pulumi-svc"], s.undici, f, "undici"),
    };
    cpuRatios[op] = cpuRatio(s["pulumi-svc"], s.undici);
  }
  return { figures, ratios, cpuRatios };
}

/** Runs the benchmark and returns (and by default prints) the figures and the verdict. */
export async function run(options: ThroughputOptions = {}): Promise<ThroughputResult> {
  const o = {
    concurrency: options.concurrency ?? 16,
    requests: options.requests ?? 1500,
    rounds: options.rounds ?? 24,
  };
  const emu = await startEmulatorWorker({
    port: 0,
    keys: [{ apiKey: KEY }],
    fixtures: {
      subscribers: [{ subscriberId: SUBSCRIBER, email: "bench@example.com", firstName: "Bench" }],
      integrations: INTEGRATIONS,
    },
  });
  const clients = await makeCalls(emu);
  let samples: Record<OperationName, Record<ClientName, Sample[]>>;
  let validationUs: number;
  try {
    samples = await sample(clients.calls, o);
    validationUs = await validationCost(emu);
  } finally {
    await clients.close();
    await emu.stop();
  }
  const { figures, ratios, cpuRatios } = analyse(samples);
  const ourCpu = figures["integrations.listActive"]["pulumi-svc"].cpuUsPerCall;
  const partial = {
    ...o,
    figures,
    ratios,
    cpuRatios,
    targets: TARGETS,
    cpuTarget: CPU_TARGET,
    validation: { usPerCall: validationUs, shareOfOurCpu: validationUs / ourCpu },
  };
  const result: ThroughputResult = { ...partial, verdict: verdictFor(partial) };
  if (options.print ?? true) print(result);
  return result;
}

const range = (s: Spread, digits: number, unit = "") =>
  `${s.value.toFixed(digits)}${unit} (${s.min.toFixed(digits)}-${s.max.toFixed(digits)})`;

/**
 * Ours / each other client (throughput) and ours / raw undici (CPU per call): the median per round, the
 * per-round range, and for throughput the quotient of the table's figures.
 */
function printRatios(r: ThroughputResult): void {
  const names = Object.keys(TARGETS) as Baseline[];
  const ratioRows = OPERATIONS.map((op) => [
    op,
    ...names.map((n) => {
      const q = r.ratios[op][n];
      return `${range(q, 2, "x")} ${q.overall.toFixed(2)}x ${q.value >= TARGETS[n] ? "ok" : "BELOW"}`;
    }),
    `${range(r.cpuRatios[op], 2, "x")} ${r.cpuRatios[op].value <= CPU_TARGET ? "ok" : "ABOVE"}`,
  ]);
  const ratioHead = [
    "ours / other: median per round (range) all rounds",
    ...names.map((n) => `throughput vs ${n} (>= ${TARGETS[n]})`),
    `CPU/call vs undici (<= ${CPU_TARGET})`,
  ];
  console.log(formatTable(ratioHead, ratioRows));
}

function print(r: ThroughputResult): void {
  console.log(
    `client throughput: ${r.concurrency} in flight, ${r.requests} calls per round (fetch, @novu/api: ${Math.ceil(r.requests * OTHERS_SHARE)}), ${r.rounds} rounds (node ${process.version})\n`,
  );
  const rows: string[][] = [];
  for (const op of OPERATIONS) {
    for (const client of CLIENTS) {
      const f = r.figures[op][client];
      rows.push([
        op,
        client,
        range(f.okPerSecond, 0),
        f.cpuUsPerCall.toFixed(0),
        f.p50Ms.toFixed(2),
        f.p99Ms.toFixed(2),
        String(f.errors),
      ]);
    }
  }
  const head = [
    "operation",
    "client",
    "ok calls/s (round range)",
    "CPU µs/call",
    "p50 ms",
    "p99 ms",
    "errors",
  ];
  console.log(formatTable(head, rows));
  console.log("");
  printRatios(r);
  const v = r.validation;
  console.log(
    `\nresponse validation (listActive, 5 integrations): ${v.usPerCall.toFixed(1)} µs CPU per call, ${(100 * v.shareOfOurCpu).toFixed(0)}% of pulumi-svc's client CPU per call`,
  );
  for (const op of OPERATIONS) {
    for (const client of CLIENTS) {
      const e = r.figures[op][client].firstError;
      if (e) console.log(`${op} / ${client}: first error: ${e}`);
    }
  }
  printVerdict(r.verdict);
}

if (require.main === module) {
  exitWithVerdict(
    run({
      concurrency: argNumber("concurrency", 16),
      requests: argNumber("requests", 1500),
      rounds: argNumber("rounds", 24),
    }),
  );
}
