/**
 * client.topics against the emulator: upsert (and `failIfExists`), get, update, list and listAll, delete;
 * subscriptions create (partial failure reported per item; a total failure resolved as the same result),
 * list and listAll, get one (a missing one is undefined), delete by identifier alone; bad input refused
 * before any request.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { ConflictError, NotFoundError, SvcClient, ValidationError } from "../../sdk";
import { failure } from "../../testkit/error-assertions";

const KEY = `sdk_topics_${randomUUID()}`;
let emu: Emulator;
let client: SvcClient;

beforeAll(async () => {
  emu = await startEmulator({
    keys: [{ apiKey: KEY, organizationId: "org-topics" }],
    fixtures: {
      subscribers: ["alice", "bob", "carol"].map((subscriberId) => ({ subscriberId })),
      workflows: [{ workflowId: "digest", name: "Digest" }],
    },
  });
  client = new SvcClient({ apiKey: KEY, baseUrl: emu.url, baseRetryDelayMs: 5 });
});
afterAll(async () => {
  await client.close();
  await emu.close();
});

describe("client.topics", () => {
  it("upsert, get, update, list, listAll, delete", async () => {
    const created = await client.topics.upsert({ key: "ops-on-call", name: "Ops" });
    expect(created).toMatchObject({ key: "ops-on-call", name: "Ops" });
    expect(typeof created._id).toBe("string");
    const again = await client.topics.upsert({ key: "ops-on-call", name: "Ops 2" });
    expect(again._id).toBe(created._id);
    expect(
      await failure(client.topics.upsert({ key: "ops-on-call", name: "X" }, { failIfExists: true })),
    ).toBeInstanceOf(ConflictError);
    expect((await client.topics.update("ops-on-call", { name: "Ops 3" })).name).toBe("Ops 3");
    expect((await client.topics.get("ops-on-call")).name).toBe("Ops 3");
    for (let i = 0; i < 5; i++) await client.topics.upsert({ key: `many-${i}`, name: `Many ${i}` });
    const page = await client.topics.list({ limit: 2 });
    expect(page.data).toHaveLength(2);
    const all: string[] = [];
    for await (const t of client.topics.listAll({ limit: 2 })) all.push(t.key);
    expect(all.sort()).toEqual(["many-0", "many-1", "many-2", "many-3", "many-4", "ops-on-call"]);
    await client.topics.delete("ops-on-call");
    expect(await failure(client.topics.get("ops-on-call"))).toBeInstanceOf(NotFoundError);
  });

  it("subscriptions: per-item failures, a total failure as a result, list, get one, delete by identifier", async () => {
    await client.topics.upsert({ key: "beta", name: "Beta" });
    const subs = client.topics.subscriptions;
    const partial = await subs.create("beta", {
      subscriptions: [{ identifier: "mine-alice", subscriberId: "alice" }, "bob", "ghost"],
    });
    expect(partial.meta).toEqual({ totalCount: 3, successful: 2, failed: 1 });
    expect(partial.errors).toEqual([
      expect.objectContaining({ subscriberId: "ghost", code: "SUBSCRIBER_NOT_FOUND" }),
    ]);
    const total = await subs.create("beta", { subscriptions: ["nobody", "no-one"] });
    expect(total.meta).toMatchObject({ successful: 0, failed: 2 });
    expect(total.errors?.map((e) => e.subscriberId).sort()).toEqual(["no-one", "nobody"]);

    const listed: string[] = [];
    for await (const s of subs.listAll("beta", { limit: 1 })) listed.push(String(s.identifier));
    expect(listed.sort()).toEqual(["mine-alice", "tk_beta:si_bob"]);
    expect(await subs.get("beta", "mine-alice")).toMatchObject({ identifier: "mine-alice" });
    expect(await subs.get("beta", "nothing-here")).toBeUndefined();

    const removed = await subs.delete("beta", { subscriptions: [{ identifier: "mine-alice" }] });
    expect(removed.meta.successful).toBe(1);
    expect(await subs.get("beta", "mine-alice")).toBeUndefined();
    expect(await subs.get("beta", "tk_beta:si_bob")).toBeDefined();
  });

  it("refuses bad input before any request, naming the field", async () => {
    const before = emu.requests.length;
    const badKey = await failure<ValidationError>(client.topics.upsert({ key: "has space", name: "x" }));
    expect(badKey).toBeInstanceOf(ValidationError);
    expect(badKey.message).toContain("key");
    const tooMany = Array.from({ length: 101 }, (_, i) => `s${i}`);
    const err = await failure<ValidationError>(
      client.topics.subscriptions.create("beta", { subscriptions: tooMany }),
    );
    expect(err.message).toContain("subscriptions");
    expect(err.message).toContain("100");
    expect(await failure(client.topics.subscriptions.delete("beta", { subscriptions: [] }))).toBeInstanceOf(
      ValidationError,
    );
    expect(emu.requests.length).toBe(before);
  });

  it("subscriptions with identifier, name and preferences; a string is sent under the default identifier; update", async () => {
    const cond = { "==": [{ var: "payload.tier" }, "gold"] };
    const made = await client.topics.subscriptions.create("prefs", {
      subscriptions: ["carol", { identifier: "alice-main", subscriberId: "alice", name: "Main" }],
      preferences: [{ filter: { workflowIds: ["digest"] }, enabled: false, condition: cond }],
    });
    expect(made.meta).toEqual({ totalCount: 2, successful: 2, failed: 0 });
    expect(made.data.map((s) => s.identifier).sort()).toEqual(["alice-main", "tk_prefs:si_carol"]);
    const one = await client.topics.subscriptions.get("prefs", "alice-main");
    expect(one).toMatchObject({ name: "Main", preferences: [{ enabled: false, condition: cond }] });
    expect(one?.preferences?.[0]?.workflow?.identifier).toBe("digest");
    const edited = await client.topics.subscriptions.update("prefs", "alice-main", {
      name: "Renamed",
      preferences: [{ filter: { workflowIds: ["digest"] }, enabled: true }],
    });
    expect(edited.name).toBe("Renamed");
    const after = await client.topics.subscriptions.get("prefs", "alice-main");
    expect(after?.preferences).toEqual([expect.objectContaining({ enabled: true })]);
    expect(after?.preferences?.[0]).not.toHaveProperty("condition");
    expect(
      await failure(client.topics.subscriptions.update("prefs", "nobody", { name: "x" })),
    ).toBeInstanceOf(NotFoundError);
    const bad = await failure(
      client.topics.subscriptions.update("prefs", "alice-main", {
        preferences: [{ workflowId: "digest", enabled: false } as never],
      }),
    );
    expect(bad).toBeInstanceOf(ValidationError);
  });
});
