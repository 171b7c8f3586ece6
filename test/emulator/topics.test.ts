import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { call, expectError, qs, validationMessages } from "../../testkit/emulator-http";

/**
 * /v2/topics and /v2/topics/{key}/subscriptions over raw HTTP, each behaviour as Novu's topics-v2 and
 * subscriptions sources have it (paths in emulator/routes/topics.ts and emulator/topic-subscriptions.ts).
 */

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(() => emu.close());

let keys = 0;
/** A key of a fresh environment holding the subscribers `ids`. */
function freshKey(ids: string[] = []): string {
  keys += 1;
  const apiKey = emu.addKey({ apiKey: `topics_key_${keys}_${Date.now()}` }).apiKey;
  emu.seed(
    { subscribers: ids.map((subscriberId) => ({ subscriberId, firstName: subscriberId })) },
    { apiKey },
  );
  return apiKey;
}

const upsert = (key: string, body: unknown, query = "") =>
  call(emu, "POST", `/v2/topics${query}`, { key, body });
const subscribe = (key: string, topic: string, body: unknown) =>
  call(emu, "POST", `/v2/topics/${encodeURIComponent(topic)}/subscriptions`, { key, body });
const unsubscribe = (key: string, topic: string, body: unknown) =>
  call(emu, "DELETE", `/v2/topics/${encodeURIComponent(topic)}/subscriptions`, { key, body });

describe("POST /v2/topics (upsert)", () => {
  it("creates with 200 (not 201), then an existing key gets the new name", async () => {
    const key = freshKey();
    const made = await upsert(key, { key: "ops:on-call", name: "Ops" });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ key: "ops:on-call", name: "Ops" });
    expect(made.body.data._id).toMatch(/^[0-9a-f]{24}$/);
    expect(typeof made.body.data.createdAt).toBe("string");
    const again = await upsert(key, { key: "ops:on-call", name: "Operations" });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ _id: made.body.data._id, name: "Operations" });
  });

  it("?failIfExists=true: 409 for an existing key, creates a new one", async () => {
    const key = freshKey();
    await upsert(key, { key: "t1", name: "T" });
    const dup = expectError(await upsert(key, { key: "t1", name: "T2" }, "?failIfExists=true"), 409);
    expect(dup.message).toBe('Topic with key "t1" already exists');
    expect((await upsert(key, { key: "t2", name: "T" }, "?failIfExists=true")).status).toBe(200);
  });

  it("accepts the key characters or an email; refuses others; key and name 1..100", async () => {
    const key = freshKey();
    expect((await upsert(key, { key: "a.b_c:d-e", name: "ok" })).status).toBe(200);
    expect((await upsert(key, { key: "someone@example.com", name: "ok" })).status).toBe(200);
    const bad = expectError(await upsert(key, { key: "has space", name: "x" }), 400);
    expect(bad.message).toContain('Invalid topic key: "has space"');
    const long = await upsert(key, { key: "k".repeat(101), name: "x" });
    expect(validationMessages(long)).toEqual(["key must be shorter than or equal to 100 characters"]);
    const noName = await upsert(key, { key: "ok2", name: "" });
    expect(validationMessages(noName)).toEqual(["name should not be empty"]);
  });
});

describe("GET / PATCH / DELETE /v2/topics/{key}", () => {
  it("get, rename, delete ({ acknowledged: true }), then 404 for each", async () => {
    const key = freshKey();
    await upsert(key, { key: "life", name: "L" });
    expect((await call(emu, "GET", "/v2/topics/life", { key })).body.data.name).toBe("L");
    const patched = await call(emu, "PATCH", "/v2/topics/life", { key, body: { name: "Life" } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.name).toBe("Life");
    const del = await call(emu, "DELETE", "/v2/topics/life", { key });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ data: { acknowledged: true } });
    for (const [method, body] of [["GET"], ["PATCH", { name: "x" }], ["DELETE"]] as const) {
      const res = expectError(await call(emu, method, "/v2/topics/life", { key, body }), 404);
      expect(res.message).toBe("Topic with key life not found");
    }
  });

  it("deleting a topic deletes its subscriptions first", async () => {
    const key = freshKey(["s1"]);
    await subscribe(key, "gone", { subscriberIds: ["s1"] });
    await call(emu, "DELETE", "/v2/topics/gone", { key });
    await upsert(key, { key: "gone", name: "again" });
    const list = await call(emu, "GET", "/v2/topics/gone/subscriptions", { key });
    expect(list.body.data).toEqual([]);
  });
});

describe("GET /v2/topics (cursor list, unwrapped)", () => {
  it("pages newest first by _id with next/previous, totalCount, and filters key and name", async () => {
    const key = freshKey();
    for (const k of ["a", "b", "c"]) await upsert(key, { key: k, name: `Name ${k}` });
    const first = await call(emu, "GET", `/v2/topics${qs({ limit: 2 })}`, { key });
    expect(first.status).toBe(200);
    expect(first.body.data.map((t: { key: string }) => t.key)).toEqual(["c", "b"]);
    expect(first.body).toMatchObject({ previous: null, totalCount: 3, totalCountCapped: false });
    expect(first.body.next).toBe(first.body.data[1]._id);
    const second = await call(emu, "GET", `/v2/topics${qs({ limit: 2, after: first.body.next })}`, { key });
    expect(second.body.data.map((t: { key: string }) => t.key)).toEqual(["a"]);
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toBe(second.body.data[0]._id);
    const byKey = await call(emu, "GET", `/v2/topics${qs({ key: "b" })}`, { key });
    expect(byKey.body.totalCount).toBe(1);
    const byName = await call(emu, "GET", `/v2/topics${qs({ name: "name a" })}`, { key });
    expect(byName.body.data.map((t: { key: string }) => t.key)).toEqual(["a"]);
  });
});

describe("POST /v2/topics/{key}/subscriptions", () => {
  it("201 { data, meta } without errors; creates the topic; default identifier tk_<key>:si_<id>", async () => {
    const key = freshKey(["u1", "u2"]);
    const res = await subscribe(key, "news", {
      subscriptions: [{ subscriberId: "u1" }, { identifier: "custom", subscriberId: "u2" }],
    });
    expect(res.status).toBe(201);
    expect(res.body.meta).toEqual({ totalCount: 2, successful: 2, failed: 0 });
    expect("errors" in res.body).toBe(false);
    const [a, b] = res.body.data;
    expect(a).toMatchObject({
      identifier: "tk_news:si_u1",
      topic: { key: "news" },
      subscriber: { subscriberId: "u1" },
    });
    expect(b.identifier).toBe("custom");
    expect(typeof a.createdAt).toBe("string");
    expect((await call(emu, "GET", "/v2/topics/news", { key })).status).toBe(200);
  });

  it("an existing subscription counts as success and is not duplicated", async () => {
    const key = freshKey(["u1"]);
    const first = await subscribe(key, "again", { subscriberIds: ["u1"] });
    const second = await subscribe(key, "again", { subscriberIds: ["u1"] });
    expect(second.status).toBe(201);
    expect(second.body.meta).toEqual({ totalCount: 1, successful: 1, failed: 0 });
    expect(second.body.data[0]._id).toBe(first.body.data[0]._id);
    const list = await call(emu, "GET", "/v2/topics/again/subscriptions", { key });
    expect(list.body.data).toHaveLength(1);
  });

  it("partial failure: 201 with SUBSCRIBER_NOT_FOUND per unknown subscriber, never created", async () => {
    const key = freshKey(["known"]);
    const res = await subscribe(key, "mixed", { subscriberIds: ["known", "ghost"] });
    expect(res.status).toBe(201);
    expect(res.body.meta).toEqual({ totalCount: 2, successful: 1, failed: 1 });
    expect(res.body.errors).toEqual([
      {
        subscriberId: "ghost",
        code: "SUBSCRIBER_NOT_FOUND",
        message: "Subscriber with ID 'ghost' could not be found.",
      },
    ]);
    const search = await call(emu, "GET", `/v2/subscribers${qs({ subscriberId: "ghost" })}`, { key });
    expect(search.body.data).toEqual([]);
  });

  it("total failure: 400 with the exception filter's body; the topic is still created", async () => {
    const key = freshKey();
    const res = await subscribe(key, "empty", { subscriberIds: ["g1", "g2"] });
    expect(res.status).toBe(400);
    const meta = { totalCount: 2, successful: 0, failed: 2 };
    expect(res.body).toMatchObject({
      statusCode: 400,
      path: "/v2/topics/empty/subscriptions",
      data: [],
      meta,
    });
    expect(typeof res.body.timestamp).toBe("string");
    expect(res.body.errors.map((e: { code: string }) => e.code)).toEqual([
      "SUBSCRIBER_NOT_FOUND",
      "SUBSCRIBER_NOT_FOUND",
    ]);
    expect(res.body.message).toEqual({ data: [], meta, errors: res.body.errors });
    expect((await call(emu, "GET", "/v2/topics/empty", { key })).status).toBe(200);
  });

  it("a name renames the topic; 1..100 items; a bad key of a new topic is a 400", async () => {
    const key = freshKey(["u1"]);
    await upsert(key, { key: "ren", name: "Old" });
    await subscribe(key, "ren", { subscriberIds: ["u1"], name: "New" });
    expect((await call(emu, "GET", "/v2/topics/ren", { key })).body.data.name).toBe("New");
    const none = await subscribe(key, "ren", { subscriptions: [] });
    expect(validationMessages(none)).toEqual(["At least one subscription is required"]);
    const many = Array.from({ length: 101 }, (_, i) => ({ identifier: `x${i}`, subscriberId: `x${i}` }));
    expect(validationMessages(await subscribe(key, "ren", { subscriptions: many }))).toEqual([
      "Cannot subscribe more than 100 subscriptions at once",
    ]);
    expect(validationMessages(await subscribe(key, "ren", {}))).toEqual([
      "At least one subscription is required",
    ]);
    const badKey = expectError(await subscribe(key, "bad key", { subscriberIds: ["u1"] }), 400);
    expect(badKey.message).toContain("Invalid topic key");
  });

  it("a subscriber holds at most 10 subscriptions in a topic", async () => {
    const key = freshKey(["busy"]);
    for (let i = 0; i < 10; i++) {
      const ok = await subscribe(key, "cap", {
        subscriptions: [{ identifier: `id-${i}`, subscriberId: "busy" }],
      });
      expect(ok.status).toBe(201);
    }
    const over = await subscribe(key, "cap", {
      subscriptions: [{ identifier: "id-10", subscriberId: "busy" }],
    });
    expect(over.status).toBe(400);
    expect(over.body.errors[0]).toMatchObject({ subscriberId: "busy", code: "SUBSCRIPTION_LIMIT_EXCEEDED" });
  });
});

describe("DELETE /v2/topics/{key}/subscriptions", () => {
  it("identifier alone deletes that one; a subscriberId (even beside an identifier) deletes all of its", async () => {
    const key = freshKey(["a", "b"]);
    const subs = [
      { identifier: "a-1", subscriberId: "a" },
      { identifier: "b-1", subscriberId: "b" },
    ];
    await subscribe(key, "del", { subscriptions: subs });
    await subscribe(key, "del", { subscriptions: [{ identifier: "a-2", subscriberId: "a" }] });
    await subscribe(key, "del", { subscriptions: [{ identifier: "b-2", subscriberId: "b" }] });
    const one = await unsubscribe(key, "del", { subscriptions: [{ identifier: "a-1" }] });
    expect(one.status).toBe(200);
    expect(one.body.meta).toEqual({ totalCount: 1, successful: 1, failed: 0 });
    expect(one.body.data.map((d: { identifier: string }) => d.identifier)).toEqual(["a-1"]);
    const all = await unsubscribe(key, "del", { subscriptions: [{ identifier: "b-1", subscriberId: "b" }] });
    expect(all.body.data.map((d: { identifier: string }) => d.identifier).sort()).toEqual(["b-1", "b-2"]);
    const left = await call(emu, "GET", "/v2/topics/del/subscriptions", { key });
    expect(left.body.data.map((d: { identifier: string }) => d.identifier)).toEqual(["a-2"]);
  });

  it("per-item failures; all failing is a 400; missing topic 404; at least one item", async () => {
    const key = freshKey(["a", "lonely"]);
    await subscribe(key, "delf", { subscriberIds: ["a"] });
    const partial = await unsubscribe(key, "delf", { subscriberIds: ["a", "ghost", "lonely"] });
    expect(partial.status).toBe(200);
    expect(partial.body.meta).toEqual({ totalCount: 3, successful: 1, failed: 2 });
    expect(partial.body.errors.map((e: { code: string }) => e.code)).toEqual([
      "SUBSCRIBER_NOT_FOUND",
      "SUBSCRIPTION_NOT_FOUND",
    ]);
    const none = await unsubscribe(key, "delf", { subscriptions: [{ identifier: "nope" }] });
    expect(none.status).toBe(400);
    expect(none.body.meta).toEqual({ totalCount: 1, successful: 0, failed: 1 });
    expectError(await unsubscribe(key, "no-topic", { subscriberIds: ["a"] }), 404);
    expect(validationMessages(await unsubscribe(key, "delf", { subscriptions: [] }))).toEqual([
      "At least one subscription is required",
    ]);
  });
});

describe("GET /v2/topics/{key}/subscriptions and /{identifier}", () => {
  it("cursor pages of { _id, identifier, topic, subscriber, createdAt }; subscriberId narrows", async () => {
    const key = freshKey(["p1", "p2", "p3"]);
    await subscribe(key, "pages", { subscriberIds: ["p1", "p2", "p3"] });
    const first = await call(emu, "GET", `/v2/topics/pages/subscriptions${qs({ limit: 2 })}`, { key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ totalCount: 3, totalCountCapped: false, previous: null });
    const item = first.body.data[0];
    expect(item).toMatchObject({
      identifier: "tk_pages:si_p3",
      topic: { key: "pages" },
      subscriber: { subscriberId: "p3" },
    });
    expect(Object.keys(item.subscriber).sort()).toEqual(["_id", "firstName", "subscriberId"]);
    const next = await call(
      emu,
      "GET",
      `/v2/topics/pages/subscriptions${qs({ limit: 2, after: first.body.next })}`,
      {
        key,
      },
    );
    expect(next.body.data.map((d: { identifier: string }) => d.identifier)).toEqual(["tk_pages:si_p1"]);
    const asc = await call(
      emu,
      "GET",
      `/v2/topics/pages/subscriptions${qs({ orderDirection: "ASC", limit: 1 })}`,
      {
        key,
      },
    );
    expect(asc.body.data[0].identifier).toBe("tk_pages:si_p1");
    const narrowed = await call(emu, "GET", `/v2/topics/pages/subscriptions${qs({ subscriberId: "p2" })}`, {
      key,
    });
    expect(narrowed.body.data.map((d: { identifier: string }) => d.identifier)).toEqual(["tk_pages:si_p2"]);
    expectError(await call(emu, "GET", "/v2/topics/none/subscriptions", { key }), 404);
  });

  it("one by identifier: 200 { id, identifier } (preferences left out when none); 204 with no body when missing or given an _id", async () => {
    const key = freshKey(["g1"]);
    const made = await subscribe(key, "one", { subscriberIds: ["g1"] });
    const id = encodeURIComponent("tk_one:si_g1");
    const got = await call(emu, "GET", `/v2/topics/one/subscriptions/${id}`, { key });
    expect(got.status).toBe(200);
    // subscriptions/utils/subscriptions.ts mapTopicSubscriptionToDto: `preferences.length > 0 ? preferences : undefined`.
    expect(got.body.data).toEqual({ id: made.body.data[0]._id, identifier: "tk_one:si_g1" });
    for (const missing of ["nope", made.body.data[0]._id]) {
      const res = await call(emu, "GET", `/v2/topics/one/subscriptions/${missing}`, { key });
      expect(res.status).toBe(204);
      expect(res.body).toBeUndefined();
    }
  });
});

describe("scale and rate-limit category", () => {
  it("10,000 subscribers in 100-item requests land in one topic, paged to the end", async () => {
    const key = freshKey();
    const apiKeyEnv = emu.keys.find((k) => k.apiKey === key);
    emu.generateSubscribers(10_000, { apiKey: key, prefix: "bulk" });
    for (let start = 0; start < 10_000; start += 100) {
      const ids = Array.from({ length: 100 }, (_, i) => `bulk-${start + i}`);
      const res = await subscribe(key, "big", { subscriberIds: ids });
      expect(res.body.meta.successful).toBe(100);
    }
    let seen = 0;
    let after: string | undefined;
    do {
      const page = await call(emu, "GET", `/v2/topics/big/subscriptions${qs({ limit: 100, after })}`, {
        key,
      });
      expect(page.body.totalCount).toBe(10_000);
      seen += page.body.data.length;
      after = page.body.next ?? undefined;
    } while (after);
    expect(seen).toBe(10_000);
    expect(apiKeyEnv).toBeDefined();
  });

  it("topics are throttled as configuration", async () => {
    const limited = await startEmulator({ rateLimit: { configuration: 7 } });
    try {
      const res = await call(limited, "GET", "/v2/topics");
      expect(res.headers["ratelimit-policy"]).toContain('category="configuration"');
    } finally {
      await limited.close();
    }
  });
});

describe("subscriptions with identifiers and preferences (2026)", () => {
  const tier = { "===": [{ var: "subscriber.data.tier" }, "premium"] };
  /** A fresh key whose environment holds subscribers `ids` and the workflows `digest` (tag news) and `alerts`. */
  function keyWithWorkflows(ids: string[]): string {
    keys += 1;
    const apiKey = emu.addKey({ apiKey: `topics_prefs_${keys}_${Date.now()}` }).apiKey;
    emu.seed(
      {
        subscribers: ids.map((subscriberId) => ({ subscriberId })),
        workflows: [
          { workflowId: "digest", name: "Digest", tags: ["news"] },
          { workflowId: "alerts", name: "Alerts" },
        ],
      },
      { apiKey },
    );
    return apiKey;
  }
  const patch = (key: string, topic: string, identifier: string, body: unknown) =>
    call(emu, "PATCH", `/v2/topics/${topic}/subscriptions/${encodeURIComponent(identifier)}`, { key, body });
  const getOne = (key: string, topic: string, identifier: string) =>
    call(emu, "GET", `/v2/topics/${topic}/subscriptions/${encodeURIComponent(identifier)}`, { key });

  it("refuses plain strings in subscriptions and preferences (422, as measured on April 2026)", async () => {
    const key = keyWithWorkflows(["u1"]);
    const plain = await subscribe(key, "t", { subscriptions: ["u1"] });
    expect(validationMessages(plain)).toEqual([
      "each value in nested property subscriptions must be either object or array",
    ]);
    const prefs = { subscriberIds: ["u1"], preferences: ["digest"] };
    expect(validationMessages(await subscribe(key, "t", prefs))).toEqual([
      "each value in nested property preferences must be either object or array",
    ]);
  });

  it("stores each new subscription's preferences per workflow; a workflow preference's enabled is dropped", async () => {
    const key = keyWithWorkflows(["u1", "u2"]);
    const res = await subscribe(key, "t", {
      subscriptions: [
        { identifier: "u1-main", subscriberId: "u1", name: "Main" },
        { identifier: "u2-main", subscriberId: "u2" },
      ],
      preferences: [
        { workflowId: "digest", enabled: false, condition: tier },
        { filter: { workflowIds: ["alerts"] }, enabled: false },
      ],
    });
    expect(res.status).toBe(201);
    const one = await getOne(key, "t", "u1-main");
    expect(one.body.data).toMatchObject({ identifier: "u1-main", name: "Main" });
    const prefs = one.body.data.preferences.map((p: Record<string, unknown>) => [
      (p.workflow as { identifier: string }).identifier,
      p.enabled,
      p.condition,
      p.subscriptionId,
    ]);
    expect(prefs).toEqual([
      ["digest", true, tier, "u1-main"],
      ["alerts", false, undefined, "u1-main"],
    ]);
    // The list answers neither the name, the preferences nor updatedAt (map-topic-entity-to.dto.ts).
    const list = await call(emu, "GET", "/v2/topics/t/subscriptions", { key });
    const fields = (s: Record<string, unknown>) => ["name" in s, "preferences" in s, "updatedAt" in s];
    expect(list.body.data.map(fields)).toEqual([
      [false, false, false],
      [false, false, false],
    ]);
  });

  it("a subscribe with an existing identifier changes neither its name nor its preferences", async () => {
    const key = keyWithWorkflows(["u1"]);
    const first = { identifier: "mine", subscriberId: "u1", name: "First" };
    await subscribe(key, "t", { subscriptions: [first], preferences: [{ filter: { tags: ["news"] } }] });
    const again = await subscribe(key, "t", {
      subscriptions: [{ ...first, name: "Second" }],
      preferences: [{ filter: { workflowIds: ["digest"] }, enabled: false, condition: tier }],
    });
    expect(again.status).toBe(201);
    expect(again.body.data[0]).toMatchObject({ identifier: "mine", name: "First" });
    expect(again.body.data[0].preferences).toEqual([
      expect.objectContaining({ enabled: true, subscriptionId: "mine" }),
    ]);
    const one = await getOne(key, "t", "mine");
    expect(one.body.data.name).toBe("First");
    expect(one.body.data.preferences).toHaveLength(1);
    expect("condition" in one.body.data.preferences[0]).toBe(false);
  });

  it("PATCH edits one subscription: name, and preferences replaced whole (an empty list clears them)", async () => {
    const key = keyWithWorkflows(["u1"]);
    await subscribe(key, "t", {
      subscriptions: [{ identifier: "mine", subscriberId: "u1" }],
      preferences: [{ filter: { workflowIds: ["digest", "alerts"] } }],
    });
    const edited = await patch(key, "t", "mine", {
      name: "Renamed",
      preferences: [{ filter: { workflowIds: ["alerts"] }, enabled: false, condition: tier }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ identifier: "mine", name: "Renamed", topic: { key: "t" } });
    expect(edited.body.data.preferences).toEqual([
      expect.objectContaining({ enabled: false, condition: tier, subscriptionId: "mine" }),
    ]);
    const one = await getOne(key, "t", "mine");
    expect(
      one.body.data.preferences.map((p: { workflow: { identifier: string } }) => p.workflow.identifier),
    ).toEqual(["alerts"]);
    expect((await patch(key, "t", "mine", { preferences: [] })).status).toBe(200);
    const cleared = await getOne(key, "t", "mine");
    expect(cleared.body.data).toEqual({ id: one.body.data.id, identifier: "mine", name: "Renamed" });
  });

  it("PATCH: 404 naming the topic or the subscription; strings in preferences refused", async () => {
    const key = keyWithWorkflows(["u1"]);
    expect(expectError(await patch(key, "none", "x", { name: "n" }), 404).message).toBe(
      "Topic with key none not found",
    );
    await subscribe(key, "t", { subscriberIds: ["u1"] });
    expect(expectError(await patch(key, "t", "x", { name: "n" }), 404).message).toBe(
      "Subscription with identifier x not found for topic t",
    );
    const bad = await patch(key, "t", "tk_t:si_u1", { preferences: ["digest"] });
    expect(validationMessages(bad)).toEqual([
      "each value in nested property preferences must be either object or array",
    ]);
  });
});
