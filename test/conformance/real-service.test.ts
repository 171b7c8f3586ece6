/**
 * Conformance of the emulator to the real service where the spec is silent (DESIGN.md, "The real service,
 * where the spec is silent"; Novu paths cited per test). Raw HTTP against the emulator process; no import
 * of sdk/ or emulator/. Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorProcess, type RawAnswer, raw, single, startEmulatorProcess } from "./emulator-process";

const KEY = "real-service-key-a";
const at = (minute: number) => new Date(Date.UTC(2025, 4, 1, 0, minute)).toISOString();

const FIXTURES = {
  integrations: [
    { identifier: "fcm-old", providerId: "fcm", channel: "push", active: true, createdAt: at(1) },
    { identifier: "fcm-new", providerId: "fcm", channel: "push", active: true, createdAt: at(2) },
    { identifier: "fcm-off", providerId: "fcm", channel: "push", active: false, createdAt: at(3) },
    { identifier: "mm-main", providerId: "mattermost", channel: "chat", active: true, createdAt: at(1) },
    { identifier: "grafana", providerId: "grafana-on-call", channel: "chat", active: true, createdAt: at(1) },
  ],
  subscribers: [
    { subscriberId: "s-target" },
    { subscriberId: "s-narrow" },
    { subscriberId: "s-merge" },
    { subscriberId: "s-empty" },
    { subscriberId: "s-grafana" },
    { subscriberId: "s-equal" },
    { subscriberId: "s-delete" },
    { subscriberId: "s-prefs" },
    { subscriberId: "s-idem" },
    { subscriberId: "s-topic" },
  ],
  workflows: [
    {
      workflowId: "wf-active",
      name: "Active",
      active: true,
      steps: [
        { stepId: "mail", type: "email" },
        { stepId: "bell", type: "in_app" },
      ],
    },
    { workflowId: "wf-inactive", name: "Inactive", active: false, steps: [{ stepId: "sms", type: "sms" }] },
  ],
};

let emu: EmulatorProcess;
const ids = new Map<string, string>();

beforeAll(async () => {
  emu = await startEmulatorProcess(FIXTURES, [KEY]);
  const list = await raw(emu, "GET", "/v1/integrations");
  for (const i of single(list) as { _id: string; identifier: string }[]) ids.set(i.identifier, i._id);
}, 30_000);

afterAll(async () => {
  await emu?.stop();
});

const put = (subscriberId: string, body: unknown, headers?: Record<string, string>) =>
  raw(emu, "PUT", `/v1/subscribers/${subscriberId}/credentials`, { body, ...(headers ? { headers } : {}) });
const patch = (subscriberId: string, body: unknown, headers?: Record<string, string>) =>
  raw(emu, "PATCH", `/v1/subscribers/${subscriberId}/credentials`, { body, ...(headers ? { headers } : {}) });
// biome-ignore lint/suspicious/noExplicitAny: entries are inspected field by field
const entries = (answer: RawAnswer): any[] => single(answer).channels ?? [];

describe("subscriber channel entries (ag/subscribers/update-subscriber-channel)", () => {
  it("stores { _integrationId, providerId, credentials } and never integrationIdentifier", async () => {
    const res = await put("s-target", {
      providerId: "fcm",
      integrationIdentifier: "fcm-old",
      credentials: { deviceTokens: ["t1"] },
    });
    expect(res.status).toBe(200);
    const [entry] = entries(res);
    expect(Object.keys(entry).sort()).toEqual(["_integrationId", "credentials", "providerId"]);
    expect(entry).not.toHaveProperty("integrationIdentifier");
  });

  it("targets the newest active integration of the provider when no identifier is given", async () => {
    const res = await put("s-target", { providerId: "fcm", credentials: { deviceTokens: ["t2"] } });
    expect(res.status).toBe(200);
    const targeted = entries(res).find((e) => e.credentials.deviceTokens?.includes("t2"));
    expect(targeted?._integrationId).toBe(ids.get("fcm-new"));
  });

  it("narrows the target by integrationIdentifier", async () => {
    const res = await put("s-narrow", {
      providerId: "fcm",
      integrationIdentifier: "fcm-old",
      credentials: { deviceTokens: ["n1"] },
    });
    expect(entries(res).map((e) => e._integrationId)).toEqual([ids.get("fcm-old")]);
    const none = await put("s-narrow", {
      providerId: "fcm",
      integrationIdentifier: "fcm-off",
      credentials: { deviceTokens: ["n2"] },
    });
    expect(none.status).toBe(400);
    expect(String(none.body.message)).toContain("do not have active fcm integration");
  });

  it("merges the other credential keys and replaces deviceTokens (PUT, and PATCH as the spec says)", async () => {
    await put("s-merge", {
      providerId: "mattermost",
      credentials: { webhookUrl: "https://a.example/h", channel: "ops" },
    });
    const res = await put("s-merge", {
      providerId: "mattermost",
      credentials: { webhookUrl: "https://b.example/h" },
    });
    const mm = entries(res).find((e) => e.providerId === "mattermost");
    expect(mm.credentials).toMatchObject({ webhookUrl: "https://b.example/h", channel: "ops" });
    await put("s-merge", { providerId: "fcm", credentials: { deviceTokens: ["a", "b"] } });
    const replaced = await put("s-merge", { providerId: "fcm", credentials: { deviceTokens: ["c", "c"] } });
    expect(entries(replaced).find((e) => e.providerId === "fcm").credentials.deviceTokens).toEqual(["c"]);
    const patched = await patch("s-merge", { providerId: "fcm", credentials: { deviceTokens: ["d"] } });
    expect(entries(patched).find((e) => e.providerId === "fcm").credentials.deviceTokens).toEqual(["d"]);
  });

  it("leaves deviceTokens [] after a write without deviceTokens", async () => {
    await put("s-empty", { providerId: "fcm", credentials: { deviceTokens: ["x"] } });
    const res = await put("s-empty", { providerId: "fcm", credentials: {} });
    expect(entries(res)[0].credentials.deviceTokens).toEqual([]);
  });

  it("drops the Grafana fields on write", async () => {
    const res = await put("s-grafana", {
      providerId: "grafana-on-call",
      credentials: {
        webhookUrl: "https://g.example/h",
        alertUid: "u",
        title: "t",
        imageUrl: "https://g.example/i.png",
        state: "ok",
        externalUrl: "https://g.example/x",
      },
    });
    expect(entries(res)[0].credentials).toEqual({ webhookUrl: "https://g.example/h" });
  });

  it("writes nothing (no updatedAt bump) when the credentials deep-equal the stored ones", async () => {
    const first = await put("s-equal", { providerId: "fcm", credentials: { deviceTokens: ["e"] } });
    await new Promise((r) => setTimeout(r, 20));
    const again = await put("s-equal", { providerId: "fcm", credentials: { deviceTokens: ["e"] } });
    expect(again.status).toBe(200);
    expect(single(again).updatedAt).toBe(single(first).updatedAt);
  });
});

describe("DELETE credentials (api/subscribers/usecases/delete-subscriber-credentials, PR #6055)", () => {
  it("removes every entry of the providerId and ignores ?integrationIdentifier=", async () => {
    await put("s-delete", {
      providerId: "fcm",
      integrationIdentifier: "fcm-old",
      credentials: { deviceTokens: ["1"] },
    });
    await put("s-delete", {
      providerId: "fcm",
      integrationIdentifier: "fcm-new",
      credentials: { deviceTokens: ["2"] },
    });
    const kept = await put("s-delete", {
      providerId: "mattermost",
      credentials: { webhookUrl: "https://m.example/h" },
    });
    expect(entries(kept)).toHaveLength(3);
    const res = await raw(
      emu,
      "DELETE",
      "/v1/subscribers/s-delete/credentials/fcm?integrationIdentifier=fcm-old",
    );
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    const after = await put("s-delete", {
      providerId: "mattermost",
      credentials: { webhookUrl: "https://m.example/h" },
    });
    expect(entries(after).map((e) => e.providerId)).toEqual(["mattermost"]);
  });

  it("answers 404 for an unknown subscriber", async () => {
    const res = await raw(emu, "DELETE", "/v1/subscribers/nobody/credentials/fcm");
    expect(res.status).toBe(404);
  });
});

describe("integrations (api/integrations/)", () => {
  it("checks by default: an email integration with made-up credentials fails with 500 and an errorId; check:false creates", async () => {
    const body = {
      providerId: "sendgrid",
      channel: "email",
      credentials: { apiKey: "made-up", from: "a@b.example" },
    };
    const checked = await raw(emu, "POST", "/v1/integrations", { body });
    expect(checked.status).toBe(500);
    expect(typeof checked.body.errorId).toBe("string");
    const unchecked = await raw(emu, "POST", "/v1/integrations", { body: { ...body, check: false } });
    expect(unchecked.status).toBe(201);
  });
});

describe("idempotency (api/shared/framework/idempotency.interceptor.ts)", () => {
  it("replays a 500 for the same key", async () => {
    const body = {
      providerId: "postmark",
      channel: "email",
      credentials: { apiKey: "x", from: "a@b.example" },
    };
    const headers = { "idempotency-key": "real-service-500" };
    const first = await raw(emu, "POST", "/v1/integrations", { body, headers });
    expect(first.status).toBe(500);
    const second = await raw(emu, "POST", "/v1/integrations", { body, headers });
    expect(second.status).toBe(500);
    expect(second.headers.get("idempotency-replay")).toBe("true");
  });

  it("ignores the key on PUT", async () => {
    const headers = { "idempotency-key": "real-service-put" };
    const a = await put("s-idem", { providerId: "fcm", credentials: { deviceTokens: ["p1"] } }, headers);
    const b = await put("s-idem", { providerId: "fcm", credentials: { deviceTokens: ["p2"] } }, headers);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.headers.get("idempotency-replay")).toBeNull();
    expect(entries(b)[0].credentials.deviceTokens).toEqual(["p2"]);
  });

  it("answers 422 for the same key with another body", async () => {
    const headers = { "idempotency-key": "real-service-422" };
    const a = await patch("s-idem", { providerId: "fcm", credentials: { deviceTokens: ["q1"] } }, headers);
    expect(a.status).toBe(200);
    const b = await patch("s-idem", { providerId: "fcm", credentials: { deviceTokens: ["q2"] } }, headers);
    expect(b.status).toBe(422);
  });
});

describe("rate limits (packages/shared/src/consts/rate-limiting/, api/rate-limiting/)", () => {
  it("answers no RateLimit headers when rate limiting is off", async () => {
    const res = await raw(emu, "GET", "/v1/integrations");
    for (const name of ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "ratelimit-policy"])
      expect(res.headers.get(name)).toBeNull();
  });

  it("puts the credentials endpoints in configuration and integrations in global, with the burst", async () => {
    const limited = await startEmulatorProcess(FIXTURES, [KEY], ["--rate-limit", "20"]);
    try {
      const creds = await raw(limited, "PUT", "/v1/subscribers/s-target/credentials", {
        body: { providerId: "fcm", credentials: { deviceTokens: ["r"] } },
      });
      expect(creds.headers.get("ratelimit-policy")).toMatch(/^100;w=5;burst=110;.*category="configuration"/);
      const integrations = await raw(limited, "GET", "/v1/integrations");
      expect(integrations.headers.get("ratelimit-policy")).toContain('category="global"');
    } finally {
      await limited.stop();
    }
  }, 30_000);
});

describe("the key's environment (api/environments-v1/environments-v1.controller.ts)", () => {
  it("GET /v1/environments/me answers the key's environment", async () => {
    const res = await raw(emu, "GET", "/v1/environments/me");
    expect(res.status).toBe(200);
    const env = single(res);
    expect(env._id).toBe(emu.keys[0]?.environmentId);
    expect(env._organizationId).toBe(emu.keys[0]?.organizationId);
    expect(typeof env.name).toBe("string");
  });
});

describe("topic subscriptions of 2026 (api/topics-v2/, api/subscriptions/usecases/)", () => {
  const cond = { "==": [{ var: "payload.tier" }, "gold"] };
  const sub = (identifier: string) => `/v2/topics/conf-topic/subscriptions/${identifier}`;

  it("refuses plain strings in subscriptions: 422 'each value in nested property subscriptions ...'", async () => {
    const res = await raw(emu, "POST", "/v2/topics/conf-topic/subscriptions", {
      body: { subscriptions: ["s-topic"] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.general.messages).toEqual([
      "each value in nested property subscriptions must be either object or array",
    ]);
  });

  it("stores the preferences with each subscription made; PATCH edits one by identifier", async () => {
    const made = await raw(emu, "POST", "/v2/topics/conf-topic/subscriptions", {
      body: {
        subscriptions: [{ identifier: "conf-sub", subscriberId: "s-topic", name: "Conf" }],
        preferences: [{ filter: { workflowIds: ["wf-active"] }, enabled: false, condition: cond }],
      },
    });
    expect(made.status).toBe(201);
    const one = single(await raw(emu, "GET", sub("conf-sub")));
    expect(one).toMatchObject({ identifier: "conf-sub", name: "Conf" });
    expect(one.preferences).toEqual([
      expect.objectContaining({
        workflow: expect.objectContaining({ identifier: "wf-active" }),
        enabled: false,
        condition: cond,
      }),
    ]);
    const edited = await raw(emu, "PATCH", sub("conf-sub"), { body: { name: "Renamed", preferences: [] } });
    expect(edited.status).toBe(200);
    const after = single(await raw(emu, "GET", sub("conf-sub")));
    expect(after).toEqual({ id: one.id, identifier: "conf-sub", name: "Renamed" });
  });
});
