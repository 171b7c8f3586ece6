import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { call, expectError } from "../../testkit/emulator-http";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator();
  emu.seed({
    integrations: [
      { identifier: "expo", providerId: "expo", channel: "push", active: true, credentials: { apiKey: "k" } },
    ],
    subscribers: [{ subscriberId: "u1" }],
  });
});
afterAll(() => emu.close());

const body = (identifier: string) => ({ identifier, providerId: "novu-sms", channel: "sms" });

describe("Idempotency-Key", () => {
  it("replays a completed POST with Idempotency-Replay: true and creates nothing new", async () => {
    const headers = { "idempotency-key": "create-1" };
    const first = await call(emu, "POST", "/v1/integrations", { body: body("idem-1"), headers });
    expect(first.status).toBe(201);
    expect(first.headers["idempotency-replay"]).toBeUndefined();
    const second = await call(emu, "POST", "/v1/integrations", { body: body("idem-1"), headers });
    expect(second.status).toBe(201);
    expect(second.headers["idempotency-replay"]).toBe("true");
    expect(second.body).toEqual(first.body);
    expect(emu.integrations().filter((i) => i.identifier === "idem-1")).toHaveLength(1);
    expect(emu.requests.filter((r) => r.idempotencyKey === "create-1").map((r) => r.replayed)).toEqual([
      false,
      true,
    ]);
  });

  it("replays what was answered then, not the current state (PATCH)", async () => {
    const headers = { "idempotency-key": "patch-1" };
    const patch = { providerId: "expo", credentials: { deviceTokens: ["a"] } };
    const first = await call(emu, "PATCH", "/v1/subscribers/u1/credentials", { body: patch, headers });
    await call(emu, "PATCH", "/v1/subscribers/u1/credentials", {
      body: { providerId: "expo", credentials: { deviceTokens: ["b"] } },
    });
    const replay = await call(emu, "PATCH", "/v1/subscribers/u1/credentials", { body: patch, headers });
    expect(replay.headers["idempotency-replay"]).toBe("true");
    expect(replay.body.data.channels[0].credentials.deviceTokens).toEqual(["a"]);
    expect(replay.body).toEqual(first.body);
  });

  it("fingerprints the JSON body as sent: another key order is another body (422)", async () => {
    // idempotency.interceptor.ts hashes JSON.stringify(request.body).
    const headers = { "idempotency-key": "order-1" };
    await call(emu, "POST", "/v1/integrations", {
      body: { identifier: "ord", providerId: "novu-sms", channel: "sms" },
      headers,
    });
    const again = await call(emu, "POST", "/v1/integrations", {
      body: { channel: "sms", providerId: "novu-sms", identifier: "ord" },
      headers,
    });
    expectError(again, 422);
  });

  it("ignores the key on PUT and DELETE", async () => {
    const headers = { "idempotency-key": "put-1" };
    const put = (tokens: string[]) =>
      call(emu, "PUT", "/v1/subscribers/u1/credentials", {
        body: { providerId: "expo", credentials: { deviceTokens: tokens } },
        headers,
      });
    expect((await put(["p1"])).status).toBe(200);
    const second = await put(["p2"]);
    expect(second.status).toBe(200);
    expect(second.headers["idempotency-replay"]).toBeUndefined();
    expect(emu.requests.filter((r) => r.idempotencyKey === "put-1")).toHaveLength(0);
  });

  it("answers 422 when the key is reused with another body", async () => {
    const headers = { "idempotency-key": "mismatch-1" };
    expect((await call(emu, "POST", "/v1/integrations", { body: body("mm-1"), headers })).status).toBe(201);
    const other = await call(emu, "POST", "/v1/integrations", { body: body("mm-2"), headers });
    expectError(other, 422);
    expect(emu.integrations().some((i) => i.identifier === "mm-2")).toBe(false);
  });

  it("answers 409 with Retry-After: 1 while the first request with the key is in flight", async () => {
    emu.setFaults({ latencyMs: 400 });
    try {
      const headers = { "idempotency-key": "inflight-1" };
      const [a, b] = await Promise.all([
        call(emu, "POST", "/v1/integrations", { body: body("fly-1"), headers }),
        call(emu, "POST", "/v1/integrations", { body: body("fly-1"), headers }),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([201, 409]);
      const conflict = a.status === 409 ? a : b;
      expectError(conflict, 409);
      expect(conflict.headers["retry-after"]).toBe("1");
      const later = await call(emu, "POST", "/v1/integrations", { body: body("fly-1"), headers });
      expect(later.status).toBe(201);
      expect(later.headers["idempotency-replay"]).toBe("true");
    } finally {
      emu.setFaults({});
    }
  });

  it("rejects a key over 255 characters with 400 and accepts exactly 255", async () => {
    const long = await call(emu, "POST", "/v1/integrations", {
      body: body("long-1"),
      headers: { "idempotency-key": "k".repeat(256) },
    });
    expect(expectError(long, 400).message).toContain(
      "has exceeded the maximum allowed length of 255 characters",
    );
    const max = await call(emu, "POST", "/v1/integrations", {
      body: body("long-1"),
      headers: { "idempotency-key": "k".repeat(255) },
    });
    expect(max.status).toBe(201);
  });

  it("scopes keys to the organization", async () => {
    const other = await startEmulator({ keys: [{ apiKey: "org-a" }, { apiKey: "org-b" }] });
    try {
      const headers = { "idempotency-key": "shared" };
      const a = await call(other, "POST", "/v1/integrations", { key: "org-a", body: body("same"), headers });
      const b = await call(other, "POST", "/v1/integrations", { key: "org-b", body: body("same"), headers });
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(b.headers["idempotency-replay"]).toBeUndefined();
      expect(a.body.data._id).not.toBe(b.body.data._id);
    } finally {
      await other.close();
    }
  });

  it("keeps error answers, a 500 included, and replays them for the same key", async () => {
    const headers = { "idempotency-key": "err-500" };
    const mail = {
      providerId: "sendgrid",
      channel: "email",
      credentials: { apiKey: "x", from: "a@b.example" },
      check: true,
    };
    const first = await call(emu, "POST", "/v1/integrations", { body: mail, headers });
    expect(expectError(first, 500).errorId).toBeTruthy();
    const replay = await call(emu, "POST", "/v1/integrations", { body: mail, headers });
    expect(replay.status).toBe(500);
    expect(replay.headers["idempotency-replay"]).toBe("true");
    expect(replay.body.errorId).not.toBe(first.body.errorId);
    const bad = { providerId: "novu-sms", channel: "pager" };
    const headers4 = { "idempotency-key": "err-422" };
    expectError(await call(emu, "POST", "/v1/integrations", { body: bad, headers: headers4 }), 422);
    const replay4 = await call(emu, "POST", "/v1/integrations", { body: bad, headers: headers4 });
    expect(replay4.status).toBe(422);
    expect(replay4.headers["idempotency-replay"]).toBe("true");
  });

  it("does not keep an injected 503 (a gateway answer): a retry runs again", async () => {
    emu.setFaults({ failRate: 1 });
    const headers = { "idempotency-key": "after-503" };
    const failed = await call(emu, "POST", "/v1/integrations", { body: body("after-503"), headers });
    expectError(failed, 503);
    emu.setFaults({});
    const retry = await call(emu, "POST", "/v1/integrations", { body: body("after-503"), headers });
    expect(retry.status).toBe(201);
    expect(retry.headers["idempotency-replay"]).toBeUndefined();
  });
});
