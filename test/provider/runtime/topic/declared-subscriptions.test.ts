/**
 * TopicSubscriptions' subscriptions with their own identifiers, names and per-workflow preferences, called
 * directly against the emulator: create with a conditioned preference, the edit of one condition as one
 * line of the detailed diff and one PATCH, refresh reading the service's form, adoption of subscriptions
 * made elsewhere with no write, a missing workflow failing by name, check's refusals, destroy removing only
 * the declared identifiers.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../../emulator";
import type {
  TopicSubscriptionsInputs,
  TopicSubscriptionsOutputs,
} from "../../../../provider/model/topic-subscriptions-schema";
import { topicSubscriptionsChanges } from "../../../../provider/runtime/topic-subscriptions/model";
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

const gold = { "==": [{ var: "payload.tier" }, "gold"] };
const silver = { "==": [{ var: "payload.tier" }, "silver"] };

async function setup() {
  emu = await startEmulator({
    port: 0,
    fixtures: {
      subscribers: ["alice", "bob", "app-user"].map((subscriberId) => ({ subscriberId })),
      workflows: [
        { workflowId: "digest", name: "Digest" },
        { workflowId: "alerts", name: "Alerts" },
      ],
    },
  });
  const p = new TopicSubscriptionsProvider({ settings: { apiKey: emu.apiKey, baseUrl: emu.url } });
  const c = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url, baseRetryDelayMs: 5 });
  closers.push(
    () => p.session.client().close(),
    () => c.close(),
  );
  await c.topics.upsert({ key: "news", name: "News" });
  return { e: emu, p, c };
}

const declared = (condition = gold) => [
  {
    identifier: "bob-main",
    subscriberId: "bob",
    preferences: [{ workflowId: "alerts", enabled: false }],
  },
  {
    identifier: "alice-main",
    subscriberId: "alice",
    name: "Alice",
    preferences: [{ workflowId: "digest", condition }],
  },
];

async function checked(p: TopicSubscriptionsProvider, news: Record<string, unknown>) {
  const r = await p.check({}, { topicKey: "news", ...news });
  expect(r.failures).toEqual([]);
  return r.inputs as TopicSubscriptionsInputs;
}

const writes = (e: Emulator) =>
  e.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

describe("TopicSubscriptions with identifiers, names and preferences", () => {
  it("create, refresh clean, an edit of one condition is one line and one PATCH, destroy removes only its own", async () => {
    const { e, p, c } = await setup();
    await c.topics.subscriptions.create("news", { subscriptions: ["app-user"] });
    const inputs = await checked(p, { subscriptions: declared() });
    expect(inputs.subscriberIds).toEqual([]);
    expect(inputs.subscriptions?.map((s) => s.identifier)).toEqual(["alice-main", "bob-main"]);
    const made = await p.create(inputs);
    const outs = made.outs as TopicSubscriptionsOutputs;
    const alice = await c.topics.subscriptions.get("news", "alice-main");
    expect(alice).toMatchObject({ name: "Alice", preferences: [{ enabled: true, condition: gold }] });
    const bob = await c.topics.subscriptions.get("news", "bob-main");
    expect(bob?.preferences).toEqual([expect.objectContaining({ enabled: false })]);

    const read = await p.read(made.id, outs);
    expect(read.inputs?.["subscriptions"]).toEqual(inputs.subscriptions);
    expect((await p.diff(made.id, outs, inputs)).changes).toBe(false);

    const edited = await checked(p, { subscriptions: declared(silver) });
    expect((await p.diff(made.id, outs, edited)).changes).toBe(true);
    expect(topicSubscriptionsChanges(outs, edited)).toEqual([
      { property: "subscriptions[0].preferences[0].condition", kind: "update", replace: false },
    ]);
    e.resetRequests();
    const updated = await p.update(made.id, outs, edited);
    expect(writes(e)).toEqual(["PATCH /v2/topics/news/subscriptions/alice-main"]);
    const after = await c.topics.subscriptions.get("news", "alice-main");
    expect(after?.preferences?.[0]?.condition).toEqual(silver);

    await p.delete(made.id, updated.outs as TopicSubscriptionsOutputs);
    const left = [];
    for await (const s of c.topics.subscriptions.listAll("news")) left.push(s.identifier);
    expect(left).toEqual(["tk_news:si_app-user"]);
  });

  it("adopting subscriptions made elsewhere with the same identifiers, names and preferences writes nothing", async () => {
    const { e, p, c } = await setup();
    await c.topics.subscriptions.create("news", {
      subscriptions: [{ identifier: "alice-main", subscriberId: "alice", name: "Alice" }],
      preferences: [{ filter: { workflowIds: ["digest"] }, enabled: true, condition: gold }],
    });
    await c.topics.subscriptions.create("news", {
      subscriptions: [{ identifier: "bob-main", subscriberId: "bob" }],
      preferences: [{ filter: { workflowIds: ["alerts"] }, enabled: false }],
    });
    e.resetRequests();
    await p.create(await checked(p, { subscriptions: declared() }));
    expect(writes(e)).toEqual([]);
  });

  it("a preference of a missing workflow fails naming it, after the rest is written", async () => {
    const { p, c } = await setup();
    const inputs = await checked(p, {
      subscriptions: [
        { identifier: "a1", subscriberId: "alice", preferences: [{ workflowId: "no-such-flow" }] },
        { identifier: "b1", subscriberId: "bob" },
      ],
    });
    const err = await failure(p.create(inputs));
    expect(String(err)).toMatch(/workflow "no-such-flow" does not exist in the API key's environment.*"a1"/s);
    expect(await c.topics.subscriptions.get("news", "b1")).toBeDefined();
  });

  it("check refuses a bad condition, an identifier twice and a workflow twice in one subscription, naming each", async () => {
    const { p } = await setup();
    const condition = {
      identifier: "y",
      subscriberId: "bob",
      preferences: [{ workflowId: "d", condition: "tier" }],
    };
    const bad = await p.check({}, { topicKey: "news", subscriptions: [condition] });
    expect(bad.failures.map((f) => f.reason)).toEqual([
      expect.stringMatching(/^subscriptions\[0\]\.preferences\[0\]\.condition: /),
    ]);
    const twice = await p.check(
      {},
      {
        topicKey: "news",
        subscriptions: [
          { identifier: "x", subscriberId: "alice", preferences: [{ workflowId: "d" }, { workflowId: "d" }] },
          { identifier: "x", subscriberId: "bob" },
        ],
      },
    );
    expect(twice.failures).toEqual([
      {
        property: "subscriptions",
        reason:
          'subscriptions[0].preferences[1].workflowId: "d" appears twice in this subscription (one preference per workflow)',
      },
      {
        property: "subscriptions",
        reason: 'subscriptions[1].identifier: "x" is declared twice (identifiers are unique in a topic)',
      },
    ]);
  });
});
