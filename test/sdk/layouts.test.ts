import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { ConflictError, NotFoundError, SvcClient, ValidationError } from "../../sdk";
import { layoutContentIssue } from "../../sdk/schemas";
import { failure } from "../../testkit/error-assertions";

const KEY = `sdk_ly_${randomUUID()}`;
let emu: Emulator;
let client: SvcClient;

const HTML = "<html><body><h1>Acme</h1>{{ content }}</body></html>";
const MAILY = JSON.stringify({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "variable", attrs: { id: "content" } }] }],
});

beforeAll(async () => {
  emu = await startEmulator({ keys: [{ apiKey: KEY, organizationId: "org-ly" }] });
  client = new SvcClient({ apiKey: KEY, baseUrl: emu.url, baseRetryDelayMs: 5 });
});
afterAll(() => emu.close());

describe("client.layouts", () => {
  it("create (empty template, the first is the default), update the content, get, usage, delete", async () => {
    const first = await client.layouts.create({ layoutId: "sdk-first", name: "First" });
    expect(first).toMatchObject({ layoutId: "sdk-first", isDefault: true });
    const second = await client.layouts.create({ layoutId: "sdk-second", name: "Second" });
    expect(second.isDefault).toBe(false);
    expect(second.controls?.values?.email?.editorType).toBe("block");
    const updated = await client.layouts.update(second._id, {
      name: "Second 2",
      controlValues: { email: { body: HTML, editorType: "html" } },
    });
    expect(updated.controls?.values?.email).toEqual({ body: HTML, editorType: "html" });
    expect((await client.layouts.get("sdk-second")).name).toBe("Second 2");
    await client.workflows.create({
      workflowId: "sdk-ly-user",
      name: "User",
      steps: [
        { name: "Mail", type: "email", controlValues: { subject: "s", body: "b", layoutId: "sdk-second" } },
      ],
    });
    expect((await client.layouts.usage("sdk-second")).workflows.map((w) => w.workflowId)).toEqual([
      "sdk-ly-user",
    ]);
    expect(await failure(client.layouts.delete("sdk-first"))).toBeInstanceOf(ConflictError);
    await client.layouts.delete(second._id);
    expect(await failure(client.layouts.get("sdk-second"))).toBeInstanceOf(NotFoundError);
    expect(await failure(client.layouts.create({ layoutId: "sdk-first", name: "Again" }))).toBeInstanceOf(
      ConflictError,
    );
  });

  it("listAll pages through offsets", async () => {
    for (let i = 0; i < 5; i++) await client.layouts.create({ layoutId: `page-${i}`, name: `Paged ${i}` });
    const seen: string[] = [];
    for await (const l of client.layouts.listAll({ query: "Paged", limit: 2 })) seen.push(l.layoutId);
    expect(seen.sort()).toEqual(["page-0", "page-1", "page-2", "page-3", "page-4"]);
  });

  it("refuses content the service would refuse before any request, naming the field", async () => {
    const before = emu.requests.length;
    const cases = [
      { body: "<p>{{content}}</p>", editorType: "html" as const, says: /HTML document/ },
      { body: "<html><body>no variable</body></html>", editorType: "html" as const, says: /\{\{content\}\}/ },
      { body: HTML, editorType: "block" as const, says: /Maily/ },
      {
        body: JSON.stringify({ type: "doc", content: [] }),
        editorType: "block" as const,
        says: /"content" variable/,
      },
    ];
    for (const c of cases) {
      const err = await failure<ValidationError>(
        client.layouts.update("page-0", {
          name: "x",
          controlValues: { email: { body: c.body, editorType: c.editorType } },
        }),
      );
      expect(err).toBeInstanceOf(ValidationError);
      expect(err.message).toContain("controlValues.email.body");
      expect(err.message).toMatch(c.says);
    }
    const bad = await failure<ValidationError>(
      client.layouts.update("page-0", {
        name: "x",
        controlValues: { email: { body: HTML, editorType: "mjml" as "html" } },
      }),
    );
    expect(bad.message).toContain("html, block");
    expect(emu.requests.length).toBe(before);
  });

  it("the content rule agrees with the emulator's answers (400 where it names an issue, 200 where none)", async () => {
    const bodies: Array<[string, "html" | "block"]> = [
      [HTML, "html"],
      [MAILY, "block"],
      ["<html><body>{{content}}</body></html>", "block"],
      ["<html><body>x</body></html>", "html"],
      [MAILY, "html"],
      [JSON.stringify({ type: "doc", content: [{ type: "paragraph", attrs: { id: "content" } }] }), "block"],
    ];
    for (const [body, editorType] of bodies) {
      const res = await fetch(`${emu.url}/v2/layouts/page-1`, {
        method: "PUT",
        headers: { authorization: `ApiKey ${KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "Paged 1", controlValues: { email: { body, editorType } } }),
      });
      const refused = layoutContentIssue(body, editorType) !== undefined;
      expect(res.status, `${editorType} ${body}`).toBe(refused ? 400 : 200);
    }
  });
});
