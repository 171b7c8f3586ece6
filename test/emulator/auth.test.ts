import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { call, expectError, qs } from "../../testkit/emulator-http";

// Two organizations with two environments each.
const KEYS = [
  {
    apiKey: "a-dev",
    organizationId: "aaaaaaaaaaaaaaaaaaaaaaaa",
    environmentId: "11111111-1111-4111-8111-111111111111",
  },
  {
    apiKey: "a-prod",
    organizationId: "aaaaaaaaaaaaaaaaaaaaaaaa",
    environmentId: "22222222-2222-4222-8222-222222222222",
  },
  {
    apiKey: "b-dev",
    organizationId: "bbbbbbbbbbbbbbbbbbbbbbbb",
    environmentId: "33333333-3333-4333-8333-333333333333",
  },
  {
    apiKey: "b-prod",
    organizationId: "bbbbbbbbbbbbbbbbbbbbbbbb",
    environmentId: "44444444-4444-4444-8444-444444444444",
  },
];

let emu: Emulator;
const ids: Record<string, { integration: string; notification: string }> = {};

beforeAll(async () => {
  emu = await startEmulator({ keys: KEYS });
  for (const { apiKey } of KEYS) {
    emu.seed(
      {
        integrations: [
          {
            identifier: `fcm-${apiKey}`,
            providerId: "fcm",
            channel: "push",
            active: true,
            credentials: { serviceAccount: "{}" },
          },
        ],
        subscribers: [{ subscriberId: "shared-id", firstName: apiKey, email: `${apiKey}@example.com` }],
        workflows: [{ workflowId: "welcome", name: `Welcome ${apiKey}` }],
        messages: [{ subscriberId: "shared-id", channel: "in_app", transactionId: `txn-${apiKey}` }],
        notifications: [{ subscriberId: "shared-id", transactionId: `txn-${apiKey}` }],
      },
      { apiKey },
    );
    const integration = emu.integrations().find((i) => i.identifier === `fcm-${apiKey}`)?._id ?? "";
    const notification = (await call(emu, "GET", "/v1/notifications", { key: apiKey })).body.data[0]._id;
    ids[apiKey] = { integration, notification };
  }
});
afterAll(() => emu.close());

describe("authentication", () => {
  const ENDPOINTS: [string, string][] = [
    ["GET", "/v1/integrations"],
    ["GET", "/v1/integrations/active"],
    ["POST", "/v1/integrations"],
    ["PUT", "/v1/integrations/0123456789abcdef01234567"],
    ["DELETE", "/v1/integrations/0123456789abcdef01234567"],
    ["PATCH", "/v1/subscribers/shared-id/credentials"],
    ["GET", "/v2/subscribers"],
    ["GET", "/v2/subscribers/shared-id/preferences"],
    ["GET", "/v2/workflows/welcome"],
    ["GET", "/v1/messages"],
    ["GET", "/v1/notifications"],
    ["GET", "/v1/notifications/0123456789abcdef01234567"],
  ];

  it("answers 401 with the error body to a missing, malformed or unknown key on all twelve endpoints", async () => {
    for (const [method, path] of ENDPOINTS) {
      for (const headers of <Record<string, string>[]>[
        {},
        { authorization: "Bearer a-dev" },
        { authorization: "ApiKey nope" },
      ]) {
        const res = await call(emu, method, path, {
          key: null,
          headers,
          body: method === "GET" ? undefined : {},
        });
        const err = expectError(res, 401);
        expect(err.path).toBe(path);
        expect(res.headers["x-request-id"]).toBeTruthy();
      }
    }
  });

  it("accepts the key case-insensitively on the scheme", async () => {
    const res = await call(emu, "GET", "/v1/integrations", {
      key: null,
      headers: { authorization: "apikey a-dev" },
    });
    expect(res.status).toBe(200);
  });

  it("answers 404 with the error body for unknown routes and a unique request id on every response", async () => {
    const res = await call(emu, "GET", "/v1/nothing-here");
    expectError(res, 404);
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++)
      seen.add((await call(emu, "GET", "/v1/integrations")).headers["x-request-id"] ?? "");
    expect(seen.size).toBe(5);
  });
});

describe("scoping: two organizations x two environments", () => {
  it("reads subscribers, workflows, messages and notifications of the key's environment only", async () => {
    for (const { apiKey, environmentId } of KEYS) {
      const subs = await call(emu, "GET", "/v2/subscribers", { key: apiKey });
      expect(subs.body.data.map((s: { firstName: string }) => s.firstName)).toEqual([apiKey]);
      expect(subs.body.data[0]._environmentId).toBe(environmentId);
      const wf = await call(emu, "GET", "/v2/workflows/welcome", { key: apiKey });
      expect(wf.body.data.name).toBe(`Welcome ${apiKey}`);
      const msgs = await call(emu, "GET", "/v1/messages", { key: apiKey });
      expect(msgs.body.data.map((m: { transactionId: string }) => m.transactionId)).toEqual([
        `txn-${apiKey}`,
      ]);
      const events = await call(emu, "GET", "/v1/notifications", { key: apiKey });
      expect(events.body.data.map((m: { transactionId: string }) => m.transactionId)).toEqual([
        `txn-${apiKey}`,
      ]);
      const prefs = await call(emu, "GET", "/v2/subscribers/shared-id/preferences", { key: apiKey });
      expect(prefs.body.data.workflows[0].workflow.name).toBe(`Welcome ${apiKey}`);
    }
  });

  it("never returns another environment's notification by id", async () => {
    for (const { apiKey } of KEYS) {
      for (const other of KEYS) {
        const res = await call(emu, "GET", `/v1/notifications/${ids[other.apiKey]?.notification}`, {
          key: apiKey,
        });
        if (other.apiKey === apiKey) expect(res.status).toBe(200);
        else expectError(res, 404);
      }
    }
  });

  it("refuses an API key reading a workflow of another environment, in its organization or not (403)", async () => {
    // e2e/api-key-workflow-environment-scope.e2e.ts: an API key is scoped to its environment.
    for (const other of [KEYS[1]?.environmentId, KEYS[2]?.environmentId]) {
      const res = await call(emu, "GET", `/v2/workflows/welcome${qs({ environmentId: other })}`, {
        key: "a-dev",
      });
      expect(expectError(res, 403).message).toContain("is scoped to a single environment");
    }
    const own = await call(emu, "GET", "/v2/workflows/welcome", { key: "a-prod" });
    expect(own.body.data.name).toBe("Welcome a-prod");
  });

  it("lists integrations organization-wide (both environments, never the other organization)", async () => {
    for (const key of ["a-dev", "a-prod"]) {
      for (const path of ["/v1/integrations", "/v1/integrations/active"]) {
        const res = await call(emu, "GET", path, { key });
        expect(res.body.data.map((i: { identifier: string }) => i.identifier).sort()).toEqual([
          "fcm-a-dev",
          "fcm-a-prod",
        ]);
      }
    }
  });

  it("creates integrations in the key's environment and updates/deletes only within the organization", async () => {
    const created = await call(emu, "POST", "/v1/integrations", {
      key: "b-prod",
      body: { identifier: "b-prod-sms", providerId: "novu-sms", channel: "sms" },
    });
    expect(created.body.data._environmentId).toBe(KEYS[3]?.environmentId);
    const otherEnv = await call(emu, "POST", "/v1/integrations", {
      key: "b-prod",
      body: {
        identifier: "b-dev-sms",
        providerId: "novu-sms",
        channel: "sms",
        _environmentId: KEYS[2]?.environmentId,
      },
    });
    // The spec: created "in the environment of the API key"; a body `_environmentId` does not move it.
    expect(otherEnv.status).toBe(201);
    expect(otherEnv.body.data._environmentId).toBe(KEYS[3]?.environmentId);
    const foreignEnv = await call(emu, "POST", "/v1/integrations", {
      key: "b-prod",
      body: { providerId: "novu-sms", channel: "sms", _environmentId: KEYS[0]?.environmentId },
    });
    expect(foreignEnv.status).toBe(201);
    expect(foreignEnv.body.data._environmentId).toBe(KEYS[3]?.environmentId);
    expect(foreignEnv.body.data._organizationId).toBe(KEYS[3]?.organizationId);

    const aIntegration = ids["a-dev"]?.integration ?? "";
    expectError(
      await call(emu, "PUT", `/v1/integrations/${aIntegration}`, { key: "b-dev", body: { name: "x" } }),
      404,
    );
    expectError(await call(emu, "DELETE", `/v1/integrations/${aIntegration}`, { key: "b-dev" }), 404);
    const sameOrg = await call(emu, "PUT", `/v1/integrations/${aIntegration}`, {
      key: "a-prod",
      body: { name: "ok" },
    });
    expect(sameOrg.body.data.name).toBe("ok");
  });

  it("upserts subscriber credentials with the key's environment's subscriber and integration only", async () => {
    const res = await call(emu, "PATCH", "/v1/subscribers/shared-id/credentials", {
      key: "b-dev",
      body: { providerId: "fcm", integrationIdentifier: "fcm-a-dev", credentials: { deviceTokens: ["t"] } },
    });
    expect(expectError(res, 400).message).toMatch(/fcm/);
    const ok = await call(emu, "PATCH", "/v1/subscribers/shared-id/credentials", {
      key: "b-dev",
      body: { providerId: "fcm", credentials: { deviceTokens: ["t"] } },
    });
    expect(ok.status).toBe(200);
    const target = emu.integrations().find((i) => i.identifier === "fcm-b-dev");
    expect(ok.body.data.channels[0]._integrationId).toBe(target?._id);
    expect(emu.subscriber(KEYS[0]?.environmentId ?? "", "shared-id")?.channels).toEqual([]);
  });
});

describe("GET /v1/environments/me", () => {
  it("answers each key's environment: names, environments and organizations as configured", async () => {
    const emu = await startEmulator({
      keys: [
        { apiKey: "me-a", organizationId: "0000000000000000000000a1", environmentName: "Development" },
        { apiKey: "me-a-prod", organizationId: "0000000000000000000000a1", environmentName: "Production" },
        { apiKey: "me-b", organizationId: "0000000000000000000000b1", environmentName: "Staging" },
      ],
    });
    try {
      const me = async (key: string) => {
        const res = await call(emu, "GET", "/v1/environments/me", { key });
        expect(res.status).toBe(200);
        return res.body.data;
      };
      const [a, aProd, b] = [await me("me-a"), await me("me-a-prod"), await me("me-b")];
      const ids = emu.keys;
      expect(a).toMatchObject({
        _id: ids[0]?.environmentId,
        name: "Development",
        _organizationId: ids[0]?.organizationId,
      });
      expect(aProd).toMatchObject({
        name: "Production",
        _organizationId: "0000000000000000000000a1",
        _parentId: a._id,
      });
      expect(b).toMatchObject({ name: "Staging", _organizationId: "0000000000000000000000b1" });
      expect(new Set([a._id, aProd._id, b._id]).size).toBe(3);
      expect(typeof a.identifier).toBe("string");
      expect(emu.requests.at(-1)?.category).toBe("global");
    } finally {
      await emu.close();
    }
  });
});
