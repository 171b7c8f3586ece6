import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { call, expectError } from "../../testkit/emulator-http";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(() => emu.close());

describe("faults", () => {
  it("adds latency: a delayed request finishes after an undelayed one started with it", async () => {
    const fast = await startEmulator();
    emu.setFaults({ latencyMs: 300 });
    try {
      const order: string[] = [];
      await Promise.all([
        call(emu, "GET", "/v1/integrations").then((r) => order.push(`slow ${r.status}`)),
        call(fast, "GET", "/v1/integrations").then((r) => order.push(`fast ${r.status}`)),
      ]);
      expect(order).toEqual(["fast 200", "slow 200"]);
      // The request log times the whole answer, injected latency included (bench/engine sums these).
      expect(emu.requests.at(-1)?.durationMs).toBeGreaterThanOrEqual(290);
    } finally {
      emu.setFaults({});
      await fast.close();
    }
  });

  it("answers 503 at failRate 1 before doing anything (nothing stored)", async () => {
    emu.setFaults({ failRate: 1 });
    try {
      const res = await call(emu, "POST", "/v1/integrations", {
        body: { identifier: "never", providerId: "novu-sms", channel: "sms" },
      });
      expectError(res, 503);
      expect(res.headers["x-request-id"]).toBeTruthy();
      expect(emu.integrations().some((i) => i.identifier === "never")).toBe(false);
    } finally {
      emu.setFaults({});
    }
  });

  it("fails a seeded fraction of requests, the same sequence for the same seed", async () => {
    const run = async () => {
      emu.setFaults({ failRate: 0.5, seed: 42 });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await call(emu, "GET", "/v1/integrations")).status);
      return statuses;
    };
    try {
      const a = await run();
      const b = await run();
      expect(a).toEqual(b);
      expect(a.filter((s) => s === 503).length).toBeGreaterThan(0);
      expect(a.filter((s) => s === 200).length).toBeGreaterThan(0);
    } finally {
      emu.setFaults({});
    }
  });

  it("drops after commit: the change is stored, the socket destroyed, the replay answers", async () => {
    emu.setFaults({ dropRate: 1 });
    const headers = {
      authorization: `ApiKey ${emu.apiKey}`,
      "content-type": "application/json",
      "idempotency-key": "drop-1",
    };
    const payload = JSON.stringify({ identifier: "dropped", providerId: "novu-sms", channel: "sms" });
    try {
      await expect(
        request(`${emu.url}/v1/integrations`, { method: "POST", headers, body: payload }),
      ).rejects.toThrow();
      expect(emu.integrations().filter((i) => i.identifier === "dropped")).toHaveLength(1);
      const record = emu.requests.find((r) => r.idempotencyKey === "drop-1");
      expect(record).toMatchObject({ dropped: true, status: 0 });
    } finally {
      emu.setFaults({});
    }
    const retry = await request(`${emu.url}/v1/integrations`, { method: "POST", headers, body: payload });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotency-replay"]).toBe("true");
    const answered = (await retry.body.json()) as { data: { identifier: string } };
    expect(answered.data.identifier).toBe("dropped");
    expect(emu.integrations().filter((i) => i.identifier === "dropped")).toHaveLength(1);
  });

  it("rejects invalid fault settings", () => {
    expect(() => emu.setFaults({ failRate: 2 })).toThrow(/failRate/);
    expect(() => emu.setFaults({ latencyMs: -1 })).toThrow(/latencyMs/);
  });
});
