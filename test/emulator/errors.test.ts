import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { call, expectError } from "../../testkit/emulator-http";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(() => emu.close());

describe("error answers", () => {
  it("answers 500 with an errorId when a handler fails, without leaking the stack", async () => {
    // A fixture record of the wrong type makes the name filter throw.
    emu.seed({ subscribers: [{ subscriberId: "broken", firstName: 5 as unknown as string }] });
    const res = await call(emu, "GET", "/v2/subscribers?name=x");
    const err = expectError(res, 500);
    expect(err.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(err.message).toBe("Internal server error, contact support and provide them with the errorId");
    expect(JSON.stringify(err)).not.toContain("TypeError");
    expect(res.headers["x-request-id"]).toBeTruthy();
  });

  it("answers 413 to a body over 1 MB", async () => {
    const res = await request(`${emu.url}/v1/integrations`, {
      method: "POST",
      headers: { authorization: `ApiKey ${emu.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(1024 * 1024 + 10), providerId: "novu-sms", channel: "sms" }),
    });
    expect(res.statusCode).toBe(413);
    await res.body.dump();
  });

  it("answers 404 to a known path with another method", async () => {
    expectError(await call(emu, "POST", "/v1/messages", { body: {} }), 404);
    expectError(await call(emu, "GET", "/v1/integrations/0123456789abcdef01234567"), 404);
  });

  it("records every request for assertions", async () => {
    emu.resetRequests();
    const before = Date.now();
    await call(emu, "GET", "/v1/integrations");
    await call(emu, "GET", "/nope");
    const after = Date.now();
    expect(emu.requests.map((r) => [r.method, r.path, r.status, r.category])).toEqual([
      ["GET", "/v1/integrations", 200, "global"],
      ["GET", "/nope", 404, "global"],
    ]);
    const [first, second] = emu.requests;
    for (const r of [first, second]) {
      expect(r?.replayed).toBe(false);
      expect(r?.dropped).toBe(false);
      expect(r?.startedAt).toBeGreaterThanOrEqual(before);
      expect(r?.startedAt).toBeLessThanOrEqual(after);
    }
    expect(first?.startedAt).toBeLessThanOrEqual(second?.startedAt ?? 0);
    expect(first?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first?.requestId).not.toBe(second?.requestId);
  });
});
