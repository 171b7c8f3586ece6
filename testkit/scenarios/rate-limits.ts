/**
 * Rate limits: a mix of every kind of operation against a tight token-bucket limit. Every call must succeed,
 * and the emulator's own request log must show that no retry of a 429 arrived before the `Retry-After` the
 * client was given had elapsed.
 *
 * Pairing a 429 with its retry needs requests that can be told apart in the log: POST/PATCH by their
 * idempotency key (the mix gives each call its own; the sdk renews it after a received answer, a 429
 * included, as `<key>:r<n>`), per-worker objects by their path, and the list operations (shared paths) all
 * come from a single sequential worker. Within each of these groups requests are strictly sequential, so the record after
 * a 429 is its retry.
 */
import { randomUUID } from "node:crypto";
import type { Dispatcher } from "undici";
import { type Emulator, type Fixtures, type RequestRecord, startEmulator } from "../../emulator";
import { bucketCapacity } from "../../emulator/rate-limit";
import { SvcClient } from "../../sdk";
import { FiguresRecorder } from "./figures";
import { type TappedResponse, tappedPool } from "./header-tap";
import { since } from "./pool";

/** Settings of {@link rateLimits}. */
export interface RateLimitOptions {
  /** Operations in total (default 1000). */
  operations?: number;
  /** Requests per second of the configuration category (default 40). */
  configurationPerSecond?: number;
  /** Requests per second of the global category (default 40). */
  globalPerSecond?: number;
  /** Workers on their own objects, besides the one list worker (default 8). */
  workers?: number;
}

/** What {@link rateLimits} measured. */
export interface RateLimitFigures {
  operations: number;
  succeeded: number;
  failed: number;
  /** Operations per kind. */
  byOperation: Record<string, number>;
  /** 429 answers. */
  limited: number;
  /** 429s whose retry arrived before its Retry-After had elapsed (server clock). */
  earlyRetries: number;
  /** 429s without a later retry in the log, or without a Retry-After seen by the client. */
  unpaired: number;
  /** Smallest (retry arrival − 429 arrival − Retry-After), ms; negative would be an early retry. */
  minSlackMs: number | undefined;
  /** Largest Retry-After the client was given, ms. */
  maxRetryAfterMs: number;
  /** Wall time of the mix, ms. */
  elapsedMs: number;
  /** Least time the limit allows for the requests admitted, ms (refill after the initial burst). */
  boundMs: number;
  /** Requests per category that the limiter admitted. */
  admitted: Record<string, number>;
  firstError?: string;
}

const SHARED_GET_PATHS = new Set([
  "/v1/integrations",
  "/v1/integrations/active",
  "/v2/subscribers",
  "/v1/messages",
  "/v1/notifications",
]);

/** Share of the operation budget the list worker takes. */
const LIST_WORKER_SHARE = 0.15;

function hexId(prefix: string, n: number): string {
  return `${prefix}${n.toString(16).padStart(24 - prefix.length, "0")}`;
}

/** One run of the mix: the emulator, the tapped client, the budget, and the recorder. */
interface Mix {
  total: number;
  workers: number;
  rates: Record<"configuration" | "global", number>;
  run: string;
  emu: Emulator;
  seen: TappedResponse[];
  dispatcher: Dispatcher;
  client: SvcClient;
  /** Calls per operation, the operations that succeeded, and the first error. */
  rec: FiguresRecorder<"succeeded">;
  /** Request ids of the last answer of calls that failed: their 429 is final, no retry follows it. */
  finalIds: Set<string>;
}

const subscriberOf = (run: string, w: number) => `rl-${run}-${w}`;
const workflowOf = (run: string, w: number) => `rl-wf-${run}-${w}`;

/** The objects each worker uses: a subscriber, a workflow, an event and a message. */
function fixtures(run: string, workers: number): Fixtures {
  const each = <T>(make: (w: number) => T) => Array.from({ length: workers }, (_, w) => make(w));
  return {
    integrations: [{ providerId: "fcm", channel: "push", identifier: `fcm-${run}`, active: true }],
    subscribers: each((w) => ({ subscriberId: subscriberOf(run, w), email: `${subscriberOf(run, w)}@x.io` })),
    workflows: each((w) => ({ workflowId: workflowOf(run, w), name: `Workflow ${w}` })),
    notifications: each((w) => ({
      _id: hexId("6a", w),
      subscriberId: subscriberOf(run, w),
      transactionId: `txn-${run}-${w}`,
    })),
    messages: each((w) => ({
      channel: "in_app",
      subscriberId: subscriberOf(run, w),
      transactionId: `txn-${run}-${w}`,
    })),
  };
}

/** Starts an emulator under the limit, and a client whose answers are tapped. */
async function startMix(opts: RateLimitOptions): Promise<Mix> {
  const workers = opts.workers ?? 8;
  const rates = { configuration: opts.configurationPerSecond ?? 40, global: opts.globalPerSecond ?? 40 };
  const run = randomUUID().slice(0, 8);
  const emu = await startEmulator({
    port: 0,
    keys: [{ apiKey: `rel_rate_${randomUUID()}` }],
    rateLimit: rates,
    fixtures: fixtures(run, workers),
  });
  const seen: TappedResponse[] = [];
  const dispatcher = tappedPool(emu.url, seen);
  const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url, dispatcher });
  const rec = new FiguresRecorder(["succeeded"] as const);
  return {
    total: opts.operations ?? 1000,
    workers,
    rates,
    run,
    emu,
    seen,
    dispatcher,
    client,
    rec,
    finalIds: new Set(),
  };
}

/** Runs one operation when the budget allows; false when the budget is spent or the operation failed. */
async function op(m: Mix, name: string, fn: () => Promise<unknown>): Promise<unknown> {
  if (m.rec.callCount >= m.total) return false;
  m.rec.call(name);
  try {
    const r = await fn();
    m.rec.count("succeeded");
    return r ?? true;
  } catch (e) {
    m.rec.fail(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    const requestId = (e as { requestId?: unknown }).requestId;
    if (typeof requestId === "string") m.finalIds.add(requestId);
    return false;
  }
}

/** The single sequential worker on the list operations (shared paths). */
async function lister(m: Mix): Promise<void> {
  const { client } = m;
  // Stops at its share so that the object workers get the rest of the budget.
  const own = Math.floor(m.total * LIST_WORKER_SHARE);
  const ops: [string, () => Promise<unknown>][] = [
    ["integrations.listActive", () => client.integrations.listActive()],
    ["subscribers.search", () => client.subscribers.search({ email: `${subscriberOf(m.run, 0)}@x.io` })],
    ["messages.list", () => client.messages.list({ limit: 5 })],
    ["notifications.list", () => client.notifications.list({ limit: 5 })],
    ["integrations.list", () => client.integrations.list()],
  ];
  for (let i = 0; i < own; i++) {
    const [name, fn] = ops[i % ops.length]!;
    if ((await op(m, name, fn)) === false && m.rec.callCount >= m.total) return;
  }
}

/** Worker `w` on its own objects, cycle after cycle until the budget is spent. */
async function worker(m: Mix, w: number): Promise<void> {
  const { client } = m;
  const sub = subscriberOf(m.run, w);
  for (let cycle = 0; m.rec.callCount < m.total; cycle++) {
    const made = await op(m, "integrations.create", () =>
      client.integrations.create(
        { providerId: "twilio", channel: "sms", identifier: `rl-${m.run}-${w}-${cycle}` },
        { idempotencyKey: `rl-create-${m.run}-${w}-${cycle}` },
      ),
    );
    await op(m, "subscribers.upsertCredentials", () =>
      client.subscribers.upsertCredentials(
        sub,
        { providerId: "fcm", credentials: { deviceTokens: [`t-${cycle}`] } },
        { idempotencyKey: `rl-upsert-${m.run}-${w}-${cycle}` },
      ),
    );
    await op(m, "subscribers.getPreferences", () => client.subscribers.getPreferences(sub));
    await op(m, "workflows.get", () => client.workflows.get(workflowOf(m.run, w)));
    await op(m, "notifications.get", () => client.notifications.get(hexId("6a", w)));
    const id = typeof made === "object" && made !== null ? (made as { _id?: string })._id : undefined;
    if (id === undefined) continue;
    await op(m, "integrations.update", () => client.integrations.update(id, { name: `cycle ${cycle}` }));
    await op(m, "integrations.delete", () => client.integrations.delete(id));
  }
}

/** Runs the mix against its own emulator and returns its figures. */
export async function rateLimits(opts: RateLimitOptions = {}): Promise<RateLimitFigures> {
  const m = await startMix(opts);
  const t0 = performance.now();
  try {
    await Promise.all([lister(m), ...Array.from({ length: m.workers }, (_, w) => worker(m, w))]);
    const elapsedMs = since(t0);
    return {
      ...analyse(m.emu.requests, m.seen, m.rates, m.finalIds),
      operations: m.rec.callCount,
      succeeded: m.rec.get("succeeded"),
      failed: m.rec.failures,
      byOperation: m.rec.callsByOperation(),
      elapsedMs,
      ...m.rec.firstFailureAs("firstError"),
    };
  } finally {
    await m.client.close();
    await m.dispatcher.close();
    await m.emu.close();
  }
}

/** The Retry-After the client was given with each 429, ms by request id. */
function retryAfters(seen: readonly TappedResponse[]): Map<string, number> {
  const retryAfterById = new Map<string, number>();
  for (const s of seen) {
    if (s.status === 429 && s.requestId !== undefined && s.retryAfter !== undefined) {
      retryAfterById.set(s.requestId, Number(s.retryAfter) * 1000);
    }
  }
  return retryAfterById;
}

/** What the sdk appends to a caller's idempotency key when it renews it for a retry (`<key>:r<n>`). */
const RENEWAL_SUFFIX = /:r\d+$/;

/** The request log in groups whose requests are strictly sequential, each in arrival order. */
function sequentialGroups(records: readonly RequestRecord[]): RequestRecord[][] {
  const groups = new Map<string, RequestRecord[]>();
  for (const r of [...records].sort((a, b) => a.startedAt - b.startedAt)) {
    const key =
      r.idempotencyKey?.replace(RENEWAL_SUFFIX, "") ??
      (r.method === "GET" && SHARED_GET_PATHS.has(r.path) ? "shared-list-worker" : `${r.method} ${r.path}`);
    const g = groups.get(key) ?? [];
    g.push(r);
    groups.set(key, g);
  }
  return [...groups.values()];
}

type Pairing = Pick<
  RateLimitFigures,
  "limited" | "earlyRetries" | "unpaired" | "minSlackMs" | "maxRetryAfterMs"
>;

/** Pairs each 429 with its retry (the next request of its group) and measures the wait against Retry-After. */
function pairRetries(
  groups: readonly RequestRecord[][],
  retryAfterById: ReadonlyMap<string, number>,
  finalIds: ReadonlySet<string>,
): Pairing {
  const rec = new FiguresRecorder(["limited", "earlyRetries", "unpaired"] as const);
  let minSlackMs: number | undefined;
  let maxRetryAfterMs = 0;
  for (const g of groups) {
    g.forEach((r, i) => {
      if (r.status !== 429) return;
      rec.count("limited");
      // The client gave up on this one (counted as a failed operation): nothing to pair it with.
      if (finalIds.has(r.requestId)) return;
      const retry = g[i + 1];
      const retryAfterMs = retryAfterById.get(r.requestId);
      if (retry === undefined || retryAfterMs === undefined || Number.isNaN(retryAfterMs)) {
        rec.count("unpaired");
        return;
      }
      maxRetryAfterMs = Math.max(maxRetryAfterMs, retryAfterMs);
      const slack = retry.startedAt - r.startedAt - retryAfterMs;
      if (slack < 0) rec.count("earlyRetries");
      minSlackMs = minSlackMs === undefined ? slack : Math.min(minSlackMs, slack);
    });
  }
  return { ...rec.counts(), minSlackMs, maxRetryAfterMs };
}

/** Requests admitted per category, and the least time the limit allows for them, ms. */
function admission(
  records: readonly RequestRecord[],
  rates: Record<string, number>,
): Pick<RateLimitFigures, "boundMs" | "admitted"> {
  const admitted: Record<string, number> = {};
  for (const r of records) if (r.status !== 429) admitted[r.category] = (admitted[r.category] ?? 0) + 1;
  let boundMs = 0;
  for (const [category, n] of Object.entries(admitted)) {
    const rate = rates[category];
    if (rate === undefined) continue;
    const capacity = bucketCapacity(rate);
    boundMs = Math.max(boundMs, (Math.max(0, n - capacity) / rate) * 1000);
  }
  return { boundMs: Math.round(boundMs), admitted };
}

function analyse(
  records: readonly RequestRecord[],
  seen: readonly TappedResponse[],
  rates: Record<string, number>,
  finalIds: ReadonlySet<string>,
): Pairing & Pick<RateLimitFigures, "boundMs" | "admitted"> {
  return {
    ...pairRetries(sequentialGroups(records), retryAfters(seen), finalIds),
    ...admission(records, rates),
  };
}
