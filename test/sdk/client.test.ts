import { randomUUID } from "node:crypto";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  SvcClient,
  UnprocessableEntityError,
  ValidationError,
} from "../../sdk";
import { expectNoKey, failure } from "../../testkit/error-assertions";

const KEY = `sdk_client_test_${randomUUID()}`;
const OTHER_KEY = `sdk_client_other_${randomUUID()}`;
let emu: Emulator;
let client: SvcClient;

const SUBSCRIBERS = 25;

beforeAll(async () => {
  emu = await startEmulator({
    port: 0,
    keys: [{ apiKey: KEY }, { apiKey: OTHER_KEY }],
    fixtures: {
      subscribers: Array.from({ length: SUBSCRIBERS }, (_, i) => ({
        subscriberId: `sub-${String(i).padStart(2, "0")}`,
        email: i % 2 === 0 ? "even@example.com" : "odd@example.com",
        firstName: `First${i}`,
      })),
      workflows: [{ workflowId: "welcome", name: "Welcome" }],
      messages: Array.from({ length: 12 }, (_, i) => ({
        channel: i % 3 === 0 ? "sms" : "email",
        subscriberId: "sub-00",
        transactionId: `tx-${i % 4}`,
      })),
      notifications: Array.from({ length: 7 }, (_, i) => ({
        subscriberId: "sub-01",
        transactionId: `ntx-${i}`,
      })),
      integrations: [
        { providerId: "fcm", channel: "push", identifier: "fcm-main", active: true },
        { providerId: "slack", channel: "chat", identifier: "slack-main", active: true },
      ],
    },
  });
  client = new SvcClient({ apiKey: KEY, baseUrl: emu.url, baseRetryDelayMs: 5 });
});

afterAll(async () => {
  await client?.close();
  await emu?.close();
});

describe("integrations", () => {
  it("create, list, listActive, update, delete", async () => {
    const created = await client.integrations.create({
      name: "Sendgrid",
      identifier: "sg-crud",
      providerId: "sendgrid",
      channel: "email",
      credentials: { apiKey: "SG.secret", from: "no-reply@example.com" },
      active: true,
    });
    expect(created.identifier).toBe("sg-crud");
    expect(created.channel).toBe("email");
    expect(created.active).toBe(true);
    expect(created._id).toBeTruthy();
    const id = created._id as string;

    const all = await client.integrations.list();
    expect(all.map((i) => i.identifier)).toContain("sg-crud");
    const active = await client.integrations.listActive();
    expect(active.map((i) => i.identifier)).toEqual(
      expect.arrayContaining(["sg-crud", "fcm-main", "slack-main"]),
    );

    const updated = await client.integrations.update(id, { name: "Sendgrid 2", active: false });
    expect(updated.name).toBe("Sendgrid 2");
    expect(updated.active).toBe(false);
    expect((await client.integrations.listActive()).map((i) => i.identifier)).not.toContain("sg-crud");

    const remaining = await client.integrations.delete(id);
    expect(remaining.map((i) => i.identifier)).not.toContain("sg-crud");
    expect((await client.integrations.list()).map((i) => i.identifier)).not.toContain("sg-crud");
  });

  it("a duplicate identifier is a ConflictError, sent once", async () => {
    await client.integrations.create({ identifier: "dup-1", providerId: "sendgrid", channel: "email" });
    emu.resetRequests();
    const err = await failure(
      client.integrations.create({ identifier: "dup-1", providerId: "sendgrid", channel: "email" }),
    );
    expect(err).toBeInstanceOf(ConflictError);
    expect(err.message).toMatch(/^POST \/v1\/integrations -> 409 \(req [0-9a-f-]+\): .*dup-1/);
    expect((err as ConflictError).requestId).toBe(emu.requests[0]?.requestId);
    expect(emu.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    expectNoKey(err, KEY);
  });

  it("unknown id: NotFoundError, not retried", async () => {
    emu.resetRequests();
    const err = await failure(client.integrations.update("64b0000000000000000000ff", { name: "x" }));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(emu.requests).toHaveLength(1);
  });

  it("same idempotency key with another body: UnprocessableEntityError", async () => {
    const key = randomUUID();
    await client.integrations.create(
      { identifier: "idem-a", providerId: "sendgrid", channel: "email" },
      { idempotencyKey: key },
    );
    const replay = await client.integrations.create(
      { identifier: "idem-a", providerId: "sendgrid", channel: "email" },
      { idempotencyKey: key },
    );
    expect(replay.identifier).toBe("idem-a");
    const err = await failure(
      client.integrations.create(
        { identifier: "idem-b", providerId: "sendgrid", channel: "email" },
        { idempotencyKey: key },
      ),
    );
    expect(err).toBeInstanceOf(UnprocessableEntityError);
  });
});

describe("subscribers", () => {
  it("upsertCredentials, replaceCredentials and deleteCredentials", async () => {
    const a = await client.subscribers.upsertCredentials("sub-03", {
      providerId: "fcm",
      credentials: { deviceTokens: ["t1", "t2"] },
    });
    expect(a.subscriberId).toBe("sub-03");
    const fcm = () =>
      emu.subscriber(emu.keys[0]!.environmentId, "sub-03")?.channels?.find((c) => c.providerId === "fcm");
    expect(fcm()?.credentials.deviceTokens).toEqual(["t1", "t2"]);

    await client.subscribers.upsertCredentials("sub-03", {
      providerId: "fcm",
      credentials: { deviceTokens: ["t3"] },
    });
    // Whether PATCH merges or replaces deviceTokens is the service's business (the spec and the real service
    // disagree); the client only has to deliver the call.
    expect(fcm()?.credentials.deviceTokens).toContain("t3");

    const r = await client.subscribers.replaceCredentials("sub-03", {
      providerId: "fcm",
      credentials: { deviceTokens: ["only"] },
    });
    expect(r.subscriberId).toBe("sub-03");
    expect(fcm()?.credentials.deviceTokens).toEqual(["only"]);

    await expect(client.subscribers.deleteCredentials("sub-03", "fcm")).resolves.toBeUndefined();
    expect(fcm()).toBeUndefined();
  });

  it("upsertCredentials for an unknown subscriber is a BadRequestError, sent once", async () => {
    emu.resetRequests();
    const err = await failure(
      client.subscribers.upsertCredentials("nobody", {
        providerId: "slack",
        credentials: { webhookUrl: "https://h.example/x" },
      }),
    );
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err.message).toMatch(/^PATCH \/v1\/subscribers\/nobody\/credentials -> 400 \(req .+\): .*nobody/);
    expect(emu.requests).toHaveLength(1);
    expect(err.message).not.toContain("h.example");
  });

  it("an invalid provider id is rejected before sending, naming allowed values", async () => {
    emu.resetRequests();
    const err = await failure(
      client.subscribers.upsertCredentials("sub-01", { providerId: "sendgrid" as "fcm", credentials: {} }),
    );
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.message).toMatch(/providerId: must be one of slack, discord, .* \(got "sendgrid"\)/);
    expect(emu.requests).toHaveLength(0);
  });

  it("search returns one page; searchAll follows cursors over every page", async () => {
    const page = await client.subscribers.search({ limit: 10, orderDirection: "ASC" });
    expect(page.data).toHaveLength(10);
    expect(page.totalCount).toBe(SUBSCRIBERS);
    expect(page.totalCountCapped).toBe(false);
    expect(page.next).toBeTruthy();
    expect(page.previous).toBeNull();

    emu.resetRequests();
    const ids: string[] = [];
    for await (const s of client.subscribers.searchAll({ limit: 10, orderDirection: "ASC" }))
      ids.push(s.subscriberId);
    expect(ids).toHaveLength(SUBSCRIBERS);
    expect(new Set(ids).size).toBe(SUBSCRIBERS);
    expect(emu.requests.filter((r) => r.path === "/v2/subscribers")).toHaveLength(3);

    const even: string[] = [];
    for await (const s of client.subscribers.searchAll({ email: "even@example.com", limit: 4 }))
      even.push(s.subscriberId);
    expect(even).toHaveLength(13);
  });

  it("searchAll can stop early without fetching further pages", async () => {
    emu.resetRequests();
    let n = 0;
    for await (const _ of client.subscribers.searchAll({ limit: 5 })) if (++n === 3) break;
    expect(emu.requests).toHaveLength(1);
  });

  it("getPreferences", async () => {
    const prefs = await client.subscribers.getPreferences("sub-02");
    expect(typeof prefs.global.enabled).toBe("boolean");
    expect(Array.isArray(prefs.workflows)).toBe(true);
    expect(await failure(client.subscribers.getPreferences("nobody"))).toBeInstanceOf(NotFoundError);
  });
});

describe("messages, workflows, notifications", () => {
  it("messages.list filters (array query repeated) and listAll pages through", async () => {
    const page = await client.messages.list({ limit: 5 });
    expect(page.data).toHaveLength(5);
    expect(page.hasMore).toBe(true);
    expect(page.page).toBe(0);
    const byTx = await client.messages.list({ transactionId: ["tx-0", "tx-1"], limit: 50 });
    expect(byTx.data).toHaveLength(6);
    expect(new Set(byTx.data.map((m) => m.transactionId))).toEqual(new Set(["tx-0", "tx-1"]));
    const sms = await client.messages.list({ channel: "sms", limit: 50 });
    expect(sms.data.every((m) => m.channel === "sms")).toBe(true);
    expect(sms.data).toHaveLength(4);

    emu.resetRequests();
    let count = 0;
    for await (const m of client.messages.listAll({ limit: 5 })) {
      expect(m._subscriberId).toBeTruthy();
      count++;
    }
    expect(count).toBe(12);
    expect(emu.requests).toHaveLength(3);
  });

  it("workflows.get by id, with environmentId, and NotFoundError", async () => {
    const wf = await client.workflows.get("welcome");
    expect(wf.workflowId).toBe("welcome");
    expect(wf.name).toBe("Welcome");
    const same = await client.workflows.get("welcome", { environmentId: emu.keys[0]!.environmentId });
    expect(same._id).toBe(wf._id);
    expect(await failure(client.workflows.get("nope"))).toBeInstanceOf(NotFoundError);
  });

  it("notifications.list, listAll and get", async () => {
    const page = await client.notifications.list({ limit: 3 });
    expect(page.data).toHaveLength(3);
    expect(page.hasMore).toBe(true);
    const all = [];
    for await (const n of client.notifications.listAll({ limit: 3 })) all.push(n);
    expect(all).toHaveLength(7);
    const first = all[0]!;
    const one = await client.notifications.get(first._id as string);
    expect(one.transactionId).toBe(first.transactionId);
    expect(await failure(client.notifications.get("64b0000000000000000000ff"))).toBeInstanceOf(NotFoundError);
  });

  it("data is scoped to the key's environment", async () => {
    const other = new SvcClient({ apiKey: OTHER_KEY, baseUrl: emu.url });
    try {
      expect((await other.messages.list()).data).toHaveLength(0);
      expect((await other.subscribers.search()).totalCount).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe("authentication", () => {
  it("a wrong key is an AuthenticationError that never shows the key", async () => {
    const wrong = `wrong_${randomUUID()}`;
    const bad = new SvcClient({ apiKey: wrong, baseUrl: emu.url });
    try {
      const err = await failure(bad.integrations.listActive());
      expect(err).toBeInstanceOf(AuthenticationError);
      expect(err.message).toMatch(/^GET \/v1\/integrations\/active -> 401 \(req .+\): /);
      for (const text of [err.message, String(err), JSON.stringify(err), inspect(err, { depth: 10 })]) {
        expect(text).not.toContain(wrong);
      }
    } finally {
      await bad.close();
    }
  });
});

describe("environments", () => {
  it("me() answers the key's environment", async () => {
    const emu = await startEmulator({ keys: [{ apiKey: "env-me", environmentName: "Staging" }] });
    const c = new SvcClient({ apiKey: "env-me", baseUrl: emu.url });
    try {
      const env = await c.environments.me();
      expect(env).toMatchObject({
        _id: emu.keys[0]?.environmentId,
        name: "Staging",
        _organizationId: emu.keys[0]?.organizationId,
      });
    } finally {
      await c.close();
      await emu.close();
    }
  });
});
