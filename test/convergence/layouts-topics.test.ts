/**
 * Layouts and topics in the convergence suite, without the CLI: the generator's riders (a sequence of their
 * own: the rest of each seed's script is unchanged), the two renderings (references to `layout.layoutId`
 * and `topic.key`), and the oracle's rules (testkit/convergence/layout-topic-oracle.ts) on what a real
 * emulator stores, read over raw HTTP: it must fail on what the contract forbids (a layout's content left
 * as the dashboard edited it, a layout or topic nobody declares, a default layout left without a warning,
 * the application's subscription removed while its topic stays, a declared subscriber missing, the
 * application's topic changed, an email step without its layout's layoutId) and pass on what it allows.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import {
  applyEdit,
  checkService,
  foreignEntriesOf,
  generateScript,
  type LayoutTopicContext,
  layoutIdOf,
  type OracleContext,
  type ProgramModel,
  readLayoutsTopics,
  readService,
  renderProgram,
  renderYamlProgram,
  type Script,
  type StackView,
  SUBSCRIBERS,
  topicKeyOf,
} from "../../testkit/convergence";
import { convergenceFixtures } from "../../testkit/convergence/fixtures";
import { blockBody, htmlBody } from "../../testkit/convergence/layout-model";
import { APP_SUBSCRIBERS, FOREIGN_TOPIC } from "../../testkit/convergence/topic-model";
import { call } from "../../testkit/emulator-http";

const SEEDS = Array.from({ length: 40 }, (_, n) => n + 1);

const isRider = (s: Script["steps"][number]) =>
  (s.op === "edit" && /layout|topic|subscri/.test(s.edit.edit)) ||
  (s.op === "oob" && (s.action.oob === "edit-layout-content" || s.action.oob === "foreign-subscriptions"));

describe("generator: layouts and topics ride along", () => {
  it("leaves the rest of every seed's script as it was", () => {
    for (const seed of SEEDS) {
      const without = generateScript(seed, { steps: 9, layoutsAndTopics: false });
      const withThem = generateScript(seed, { steps: 9 });
      expect(
        withThem.steps.filter((s) => !isRider(s)),
        `seed ${seed}`,
      ).toEqual(without.steps);
      const strip = ({ layouts, layoutUses, topics, subscriptions, ...rest }: ProgramModel) => rest;
      expect(strip(withThem.initial), `seed ${seed}`).toEqual(strip(without.initial));
      expect(without.initial.layouts).toEqual([]);
      expect(withThem.initial.layouts?.length).toBeGreaterThan(0);
      expect(withThem.initial.topics?.length).toBeGreaterThan(0);
    }
  });

  it("covers across seeds: both editors, uses, content edits, key changes, subscriber swaps, both out-of-band kinds", () => {
    const seen = new Set<string>();
    for (const seed of SEEDS) {
      const s = generateScript(seed, { steps: 9 });
      for (const l of s.initial.layouts ?? []) seen.add(`editor ${l.editorType}`);
      if ((s.initial.layoutUses ?? []).length > 0) seen.add("use");
      if ((s.initial.subscriptions ?? []).length > 0) seen.add("subscriptions");
      for (const st of s.steps) {
        if (st.op === "edit") seen.add(st.edit.edit);
        if (st.op === "oob") seen.add(st.action.oob);
      }
    }
    for (const k of [
      "editor html",
      "editor block",
      "use",
      "subscriptions",
      "set-layout-content",
      "set-layout-name",
      "set-topic-key",
      "set-topic-name",
      "set-subscribers",
      "edit-layout-content",
      "foreign-subscriptions",
    ])
      expect(seen, k).toContain(k);
  });

  it("declares only the tests' subscribers, never the application's", () => {
    for (const seed of SEEDS) {
      const s = generateScript(seed, { steps: 9 });
      let m = s.initial;
      const all = [m];
      for (const st of s.steps)
        if (st.op === "edit") {
          m = applyEdit(m, st.edit) ?? m;
          all.push(m);
        }
      for (const x of all)
        for (const sub of x.subscriptions ?? []) {
          expect(sub.subscriberIds.every((id) => (SUBSCRIBERS as readonly string[]).includes(id))).toBe(true);
          expect(x.topics?.some((t) => t.name === sub.topic)).toBe(true);
        }
    }
  });
});

const MODEL: ProgramModel = {
  integrations: [],
  credentials: [],
  sets: [],
  workflows: [
    {
      name: "wf",
      workflowId: "t-wf",
      title: "Flow",
      steps: [
        { name: "mail", type: "email", controls: { subject: "Hi", body: "<p>x</p>", editorType: "html" } },
      ],
    },
  ],
  layouts: [
    { name: "lay", layoutId: "t-lay", title: "Brand", editorType: "html", body: htmlBody("a") },
    { name: "plain", title: "Plain", editorType: "block", body: blockBody("b") },
  ],
  layoutUses: [{ layout: "lay", workflow: "wf", step: "mail" }],
  topics: [{ name: "top", title: "Ops", forceDestroy: true }],
  subscriptions: [{ name: "subs", topic: "top", subscriberIds: ["user-ada", "conv-1"] }],
};

describe("renderings", () => {
  it("the JavaScript program takes the layoutId and the topic key by reference", () => {
    const js = renderProgram(MODEL);
    expect(js).toContain('const l0 = new svc.Layout("lay", { layoutId: "t-lay", name: "Brand"');
    expect(js).toContain(`"layoutId":l0.layoutId}}`);
    expect(js).toContain('new svc.Topic("top", { name: "Ops", forceDestroy: true })');
    expect(js).toContain(
      'new svc.TopicSubscriptions("subs", { topicKey: t0.key, subscriberIds: ["user-ada","conv-1"] })',
    );
  });

  it("the YAML program does the same with the plugin's types", () => {
    const yaml = renderYamlProgram(MODEL, { project: "p", stack: "s" });
    expect(yaml).toContain("type: svc:index:Layout");
    const ref = (what: string) => `"\${${what}}"`;
    expect(yaml).toContain(`"layoutId": ${ref("lay.layoutId")}}`);
    expect(yaml).toContain("type: svc:index:TopicSubscriptions");
    expect(yaml).toContain(`topicKey: ${ref("top.key")}`);
  });
});

describe("oracle on layouts and topics (a real emulator, read over HTTP)", () => {
  let emu: Emulator;
  const view: StackView = { project: "p", stack: "s", model: MODEL };
  const warned = new Set<string>();
  const foreignSubscriptions: LayoutTopicContext["foreignSubscriptions"][number][] = [];
  let ctx: OracleContext;

  beforeEach(async () => {
    emu = await startEmulator({ fixtures: convergenceFixtures() });
    warned.clear();
    foreignSubscriptions.length = 0;
    const fixtures = readService(emu, SUBSCRIBERS);
    ctx = {
      fixtures,
      foreignEntries: foreignEntriesOf(fixtures),
      layoutsTopics: { fixtures: await readLayoutsTopics(emu), foreignSubscriptions, warnedDefaults: warned },
    };
    // What a converged up stores: both layouts with their content, the workflow naming one, the topic.
    for (const l of MODEL.layouts ?? []) {
      const layoutId = layoutIdOf(view, l);
      expect((await call(emu, "POST", "/v2/layouts", { body: { layoutId, name: l.title } })).status).toBe(
        201,
      );
      const content = { email: { body: l.body, editorType: l.editorType } };
      const put = await call(emu, "PUT", `/v2/layouts/${layoutId}`, {
        body: { name: l.title, controlValues: content },
      });
      expect(put.status).toBe(200);
    }
    const step = MODEL.workflows![0]!.steps[0]!;
    const wf = {
      workflowId: "t-wf",
      name: "Flow",
      steps: [{ name: step.name, type: step.type, controlValues: { ...step.controls, layoutId: "t-lay" } }],
    };
    expect((await call(emu, "POST", "/v2/workflows", { body: wf })).status).toBe(201);
    const key = topicKeyOf(view, MODEL.topics![0]!);
    expect((await call(emu, "POST", "/v2/topics", { body: { key, name: "Ops" } })).status).toBe(200);
    const subs = { subscriberIds: ["user-ada", "conv-1"] };
    expect((await call(emu, "POST", `/v2/topics/${key}/subscriptions`, { body: subs })).status).toBe(201);
  });
  afterEach(() => emu.close());

  const check = async (views: StackView[] = [view]) => {
    const snap = { ...readService(emu, SUBSCRIBERS), layoutsTopics: await readLayoutsTopics(emu) };
    const found = checkService(views, snap, ctx).findings;
    if (process.env["DEBUG_ORACLE"]) console.log(found);
    return found.map((f) => f.kind);
  };
  const key = () => topicKeyOf(view, MODEL.topics![0]!);

  it("passes on the converged state, the application's topic and default layout included", async () => {
    expect(await check()).toEqual([]);
  });

  it("fails on a layout whose content the dashboard changed, and on a step without its layout", async () => {
    const put = await call(emu, "PUT", "/v2/layouts/t-lay", {
      body: { name: "Brand", controlValues: { email: { body: htmlBody("dash"), editorType: "html" } } },
    });
    expect(put.status).toBe(200);
    expect(await check()).toEqual(["layout-fields"]);
    const noUse = { ...view, model: { ...MODEL, layoutUses: [] } };
    expect(await check([noUse])).toContain("workflow-steps");
  });

  it("fails on a layout, topic or workflow nobody declares", async () => {
    const empty: StackView = { ...view, model: { integrations: [], credentials: [], sets: [] } };
    expect((await check([empty])).sort()).toEqual([
      "undeclared-layout",
      "undeclared-layout",
      "undeclared-topic",
      "undeclared-workflow",
    ]);
  });

  it("the application's subscriptions: counted as declared on its topic, missing ones found", async () => {
    const sub = { topicKey: key(), subscriberId: APP_SUBSCRIBERS[1], source: "test" };
    foreignSubscriptions.push(sub);
    expect((await check()).sort()).toEqual(["foreign-subscription-removed", "topic-subscribers"]);
    const post = await call(emu, "POST", `/v2/topics/${key()}/subscriptions`, {
      body: { subscriberIds: [APP_SUBSCRIBERS[1]] },
    });
    expect(post.status).toBe(201);
    expect(await check()).toEqual([]);
    const del = await call(emu, "DELETE", `/v2/topics/${key()}/subscriptions`, {
      body: { subscriberIds: ["conv-1"] },
    });
    expect(del.status).toBe(200);
    expect(await check()).toEqual(["topic-subscribers"]);
  });

  it("fails when the application's topic changes", async () => {
    const post = await call(emu, "POST", `/v2/topics/${FOREIGN_TOPIC.key}/subscriptions`, {
      body: { subscriberIds: ["user-ada"] },
    });
    expect(post.status).toBe(201);
    expect(await check()).toEqual(["foreign-topic-changed"]);
  });
});

describe("oracle: the environment's default layout a stack made", () => {
  it("may stay after a destroy only when a command warned it leaves it, naming it", async () => {
    const emu = await startEmulator({ fixtures: { ...convergenceFixtures(), layouts: [] } });
    try {
      const warned = new Set<string>();
      const fixtures = readService(emu, SUBSCRIBERS);
      const ctx: OracleContext = {
        fixtures,
        foreignEntries: foreignEntriesOf(fixtures),
        layoutsTopics: {
          fixtures: await readLayoutsTopics(emu),
          foreignSubscriptions: [],
          warnedDefaults: warned,
        },
      };
      const made = await call(emu, "POST", "/v2/layouts", { body: { layoutId: "t-first", name: "First" } });
      expect(made.body.data.isDefault).toBe(true);
      const destroyed: StackView = {
        project: "p",
        stack: "s",
        model: { integrations: [], credentials: [], sets: [] },
      };
      const kinds = async () => {
        const snap = { ...readService(emu, SUBSCRIBERS), layoutsTopics: await readLayoutsTopics(emu) };
        return checkService([destroyed], snap, ctx).findings.map((f) => f.kind);
      };
      expect(await kinds()).toEqual(["undeclared-layout"]);
      warned.add("t-first");
      expect(await kinds()).toEqual([]);
    } finally {
      await emu.close();
    }
  });
});
