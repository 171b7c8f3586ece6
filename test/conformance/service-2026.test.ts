/**
 * The emulator as the real service of April 2026 (`@novu/api-service` 3.15.0, source 943f64bd; DESIGN.md,
 * "Measured on the real service of April 2026") where it differs from the 2024 service, and the newest
 * files where those differ from April 2026 (`--service-version newest`). One fact per test, with the Novu
 * path it checks. Raw HTTP against the emulator process; no import of sdk/ or emulator/. Needs
 * `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorProcess, raw, single, startEmulatorProcess } from "./emulator-process";

const KEY = "service-2026-key";
/** A fresh organization: its in-app integration and default layout, as the service creates them. */
const FRESH = { organization: "fresh" };

let april: EmulatorProcess;
let newest: EmulatorProcess;

beforeAll(async () => {
  [april, newest] = await Promise.all([
    startEmulatorProcess(FRESH, [KEY]),
    startEmulatorProcess(FRESH, [KEY], ["--service-version", "newest"]),
  ]);
}, 30_000);

afterAll(async () => {
  await Promise.all([april?.stop(), newest?.stop()]);
});

const SENDGRID = { providerId: "sendgrid", channel: "email", credentials: { from: "a@b.example" } };

describe("integrations (apps/api/src/app/integrations/)", () => {
  it("runs no live check unless asked, on create and update (integrations.controller.ts `body.check ?? false`)", async () => {
    const created = await raw(april, "POST", "/v1/integrations", { body: { ...SENDGRID, active: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = single(created)._id;
    const updated = await raw(april, "PUT", `/v1/integrations/${id}`, { body: { name: "Mail" } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const asked = await raw(april, "POST", "/v1/integrations", { body: { ...SENDGRID, check: true } });
    expect(asked.status).toBe(500);
    expect(typeof asked.body.errorId).toBe("string");
  });

  it("refuses a second in-app integration in an environment with 400 (create-integration.usecase.ts `validate`)", async () => {
    const inApp = { providerId: "novu", channel: "in_app", name: "Another Inbox" };
    const second = await raw(april, "POST", "/v1/integrations", { body: inApp });
    expect(second.body).toEqual({
      error: "Bad Request",
      statusCode: 400,
      timestamp: expect.any(String),
      path: "/v1/integrations",
      message: "One environment can only have one In app provider",
      ctx: { error: "Bad Request", statusCode: 400 },
    });
    const all = single(await raw(april, "GET", "/v1/integrations")) as { providerId: string }[];
    expect(all.filter((i) => i.providerId === "novu")).toHaveLength(1);
  });

  it("counts no deleted in-app integration (the repository's soft delete hides it from `findOne`)", async () => {
    const all = single(await raw(newest, "GET", "/v1/integrations")) as { _id: string; providerId: string }[];
    const seeded = all.find((i) => i.providerId === "novu");
    expect(seeded).toBeDefined();
    expect((await raw(newest, "DELETE", `/v1/integrations/${seeded?._id}`)).status).toBe(200);
    const again = await raw(newest, "POST", "/v1/integrations", {
      body: { providerId: "novu", channel: "in_app", active: true },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });
});

describe("GET /v2/subscribers limit (ListSubscribersCommand over CursorBasedPaginatedCommand: @Min(1) @Max(100))", () => {
  it("answers limit=101 with the command's 422: errors under the field's name", async () => {
    const path = "/v2/subscribers?limit=101";
    const res = await raw(april, "GET", path);
    expect(res.body).toEqual({
      statusCode: 422,
      timestamp: expect.any(String),
      path,
      message: "Validation failed for ListSubscribersCommand: limit: limit must not be greater than 100",
      ctx: {},
      errors: { limit: { messages: ["limit must not be greater than 100"], value: 101 } },
    });
  });

  it("answers limit=0 with 422 and limit=100 with 200", async () => {
    const zero = await raw(april, "GET", "/v2/subscribers?limit=0");
    expect(zero.status).toBe(422);
    expect(zero.body.errors).toEqual({ limit: { messages: ["limit must not be less than 1"], value: 0 } });
    expect((await raw(april, "GET", "/v2/subscribers?limit=100")).status).toBe(200);
  });
});

describe("a malformed JSON body (Nest's mapExternalException over body-parser, apps/api/src/exception-filter.ts)", () => {
  it("is 400 Bad Request with the parser's message, before any validation", async () => {
    const text = '{"providerId": "sendgrid",';
    let parserMessage = "";
    try {
      JSON.parse(text);
    } catch (e) {
      parserMessage = (e as Error).message;
    }
    const res = await fetch(`${april.url}/v1/integrations`, {
      method: "POST",
      headers: { authorization: `ApiKey ${KEY}`, "content-type": "application/json" },
      body: text,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "Bad Request",
      statusCode: 400,
      timestamp: expect.any(String),
      path: "/v1/integrations",
      message: parserMessage,
      ctx: { error: "Bad Request", statusCode: 400 },
    });
  });
});

describe("origins (ResourceOriginEnum; create-workflow-v0, upsert-layout usecases)", () => {
  it("answers workflows and layouts with origin novu-cloud, the seeded default layout too", async () => {
    const wf = await raw(april, "POST", "/v2/workflows", {
      body: { workflowId: "origin-wf", name: "Origin", steps: [{ name: "Bell", type: "in_app" }] },
    });
    expect(wf.status, JSON.stringify(wf.body)).toBe(201);
    expect(single(wf).origin).toBe("novu-cloud");
    expect(single(wf).steps[0].origin).toBe("novu-cloud");
    const layouts = single(await raw(april, "GET", "/v2/layouts")).layouts as { origin: string }[];
    expect(layouts.length).toBeGreaterThan(0);
    expect(layouts.map((l) => l.origin)).toEqual(layouts.map(() => "novu-cloud"));
  });
});

describe("chat step controls (upsert-workflow.usecase.ts; newest: resolve-chat-editor-type.ts)", () => {
  const chat = (workflowId: string, controlValues: Record<string, unknown>) => ({
    workflowId,
    name: workflowId,
    steps: [{ name: "Chat", type: "chat", controlValues }],
  });

  it("April 2026 stores them as sent: { body } stays { body }", async () => {
    const res = await raw(april, "POST", "/v2/workflows", { body: chat("chat-april", { body: "Hi" }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(single(res).steps[0].controls.values).toEqual({ body: "Hi" });
  });

  it("the newest files add editorType: text for a plain body", async () => {
    const res = await raw(newest, "POST", "/v2/workflows", { body: chat("chat-newest", { body: "Hi" }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(single(res).steps[0].controls.values).toEqual({ body: "Hi", editorType: "text" });
  });
});
