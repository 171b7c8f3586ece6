import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { call, expectError, qs, validationMessages } from "../../testkit/emulator-http";

/**
 * /v2/layouts over raw HTTP, each behaviour as Novu's layouts-v2 sources have it (paths in
 * emulator/routes/layouts.ts, emulator/layout-content.ts, emulator/step-layouts.ts).
 */

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(() => emu.close());

let keys = 0;
/** A key of a fresh environment (no layouts yet), so each test owns its default. */
function freshKey(): string {
  keys += 1;
  return emu.addKey({ apiKey: `layouts_key_${keys}_${Date.now()}` }).apiKey;
}

const html = (inner: string) => `<html><head></head><body>${inner}</body></html>`;
const mailyWith = (nodes: unknown[]) =>
  JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: nodes }] });

const create = (key: string, layoutId: string, extra: Record<string, unknown> = {}) =>
  call(emu, "POST", "/v2/layouts", { key, body: { layoutId, name: `Layout ${layoutId}`, ...extra } });
const put = (key: string, id: string, body: unknown) =>
  call(emu, "PUT", `/v2/layouts/${encodeURIComponent(id)}`, { key, body });

describe("POST /v2/layouts", () => {
  it("201 with the layout response shape; content ignored: stores the empty block template", async () => {
    const key = freshKey();
    const res = await create(key, "brand", {
      controlValues: { email: { body: html("{{content}} sent"), editorType: "html" } },
    });
    expect(res.status).toBe(201);
    const l = res.body.data;
    expect(l).toMatchObject({
      layoutId: "brand",
      name: "Layout brand",
      isDefault: true,
      isTranslationEnabled: false,
      origin: "novu-cloud",
      type: "BRIDGE",
    });
    expect(l._id).toMatch(/^[0-9a-f]{24}$/);
    expect(l.slug).toBe(`layout-brand_ly_${l._id}`);
    expect(typeof l.createdAt).toBe("string");
    expect(typeof l.updatedAt).toBe("string");
    expect(l.controls.values.email.editorType).toBe("block");
    const doc = JSON.parse(l.controls.values.email.body);
    expect(doc.type).toBe("doc");
    expect(JSON.stringify(doc)).toContain('"id":"content"');
    expect(l.controls.values.email.body).not.toContain("sent");
    expect(l.controls.uiSchema.group).toBe("LAYOUT");
    expect(l.controls.dataSchema.type).toBe("object");
  });

  it("the first layout of an environment is the default, later ones are not", async () => {
    const key = freshKey();
    expect((await create(key, "first")).body.data.isDefault).toBe(true);
    expect((await create(key, "second")).body.data.isDefault).toBe(false);
  });

  it("a taken layoutId is a 409; the same layoutId in another environment is free", async () => {
    const key = freshKey();
    await create(key, "dup");
    const again = expectError(await create(key, "dup"), 409);
    expect(again.message).toContain("Layout with identifier: dup already exists under environment");
    expect((await create(freshKey(), "dup")).status).toBe(201);
  });

  it("422 names layoutId and name when missing (create-layout.dto.ts)", async () => {
    const res = await call(emu, "POST", "/v2/layouts", { key: freshKey(), body: {} });
    expect(validationMessages(res)).toEqual(["layoutId must be a string", "name must be a string"]);
  });
});

describe("GET /v2/layouts/{id}", () => {
  it("finds by layoutId or _id; 404 otherwise and in another environment", async () => {
    const key = freshKey();
    const l = (await create(key, "get-me")).body.data;
    for (const id of ["get-me", l._id]) {
      const res = await call(emu, "GET", `/v2/layouts/${id}`, { key });
      expect(res.status).toBe(200);
      expect(res.body.data._id).toBe(l._id);
    }
    const missing = expectError(await call(emu, "GET", "/v2/layouts/nope", { key }), 404);
    expect(missing.message).toMatch(/^Layout not found for id nope in the environment /);
    expectError(await call(emu, "GET", "/v2/layouts/get-me", { key: freshKey() }), 404);
  });
});

describe("PUT /v2/layouts/{id}", () => {
  it("replaces name and content (HTML or Maily JSON holding {{content}})", async () => {
    const key = freshKey();
    const l = (await create(key, "upd")).body.data;
    const body = html("<div>{{ content }}</div>");
    const res = await put(key, "upd", {
      name: "Renamed",
      controlValues: { email: { body, editorType: "html" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: l._id, layoutId: "upd", name: "Renamed" });
    expect(res.body.data.controls.values.email).toEqual({ body, editorType: "html" });
    const block = mailyWith([{ type: "variable", attrs: { id: "content" } }]);
    const res2 = await put(key, l._id, {
      name: "R2",
      controlValues: { email: { body: block, editorType: "block" } },
    });
    expect(res2.body.data.controls.values.email).toEqual({ body: block, editorType: "block" });
    const got = await call(emu, "GET", "/v2/layouts/upd", { key });
    expect(got.body.data.controls.values.email.body).toBe(block);
  });

  it("keeps the content when controlValues is absent; null deletes it", async () => {
    const key = freshKey();
    await create(key, "keep");
    const kept = await put(key, "keep", { name: "Only name" });
    expect(kept.body.data.controls.values.email.editorType).toBe("block");
    const cleared = await put(key, "keep", { name: "Cleared", controlValues: null });
    expect(cleared.body.data.controls.values).toEqual({});
  });

  it("400 when the body does not match editorType", async () => {
    const key = freshKey();
    await create(key, "kind");
    const notHtml = await put(key, "kind", {
      name: "x",
      controlValues: { email: { body: "plain {{content}}", editorType: "html" } },
    });
    expect(expectError(notHtml, 400).message).toBe("Content must be a valid HTML content");
    const htmlAsBlock = await put(key, "kind", {
      name: "x",
      controlValues: { email: { body: html("{{content}}"), editorType: "block" } },
    });
    expect(expectError(htmlAsBlock, 400).message).toBe("Content must be a valid Maily JSON content");
    const notJson = await put(key, "kind", {
      name: "x",
      controlValues: { email: { body: "not json", editorType: "block" } },
    });
    expect(expectError(notJson, 400).message).toBe("Content must be a valid Maily JSON content");
  });

  it("400 with the issue under ctx.controls when {{content}} is missing", async () => {
    const key = freshKey();
    await create(key, "novar");
    for (const email of [
      { body: html("<div>{{subscriber.firstName}}</div>"), editorType: "html" },
      { body: mailyWith([{ type: "text", text: "hi" }]), editorType: "block" },
    ]) {
      const res = await put(key, "novar", { name: "x", controlValues: { email } });
      const body = expectError(res, 400);
      const message = 'The layout body should contain the "content" variable';
      expect(body.message).toBe(message);
      expect(body.ctx.controls["email.body"]).toEqual([{ message, issueType: "MISSING_VALUE" }]);
    }
    const stored = await call(emu, "GET", "/v2/layouts/novar", { key });
    expect(stored.body.data.name).toBe("Layout novar");
  });

  it("checks the content before the look-up: bad content on a missing layout is 400, good content 404; never creates", async () => {
    const key = freshKey();
    const bad = await put(key, "ghost", {
      name: "x",
      controlValues: { email: { body: "x", editorType: "html" } },
    });
    expectError(bad, 400);
    const good = await put(key, "ghost", {
      name: "x",
      controlValues: { email: { body: html("{{content}}"), editorType: "html" } },
    });
    expectError(good, 404);
    expectError(await call(emu, "GET", "/v2/layouts/ghost", { key }), 404);
  });

  it("422 names name when missing (update-layout.dto.ts)", async () => {
    const key = freshKey();
    await create(key, "noname");
    expect(validationMessages(await put(key, "noname", {}))).toEqual(["name must be a string"]);
  });
});

describe("GET /v2/layouts", () => {
  it("lists newest first with offset, limit and query, items without content, wrapped in data", async () => {
    const key = freshKey();
    for (const id of ["alpha", "beta", "gamma"]) await create(key, id);
    const all = await call(emu, "GET", "/v2/layouts", { key });
    expect(all.status).toBe(200);
    expect(all.body.data.totalCount).toBe(3);
    expect(all.body.data.layouts.map((l: { layoutId: string }) => l.layoutId)).toEqual([
      "gamma",
      "beta",
      "alpha",
    ]);
    expect(all.body.data.layouts[0].controls).toEqual({ values: {} });
    expect(all.body.data.layouts[0].variables).toEqual({});
    const page = await call(emu, "GET", `/v2/layouts${qs({ offset: 1, limit: 1, orderDirection: "ASC" })}`, {
      key,
    });
    expect(page.body.data.layouts.map((l: { layoutId: string }) => l.layoutId)).toEqual(["beta"]);
    expect(page.body.data.totalCount).toBe(3);
    const found = await call(emu, "GET", `/v2/layouts${qs({ query: "GAM" })}`, { key });
    expect(found.body.data.totalCount).toBe(1);
  });

  it("422 for a limit over 100", async () => {
    const res = await call(emu, "GET", `/v2/layouts${qs({ limit: 101 })}`, { key: freshKey() });
    expect(validationMessages(res)).toEqual(["limit must not be greater than 100"]);
  });
});

/** A workflow with one email step naming `layoutId`. */
const workflowWith = (key: string, workflowId: string, layoutId: unknown) =>
  call(emu, "POST", "/v2/workflows", {
    key,
    body: {
      workflowId,
      name: workflowId,
      steps: [{ name: "Mail", type: "email", controlValues: { subject: "s", body: "b", layoutId } }],
    },
  });

describe("layouts in workflow email steps", () => {
  it("a layout's _id is stored as its identifier; usage lists the workflows naming it", async () => {
    const key = freshKey();
    const l = (await create(key, "used")).body.data;
    const w = await workflowWith(key, "wf-uses", l._id);
    expect(w.status).toBe(201);
    expect(w.body.data.steps[0].controls.values.layoutId).toBe("used");
    await workflowWith(key, "wf-other", null);
    const usage = await call(emu, "GET", "/v2/layouts/used/usage", { key });
    expect(usage.status).toBe(200);
    expect(usage.body.data).toEqual({ workflows: [{ name: "wf-uses", workflowId: "wf-uses" }] });
    expectError(await call(emu, "GET", "/v2/layouts/nope/usage", { key }), 404);
  });

  it("an unknown layoutId fails the write with the layout's 404; the workflow is stored without those values", async () => {
    const key = freshKey();
    const res = await workflowWith(key, "wf-ghost-layout", "ghost");
    expect(expectError(res, 404).message).toMatch(/^Layout not found for id ghost in the environment /);
    const env = emu.keys.find((k) => k.apiKey === key)?.environmentId ?? "";
    const stored = emu.workflows(env).find((w) => w.workflowId === "wf-ghost-layout");
    expect(stored?.steps[0]?.controls.values).toEqual({});
  });

  it('an empty layoutId ("") names no layout: the 404 of a missing default (get-layout-v0 use-case)', async () => {
    const key = freshKey();
    const res = await workflowWith(key, "wf-empty-layout", "");
    expect(expectError(res, 404).message).toMatch(/^Default layout not found in the environment /);
  });

  it("delete: 204, the default is a 409, and the steps naming the layout lose their layoutId", async () => {
    const key = freshKey();
    await create(key, "default-one");
    await create(key, "doomed");
    await workflowWith(key, "wf-doomed", "doomed");
    const conflict = expectError(await call(emu, "DELETE", "/v2/layouts/default-one", { key }), 409);
    expect(conflict.message).toBe(
      "Layout with id default-one is being used as a default layout, it can not be deleted",
    );
    const del = await call(emu, "DELETE", "/v2/layouts/doomed", { key });
    expect(del.status).toBe(204);
    expect(del.body).toBeUndefined();
    expectError(await call(emu, "GET", "/v2/layouts/doomed", { key }), 404);
    const w = await call(emu, "GET", "/v2/workflows/wf-doomed", { key });
    expect(w.body.data.steps[0].controls.values).toEqual({ subject: "s", body: "b" });
    expectError(await call(emu, "DELETE", "/v2/layouts/doomed", { key }), 404);
  });
});

describe("rate-limit category", () => {
  it("layouts are throttled as configuration", async () => {
    const limited = await startEmulator({ rateLimit: { configuration: 7 } });
    try {
      const res = await call(limited, "GET", "/v2/layouts");
      expect(res.headers["ratelimit-policy"]).toContain('category="configuration"');
    } finally {
      await limited.close();
    }
  });
});
