import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { call, expectError, qs, validationMessages } from "../../testkit/emulator-http";

interface Sub {
  _id: string;
  subscriberId: string;
  updatedAt: string;
}

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator();
  emu.generateSubscribers(25, { prefix: "gen" });
  emu.seed({
    subscribers: [
      {
        subscriberId: "ada",
        firstName: "Zoe",
        lastName: "Lovelace",
        email: "ada@example.com",
        phone: "+1555",
      },
      { subscriberId: "ada-2", firstName: "Zoey", lastName: "Smith", email: "ADA@example.com" },
    ],
  });
});
afterAll(() => emu.close());

async function search(params: Record<string, string | number | boolean | undefined>) {
  const res = await call(emu, "GET", `/v2/subscribers${qs(params)}`);
  expect(res.status).toBe(200);
  return res.body as {
    data: Sub[];
    next: string | null;
    previous: string | null;
    totalCount: number;
    totalCountCapped: boolean;
  };
}

/** Every subscriber in the given order, read by hand from one big page. */
async function everything(orderBy: "_id" | "updatedAt", orderDirection: "ASC" | "DESC") {
  const page = await search({ limit: 100, orderBy, orderDirection });
  expect(page.next).toBeNull();
  return page.data.map((s) => s._id);
}

describe("GET /v2/subscribers (search)", () => {
  it("answers the bare page shape with defaults: limit 10, _id DESC, totalCount", async () => {
    const page = await search({});
    expect(Object.keys(page).sort()).toEqual(["data", "next", "previous", "totalCount", "totalCountCapped"]);
    expect(page.data).toHaveLength(10);
    expect(page.totalCount).toBe(27);
    expect(page.totalCountCapped).toBe(false);
    expect(page.previous).toBeNull();
    expect(typeof page.next).toBe("string");
    const ids = page.data.map((s) => s._id);
    expect(ids).toEqual([...ids].sort().reverse());
  });

  for (const orderBy of ["_id", "updatedAt"] as const) {
    for (const orderDirection of ["ASC", "DESC"] as const) {
      it(`pages forward with next and back with previous (${orderBy} ${orderDirection})`, async () => {
        const all = await everything(orderBy, orderDirection);
        expect(all).toHaveLength(27);
        const forward: string[][] = [];
        let cursor: string | undefined;
        const pages: Awaited<ReturnType<typeof search>>[] = [];
        for (let i = 0; i < 10; i++) {
          const page = await search({ limit: 10, orderBy, orderDirection, after: cursor });
          pages.push(page);
          forward.push(page.data.map((s) => s._id));
          if (!page.next) break;
          cursor = page.next;
        }
        expect(forward.map((p) => p.length)).toEqual([10, 10, 7]);
        expect(forward.flat()).toEqual(all);
        expect(pages.map((p) => p.previous === null)).toEqual([true, false, false]);

        // Backward from the last page with `before`.
        const backward: string[][] = [forward[2] as string[]];
        let before = pages[2]?.previous ?? undefined;
        for (let i = 0; i < 10 && before; i++) {
          const page = await search({ limit: 10, orderBy, orderDirection, before });
          backward.unshift(page.data.map((s) => s._id));
          expect(page.next).not.toBeNull();
          before = page.previous ?? undefined;
        }
        expect(backward).toEqual(forward);
      });
    }
  }

  it("keeps the cursor item with includeCursor and accepts a bare _id as cursor", async () => {
    const all = await everything("_id", "DESC");
    const first = await search({ limit: 5 });
    const withCursor = await search({ limit: 5, after: first.next ?? "", includeCursor: true });
    expect(withCursor.data.map((s) => s._id)).toEqual(all.slice(4, 9));
    const bare = await search({ limit: 5, after: all[4] });
    expect(bare.data.map((s) => s._id)).toEqual(all.slice(5, 10));
    const beforeBare = await search({ limit: 3, before: all[4], includeCursor: true });
    expect(beforeBare.data.map((s) => s._id)).toEqual(all.slice(2, 5));
    const bad = await call(emu, "GET", `/v2/subscribers${qs({ after: "not-a-cursor" })}`);
    expect(expectError(bad, 400).message).toEqual(["after: must be a cursor returned by a previous page"]);
  });

  it("sees a changed subscriber move in updatedAt order", async () => {
    const before = await everything("updatedAt", "DESC");
    expect(before[0]).not.toBe(emu.subscriber(emu.keys[0]?.environmentId ?? "", "ada")?._id);
    await call(emu, "POST", "/v1/integrations", {
      body: {
        identifier: "expo-x",
        providerId: "expo",
        channel: "push",
        active: true,
        credentials: { apiKey: "k" },
      },
    });
    await call(emu, "PATCH", "/v1/subscribers/ada/credentials", {
      body: { providerId: "expo", credentials: { deviceTokens: ["t1"] } },
    });
    const after = await everything("updatedAt", "DESC");
    expect(after[0]).toBe(emu.subscriber(emu.keys[0]?.environmentId ?? "", "ada")?._id);
    expect(after).toHaveLength(before.length);
  });

  it("filters case-sensitively by email, phone, subscriberId (exact) and name (substring)", async () => {
    const ids = async (p: Record<string, string>) => (await search(p)).data.map((s) => s.subscriberId).sort();
    expect(await ids({ email: "ada@example.com" })).toEqual(["ada"]);
    expect(await ids({ email: "ADA@example.com" })).toEqual(["ada-2"]);
    expect(await ids({ phone: "+1555" })).toEqual(["ada"]);
    expect(await ids({ subscriberId: "ada" })).toEqual(["ada"]);
    expect(await ids({ name: "Zoe" })).toEqual(["ada", "ada-2"]);
    expect(await ids({ name: "zoe" })).toEqual([]);
    expect(await ids({ name: "Zoe Love" })).toEqual(["ada"]);
    expect(await ids({ name: "Smith" })).toEqual(["ada-2"]);
    expect(await ids({ name: "Zoe", email: "ADA@example.com" })).toEqual(["ada-2"]);
    const filtered = await search({ name: "Zoe", limit: 1, orderDirection: "ASC" });
    expect(filtered.totalCount).toBe(2);
    const second = await search({ name: "Zoe", limit: 1, orderDirection: "ASC", after: filtered.next ?? "" });
    expect(second.data).toHaveLength(1);
    expect(second.next).toBeNull();
    expect(second.data[0]?._id).not.toBe(filtered.data[0]?._id);
  });

  it("reads orderBy and orderDirection as the usecase does (the DTO validates none), refuses a limit outside 1..100 (the command), ignores unknown params", async () => {
    for (const limit of [101, 0, "ten"])
      expect((await call(emu, "GET", `/v2/subscribers${qs({ limit })}`)).status).toBe(422);
    const byId = await search({ orderBy: "email", orderDirection: "up", unknownParam: "x" });
    expect(byId.data.map((s: { subscriberId: string }) => s.subscriberId)).toEqual(
      (await search({})).data.map((s: { subscriberId: string }) => s.subscriberId),
    );
    expect((await search({ limit: 100 })).data).toHaveLength(27);
    expect((await search({ limit: 1 })).data).toHaveLength(1);
    expect(validationMessages(await call(emu, "GET", `/v2/subscribers?email=a&email=b`))).toEqual([
      "email must be a string",
    ]);
  });

  it("caps totalCount at 50,000 and says so", async () => {
    const big = await startEmulator();
    try {
      big.generateSubscribers(50_001);
      const res = await call(big, "GET", `/v2/subscribers${qs({ limit: 100 })}`);
      expect(res.body.totalCount).toBe(50_000);
      expect(res.body.totalCountCapped).toBe(true);
      expect(res.body.data).toHaveLength(100);
      const exact = await call(big, "GET", `/v2/subscribers${qs({ subscriberId: "sub-50000" })}`);
      expect(exact.body.totalCount).toBe(1);
      expect(exact.body.totalCountCapped).toBe(false);
    } finally {
      await big.close();
    }
  });
});

describe("subscriber provider credentials", () => {
  let own: Emulator;
  const env = () => own.keys[0]?.environmentId ?? "";
  beforeAll(async () => {
    own = await startEmulator();
    own.seed({
      integrations: [
        { identifier: "fcm-a", providerId: "fcm", channel: "push", active: true },
        { identifier: "fcm-b", providerId: "fcm", channel: "push", active: true },
        { identifier: "slack-off", providerId: "slack", channel: "chat", active: false },
      ],
      subscribers: [{ subscriberId: "u1", firstName: "U", updatedAt: "2024-01-01T00:00:00.000Z" }],
    });
  });
  afterAll(() => own.close());

  it("PATCH adds a channel entry, bumps updatedAt, answers the wrapped subscriber", async () => {
    const res = await call(own, "PATCH", "/v1/subscribers/u1/credentials", {
      body: { providerId: "fcm", integrationIdentifier: "fcm-b", credentials: { deviceTokens: ["a", "b"] } },
    });
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s.subscriberId).toBe("u1");
    expect(s.updatedAt > "2024-01-01T00:00:00.000Z").toBe(true);
    expect(s.channels).toHaveLength(1);
    const integration = own.integrations().find((i) => i.identifier === "fcm-b");
    // The entry is { _integrationId, providerId, credentials }: never integrationIdentifier.
    expect(s.channels[0]).toEqual({
      providerId: "fcm",
      credentials: { deviceTokens: ["a", "b"] },
      _integrationId: integration?._id,
    });
  });

  it("PATCH and PUT replace deviceTokens, merge kept fields, drop the Grafana ones, skip equal writes", async () => {
    const body = (credentials: object) => ({
      providerId: "fcm",
      integrationIdentifier: "fcm-b",
      credentials,
    });
    const creds = () => own.subscriber(env(), "u1")?.channels?.[0]?.credentials;
    // A write without deviceTokens leaves []; the Grafana field `title` is not stored.
    await call(own, "PATCH", "/v1/subscribers/u1/credentials", { body: body({ title: "T" }) });
    expect(creds()).toEqual({ deviceTokens: [] });
    await call(own, "PATCH", "/v1/subscribers/u1/credentials", {
      body: body({ deviceTokens: ["c", "c"], webhookUrl: "https://push.example/w" }),
    });
    expect(creds()).toEqual({ deviceTokens: ["c"], webhookUrl: "https://push.example/w" });
    // Other keys merge: webhookUrl stays when left out.
    await call(own, "PATCH", "/v1/subscribers/u1/credentials", { body: body({ deviceTokens: [] }) });
    expect(creds()).toEqual({ deviceTokens: [], webhookUrl: "https://push.example/w" });
    const put = await call(own, "PUT", "/v1/subscribers/u1/credentials", {
      body: body({ deviceTokens: ["d"] }),
    });
    expect(put.status).toBe(200);
    expect(creds()).toEqual({ deviceTokens: ["d"], webhookUrl: "https://push.example/w" });
    // Deep-equal credentials: nothing written, updatedAt kept.
    const before = own.subscriber(env(), "u1")?.updatedAt;
    await call(own, "PUT", "/v1/subscribers/u1/credentials", {
      body: body({ deviceTokens: ["d"], webhookUrl: "https://push.example/w" }),
    });
    expect(own.subscriber(env(), "u1")?.updatedAt).toBe(before);
  });

  it("keeps one entry per integration of the same provider; without an identifier targets the newest", async () => {
    await call(own, "PATCH", "/v1/subscribers/u1/credentials", {
      body: { providerId: "fcm", integrationIdentifier: "fcm-a", credentials: { deviceTokens: ["x"] } },
    });
    const idOf = (identifier: string) => own.integrations().find((i) => i.identifier === identifier)?._id;
    const entryIds = () => own.subscriber(env(), "u1")?.channels?.map((c) => c._integrationId);
    expect(entryIds()).toEqual([idOf("fcm-b"), idOf("fcm-a")]);
    // fcm-b was seeded after fcm-a (same or later createdAt): it is the newest active one.
    await call(own, "PATCH", "/v1/subscribers/u1/credentials", {
      body: { providerId: "fcm", credentials: { deviceTokens: ["y"] } },
    });
    expect(entryIds()).toEqual([idOf("fcm-b"), idOf("fcm-a")]);
    expect(own.subscriber(env(), "u1")?.channels?.[0]?.credentials.deviceTokens).toEqual(["y"]);
  });

  it("answers 400 for a missing subscriber, no active integration, or an invalid body", async () => {
    const missing = await call(own, "PATCH", "/v1/subscribers/ghost/credentials", {
      body: { providerId: "fcm", credentials: {} },
    });
    expect(expectError(missing, 400).message).toBe("SubscriberId: ghost not found");
    const inactive = await call(own, "PATCH", "/v1/subscribers/u1/credentials", {
      body: { providerId: "slack", credentials: { webhookUrl: "https://hooks.example/x" } },
    });
    expect(expectError(inactive, 400).message).toBe(
      `Subscribers environment (${env()}) do not have active slack integration.`,
    );
    const noSuchIdentifier = await call(own, "PATCH", "/v1/subscribers/u1/credentials", {
      body: { providerId: "fcm", integrationIdentifier: "nope", credentials: {} },
    });
    expect(expectError(noSuchIdentifier, 400).message).toContain("do not have active fcm integration");
    const bad = await call(own, "PATCH", "/v1/subscribers/u1/credentials", {
      body: { providerId: "pager", credentials: { webhookUrl: "not a url" } },
    });
    expect(validationMessages(bad)).toEqual(["providerId must be a valid provider ID"]);
    const noCredentials = await call(own, "PATCH", "/v1/subscribers/u1/credentials", {
      body: { providerId: "fcm" },
    });
    expect(validationMessages(noCredentials)).toEqual([
      "credentials must be an object",
      "credentials should not be null or undefined",
    ]);
  });

  it("DELETE removes every entry of the provider, ignores a query, answers 204 without a body", async () => {
    expect(own.subscriber(env(), "u1")?.channels).toHaveLength(2);
    const res = await call(own, "DELETE", "/v1/subscribers/u1/credentials/fcm?integrationIdentifier=fcm-a");
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect(own.subscriber(env(), "u1")?.channels).toEqual([]);
    expectError(await call(own, "DELETE", "/v1/subscribers/ghost/credentials/fcm"), 404);
  });
});

describe("GET /v2/subscribers/{id}/preferences", () => {
  it("answers global and per-workflow preferences, with subscriber overrides", async () => {
    const own = await startEmulator({ fixtures: "default" });
    try {
      const res = await call(own, "GET", "/v2/subscribers/user-ada/preferences");
      expect(res.status).toBe(200);
      const { global, workflows } = res.body.data;
      expect(global).toEqual({
        enabled: true,
        channels: { in_app: true, email: true, sms: true, chat: true, push: true },
      });
      const digest = workflows.find(
        (w: { workflow: { identifier: string } }) => w.workflow.identifier === "weekly-digest",
      );
      // All five channels for every workflow (spec, operation 6), whatever channels its steps use.
      expect(digest).toEqual({
        enabled: true,
        channels: { in_app: true, email: false, sms: true, chat: true, push: true },
        overrides: [{ channel: "email", source: "subscriber" }],
        workflow: {
          slug: "weekly-digest",
          identifier: "weekly-digest",
          name: "Weekly digest",
          updatedAt: "2025-01-21T08:00:00.000Z",
        },
      });
      const welcome = workflows.find(
        (w: { workflow: { identifier: string } }) => w.workflow.identifier === "welcome",
      );
      expect(welcome.channels).toEqual({ in_app: true, email: true, sms: true, chat: true, push: true });
      expectError(await call(own, "GET", "/v2/subscribers/ghost/preferences"), 404);
    } finally {
      await own.close();
    }
  });
});
