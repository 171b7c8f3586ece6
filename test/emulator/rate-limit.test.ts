import { describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import { call, expectError } from "../../testkit/emulator-http";

describe("rate limiting", () => {
  it("is off by default: no RateLimit headers", async () => {
    const emu = await startEmulator();
    try {
      const res = await call(emu, "GET", "/v1/integrations");
      expect(res.headers["ratelimit-limit"]).toBeUndefined();
    } finally {
      await emu.close();
    }
  });

  it("allows floor(perSecond x 5 x 1.1) requests per category, then 429 with Retry-After; headers on every response", async () => {
    const emu = await startEmulator({ rateLimit: { perSecond: 1 } });
    try {
      const remaining: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await call(emu, "GET", "/v1/integrations");
        expect(res.status).toBe(200);
        expect(res.headers["ratelimit-limit"]).toBe("5");
        expect(res.headers["ratelimit-policy"]).toContain("w=5");
        expect(res.headers["ratelimit-policy"]).toBe(
          '5;w=5;burst=5;comment="token bucket";category="global";cost="single";serviceLevel="custom"',
        );
        expect(Number(res.headers["ratelimit-reset"])).toBeGreaterThanOrEqual(1);
        remaining.push(res.headers["ratelimit-remaining"] ?? "");
      }
      expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
      const limited = await call(emu, "GET", "/v1/integrations");
      expectError(limited, 429);
      const retryAfter = Number(limited.headers["retry-after"]);
      expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
      expect(limited.headers["ratelimit-remaining"]).toBe("0");
      expect(limited.headers["x-request-id"]).toBeTruthy();
      // Another category has its own bucket, another environment too.
      expect((await call(emu, "GET", "/v1/messages")).status).toBe(429);
      expect(
        (
          await call(emu, "PUT", "/v1/subscribers/nobody/credentials", {
            body: { providerId: "fcm", credentials: {} },
          })
        ).headers["ratelimit-policy"],
      ).toContain('category="configuration"');
      expect((await call(emu, "GET", "/v1/integrations", { key: "emu_prod_key" })).status).toBe(200);
      // Integrations and messages are both global: the messages call above was refused too.
      expect(emu.requests.filter((r) => r.status === 429).map((r) => r.category)).toEqual([
        "global",
        "global",
      ]);
    } finally {
      await emu.close();
    }
  });

  it("limits only the configured categories", async () => {
    const emu = await startEmulator({ rateLimit: { global: 0.2 } });
    try {
      expect((await call(emu, "GET", "/v1/messages")).status).toBe(200);
      expectError(await call(emu, "GET", "/v1/messages"), 429);
      const config = await call(emu, "PUT", "/v1/subscribers/nobody/credentials", {
        body: { providerId: "fcm", credentials: {} },
      });
      expect(config.status).toBe(400);
      expect(config.headers["ratelimit-limit"]).toBeUndefined();
    } finally {
      await emu.close();
    }
  });

  it("gives a bucket the 10% burst: 110 tokens at 20/s, RateLimit-Limit 100", async () => {
    const emu = await startEmulator({ rateLimit: { configuration: 20 } });
    try {
      const statuses: number[] = [];
      let last: Record<string, unknown> = {};
      for (let i = 0; i < 110; i++) {
        const res = await call(emu, "DELETE", "/v1/subscribers/nobody/credentials/fcm");
        statuses.push(res.status);
        last = res.headers;
      }
      expect(statuses.every((s) => s === 404)).toBe(true);
      expect(last["ratelimit-limit"]).toBe("100");
      expect(last["ratelimit-remaining"]).toBe("0");
      expect(last["ratelimit-policy"]).toContain("burst=110");
      expect(last["ratelimit-policy"]).toContain('serviceLevel="free"');
    } finally {
      await emu.close();
    }
  });
});
