/**
 * Client throughput: requests per second for `integrations.listActive()` and
 * `subscribers.upsertCredentials()` against the emulator, in one run, for
 *
 * - `pulumi-svc`  our SvcClient (validation, retries, idempotency keys, error mapping included),
 * - `fetch`       global fetch making the same HTTP calls (JSON parse, no validation),
 * - `undici`      raw `undici.request` on a keep-alive Pool (the floor: no validation, no retries),
 * - `@novu/api`   the best-known client of this service, its server URL pointed at the emulator.
 *
 * Same concurrency for each, a warm-up, several rounds interleaved across clients (so drift hits all of
 * them alike); the median round is reported, and each ratio is the median of the per-round ratios. The emulator runs in a worker thread so the server does not
 * share the client's event loop.
 *
 *   node dist/bench/client-throughput.js [--concurrency=16] [--requests=2000] [--rounds=7]
 */
import { randomUUID } from "node:crypto";
import { Pool, request } from "undici";
import { SvcClient } from "../sdk";
import { startEmulatorWorker } from "./lib/emulator-worker";
import { median, type RunFigures, runClosedLoop } from "./lib/measure";
import { formatTable } from "./lib/table";

/** Settings of a run. */
export interface ThroughputOptions {
  /** Calls in flight per client. */
  concurrency?: number;
  /** Calls per round and operation. */
  requests?: number;
  /** Measured rounds (after one warm-up round). */
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

/** Figures of a run: median round per client and operation, and our ratios. */
export interface ThroughputResult {
  concurrency: number;
  requests: number;
  rounds: number;
  figures: Record<OperationName, Record<ClientName, RunFigures>>;
  ratios: Record<OperationName, { vsNovu: number; vsFetch: number; vsUndici: number }>;
  targets: { vsNovu: number; vsFetch: number; vsUndici: number };
}

const TARGETS = { vsNovu: 1.5, vsFetch: 1.2, vsUndici: 0.8 };
const KEY = "bench_client_key";
const SUBSCRIBER = "bench-subscriber";
const CREDENTIALS_BODY = {
  providerId: "fcm" as const,
  credentials: { deviceTokens: ["bench-token-1", "bench-token-2"] },
};

type Call = () => Promise<unknown>;

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

/** Runs the benchmark and returns (and by default prints) the figures. */
export async function run(options: ThroughputOptions = {}): Promise<ThroughputResult> {
  const concurrency = options.concurrency ?? 16;
  const requests = options.requests ?? 2000;
  const rounds = options.rounds ?? 7;
  const emu = await startEmulatorWorker({
    port: 0,
    keys: [{ apiKey: KEY }],
    fixtures: {
      subscribers: [{ subscriberId: SUBSCRIBER, email: "bench@example.com", firstName: "Bench" }],
      integrations: [
        { providerId: "fcm", channel: "push", identifier: "bench-fcm", name: "FCM", active: true },
        {
          providerId: "sendgrid",
          channel: "email",
          identifier: "bench-sendgrid",
          name: "Sendgrid",
          active: true,
        },
        { providerId: "twilio", channel: "sms", identifier: "bench-twilio", name: "Twilio", active: true },
        { providerId: "slack", channel: "chat", identifier: "bench-slack", name: "Slack", active: true },
        { providerId: "svc", channel: "in_app", identifier: "bench-inbox", name: "Inbox", active: true },
      ],
    },
  });

  const ours = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
  const pool = new Pool(emu.url, { connections: 32, keepAliveTimeout: 10_000 });
  const { Novu } = (await import("@novu/api")) as unknown as { Novu: new (o: object) => NovuLike };
  const novu = new Novu({ secretKey: emu.apiKey, serverURL: emu.url });
  const auth = `ApiKey ${emu.apiKey}`;
  const credentialsUrl = `${emu.url}/v1/subscribers/${SUBSCRIBER}/credentials`;
  const bodyText = JSON.stringify(CREDENTIALS_BODY);

  const fetchJson = async (url: string, init: RequestInit) => {
    const res = await fetch(url, init);
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

  const calls: Record<OperationName, Record<ClientName, Call>> = {
    "integrations.listActive": {
      "pulumi-svc": () => ours.integrations.listActive(),
      fetch: () =>
        fetchJson(`${emu.url}/v1/integrations/active`, {
          headers: { authorization: auth, accept: "application/json" },
        }),
      undici: () =>
        undiciJson("/v1/integrations/active", {
          headers: { authorization: auth, accept: "application/json" },
        }),
      "@novu/api": () => novu.integrations.listActive(),
    },
    "subscribers.upsertCredentials": {
      "pulumi-svc": () => ours.subscribers.upsertCredentials(SUBSCRIBER, CREDENTIALS_BODY),
      fetch: () =>
        fetchJson(credentialsUrl, {
          method: "PATCH",
          headers: {
            authorization: auth,
            accept: "application/json",
            "content-type": "application/json",
            "idempotency-key": randomUUID(),
          },
          body: bodyText,
        }),
      undici: () =>
        undiciJson(`/v1/subscribers/${SUBSCRIBER}/credentials`, {
          method: "PATCH",
          headers: {
            authorization: auth,
            accept: "application/json",
            "content-type": "application/json",
            "idempotency-key": randomUUID(),
          },
          body: bodyText,
        }),
      "@novu/api": () => novu.subscribers.credentials.append(CREDENTIALS_BODY, SUBSCRIBER, randomUUID()),
    },
  };

  const samples = {} as Record<OperationName, Record<ClientName, RunFigures[]>>;
  try {
    for (const op of OPERATIONS) {
      samples[op] = { "pulumi-svc": [], fetch: [], undici: [], "@novu/api": [] };
      for (const client of CLIENTS)
        await runClosedLoop(calls[op][client], concurrency, Math.ceil(requests / 3));
      for (let round = 0; round < rounds; round++) {
        // Rotate the order every round so no client always runs first or last.
        for (let i = 0; i < CLIENTS.length; i++) {
          const client = CLIENTS[(i + round) % CLIENTS.length] as ClientName;
          samples[op][client].push(await runClosedLoop(calls[op][client], concurrency, requests));
        }
      }
    }
  } finally {
    await ours.close();
    await pool.close();
    await emu.stop();
  }

  const figures = {} as ThroughputResult["figures"];
  const ratios = {} as ThroughputResult["ratios"];
  for (const op of OPERATIONS) {
    figures[op] = {} as Record<ClientName, RunFigures>;
    for (const client of CLIENTS) {
      const runs = samples[op][client];
      const rps = median(runs.map((r) => r.rps));
      const errors = runs.reduce((n, r) => n + r.errors, 0);
      const firstError = runs.find((r) => r.firstError)?.firstError;
      figures[op][client] = {
        rps,
        p50Ms: median(runs.map((r) => r.p50Ms)),
        p99Ms: median(runs.map((r) => r.p99Ms)),
        errors,
        ...(firstError === undefined ? {} : { firstError }),
      };
    }
    // Ratios are taken per round (the clients of a round ran back to back, under the same machine load),
    // then the median over rounds: steadier than a ratio of medians on a shared machine.
    const s = samples[op];
    const ratio = (other: ClientName) =>
      median(s["pulumi-svc"].map((r, i) => r.rps / (s[other][i]?.rps ?? Number.NaN)));
    ratios[op] = { vsNovu: ratio("@novu/api"), vsFetch: ratio("fetch"), vsUndici: ratio("undici") };
  }
  const result: ThroughputResult = { concurrency, requests, rounds, figures, ratios, targets: TARGETS };
  if (options.print ?? true) print(result);
  return result;
}

function print(r: ThroughputResult): void {
  console.log(
    `client throughput: ${r.concurrency} in flight, ${r.requests} calls per round, median of ${r.rounds} rounds (node ${process.version})\n`,
  );
  const rows: string[][] = [];
  for (const op of OPERATIONS) {
    for (const client of CLIENTS) {
      const f = r.figures[op][client];
      rows.push([op, client, f.rps.toFixed(0), f.p50Ms.toFixed(2), f.p99Ms.toFixed(2), String(f.errors)]);
    }
  }
  console.log(formatTable(["operation", "client", "req/s", "p50 ms", "p99 ms", "errors"], rows));
  console.log("");
  const ratioRows = OPERATIONS.map((op) => {
    const q = r.ratios[op];
    const cell = (v: number, t: number) => `${v.toFixed(2)}x ${v >= t ? "ok" : "BELOW"}`;
    return [
      op,
      cell(q.vsNovu, r.targets.vsNovu),
      cell(q.vsFetch, r.targets.vsFetch),
      cell(q.vsUndici, r.targets.vsUndici),
    ];
  });
  console.log(
    formatTable(
      [
        "ratio (ours / other)",
        `vs @novu/api (>= ${r.targets.vsNovu})`,
        `vs fetch (>= ${r.targets.vsFetch})`,
        `vs undici (>= ${r.targets.vsUndici})`,
      ],
      ratioRows,
    ),
  );
  for (const op of OPERATIONS) {
    for (const client of CLIENTS) {
      const e = r.figures[op][client].firstError;
      if (e) console.log(`\n${op} / ${client}: first error: ${e}`);
    }
  }
}

if (require.main === module) {
  run({
    concurrency: argNumber("concurrency", 16),
    requests: argNumber("requests", 2000),
    rounds: argNumber("rounds", 7),
  }).catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
