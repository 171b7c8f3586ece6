/**
 * LayoutProvider against the emulator: check (content refused before any request, naming the field), create
 * as POST then PUT (one create; a failed PUT leaves nothing, or says what it left), read/refresh, import,
 * update, replace by a new layoutId, delete with its warnings (the default layout left, the workflows that
 * used a layout named).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../../emulator";
import { defaultIdentifier } from "../../../../provider/default-identifier";
import type { LayoutInputs, LayoutOutputs } from "../../../../provider/model/layout-schema";
import { UNKNOWN } from "../../../../provider/model/values";
import { LayoutProvider } from "../../../../provider/runtime/layout/provider";
import type { EngineLog } from "../../../../provider/runtime/shared/engine-log";
import { withTarget } from "../../../../provider/runtime/shared/with-target";
import { SvcClient } from "../../../../sdk";
import { call } from "../../../../testkit/emulator-http";
import { failure } from "../../../../testkit/error-assertions";

type Props = Record<string, unknown>;

let emu: Emulator;
let warnings: string[];
beforeEach(async () => {
  emu = await startEmulator({ port: 0 });
  warnings = [];
});
afterEach(async () => {
  await emu.close();
});

const log: EngineLog = {
  status: () => {},
  info: async () => {},
  warn: async (m) => {
    warnings.push(m);
  },
};

function provider(client?: (s: { apiKey: string; baseUrl: string }) => SvcClient): LayoutProvider {
  return new LayoutProvider({
    settings: { apiKey: emu.apiKey, baseUrl: emu.url },
    client: client ?? ((s) => new SvcClient(s)),
    log,
  });
}

const HTML = "<html><body><h1>Acme</h1>{{content}}</body></html>";
const BRAND = { layoutId: "brand", name: "Brand", content: { body: HTML, editorType: "html" } };

async function checked(p: LayoutProvider, news: Props, olds: Props = {}): Promise<LayoutInputs> {
  const r = await p.check(olds, news);
  expect(r.failures).toEqual([]);
  return r.inputs;
}

async function make(p: LayoutProvider, news: Props): Promise<{ id: string; outs: LayoutOutputs }> {
  return p.create(await checked(p, news));
}

/** The layout as the emulator holds it (raw HTTP), or the status when it has none. */
async function stored(id: string): Promise<Props | number> {
  const res = await call(emu, "GET", `/v2/layouts/${id}`);
  return res.status === 200 ? res.body.data : res.status;
}

/** A client whose layout PUT fails for real: it is sent to a layout that does not exist (404). */
function failingPut(s: { apiKey: string; baseUrl: string }): SvcClient {
  const c = new SvcClient(s);
  const update = c.layouts.update.bind(c.layouts);
  c.layouts.update = (_id, body, options) => update("0123456789abcdef01234567", body, options);
  return c;
}

function layoutRequests(): string[] {
  return emu.requests.filter((r) => r.path.startsWith("/v2/layouts")).map((r) => `${r.method} ${r.path}`);
}

describe("check", () => {
  it("refuses content the service would refuse, naming content.body, before any request", async () => {
    const p = provider();
    const cases: Array<[Props, RegExp]> = [
      [{ body: "<p>{{content}}</p>", editorType: "html" }, /content\.body: must be an HTML document/],
      [
        { body: "<html><body>x</body></html>", editorType: "html" },
        /content\.body: must hold the \{\{content\}\}/,
      ],
      [{ body: HTML, editorType: "block" }, /content\.body: must be a block-editor \(Maily\) document/],
    ];
    for (const [content, reason] of cases) {
      const r = await p.check({}, { ...BRAND, content });
      expect(r.failures).toHaveLength(1);
      expect(r.failures[0]?.property).toBe("content");
      expect(r.failures[0]?.reason).toMatch(reason);
    }
    const bad = await p.check({}, { ...BRAND, content: { body: HTML, editorType: "mjml" } });
    expect(bad.failures).toEqual([
      { property: "content", reason: 'content.editorType: must be one of html, block (got "mjml")' },
    ]);
    const missing = await p.check({}, { layoutId: "x", content: { body: HTML, editorType: "html" } });
    expect(missing.failures.map((f) => f.property)).toEqual(["name"]);
    expect(emu.requests).toHaveLength(0);
  });

  it("leaves an unknown body to up", async () => {
    const r = await provider().check({}, { ...BRAND, content: { body: UNKNOWN, editorType: "html" } });
    expect(r.failures).toEqual([]);
  });

  it("keeps a default layoutId across a rename", async () => {
    const oldOrigin = { project: "p", stack: "s", name: "old" };
    const newOrigin = { project: "p", stack: "s", name: "new" };
    const olds = { ...BRAND, layoutId: defaultIdentifier(oldOrigin), defaultIdentifierOf: oldOrigin };
    const news = { ...BRAND, layoutId: defaultIdentifier(newOrigin), defaultIdentifierOf: newOrigin };
    const inputs = await checked(provider(), news, olds);
    expect(inputs.layoutId).toBe(defaultIdentifier(oldOrigin));
  });
});

describe("create", () => {
  it("is POST then PUT of the content; the first layout is the default; usage empty", async () => {
    const { id, outs } = await make(provider(), BRAND);
    expect(layoutRequests()).toEqual(["GET /v2/layouts/brand", "POST /v2/layouts", `PUT /v2/layouts/${id}`]);
    expect(outs).toMatchObject({
      layoutId: "brand",
      name: "Brand",
      content: { body: HTML, editorType: "html" },
      isDefault: true,
      usage: [],
    });
    expect(await stored("brand")).toMatchObject({ _id: id, controls: { values: { email: { body: HTML } } } });
    const second = await make(provider(), { ...BRAND, layoutId: "other" });
    expect(second.outs.isDefault).toBe(false);
  });

  it("a failed PUT after the POST deletes the layout again and fails with the PUT's error", async () => {
    await make(provider(), { ...BRAND, layoutId: "first" });
    const p = provider(failingPut);
    const err = await failure(make(p, BRAND));
    expect(err.message).toMatch(/PUT \/v2\/layouts\/0123456789abcdef01234567 -> 404/);
    expect(await stored("brand")).toBe(404);
  });

  it("a failed PUT on the environment's first layout says the default layout is left, and the next create takes it over", async () => {
    const origin = { project: "p", stack: "s", name: "brand" };
    const inputs = { ...BRAND, layoutId: defaultIdentifier(origin), defaultIdentifierOf: origin };
    const failing = provider(failingPut);
    const err = await failure(make(failing, inputs));
    expect(err.message).toMatch(/left in the environment as its default layout/);
    expect(err.message).toContain(inputs.layoutId);
    const again = await make(provider(), inputs);
    expect(again.outs).toMatchObject({ isDefault: true, content: { body: HTML, editorType: "html" } });
  });

  it("an existing layout with an explicit layoutId is refused, then taken over with adopt", async () => {
    await call(emu, "POST", "/v2/layouts", { body: { layoutId: "brand", name: "Someone's" } });
    const err = await failure(make(provider(), BRAND));
    expect(err.message).toMatch(/layout "brand" .* already exists .* `adopt: true`/);
    const { outs } = await make(provider(), { ...BRAND, adopt: true });
    expect(outs).toMatchObject({ name: "Brand", content: { body: HTML } });
  });
});

describe("read, update, diff, delete", () => {
  it("read answers the stored layout and inputs that describe it; import by layoutId; gone is {}", async () => {
    const p = provider();
    const { id, outs } = await make(p, BRAND);
    const r = await p.read(id, outs);
    expect(r.props).toMatchObject({ layoutId: "brand", isDefault: true, usage: [] });
    expect(r.inputs).toEqual({
      layoutId: "brand",
      name: "Brand",
      content: { body: HTML, editorType: "html" },
    });
    const imported = await p.read("brand");
    expect(imported.id).toBe(id);
    const noop = p.diff(id, imported.props as LayoutOutputs, await checked(p, imported.inputs as Props));
    expect((await noop).changes).toBe(false);
    await expect(p.read("nothing-here")).rejects.toThrow(/no layout has the _id or layoutId "nothing-here"/);
    expect(await p.read("0123456789abcdef01234567", outs)).toEqual({});
  });

  it("diff: content and name update in place, a new layoutId replaces; a default layout warns first", async () => {
    const p = provider();
    const { id, outs } = await make(p, BRAND);
    const edited = { ...BRAND, content: { body: HTML.replace("Acme", "Acme Inc"), editorType: "html" } };
    expect(await p.diff(id, outs, await checked(p, edited))).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    expect((await p.diff(id, outs, await checked(p, { ...BRAND, layoutId: "brand-2" }))).replaces).toEqual([
      "layoutId",
    ]);
    expect((await p.diff(id, outs, await checked(p, { ...BRAND, adopt: true }))).changes).toBe(false);
    expect(warnings[0]).toMatch(/layout "brand" \(_id .*\) is its environment's default layout/);
    expect(layoutRequests().filter((r) => !r.startsWith("GET"))).toHaveLength(2);
  });

  it("update writes name and content; usage follows the workflows that name the layout", async () => {
    const p = provider();
    await make(p, { ...BRAND, layoutId: "first" });
    const { id, outs } = await make(p, BRAND);
    await call(emu, "POST", "/v2/workflows", {
      body: {
        workflowId: "uses-brand",
        name: "Uses",
        steps: [
          { name: "Mail", type: "email", controlValues: { subject: "s", body: "b", layoutId: "brand" } },
        ],
      },
    });
    const news = await checked(p, { ...BRAND, name: "Brand 2" });
    const { outs: updated } = await p.update(id, outs, news);
    expect(updated).toMatchObject({ name: "Brand 2", usage: ["uses-brand"] });
    await call(emu, "DELETE", `/v2/layouts/${id}`);
    await expect(p.update(id, updated, news)).rejects.toThrow(/no longer exists; run `pulumi refresh`/);
  });

  it("delete: warns with the workflows that used it and deletes; the default layout is left, with a warning", async () => {
    const p = provider();
    const first = await make(p, { ...BRAND, layoutId: "first" });
    const { id, outs } = await make(p, BRAND);
    await call(emu, "POST", "/v2/workflows", {
      body: {
        workflowId: "uses-brand",
        name: "Uses",
        steps: [
          { name: "Mail", type: "email", controlValues: { subject: "s", body: "b", layoutId: "brand" } },
        ],
      },
    });
    await p.delete(id, outs);
    expect(await stored("brand")).toBe(404);
    expect(warnings).toEqual([expect.stringMatching(/layout "brand" .* workflow\(s\) uses-brand/)]);
    const wf = await call(emu, "GET", "/v2/workflows/uses-brand");
    expect(wf.body.data.steps[0].controls.values.layoutId).toBeUndefined();
    await p.delete(first.id, first.outs);
    expect(await stored("first")).toMatchObject({ isDefault: true });
    expect(warnings[1]).toMatch(/layout "first" .* default layout.*leaves the layout in the environment/);
    await p.delete(id, outs);
    expect(warnings).toHaveLength(2);
  });

  it("withTarget records the key's environment in the outputs", async () => {
    const p = withTarget(provider());
    const r = await p.create(await checked(provider(), BRAND));
    expect(r.outs.environmentId).toEqual(expect.any(String));
  });
});
