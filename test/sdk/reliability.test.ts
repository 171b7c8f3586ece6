import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, type EmulatorOptions, startEmulator } from "../../emulator";
import { ConnectionError, InternalServerError, SvcClient } from "../../sdk";

let emu: Emulator | undefined;
let client: SvcClient | undefined;

afterEach(async () => {
  await client?.close();
  await emu?.close();
  client = undefined;
  emu = undefined;
});

async function setup(opts: EmulatorOptions, clientOpts: Record<string, unknown> = {}) {
  emu = await startEmulator({ port: 0, keys: [{ apiKey: `sdk_rel_${randomUUID()}` }], ...opts });
  client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url, baseRetryDelayMs: 5, ...clientOpts });
  return { emu, client };
}

describe("429 storms", () => {
  it("waits at least Retry-After before repeating a rate-limited request", async () => {
    // 2 requests/s, bucket of 10: the 11th request in a burst is refused with Retry-After: 1.
    const { emu, client } = await setup({ rateLimit: { perSecond: 2 } });
    for (let i = 0; i < 14; i++) await client.integrations.listActive();
    const records = emu.requests;
    const limited = records.map((r, i) => ({ r, i })).filter(({ r }) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    for (const { r, i } of limited) {
      const next = records[i + 1];
      expect(next).toBeDefined();
      // Server-side arrival times: the retry arrived no sooner than Retry-After (1 s) after the refusal.
      expect(next!.startedAt - r.startedAt).toBeGreaterThanOrEqual(1000);
    }
    expect(records.filter((r) => r.status === 200)).toHaveLength(14);
  });

  it("a concurrent burst of creates all succeed, each exactly once", async () => {
    // Integrations are category global (the service's default category).
    const { emu, client } = await setup({ rateLimit: { global: 2 } });
    const ids = Array.from({ length: 16 }, (_, i) => `burst-${i}`);
    const made = await Promise.all(
      ids.map((identifier) =>
        client.integrations.create({ identifier, providerId: "sendgrid", channel: "email" }),
      ),
    );
    expect(made.map((m) => m.identifier)).toEqual(ids);
    expect(emu.requests.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    const stored = emu.integrations().map((i) => i.identifier);
    for (const id of ids) expect(stored.filter((s) => s === id)).toHaveLength(1);
  });

  it("gives up with RateLimitError when the server asks to wait longer than maxRetryDelayMs", async () => {
    // 0.1 requests/s: Retry-After is 10 s, more than the 2 s cap, so no retry is attempted.
    const { emu, client } = await setup({ rateLimit: { perSecond: 0.2 } }, { maxRetryDelayMs: 2_000 });
    await client.integrations.list();
    const err = await client.integrations.list().catch((e: unknown) => e);
    expect((err as Error).name).toBe("RateLimitError");
    expect((err as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(2_000);
    expect(emu.requests).toHaveLength(2);
  });
});

describe("503s", () => {
  it("retries injected 503s until the call succeeds", async () => {
    const { emu, client } = await setup({ faults: { failRate: 0.5, seed: 7 } });
    for (let i = 0; i < 10; i++) {
      await client.integrations.create({
        identifier: `flaky-${i}`,
        providerId: "sendgrid",
        channel: "email",
      });
      expect((await client.integrations.listActive()).length).toBeGreaterThanOrEqual(0);
    }
    expect(emu.requests.filter((r) => r.status === 503).length).toBeGreaterThan(3);
    const stored = emu.integrations().map((i) => i.identifier);
    for (let i = 0; i < 10; i++) expect(stored.filter((s) => s === `flaky-${i}`)).toHaveLength(1);
  });

  it("stops after maxRetries with an InternalServerError", async () => {
    const { emu, client } = await setup({ faults: { failRate: 1 } }, { maxRetries: 3 });
    const err = await client.integrations.listActive().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InternalServerError);
    expect((err as Error).message).toMatch(/-> 503 \(req .+\): .*\[after 4 attempts\]$/);
    expect(emu.requests).toHaveLength(4);
  });
});

describe("responses dropped after commit", () => {
  it("a retried create makes exactly one integration", async () => {
    const { emu, client } = await setup({ faults: { dropRate: 0.5, seed: 11 } });
    const ids = Array.from({ length: 12 }, (_, i) => `dropped-${i}`);
    for (const identifier of ids) {
      const made = await client.integrations.create({ identifier, providerId: "sendgrid", channel: "email" });
      expect(made.identifier).toBe(identifier);
    }
    const dropped = emu.requests.filter((r) => r.dropped);
    expect(dropped.length).toBeGreaterThan(0);
    // Every dropped create was answered on retry from the idempotency record, not executed again.
    const replayedKeys = new Set(emu.requests.filter((r) => r.replayed).map((r) => r.idempotencyKey));
    for (const d of dropped.filter((r) => r.method === "POST"))
      expect(replayedKeys.has(d.idempotencyKey)).toBe(true);
    const stored = emu.integrations().map((i) => i.identifier);
    for (const id of ids) expect(stored.filter((s) => s === id)).toHaveLength(1);
  });

  it("without retries the drop surfaces as a ConnectionError (and the create did happen)", async () => {
    const { emu, client } = await setup({ faults: { dropRate: 1 } }, { maxRetries: 0 });
    const err = await client.integrations
      .create({ identifier: "once", providerId: "sendgrid", channel: "email" })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as Error).message).toContain("integrations.create");
    expect(emu.integrations().filter((i) => i.identifier === "once")).toHaveLength(1);
  });

  it("a request still in flight (409 with Retry-After) is waited for and replayed", async () => {
    const { emu, client } = await setup({ faults: { latencyMs: 600 } });
    const key = randomUUID();
    const body = { identifier: "slow", providerId: "sendgrid", channel: "email" as const };
    const first = client.integrations.create(body, { idempotencyKey: key });
    // The emulator holds the first request 600 ms; the second, with the same key, arrives meanwhile.
    await new Promise((r) => setTimeout(r, 100));
    const second = client.integrations.create(body, { idempotencyKey: key });
    const [a, b] = await Promise.all([first, second]);
    expect(a._id).toBe(b._id);
    const statuses = emu.requests.map((r) => r.status);
    expect(statuses).toContain(409);
    expect(emu.requests.some((r) => r.replayed)).toBe(true);
    expect(emu.integrations().filter((i) => i.identifier === "slow")).toHaveLength(1);
  });
});
