/**
 * Request validation, route by route, as the service's ValidationPipe runs its class-validator DTOs (Novu:
 * apps/api/src/bootstrap.ts `new ValidationPipe({ transform: true, forbidUnknownValues: false })`; the DTO
 * of each route is named beside its cases). A refusal is the exception filter's 422
 * (apps/api/src/exception-filter.ts `handleValidationPipeValidation`): `message` "Validation Error", the
 * messages under `errors.general.messages` worded by class-validator, nested ones prefixed with their path.
 * Unknown keys are ignored (no whitelist). Raw HTTP against the emulator process; no import of sdk/ or
 * emulator/. Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorProcess, type RawAnswer, raw, single, startEmulatorProcess } from "./emulator-process";

const KEY = "validation-key";
const FIXTURES = {
  subscribers: [{ subscriberId: "v-sub" }],
  integrations: [{ identifier: "v-fcm", providerId: "fcm", channel: "push", active: true }],
};

let emu: EmulatorProcess;

beforeAll(async () => {
  emu = await startEmulatorProcess(FIXTURES, [KEY]);
}, 30_000);

afterAll(async () => {
  await emu?.stop();
});

/** Asserts the refusal body whole and returns nothing: the messages must be exactly these. */
function refused(res: RawAnswer, path: string, messages: string[]): void {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.errors?.general?.messages).toEqual(messages);
  expect(res.body).toEqual({
    statusCode: 422,
    timestamp: expect.any(String),
    path,
    message: "Validation Error",
    ctx: {},
    errors: { general: { messages, value: "No Value Recorded" } },
  });
}

const CHANNELS = "in_app, email, sms, chat, push";

describe("POST and PUT /v1/integrations (create-integration-request.dto.ts, update-integration.dto.ts, credentials.dto.ts)", () => {
  it("refuses a missing providerId and channel, wrong types and a channel outside the enum", async () => {
    refused(await raw(emu, "POST", "/v1/integrations", { body: {} }), "/v1/integrations", [
      "providerId must be a string",
      "providerId should not be null or undefined",
      `channel must be one of the following values: ${CHANNELS}`,
      "channel should not be null or undefined",
    ]);
    const body = {
      name: 5,
      identifier: 5,
      providerId: "x",
      channel: "pager",
      active: "yes",
      check: "no",
      conditions: "x",
    };
    refused(await raw(emu, "POST", "/v1/integrations", { body }), "/v1/integrations", [
      "name must be a string",
      "identifier must be a string",
      `channel must be one of the following values: ${CHANNELS}`,
      "active must be a boolean value",
      "check must be a boolean value",
      "conditions must be an array",
      "nested property conditions must be either object or array",
    ]);
  });

  it("refuses credentials of the wrong types with their nested path; a non-object credentials as not nested", async () => {
    const credentials = {
      apiKey: 1,
      secure: "maybe",
      tlsOptions: "x",
      hmac: "true",
      appSid: 1,
      AppIOBaseUrl: 2,
    };
    const res = await raw(emu, "POST", "/v1/integrations", {
      body: { providerId: "p", channel: "email", credentials },
    });
    refused(res, "/v1/integrations", [
      "credentials.apiKey must be a string",
      "credentials.secure must be a boolean value",
      "credentials.tlsOptions must be an object",
      "credentials.hmac must be a boolean value",
      "credentials.appSid must be a string",
      "credentials.AppIOBaseUrl must be a string",
    ]);
    const flat = await raw(emu, "POST", "/v1/integrations", {
      body: { providerId: "p", channel: "email", credentials: "k" },
    });
    refused(flat, "/v1/integrations", ["nested property credentials must be either object or array"]);
  });

  it("accepts unknown keys, an active integration without credentials and booleans sent as strings where the DTO transforms them", async () => {
    const res = await raw(emu, "POST", "/v1/integrations", {
      body: {
        providerId: "sendgrid",
        channel: "email",
        active: true,
        check: false,
        // roomId: in no CredentialsDto of 2026 (libs/application-generic/src/dtos/credentials.dto.ts).
        credentials: { secure: "true", roomId: 1 },
        notAField: 1,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(single(res).identifier).toMatch(/^sendgrid-[A-Za-z0-9_-]{7,14}$/);
    const id = single(res)._id;
    refused(
      await raw(emu, "PUT", `/v1/integrations/${id}`, { body: { active: "on", conditions: [1] } }),
      `/v1/integrations/${id}`,
      ["active must be a boolean value", "conditions.nested property 0 must be either object or array"],
    );
    // The pipe runs before the handler: a bad body on an unknown id is refused, not 404.
    const ghost = "/v1/integrations/0123456789abcdef01234567";
    refused(await raw(emu, "PUT", ghost, { body: { check: 1 } }), ghost, ["check must be a boolean value"]);
    const renamed = await raw(emu, "PUT", `/v1/integrations/${id}`, {
      body: { name: "Mail", check: false, other: true },
    });
    expect(renamed.status).toBe(200);
    expect(single(renamed).name).toBe("Mail");
    const nothing = await raw(emu, "PUT", `/v1/integrations/${id}`, { body: { check: false } });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe("No properties found for update");
  });
});

describe("PUT and PATCH /v1/subscribers/{id}/credentials (update-subscriber-channel-request.dto.ts)", () => {
  it("refuses a providerId outside the chat and push providers and missing credentials", async () => {
    const path = "/v1/subscribers/v-sub/credentials";
    for (const method of ["PUT", "PATCH"]) {
      refused(await raw(emu, method, path, { body: { providerId: "sendgrid", credentials: {} } }), path, [
        "providerId must be a valid provider ID",
      ]);
      refused(await raw(emu, method, path, { body: {} }), path, [
        "providerId must be a valid provider ID",
        "providerId should not be null or undefined",
        "credentials must be an object",
        "credentials should not be null or undefined",
      ]);
      refused(
        await raw(emu, method, path, {
          body: { providerId: "fcm", integrationIdentifier: 7, credentials: [] },
        }),
        path,
        ["integrationIdentifier must be a string", "credentials must be an object"],
      );
    }
  });

  it("accepts credentials it does not validate field by field, and unknown keys", async () => {
    const res = await raw(emu, "PATCH", "/v1/subscribers/v-sub/credentials", {
      body: { providerId: "fcm", credentials: { deviceTokens: ["t1"], extra: true }, unknown: 1 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(single(res).channels[0].credentials.deviceTokens).toEqual(["t1"]);
  });
});

describe("GET /v2/subscribers (list-subscribers-query.dto.ts, cursor-pagination-query.dto.ts)", () => {
  it("refuses a filter given twice (an array is no string); orderBy and orderDirection carry no validator", async () => {
    refused(
      await raw(emu, "GET", "/v2/subscribers?email=a&email=b&after=x&after=y"),
      "/v2/subscribers?email=a&email=b&after=x&after=y",
      ["email must be a string", "after must be a string"],
    );
    const loose = await raw(emu, "GET", "/v2/subscribers?limit=50&orderBy=email&orderDirection=up&other=1");
    expect(loose.status).toBe(200);
    expect(loose.body.data.map((s: { subscriberId: string }) => s.subscriberId)).toEqual(["v-sub"]);
  });
});

describe("GET /v1/messages and /v1/notifications (get-messages-requests.dto.ts, activities-request.dto.ts)", () => {
  it("messages: page and limit must be numbers; the filters carry no validator", async () => {
    refused(await raw(emu, "GET", "/v1/messages?page=one&limit=two"), "/v1/messages?page=one&limit=two", [
      "page must be a number conforming to the specified constraints",
      "limit must be a number conforming to the specified constraints",
    ]);
    const ok = await raw(emu, "GET", "/v1/messages?channel=pager&contextKeys=plain&page=0&limit=5");
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ page: 0, pageSize: 5, hasMore: false, data: [] });
  });

  it("notifications: page an integer from 0, limit 1 to 50 (the spec's bounds)", async () => {
    refused(
      await raw(emu, "GET", "/v1/notifications?page=-1&limit=51"),
      "/v1/notifications?page=-1&limit=51",
      ["page must not be less than 0", "limit must not be greater than 50"],
    );
    refused(
      await raw(emu, "GET", "/v1/notifications?page=1.5&limit=0"),
      "/v1/notifications?page=1.5&limit=0",
      ["page must be an integer number", "limit must not be less than 1"],
    );
    const ok = await raw(emu, "GET", "/v1/notifications?page=0&limit=50&channels=throttle");
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ page: 0, pageSize: 50, hasMore: false });
  });
});

describe("v2 workflows (workflows-v2/dtos: create-workflow, update-workflow, workflow-commons, create-step, patch-workflow, sync-workflow, get-list-query-params)", () => {
  const step = { name: "Mail", type: "email", controlValues: { subject: "Hi", body: "<p>Hi</p>" } };

  it("POST refuses a bad workflowId, steps that are no array, and wrong field types", async () => {
    refused(await raw(emu, "POST", "/v2/workflows", { body: {} }), "/v2/workflows", [
      "workflowId must be a string",
      "workflowId must be a valid slug format (lowercase letters, numbers, and hyphens only)",
      "steps must be an array",
      "name must be a string",
    ]);
    const body = {
      workflowId: "-bad-",
      name: "W",
      steps: "x",
      severity: "urgent",
      tags: ["a", 1],
      active: "yes",
      payloadSchema: "{}",
      preferences: [],
    };
    refused(await raw(emu, "POST", "/v2/workflows", { body }), "/v2/workflows", [
      "workflowId must be a valid slug format (lowercase letters, numbers, and hyphens only)",
      "steps must be an array",
      "nested property steps must be either object or array",
      "preferences must be an object",
      "severity must be one of the following values: high, medium, low, none",
      "each value in tags must be a string",
      "active must be a boolean value",
      "payloadSchema must be a valid JSON schema",
    ]);
  });

  it("POST refuses a step by its index: type, name, controlValues", async () => {
    const steps = [step, { type: "fax", name: 3, controlValues: "x" }, 7];
    refused(
      await raw(emu, "POST", "/v2/workflows", { body: { workflowId: "wf-v", name: "W", steps } }),
      "/v2/workflows",
      [
        "steps.1.type must be one of the following values: in_app, email, sms, chat, push, digest, delay, throttle, custom, http_request",
        "steps.1.controlValues must be an object",
        "steps.1.name must be a string",
        "steps.nested property 2 must be either object or array",
      ],
    );
  });

  it("POST accepts empty names, controls with issues (stored, not refused) and unknown keys", async () => {
    const body = { workflowId: "wf-valid", name: "", steps: [{ name: "", type: "in_app" }, step], extra: 1 };
    const res = await raw(emu, "POST", "/v2/workflows", { body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(single(res).status).toBe("ERROR");
  });

  it("PUT, PATCH and sync refuse what their DTOs refuse, before the workflow is looked up", async () => {
    refused(
      await raw(emu, "PUT", "/v2/workflows/ghost", { body: { name: 1, steps: [], origin: "studio" } }),
      "/v2/workflows/ghost",
      [
        "origin must be one of the following values: novu-cloud, novu-cloud-v1, external",
        "name must be a string",
      ],
    );
    refused(
      await raw(emu, "PATCH", "/v2/workflows/ghost", { body: { active: 1, tags: "a" } }),
      "/v2/workflows/ghost",
      ["active must be a boolean value", "tags must be an array"],
    );
    refused(await raw(emu, "PUT", "/v2/workflows/ghost/sync", { body: {} }), "/v2/workflows/ghost/sync", [
      "targetEnvironmentId must be a string",
    ]);
    const put = await raw(emu, "PUT", "/v2/workflows/wf-valid", {
      body: { name: "Renamed", steps: [step], workflowId: 5 },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const patch = await raw(emu, "PATCH", "/v2/workflows/wf-valid", {
      body: { active: false, unknown: "x" },
    });
    expect(patch.status).toBe(200);
    expect(single(patch).status).toBe("INACTIVE");
  });

  it("GET list refuses bad pagination and filters; numbers in the query are read as numbers", async () => {
    const path = "/v2/workflows?limit=0&offset=-1&orderDirection=up&orderBy=slug&status=DONE&status=ACTIVE";
    refused(await raw(emu, "GET", path), path, [
      "each value in status must be one of the following values: ACTIVE, INACTIVE, ERROR",
      "limit must not be less than 1",
      "offset must not be less than 0",
      "orderDirection must be one of the following values: ASC, DESC",
      "orderBy must be one of the following values: createdAt, updatedAt, name, lastTriggeredAt",
    ]);
    refused(await raw(emu, "GET", "/v2/workflows?tags=a"), "/v2/workflows?tags=a", ["tags must be an array"]);
    refused(await raw(emu, "GET", "/v2/workflows?status=ACTIVE"), "/v2/workflows?status=ACTIVE", [
      "status must be an array",
    ]);
    const ok = await raw(
      emu,
      "GET",
      "/v2/workflows?limit=2&offset=0&tags=a&tags=b&status=ACTIVE&status=ERROR&orderBy=name",
    );
    expect(ok.status).toBe(200);
    const one = await raw(emu, "GET", "/v2/workflows?limit=abc");
    expect(one.status, "a limit that is no number is dropped by the DTO's transform").toBe(200);
  });
});

describe("v2 layouts (layouts-v2/dtos: create-layout, update-layout, layout-controls, get-layout-list-query-params)", () => {
  it("POST and PUT refuse missing strings and bad controls; GET list a limit above 100", async () => {
    refused(await raw(emu, "POST", "/v2/layouts", { body: { isTranslationEnabled: "no" } }), "/v2/layouts", [
      "layoutId must be a string",
      "name must be a string",
      "isTranslationEnabled must be a boolean value",
    ]);
    const created = await raw(emu, "POST", "/v2/layouts", {
      body: { layoutId: "", name: "", content: "ignored" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = single(created)._id;
    const bad = { name: 1, controlValues: { email: { body: 1, editorType: "mjml" } } };
    refused(await raw(emu, "PUT", `/v2/layouts/${id}`, { body: bad }), `/v2/layouts/${id}`, [
      "name must be a string",
      "controlValues.email.body must be a string",
      "controlValues.email.editorType must be one of the following values: html, block",
    ]);
    const renamed = await raw(emu, "PUT", `/v2/layouts/${id}`, {
      body: { name: "Renamed", controlValues: null },
    });
    expect(renamed.status).toBe(200);
    refused(
      await raw(emu, "GET", "/v2/layouts?limit=101&orderBy=slug"),
      "/v2/layouts?limit=101&orderBy=slug",
      [
        "limit must not be greater than 100",
        "orderBy must be one of the following values: createdAt, updatedAt, name",
      ],
    );
    expect((await raw(emu, "GET", "/v2/layouts?limit=100&query=Ren")).status).toBe(200);
  });
});

describe("v2 topics (topics-v2/dtos, shared/dtos/subscriptions/create-subscriptions.dto.ts)", () => {
  it("POST and PATCH refuse keys and names outside their bounds", async () => {
    refused(await raw(emu, "POST", "/v2/topics", { body: {} }), "/v2/topics", [
      "key must be longer than or equal to 1 characters",
      "key should not be empty",
      "key must be a string",
      "name must be longer than or equal to 0 characters",
      "name should not be empty",
      "name must be a string",
    ]);
    refused(
      await raw(emu, "POST", "/v2/topics", { body: { key: "k".repeat(101), name: "n".repeat(101) } }),
      "/v2/topics",
      [
        "key must be shorter than or equal to 100 characters",
        "name must be shorter than or equal to 100 characters",
      ],
    );
    expect(
      (await raw(emu, "POST", "/v2/topics", { body: { key: "v-topic", name: "V", more: 1 } })).status,
    ).toBe(200);
    refused(await raw(emu, "PATCH", "/v2/topics/v-topic", { body: { name: "" } }), "/v2/topics/v-topic", [
      "name should not be empty",
    ]);
    refused(await raw(emu, "PATCH", "/v2/topics/ghost", { body: {} }), "/v2/topics/ghost", [
      "name should not be empty",
      "name must be a string",
    ]);
    expect((await raw(emu, "PATCH", "/v2/topics/v-topic", { body: { name: "W" } })).status).toBe(200);
  });

  it("subscriptions: 1 to 100 items with the DTOs' own messages; list queries take strings", async () => {
    const path = "/v2/topics/v-topic/subscriptions";
    refused(await raw(emu, "POST", path, { body: { subscriptions: [] } }), path, [
      "At least one subscription is required",
    ]);
    refused(
      await raw(emu, "POST", path, {
        body: { subscriberIds: Array.from({ length: 101 }, (_, i) => `s${i}`) },
      }),
      path,
      ["Cannot subscribe more than 100 subscribers at once"],
    );
    refused(await raw(emu, "POST", path, { body: { subscriberIds: [1], name: 2 } }), path, [
      "each value in subscriberIds must be a string",
      "name must be a string",
    ]);
    refused(await raw(emu, "DELETE", path, { body: { subscriberIds: [] } }), path, [
      "At least one subscriber identifier is required",
    ]);
    const created = await raw(emu, "POST", path, {
      body: { subscriptions: [{ subscriberId: "v-sub" }, { identifier: "v-id", subscriberId: "v-sub" }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    refused(
      await raw(emu, "GET", `${path}?subscriberId=a&subscriberId=b`),
      `${path}?subscriberId=a&subscriberId=b`,
      ["subscriberId must be a string"],
    );
    refused(await raw(emu, "GET", "/v2/topics?key=a&key=b"), "/v2/topics?key=a&key=b", [
      "key must be a string",
    ]);
    const listed = await raw(emu, "GET", `${path}?limit=1000&orderDirection=sideways`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.length).toBeGreaterThan(0);
    expect(listed.body.data).toEqual((await raw(emu, "GET", path)).body.data);
    const identifier = listed.body.data[0].identifier;
    expect(
      (await raw(emu, "DELETE", path, { body: { subscriptions: [{ identifier }], other: 1 } })).status,
    ).toBe(200);
  });
});

describe("routes without a body or query DTO accept any query", () => {
  it("GET one workflow, layout, topic, notification, preferences, environments/me, integrations", async () => {
    for (const path of [
      "/v2/workflows/wf-valid?environmentId=&whatever=1",
      "/v2/topics/v-topic?x=1",
      "/v2/subscribers/v-sub/preferences?x=1",
      "/v1/environments/me?x=1",
      "/v1/integrations?x=1",
      "/v1/integrations/active?x=1",
    ]) {
      const res = await raw(emu, "GET", path);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });
});
