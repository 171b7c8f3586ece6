/**
 * Conformance of the emulator to the spec's text, operation by operation: raw HTTP against the emulator
 * process, expected fields, enums and limits transcribed from the spec (./spec.ts, sections cited). No
 * import of sdk/ or emulator/: this is an oracle independent of the client's schemas.
 * Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorProcess, raw, single, startEmulatorProcess } from "./emulator-process";
import {
  CHANNEL_PROVIDER_IDS,
  CHANNEL_SETTINGS,
  CHANNELS,
  EXECUTION_SOURCES,
  EXECUTION_STATUSES,
  enumProblems,
  INTEGRATION,
  JOB,
  JOB_SINGLE_RETRIEVAL_ONLY,
  LIST_EVENTS_LIMIT,
  LIST_MESSAGES_DEFAULTS,
  MESSAGE,
  MESSAGE_STATUSES,
  NOTIFICATION,
  ORIGINS,
  OVERRIDE_SOURCES,
  SEVERITIES,
  SINGLE_RETRIEVAL_ONLY,
  STEP_TYPES,
  SUBSCRIBER,
  shapeProblems,
  TIMED_SINGLE_RETRIEVAL_ONLY,
  WORKFLOW,
  WORKFLOW_STATUSES,
  WORKFLOW_STEP,
} from "./spec";

const KEY = "conformance-key-a";
const OTHER_KEY = "conformance-key-b";
const EVENT_ID = "65f0000000000000000000c1";
const at = (minute: number) => new Date(Date.UTC(2025, 4, 1, 0, minute)).toISOString();

const FIXTURES = {
  integrations: [
    { identifier: "fcm-main", providerId: "fcm", channel: "push", active: true },
    { identifier: "slack-main", providerId: "slack", channel: "chat", active: true },
    { identifier: "mail-off", providerId: "sendgrid", channel: "email", active: false },
  ],
  subscribers: [
    { subscriberId: "sub-a", firstName: "Ana", email: "ana@example.com" },
    {
      subscriberId: "sub-b",
      channels: [{ providerId: "fcm", credentials: { deviceTokens: ["old-1", "old-2"] } }],
    },
  ],
  workflows: [
    {
      workflowId: "wf-on",
      name: "On",
      active: true,
      status: "ACTIVE",
      origin: "external",
      severity: "low",
      steps: [{ stepId: "inbox", name: "Inbox", type: "in_app", controls: { values: { body: "Hi" } } }],
    },
    {
      workflowId: "wf-off",
      name: "Off",
      active: false,
      status: "INACTIVE",
      origin: "external",
      severity: "none",
      steps: [
        { stepId: "mail", name: "Mail", type: "email", controls: { values: { subject: "s", body: "b" } } },
      ],
    },
  ],
  messages: Array.from({ length: 12 }, (_, i) => ({
    subscriberId: "sub-a",
    transactionId: `m-${i}`,
    channel: i % 2 === 0 ? "in_app" : "email",
    status: "sent",
    read: false,
    seen: false,
    cta: {},
    createdAt: at(i),
  })),
  notifications: [
    ...Array.from({ length: 54 }, (_, i) => ({
      subscriberId: "sub-a",
      transactionId: `n-${i}`,
      createdAt: at(i),
    })),
    {
      _id: EVENT_ID,
      subscriberId: "sub-a",
      transactionId: "n-full",
      createdAt: at(100),
      severity: "high",
      critical: true,
      contextKeys: ["tenant:acme"],
      jobs: [
        {
          _id: "65f0000000000000000000d1",
          type: "digest",
          providerId: "sendgrid",
          status: "completed",
          scheduleExtensionsCount: 1,
          digest: { type: "timed", timed: { atTime: "09:00", untilDate: at(200) } },
          step: { _id: "65f0000000000000000000e1", active: true, filters: [], _templateId: "t" },
          executionDetails: [
            {
              _id: "x1",
              status: "Success",
              detail: "ok",
              isRetry: false,
              isTest: false,
              source: "Internal",
              providerId: "sendgrid",
            },
          ],
        },
      ],
    },
    { subscriberId: "sub-a", transactionId: "n-future", createdAt: "2999-01-01T00:00:00.000Z" },
  ],
};

let emu: EmulatorProcess;
beforeAll(async () => {
  emu = await startEmulatorProcess(FIXTURES, [KEY, OTHER_KEY]);
});
afterAll(() => emu?.stop());

const keyEnv = () => emu.keys.find((k) => k.apiKey === KEY);

describe("the oracle itself", () => {
  it("reports a missing required field, a wrong type and a value outside an enum", () => {
    expect(shapeProblems({ subscriberId: 1 }, SUBSCRIBER, "s")).toContain(
      "s.subscriberId: expected string, got number",
    );
    expect(shapeProblems({}, SUBSCRIBER, "s")).toContain("s.deleted: required, missing");
    expect(enumProblems("pager", CHANNELS, "c")).toHaveLength(1);
    expect(enumProblems("sms", CHANNELS, "c")).toEqual([]);
  });
});

describe("Authentication: `Authorization: ApiKey <API_KEY>` on every operation", () => {
  it("refuses a request without a key, with an unknown key, or with another scheme", async () => {
    for (const key of [null, "not-a-key"]) {
      expect((await raw(emu, "GET", "/v1/integrations/active", { key })).status).toBeGreaterThanOrEqual(400);
    }
    const res = await fetch(`${emu.url}/v1/integrations/active`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});

describe("Operation 1: PATCH /v1/subscribers/{subscriberId}/credentials", () => {
  it("answers OK with a Subscriber; the supplied deviceTokens replace the existing ones", async () => {
    const res = await raw(emu, "PATCH", "/v1/subscribers/sub-b/credentials", {
      body: { providerId: "fcm", credentials: { deviceTokens: ["new-1"] } },
    });
    expect(res.status).toBe(200);
    const sub = single(res);
    expect(shapeProblems(sub, SUBSCRIBER, "subscriber")).toEqual([]);
    expect(sub.subscriberId).toBe("sub-b");
    expect(sub._environmentId).toBe(keyEnv()?.environmentId);
    expect(sub.channels).toHaveLength(1);
    const [entry] = sub.channels;
    expect(shapeProblems(entry, CHANNEL_SETTINGS, "channels[0]")).toEqual([]);
    expect(enumProblems(entry.providerId, CHANNEL_PROVIDER_IDS, "providerId")).toEqual([]);
    expect(entry.credentials.deviceTokens).toEqual(["new-1"]);
  });

  it("requires providerId, one of the channel provider ids, and credentials", async () => {
    for (const body of [
      { credentials: { deviceTokens: ["t"] } },
      { providerId: "sendgrid", credentials: { deviceTokens: ["t"] } },
      { providerId: "fcm" },
    ]) {
      const res = await raw(emu, "PATCH", "/v1/subscribers/sub-b/credentials", { body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe("Operation 2: GET /v2/subscribers", () => {
  it("answers data, next, previous, totalCount and totalCountCapped; filters by subscriberId and email, case sensitive", async () => {
    const res = await raw(emu, "GET", "/v2/subscribers?subscriberId=sub-a");
    expect(res.status).toBe(200);
    const page = res.body;
    expect(page.data.map((s: { subscriberId: string }) => s.subscriberId)).toEqual(["sub-a"]);
    for (const s of page.data) expect(shapeProblems(s, SUBSCRIBER, "subscriber")).toEqual([]);
    expect(page.next).toBeNull();
    expect(page.previous).toBeNull();
    expect(page.totalCount).toBe(1);
    expect(page.totalCountCapped).toBe(false);
    const byEmail = await raw(emu, "GET", "/v2/subscribers?email=ana%40example.com");
    expect(byEmail.body.data.map((s: { subscriberId: string }) => s.subscriberId)).toEqual(["sub-a"]);
    const wrongCase = await raw(emu, "GET", "/v2/subscribers?email=ANA%40example.com");
    expect(wrongCase.body.data).toEqual([]);
  });

  it("pages by cursor: limit 1 gives a next cursor that leads to the other subscriber", async () => {
    const first = (await raw(emu, "GET", "/v2/subscribers?limit=1")).body;
    expect(first.data).toHaveLength(1);
    expect(typeof first.next).toBe("string");
    const second = (await raw(emu, "GET", `/v2/subscribers?limit=1&after=${encodeURIComponent(first.next)}`))
      .body;
    expect(second.data).toHaveLength(1);
    expect(second.data[0].subscriberId).not.toBe(first.data[0].subscriberId);
    expect(typeof second.previous).toBe("string");
  });
});

describe("Operation 3: POST /v1/integrations", () => {
  it("answers Created with an Integration in the environment of the API key", async () => {
    const res = await raw(emu, "POST", "/v1/integrations", {
      body: { providerId: "twilio", channel: "sms", identifier: "conf-sms", name: "SMS" },
    });
    expect(res.status).toBe(201);
    const i = single(res);
    expect(shapeProblems(i, INTEGRATION, "integration")).toEqual([]);
    expect(i).toMatchObject({ identifier: "conf-sms", name: "SMS", providerId: "twilio", channel: "sms" });
    expect(i._environmentId).toBe(keyEnv()?.environmentId);
    expect(i._organizationId).toBe(keyEnv()?.organizationId);
  });

  it("accepts `_environmentId` (uuid) in the body, and still creates in the key's environment", async () => {
    const other = emu.keys.find((k) => k.apiKey === OTHER_KEY)?.environmentId;
    for (const [n, environmentId] of [other, "3f2b8c1e-4d5a-4b6c-8e7f-9a0b1c2d3e4f"].entries()) {
      const res = await raw(emu, "POST", "/v1/integrations", {
        body: {
          providerId: "twilio",
          channel: "sms",
          identifier: `conf-env-${n}`,
          _environmentId: environmentId,
        },
      });
      expect(res.status).toBe(201);
      expect(single(res)._environmentId).toBe(keyEnv()?.environmentId);
    }
  });

  it("requires providerId and a channel of the five", async () => {
    for (const body of [
      { channel: "sms" },
      { providerId: "twilio" },
      { providerId: "twilio", channel: "pager" },
    ]) {
      const res = await raw(emu, "POST", "/v1/integrations", { body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe("Operation 4: GET /v1/messages", () => {
  it("defaults page 0 and limit 10; answers hasMore, data, pageSize, page; Messages carry the required fields", async () => {
    const res = await raw(emu, "GET", "/v1/messages");
    expect(res.status).toBe(200);
    const page = res.body;
    expect(page.page).toBe(LIST_MESSAGES_DEFAULTS.page);
    expect(page.pageSize).toBe(LIST_MESSAGES_DEFAULTS.limit);
    expect(page.data).toHaveLength(LIST_MESSAGES_DEFAULTS.limit);
    expect(page.hasMore).toBe(true);
    for (const [n, m] of page.data.entries()) {
      expect(shapeProblems(m, MESSAGE, `data[${n}]`)).toEqual([]);
      expect(enumProblems(m.channel, CHANNELS, "channel")).toEqual([]);
      expect(enumProblems(m.status, MESSAGE_STATUSES, "status")).toEqual([]);
      expect(m._environmentId).toBe(keyEnv()?.environmentId);
    }
    const rest = (await raw(emu, "GET", "/v1/messages?page=1")).body;
    expect(rest.data).toHaveLength(2);
    expect(rest.hasMore).toBe(false);
  });

  it("filters by channel", async () => {
    const page = (await raw(emu, "GET", "/v1/messages?channel=email&limit=50")).body;
    expect(page.data.map((m: { channel: string }) => m.channel)).toEqual(Array(6).fill("email"));
  });
});

describe("Operation 5: GET /v1/integrations/active", () => {
  it("answers an array of the active Integrations only", async () => {
    const res = await raw(emu, "GET", "/v1/integrations/active");
    expect(res.status).toBe(200);
    const list = single(res);
    expect(Array.isArray(list)).toBe(true);
    const identifiers = list.map((i: { identifier: string }) => i.identifier).sort();
    expect(identifiers).toEqual(["fcm-main", "slack-main"]);
    for (const i of list) {
      expect(shapeProblems(i, INTEGRATION, i.identifier)).toEqual([]);
      expect(i.active).toBe(true);
    }
  });
});

describe("Operation 6: GET /v2/subscribers/{subscriberId}/preferences", () => {
  it("returns the preferences for all five channels, for all workflows and globally", async () => {
    const res = await raw(emu, "GET", "/v2/subscribers/sub-a/preferences");
    expect(res.status).toBe(200);
    const p = single(res);
    expect(typeof p.global.enabled).toBe("boolean");
    expect(Object.keys(p.global.channels).sort()).toEqual([...CHANNELS].sort());
    // All workflows: the inactive one too.
    const ids = p.workflows.map((w: { workflow: { identifier: string } }) => w.workflow.identifier).sort();
    expect(ids).toEqual(["wf-off", "wf-on"]);
    for (const w of p.workflows) {
      expect(typeof w.enabled).toBe("boolean");
      expect(Object.keys(w.channels).sort()).toEqual([...CHANNELS].sort());
      for (const v of Object.values(w.channels)) expect(typeof v).toBe("boolean");
      expect(Array.isArray(w.overrides)).toBe(true);
      for (const o of w.overrides) {
        expect(enumProblems(o.channel, CHANNELS, "overrides.channel")).toEqual([]);
        expect(enumProblems(o.source, OVERRIDE_SOURCES, "overrides.source")).toEqual([]);
      }
      for (const f of ["slug", "identifier", "name"]) expect(typeof w.workflow[f]).toBe("string");
    }
  });
});

describe("Operation 7: GET /v2/workflows/{workflowId}", () => {
  it("answers a Workflow (v2 shape) with its enums", async () => {
    const res = await raw(emu, "GET", "/v2/workflows/wf-on");
    expect(res.status).toBe(200);
    const wf = single(res);
    expect(shapeProblems(wf, WORKFLOW, "workflow")).toEqual([]);
    expect(wf.workflowId).toBe("wf-on");
    expect(enumProblems(wf.origin, ORIGINS, "origin")).toEqual([]);
    expect(enumProblems(wf.status, WORKFLOW_STATUSES, "status")).toEqual([]);
    expect(enumProblems(wf.severity, SEVERITIES, "severity")).toEqual([]);
    expect(typeof wf.preferences.default.all.enabled).toBe("boolean");
    expect(typeof wf.preferences.default.all.readOnly).toBe("boolean");
    expect(wf.steps).toHaveLength(1);
    for (const s of wf.steps) {
      expect(shapeProblems(s, WORKFLOW_STEP, "step")).toEqual([]);
      expect(enumProblems(s.type, STEP_TYPES, "step.type")).toEqual([]);
      expect(enumProblems(s.origin, ORIGINS, "step.origin")).toEqual([]);
      expect(s.workflowDatabaseId).toBe(wf._id);
      expect(typeof s.controls.values).toBe("object");
    }
  });
});

describe("Operation 8: GET /v1/notifications/{notificationId}", () => {
  it("answers the event with jobs and execution logs, single-retrieval fields included", async () => {
    const res = await raw(emu, "GET", `/v1/notifications/${EVENT_ID}`);
    expect(res.status).toBe(200);
    const n = single(res);
    expect(shapeProblems(n, NOTIFICATION, "event")).toEqual([]);
    expect(n).toMatchObject({
      transactionId: "n-full",
      severity: "high",
      critical: true,
      contextKeys: ["tenant:acme"],
    });
    expect(enumProblems(n.severity, SEVERITIES, "severity")).toEqual([]);
    const [job] = n.jobs;
    expect(shapeProblems(job, JOB, "job")).toEqual([]);
    expect(job.scheduleExtensionsCount).toBe(1);
    expect(job.digest.timed.untilDate).toBe(at(200));
    for (const d of job.executionDetails) {
      expect(enumProblems(d.status, EXECUTION_STATUSES, "status")).toEqual([]);
      expect(enumProblems(d.source, EXECUTION_SOURCES, "source")).toEqual([]);
    }
  });
});

describe("Operation 9: GET /v1/notifications", () => {
  it("defaults limit 10 and page 0; limit 1..50; page from 0", async () => {
    const first = await raw(emu, "GET", "/v1/notifications");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 0, pageSize: LIST_EVENTS_LIMIT.default, hasMore: true });
    expect(first.body.data).toHaveLength(LIST_EVENTS_LIMIT.default);
    const max = await raw(emu, "GET", `/v1/notifications?limit=${LIST_EVENTS_LIMIT.max}`);
    expect(max.body.data).toHaveLength(LIST_EVENTS_LIMIT.max);
    for (const bad of [
      `limit=${LIST_EVENTS_LIMIT.max + 1}`,
      `limit=${LIST_EVENTS_LIMIT.min - 1}`,
      "page=-1",
    ]) {
      const res = await raw(emu, "GET", `/v1/notifications?${bad}`);
      expect(res.status, bad).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  it("`before` defaults to the time of the request: an event dated later is not listed", async () => {
    const all = (await raw(emu, "GET", "/v1/notifications?limit=50&page=1")).body.data;
    const listed = [...(await raw(emu, "GET", "/v1/notifications?limit=50")).body.data, ...all].map(
      (n: { transactionId: string }) => n.transactionId,
    );
    expect(listed).toHaveLength(55);
    expect(listed).not.toContain("n-future");
    const later = (await raw(emu, "GET", "/v1/notifications?limit=1&before=3000-01-01T00%3A00%3A00.000Z"))
      .body;
    expect(later.data.map((n: { transactionId: string }) => n.transactionId)).toEqual(["n-future"]);
  });

  it("leaves out every field returned by single retrieval only", async () => {
    const page = (await raw(emu, "GET", "/v1/notifications?transactionId=n-full")).body;
    expect(page.data).toHaveLength(1);
    const [n] = page.data;
    expect(shapeProblems(n, NOTIFICATION, "event")).toEqual([]);
    for (const f of SINGLE_RETRIEVAL_ONLY) expect(n).not.toHaveProperty(f);
    const [job] = n.jobs;
    for (const f of JOB_SINGLE_RETRIEVAL_ONLY) expect(job).not.toHaveProperty(f);
    for (const f of TIMED_SINGLE_RETRIEVAL_ONLY) expect(job.digest.timed).not.toHaveProperty(f);
    expect(job.digest.timed.atTime).toBe("09:00");
  });
});

describe("Versioning: operations 1, 3, 4, 5, 8, 9 under /v1; 2, 6, 7 under /v2", () => {
  it("does not answer an operation under the other version", async () => {
    for (const [method, path] of [
      ["GET", "/v1/subscribers"],
      ["GET", "/v1/workflows/wf-on"],
      ["GET", "/v2/integrations/active"],
      ["GET", "/v2/messages"],
      ["GET", "/v2/notifications"],
    ] as const) {
      const res = await raw(emu, method, path);
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    }
  });
});
