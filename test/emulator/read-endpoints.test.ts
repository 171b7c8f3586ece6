import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { call, expectError, qs, validationMessages } from "../../testkit/emulator-http";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ fixtures: "default" });
  emu.seed({
    subscribers: [
      { subscriberId: "s1", email: "s1@example.com" },
      { subscriberId: "s2", email: "s2@example.com" },
    ],
    messages: Array.from({ length: 23 }, (_, i) => ({
      subscriberId: i % 2 === 0 ? "s1" : "s2",
      channel: i % 3 === 0 ? "email" : "in_app",
      transactionId: `t-${i % 5}`,
      contextKeys: i % 4 === 0 ? ["tenant:acme"] : ["tenant:other"],
      createdAt: new Date(Date.UTC(2025, 5, 1, 0, i)).toISOString(),
    })),
    notifications: Array.from({ length: 60 }, (_, i) => ({
      subscriberId: i % 2 === 0 ? "s1" : "s2",
      transactionId: `nt-${i}`,
      _templateId: i % 3 === 0 ? "tpl-a" : "tpl-b",
      channels: i % 2 === 0 ? ["email", "digest"] : ["in_app"],
      topics: i % 10 === 0 ? [{ _topicId: "topic1", topicKey: "news" }] : [],
      severity: "low",
      critical: false,
      contextKeys: ["tenant:acme"],
      createdAt: new Date(Date.UTC(2025, 6, 1, 0, i)).toISOString(),
    })),
  });
});
afterAll(() => emu.close());

describe("GET /v2/workflows/{workflowId}", () => {
  it("finds a v2 workflow by workflowId, slug or _id, wrapped", async () => {
    const res = await call(emu, "GET", "/v2/workflows/welcome");
    expect(res.status).toBe(200);
    const wf = res.body.data;
    expect(wf).toMatchObject({
      workflowId: "welcome",
      slug: "welcome",
      name: "Welcome",
      status: "ACTIVE",
      origin: "external",
    });
    expect(wf.steps.map((s: { type: string }) => s.type)).toEqual(["in_app", "email"]);
    expect(wf.steps[0]).toMatchObject({ stepId: "inbox", workflowId: "welcome", workflowDatabaseId: wf._id });
    expect(wf.preferences.default.all).toEqual({ enabled: true, readOnly: false });
    expect((await call(emu, "GET", `/v2/workflows/${wf._id}`)).body.data.workflowId).toBe("welcome");
    expectError(await call(emu, "GET", "/v2/workflows/nope"), 404);
    // No whitelist: a query key the controller does not read is ignored.
    const otherQuery = await call(emu, "GET", `/v2/workflows/welcome${qs({ other: "x" })}`);
    expect(otherQuery.body.data.workflowId).toBe("welcome");
  });
});

describe("GET /v1/messages", () => {
  it("pages by number with defaults page 0 / limit 10, newest first, bare shape", async () => {
    const first = await call(emu, "GET", "/v1/messages");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 0, pageSize: 10, hasMore: true, totalCount: 26 });
    expect(first.body.data).toHaveLength(10);
    const dates = first.body.data.map((m: { createdAt: string }) => m.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const last = await call(emu, "GET", `/v1/messages${qs({ page: 2 })}`);
    expect(last.body).toMatchObject({ page: 2, hasMore: false });
    expect(last.body.data).toHaveLength(6);
    const seen = new Set<string>();
    for (let page = 0; page < 3; page++) {
      for (const m of (await call(emu, "GET", `/v1/messages${qs({ page })}`)).body.data) seen.add(m._id);
    }
    expect(seen.size).toBe(26);
  });

  it("filters by channel, subscriberId, transactionId[] and contextKeys[] (repeated or single)", async () => {
    const count = async (params: Record<string, string | string[] | number>) =>
      (await call(emu, "GET", `/v1/messages${qs({ limit: 100, ...params })}`)).body.totalCount as number;
    expect(await count({ channel: "email" })).toBe(8 + 1);
    expect(await count({ subscriberId: "s1" })).toBe(12);
    expect(await count({ subscriberId: "user-ada" })).toBe(2);
    expect(await count({ subscriberId: "nobody" })).toBe(0);
    expect(await count({ transactionId: "t-0" })).toBe(5);
    expect(await count({ transactionId: ["t-0", "t-1"] })).toBe(10);
    expect(await count({ contextKeys: "tenant:acme" })).toBe(6 + 1);
    expect(await count({ channel: "email", subscriberId: "s1", transactionId: ["t-0", "t-2"] })).toBe(2);
    const page = await call(emu, "GET", `/v1/messages${qs({ channel: "email", limit: 2, page: 1 })}`);
    expect(page.body.data.map((m: { channel: string }) => m.channel)).toEqual(["email", "email"]);
  });

  it("validates page and limit as get-messages-requests.dto.ts does; the filters carry no validator", async () => {
    expect(
      validationMessages(await call(emu, "GET", `/v1/messages${qs({ page: "first", limit: "ten" })}`)),
    ).toEqual([
      "page must be a number conforming to the specified constraints",
      "limit must be a number conforming to the specified constraints",
    ]);
    for (const params of [{ channel: "pager" }, { contextKeys: "nocolon" }]) {
      const res = await call(emu, "GET", `/v1/messages${qs(params)}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
    }
  });
});

describe("GET /v1/notifications", () => {
  it("pages newest first, limit 1..50, page from 0, omitting single-retrieval fields", async () => {
    const res = await call(emu, "GET", `/v1/notifications${qs({ limit: 50 })}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 0, pageSize: 50, hasMore: true });
    expect(res.body.data).toHaveLength(50);
    expect(res.body.data[0].transactionId).toBe("nt-59");
    expect(res.body.data[0].severity).toBeUndefined();
    expect(res.body.data[0].contextKeys).toBeUndefined();
    const rest = await call(emu, "GET", `/v1/notifications${qs({ limit: 50, page: 1 })}`);
    expect(rest.body.data).toHaveLength(12);
    expect(rest.body.hasMore).toBe(false);
    for (const [params, message] of [
      [{ limit: 51 }, "limit must not be greater than 50"],
      [{ limit: 0 }, "limit must not be less than 1"],
      [{ page: -1 }, "page must not be less than 0"],
      [{ page: "x" }, "page must be an integer number"],
    ] as const) {
      expect(validationMessages(await call(emu, "GET", `/v1/notifications${qs(params)}`))).toContain(message);
    }
  });

  it("filters by channels, templates, emails, subscriberIds, transactionId, topicKey, after/before, search", async () => {
    const ids = async (params: Record<string, string | string[]>) =>
      (await call(emu, "GET", `/v1/notifications${qs({ limit: 50, ...params })}`)).body.data.map(
        (n: { transactionId: string }) => n.transactionId,
      ) as string[];
    expect(await ids({ channels: "in_app" })).toHaveLength(30 + 2);
    expect(await ids({ channels: ["digest"] })).toHaveLength(30);
    expect(await ids({ templates: "tpl-a" })).toHaveLength(20);
    expect(await ids({ subscriberIds: "s1" })).toHaveLength(30);
    expect(await ids({ subscriberIds: ["s1", "user-ada"] })).toHaveLength(31);
    expect(await ids({ emails: "s2@example.com" })).toHaveLength(30);
    expect(await ids({ emails: "nobody@example.com" })).toEqual([]);
    expect(await ids({ transactionId: "nt-7" })).toEqual(["nt-7"]);
    expect(await ids({ topicKey: "news" })).toEqual(["nt-50", "nt-40", "nt-30", "nt-20", "nt-10", "nt-0"]);
    expect(await ids({ after: "2025-07-01T00:10:00.000Z", before: "2025-07-01T00:12:00.000Z" })).toEqual([
      "nt-12",
      "nt-11",
      "nt-10",
    ]);
    expect(await ids({ search: "nt-5" })).toEqual([
      "nt-59",
      "nt-58",
      "nt-57",
      "nt-56",
      "nt-55",
      "nt-54",
      "nt-53",
      "nt-52",
      "nt-51",
      "nt-50",
      "nt-5",
    ]);
    expect(await ids({ templates: "tpl-a", subscriberIds: "s2", channels: "in_app" })).toHaveLength(10);
    expectError(await call(emu, "GET", `/v1/notifications${qs({ after: "yesterday" })}`), 400);
  });

  it("`before` defaults to the time of the request (spec, operation 9): later events are not listed", async () => {
    const own = await startEmulator({
      fixtures: {
        subscribers: [{ subscriberId: "t1" }],
        notifications: [
          { subscriberId: "t1", transactionId: "past", createdAt: "2025-01-01T00:00:00.000Z" },
          { subscriberId: "t1", transactionId: "future", createdAt: "2999-01-01T00:00:00.000Z" },
        ],
      },
    });
    try {
      const listed = async (params: Record<string, string>) =>
        (await call(own, "GET", `/v1/notifications${qs(params)}`)).body.data.map(
          (n: { transactionId: string }) => n.transactionId,
        );
      expect(await listed({})).toEqual(["past"]);
      expect(await listed({ before: "3000-01-01T00:00:00.000Z" })).toEqual(["future", "past"]);
    } finally {
      await own.close();
    }
  });

  it("the list strips every single-retrieval-only field: severity, critical, contextKeys, jobs' scheduleExtensionsCount and digest untilDate", async () => {
    const job = {
      _id: "job-1",
      type: "digest",
      executionDetails: [],
      step: { _id: "st", active: true, filters: [], _templateId: "tpl" },
      providerId: "sendgrid",
      status: "completed",
      scheduleExtensionsCount: 2,
      digest: { type: "timed", timed: { atTime: "10:00", untilDate: "2025-01-02T00:00:00.000Z" } },
    };
    const own = await startEmulator({
      fixtures: {
        subscribers: [{ subscriberId: "t1" }],
        notifications: [
          {
            _id: "65f0000000000000000000aa",
            subscriberId: "t1",
            transactionId: "one",
            severity: "high",
            critical: true,
            contextKeys: ["tenant:acme"],
            jobs: [job],
            createdAt: "2025-01-01T00:00:00.000Z",
          },
        ],
      },
    });
    try {
      const [listed] = (await call(own, "GET", "/v1/notifications")).body.data;
      for (const field of ["severity", "critical", "contextKeys"]) expect(listed).not.toHaveProperty(field);
      expect(listed.jobs).toHaveLength(1);
      expect(listed.jobs[0]).not.toHaveProperty("scheduleExtensionsCount");
      expect(listed.jobs[0].digest).toEqual({ type: "timed", timed: { atTime: "10:00" } });
      const single = (await call(own, "GET", "/v1/notifications/65f0000000000000000000aa")).body.data;
      expect(single).toMatchObject({ severity: "high", critical: true, contextKeys: ["tenant:acme"] });
      expect(single.jobs[0]).toMatchObject({ scheduleExtensionsCount: 2, digest: job.digest });
    } finally {
      await own.close();
    }
  });

  it("GET /v1/notifications/{id} answers the whole event wrapped, 404 otherwise", async () => {
    const res = await call(emu, "GET", "/v1/notifications/65f000000000000000000001");
    expect(res.status).toBe(200);
    const n = res.body.data;
    expect(n.transactionId).toBe("txn-welcome-ada");
    expect(n.severity).toBe("medium");
    expect(n.subscriber).toMatchObject({ subscriberId: "user-ada", email: "ada@example.com" });
    expect(n.jobs).toHaveLength(2);
    expect(n.jobs[0].executionDetails[0].status).toBe("Success");
    expectError(await call(emu, "GET", "/v1/notifications/0123456789abcdef01234567"), 404);
  });
});
