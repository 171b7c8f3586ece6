/**
 * The Topic and TopicSubscriptions providers called directly against the emulator: a default key, a taken
 * key refused (and taken over with `adopt`, writing nothing when the name is the same), rename, the destroy that refuses a topic still holding others' subscriptions unless
 * `forceDestroy`; subscriptions synced as a set in batches of 100, the application's subscription untouched
 * through update and destroy, an unknown subscriber failing the update by name while the rest is written,
 * refresh, a no-op diff with no request.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../../emulator";
import { defaultIdentifier } from "../../../../provider/default-identifier";
import type { TopicInputs, TopicOutputs } from "../../../../provider/model/topic-schema";
import type {
  TopicSubscriptionsInputs,
  TopicSubscriptionsOutputs,
} from "../../../../provider/model/topic-subscriptions-schema";
import { TopicProvider } from "../../../../provider/runtime/topic/provider";
import { TopicSubscriptionsProvider } from "../../../../provider/runtime/topic-subscriptions/provider";
import { SvcClient } from "../../../../sdk";
import { failure } from "../../../../testkit/error-assertions";

let emu: Emulator | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
  await emu?.close();
  emu = undefined;
});

const ids = (n: number, prefix = "s") =>
  Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(5, "0")}`);

async function start(subscribers: string[]): Promise<Emulator> {
  emu = await startEmulator({
    port: 0,
    fixtures: { subscribers: subscribers.map((subscriberId) => ({ subscriberId })) },
  });
  return emu;
}

function topics(e: Emulator): TopicProvider {
  const p = new TopicProvider({ settings: { apiKey: e.apiKey, baseUrl: e.url } });
  closers.push(() => p.session.client().close());
  return p;
}

function subscriptions(e: Emulator): TopicSubscriptionsProvider {
  const p = new TopicSubscriptionsProvider({ settings: { apiKey: e.apiKey, baseUrl: e.url } });
  closers.push(() => p.session.client().close());
  return p;
}

function client(e: Emulator): SvcClient {
  const c = new SvcClient({ apiKey: e.apiKey, baseUrl: e.url, baseRetryDelayMs: 5 });
  closers.push(() => c.close());
  return c;
}

async function topicInputs(p: TopicProvider, news: Record<string, unknown>): Promise<TopicInputs> {
  const r = await p.check({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs;
}

async function subsInputs(
  p: TopicSubscriptionsProvider,
  topicKey: string,
  subscriberIds: string[],
): Promise<TopicSubscriptionsInputs> {
  const r = await p.check(
    {},
    { topicKey, subscriberIds, ownerOf: { project: "p", stack: "s", name: "subs" } },
  );
  expect(r.failures).toEqual([]);
  return r.inputs;
}

/** The identifiers of a topic's subscriptions, sorted. */
async function identifiers(c: SvcClient, key: string): Promise<string[]> {
  const out: string[] = [];
  for await (const s of c.topics.subscriptions.listAll(key, { limit: 100 })) out.push(String(s.identifier));
  return out.sort();
}

describe("Topic", () => {
  it("refuses a bad key before any request, naming it", async () => {
    const e = await start([]);
    const r = await topics(e).check({}, { key: "no spaces", name: "x" });
    expect(r.failures.map((f) => f.property)).toEqual(["key"]);
    expect(e.requests.length).toBe(0);
  });

  it("creates under its default key, renames, and refuses to take over a key someone else holds", async () => {
    const e = await start([]);
    const p = topics(e);
    const origin = { project: "p", stack: "s", name: "beta" };
    const inputs = await topicInputs(p, {
      key: defaultIdentifier(origin),
      defaultIdentifierOf: origin,
      name: "Beta",
    });
    const created = await p.create(inputs);
    expect(created.id).toBe(defaultIdentifier(origin));
    expect(created.outs).toMatchObject({ key: created.id, name: "Beta" });
    // A re-run after a lost answer takes its own default key over.
    expect((await p.create(inputs)).id).toBe(created.id);

    await client(e).topics.upsert({ key: "app-topic", name: "The app's" });
    const err = await failure(p.create(await topicInputs(p, { key: "app-topic", name: "Mine" })));
    expect(String(err)).toContain('topic "app-topic" already exists');
    expect((await client(e).topics.get("app-topic")).name).toBe("The app's");
    expect(String(err)).toContain("adopt: true");

    // adopt takes it over: the same name writes nothing, another name is one PATCH.
    e.resetRequests();
    const same = await p.create(await topicInputs(p, { key: "app-topic", name: "The app's", adopt: true }));
    expect(same).toMatchObject({ id: "app-topic", outs: { key: "app-topic", name: "The app's" } });
    expect(e.requests.filter((r) => r.method !== "GET")).toEqual([]);
    await p.create(await topicInputs(p, { key: "app-topic", name: "Mine", adopt: true }));
    expect(e.requests.filter((r) => r.method !== "GET").map((r) => r.method)).toEqual(["PATCH"]);
    expect((await client(e).topics.get("app-topic")).name).toBe("Mine");

    const updated = await p.update(created.id, created.outs as TopicOutputs, { ...inputs, name: "Beta 2" });
    expect(updated.outs.name).toBe("Beta 2");
    expect((await p.read(created.id, updated.outs)).props).toMatchObject({ key: created.id, name: "Beta 2" });
  });

  it("a destroy refuses a topic that still holds subscriptions, naming how many, unless forceDestroy", async () => {
    const e = await start(["alice", "bob"]);
    const p = topics(e);
    const inputs = await topicInputs(p, { key: "ops", name: "Ops" });
    const { outs } = await p.create(inputs);
    await client(e).topics.subscriptions.create("ops", { subscriptions: ["alice", "bob"] });
    const err = await failure(p.delete("ops", outs as TopicOutputs));
    expect(String(err)).toContain('topic "ops" still holds 2 subscriptions');
    expect(String(err)).toContain("forceDestroy");
    expect((await client(e).topics.get("ops")).key).toBe("ops");
    await p.delete("ops", { ...(outs as TopicOutputs), forceDestroy: true });
    expect(await failure(client(e).topics.get("ops"))).toBeDefined();
  });
});

describe("TopicSubscriptions", () => {
  it("syncs as a set in batches of 100; the application's subscription stays through update and destroy", async () => {
    const declared = ids(250);
    const e = await start([...declared, "app-user", "new-1"]);
    const c = client(e);
    await c.topics.upsert({ key: "beta", name: "Beta" });
    await c.topics.subscriptions.create("beta", { subscriptions: ["app-user", declared[0] as string] });
    const p = subscriptions(e);
    e.resetRequests();
    const created = await p.create(await subsInputs(p, "beta", [...declared].reverse()));
    const posts = e.requests.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(3);
    expect(created.outs).toMatchObject({ topicKey: "beta", count: 250 });
    expect(created.outs.subscriberIds).toEqual(declared);
    // Ours are under our own identifiers, beside the application's two.
    expect((await identifiers(c, "beta")).length).toBe(252);

    // Swap one: declared[1] out, new-1 in. declared[0] stays declared; the app's own subscription of it stays too.
    const next = [...declared.filter((id) => id !== declared[1]), "new-1"];
    const olds = created.outs as TopicSubscriptionsOutputs;
    const diff = await p.diff(created.id, olds, await subsInputs(p, "beta", next));
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    e.resetRequests();
    const updated = await p.update(created.id, olds, await subsInputs(p, "beta", next));
    expect(p.lastSync).toMatchObject({ added: 1, removed: 1, failed: 0 });
    expect(e.requests.filter((r) => r.method !== "GET")).toHaveLength(2);
    const now = await identifiers(c, "beta");
    expect(now).toContain("tk_beta:si_app-user");
    expect(now).toContain(`tk_beta:si_${declared[0]}`);
    expect(now.filter((i) => i.includes(`si_${declared[1]}:`))).toEqual([]);

    // Refresh reads back exactly the managed set.
    const read = await p.read(created.id, updated.outs);
    expect(read.props?.subscriberIds).toEqual([...next].sort());

    // An unchanged declaration is no change, and asks nothing.
    e.resetRequests();
    expect(
      (await p.diff(created.id, updated.outs, await subsInputs(p, "beta", [...next].reverse()))).changes,
    ).toBe(false);
    expect(e.requests.length).toBe(0);

    await p.delete(created.id, updated.outs as TopicSubscriptionsOutputs);
    expect(await identifiers(c, "beta")).toEqual(["tk_beta:si_app-user", `tk_beta:si_${declared[0]}`]);
  });

  it("an unknown subscriber fails the update by name; the rest is written and said, and a retry converges", async () => {
    const e = await start(["alice", "bob"]);
    const c = client(e);
    await c.topics.upsert({ key: "t", name: "T" });
    const p = subscriptions(e);
    const inputs = await subsInputs(p, "t", ["alice", "ghost", "bob"]);
    const err = String(await failure(p.create(inputs)));
    expect(err).toContain('1 of 3 subscribers of topic "t" failed');
    expect(err).toContain("subscriber does not exist in the API key's environment");
    expect(err).toContain('"ghost"');
    expect(err).toContain("2 subscribed now");
    expect((await identifiers(c, "t")).length).toBe(2);
    // The application creates the subscriber; the same create now converges, making nothing twice.
    e.seed({ subscribers: [{ subscriberId: "ghost" }] });
    const created = await p.create(inputs);
    expect(created.outs.count).toBe(3);
    expect((await identifiers(c, "t")).length).toBe(3);
  });

  it("fails when the topic does not exist, creating none", async () => {
    const e = await start(["alice"]);
    const p = subscriptions(e);
    const err = String(await failure(p.create(await subsInputs(p, "missing", ["alice"]))));
    expect(err).toContain('topic "missing" does not exist');
    expect(await failure(client(e).topics.get("missing"))).toBeDefined();
  });
});
