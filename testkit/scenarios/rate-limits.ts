/**
 * Rate limits: a mix of every kind of operation against a tight token-bucket limit. Every call must succeed,
 * and the emulator's own request log must show that no retry of a 429 arrived before the `Retry-After` the
 * client was given had elapsed.
 *
 * Pairing a 429 with its retry needs requests that can be told apart in the log: POST/PATCH by their
 * idempotency key, per-worker objects by their path, and the list operations (shared paths) all come from a
 * single sequential worker. Within each of these groups requests are strictly sequential, so the record after
 * a 429 is its retry.
 */
import { randomUUID } from "node:crypto";
import type { RequestRecord } from "../../emulator";
import { startEmulator } from "../../emulator";
import { RATE_LIMIT_WINDOW_S } from "../../emulator/rate-limit";
import { SvcClient } from "../../sdk";
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

function hexId(prefix: string, n: number): string {
  return `${prefix}${n.toString(16).padStart(24 - prefix.length, "0")}`;
}

/** Runs the mix against its own emulator and returns its figures. */
export async function rateLimits(opts: RateLimitOptions = {}): Promise<RateLimitFigures> {
  const total = opts.operations ?? 1000;
  const workers = opts.workers ?? 8;
  const rates = { configuration: opts.configurationPerSecond ?? 40, global: opts.globalPerSecond ?? 40 };
  const run = randomUUID().slice(0, 8);
  const sub = (w: number) => `rl-${run}-${w}`;
  const wf = (w: number) => `rl-wf-${run}-${w}`;
  const emu = await startEmulator({
    port: 0,
    keys: [{ apiKey: `rel_rate_${randomUUID()}` }],
    rateLimit: rates,
    fixtures: {
      integrations: [{ providerId: "fcm", channel: "push", identifier: `fcm-${run}`, active: true }],
      subscribers: Array.from({ length: workers }, (_, w) => ({
        subscriberId: sub(w),
        email: `${sub(w)}@x.io`,
      })),
      workflows: Array.from({ length: workers }, (_, w) => ({ workflowId: wf(w), name: `Workflow ${w}` })),
      notifications: Array.from({ length: workers }, (_, w) => ({
        _id: hexId("6a", w),
        subscriberId: sub(w),
        transactionId: `txn-${run}-${w}`,
      })),
      messages: Array.from({ length: workers }, (_, w) => ({
        channel: "in_app",
        subscriberId: sub(w),
        transactionId: `txn-${run}-${w}`,
      })),
    },
  });
  const seen: TappedResponse[] = [];
  const dispatcher = tappedPool(emu.url, seen);
  const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url, dispatcher });
  const byOperation: Record<string, number> = {};
  let issued = 0;
  let succeeded = 0;
  let failed = 0;
  let firstError: string | undefined;
  /** Request ids of the last answer of calls that failed: their 429 is final, no retry follows it. */
  const finalIds = new Set<string>();
  /** Runs one operation when the budget allows; false when the budget is spent. */
  const op = async (name: string, fn: () => Promise<unknown>): Promise<unknown> => {
    if (issued >= total) return false;
    issued++;
    byOperation[name] = (byOperation[name] ?? 0) + 1;
    try {
      const r = await fn();
      succeeded++;
      return r ?? true;
    } catch (e) {
      failed++;
      firstError ??= e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      const requestId = (e as { requestId?: unknown }).requestId;
      if (typeof requestId === "string") finalIds.add(requestId);
      return false;
    }
  };
  const listWorkerShare = 0.15;
  const lister = async () => {
    // Stops at its share so that the object workers get the rest of the budget.
    const own = Math.floor(total * listWorkerShare);
    const ops: [string, () => Promise<unknown>][] = [
      ["integrations.listActive", () => client.integrations.listActive()],
      ["subscribers.search", () => client.subscribers.search({ email: `${sub(0)}@x.io` })],
      ["messages.list", () => client.messages.list({ limit: 5 })],
      ["notifications.list", () => client.notifications.list({ limit: 5 })],
      ["integrations.list", () => client.integrations.list()],
    ];
    for (let i = 0; i < own; i++) {
      const [name, fn] = ops[i % ops.length]!;
      if ((await op(name, fn)) === false && issued >= total) return;
    }
  };
  const worker = async (w: number) => {
    for (let cycle = 0; issued < total; cycle++) {
      const made = await op("integrations.create", () =>
        client.integrations.create({
          providerId: "twilio",
          channel: "sms",
          identifier: `rl-${run}-${w}-${cycle}`,
        }),
      );
      await op("subscribers.upsertCredentials", () =>
        client.subscribers.upsertCredentials(sub(w), {
          providerId: "fcm",
          credentials: { deviceTokens: [`t-${cycle}`] },
        }),
      );
      await op("subscribers.getPreferences", () => client.subscribers.getPreferences(sub(w)));
      await op("workflows.get", () => client.workflows.get(wf(w)));
      await op("notifications.get", () => client.notifications.get(hexId("6a", w)));
      const id = typeof made === "object" && made !== null ? (made as { _id?: string })._id : undefined;
      if (id === undefined) continue;
      await op("integrations.update", () => client.integrations.update(id, { name: `cycle ${cycle}` }));
      await op("integrations.delete", () => client.integrations.delete(id));
    }
  };
  const t0 = performance.now();
  try {
    await Promise.all([lister(), ...Array.from({ length: workers }, (_, w) => worker(w))]);
    const elapsedMs = since(t0);
    return {
      ...analyse(emu.requests, seen, rates, finalIds),
      operations: issued,
      succeeded,
      failed,
      byOperation,
      elapsedMs,
      ...(firstError === undefined ? {} : { firstError }),
    };
  } finally {
    await client.close();
    await dispatcher.close();
    await emu.close();
  }
}

function analyse(
  records: readonly RequestRecord[],
  seen: readonly TappedResponse[],
  rates: Record<string, number>,
  finalIds: ReadonlySet<string>,
): Pick<
  RateLimitFigures,
  "limited" | "earlyRetries" | "unpaired" | "minSlackMs" | "maxRetryAfterMs" | "boundMs" | "admitted"
> {
  const retryAfterById = new Map<string, number>();
  for (const s of seen) {
    if (s.status === 429 && s.requestId !== undefined && s.retryAfter !== undefined) {
      retryAfterById.set(s.requestId, Number(s.retryAfter) * 1000);
    }
  }
  const groups = new Map<string, RequestRecord[]>();
  for (const r of [...records].sort((a, b) => a.startedAt - b.startedAt)) {
    const key =
      r.idempotencyKey ??
      (r.method === "GET" && SHARED_GET_PATHS.has(r.path) ? "shared-list-worker" : `${r.method} ${r.path}`);
    const g = groups.get(key) ?? [];
    g.push(r);
    groups.set(key, g);
  }
  let limited = 0;
  let earlyRetries = 0;
  let unpaired = 0;
  let minSlackMs: number | undefined;
  let maxRetryAfterMs = 0;
  for (const g of groups.values()) {
    g.forEach((r, i) => {
      if (r.status !== 429) return;
      limited++;
      // The client gave up on this one (counted as a failed operation): nothing to pair it with.
      if (finalIds.has(r.requestId)) return;
      const retry = g[i + 1];
      const retryAfterMs = retryAfterById.get(r.requestId);
      if (retry === undefined || retryAfterMs === undefined || Number.isNaN(retryAfterMs)) {
        unpaired++;
        return;
      }
      maxRetryAfterMs = Math.max(maxRetryAfterMs, retryAfterMs);
      const slack = retry.startedAt - r.startedAt - retryAfterMs;
      if (slack < 0) earlyRetries++;
      minSlackMs = minSlackMs === undefined ? slack : Math.min(minSlackMs, slack);
    });
  }
  const admitted: Record<string, number> = {};
  for (const r of records) if (r.status !== 429) admitted[r.category] = (admitted[r.category] ?? 0) + 1;
  let boundMs = 0;
  for (const [category, n] of Object.entries(admitted)) {
    const rate = rates[category];
    if (rate === undefined) continue;
    const capacity = Math.max(1, Math.round(rate * RATE_LIMIT_WINDOW_S));
    boundMs = Math.max(boundMs, (Math.max(0, n - capacity) / rate) * 1000);
  }
  return {
    limited,
    earlyRetries,
    unpaired,
    minSlackMs,
    maxRetryAfterMs,
    boundMs: Math.round(boundMs),
    admitted,
  };
}
