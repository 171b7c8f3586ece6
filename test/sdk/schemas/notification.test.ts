import { describe, expect, it } from "vitest";
import {
  digestMetadataSchema,
  executionDetailSchema,
  formatIssues,
  jobSchema,
  jobStepSchema,
  listNotificationsQuerySchema,
  notificationPageSchema,
  notificationSchema,
} from "../../../sdk/schemas";

const executionDetail = {
  _id: "ed1",
  createdAt: "2024-01-01T00:00:00.000Z",
  status: "Success",
  detail: "Message sent",
  isRetry: false,
  isTest: false,
  providerId: "sendgrid",
  raw: null,
  source: "Internal",
};

const job = {
  _id: "j1",
  type: "digest",
  digest: {
    type: "timed",
    digestKey: "postId",
    amount: 1,
    unit: "days",
    events: [{ postId: 1 }],
    timed: {
      atTime: "09:00",
      weekDays: ["friday"],
      monthDays: [1, 15],
      cronExpression: "0 9 * * 5",
      untilDate: "2024-02-01",
    },
  },
  executionDetails: [
    executionDetail,
    { ...executionDetail, _id: "ed2", status: "Failed", source: "Credentials" },
  ],
  step: {
    _id: "st1",
    active: true,
    filters: [{ isNegated: false, type: "GROUP", value: "AND", children: [] }],
    _templateId: "mt1",
    _parentId: null,
    variants: [{ _id: "st1v", active: false, filters: [], _templateId: "mt2", name: "variant" }],
  },
  providerId: "sendgrid",
  status: "completed",
  scheduleExtensionsCount: 0,
};

const notification = {
  _id: "n1",
  _environmentId: "env1",
  _organizationId: "org1",
  _subscriberId: "sub1",
  transactionId: "tx1",
  _templateId: "wf1",
  createdAt: "2024-01-01T00:00:00.000Z",
  channels: ["email", "digest", "throttle"],
  subscriber: { subscriberId: "user-1", _id: "sub1", email: "a@example.com" },
  template: {
    _id: "wf1",
    name: "Digest",
    origin: "novu-cloud",
    triggers: [{ type: "event", identifier: "digest", variables: [] }],
  },
  jobs: [job],
  payload: { postId: 1 },
  tags: ["t"],
  topics: [{ _topicId: "tp1", topicKey: "news" }],
  severity: "high",
  critical: false,
  contextKeys: ["tenant:acme"],
};

describe("notificationSchema", () => {
  it("parses an event with jobs, digest and execution details", () => {
    const n = notificationSchema.parse(notification);
    const j = n.jobs?.[0];
    expect(j?.executionDetails.map((d) => d.status)).toEqual(["Success", "Failed"]);
    expect(j?.digest?.timed?.untilDate).toBe("2024-02-01");
    expect(j?.step.variants?.[0]?._templateId).toBe("mt2");
    expect(n.topics?.[0]?.topicKey).toBe("news");
  });

  it("tolerates new job types, providers, statuses and keys", () => {
    const n = notificationSchema.parse({
      ...notification,
      channels: ["carrier-pigeon"],
      jobs: [
        {
          ...job,
          type: "ai-summary",
          providerId: "new-provider",
          executionDetails: [{ ...executionDetail, status: "Skipped", source: "Scheduler" }],
          extra: true,
        },
      ],
    });
    expect(n.jobs?.[0]?.type).toBe("ai-summary");
    expect(n.jobs?.[0]?.["extra"]).toBe(true);
  });

  it("parses the minimal event", () => {
    expect(
      notificationSchema.parse({
        _environmentId: "e",
        _organizationId: "o",
        _subscriberId: "s",
        transactionId: "t",
      }).jobs,
    ).toBeUndefined();
  });

  it("rejects jobs that lack required fields with exact paths", () => {
    const { step: _s, ...noStep } = job;
    const r = notificationSchema.safeParse({ ...notification, jobs: [job, noStep] });
    expect(formatIssues(r.error!)).toEqual(["jobs[1].step: is required (object)"]);
  });

  it("parses a list page", () => {
    const page = notificationPageSchema.parse({ hasMore: true, data: [notification], pageSize: 10, page: 3 });
    expect(page.page).toBe(3);
  });
});

describe("job parts", () => {
  it("digest metadata types", () => {
    for (const type of ["regular", "backoff", "timed"])
      expect(digestMetadataSchema.parse({ type }).type).toBe(type);
    expect(digestMetadataSchema.safeParse({}).success).toBe(false);
  });

  it("execution detail providerId is optional (single retrieval)", () => {
    const { providerId: _p, ...rest } = executionDetail;
    expect(executionDetailSchema.parse(rest).providerId).toBeUndefined();
    expect(executionDetailSchema.safeParse({ ...rest, isRetry: undefined }).success).toBe(false);
  });

  it("job step recursion validates nested variants", () => {
    const r = jobStepSchema.safeParse({ ...job.step, variants: [{ _id: "x", active: true, filters: [] }] });
    expect(formatIssues(r.error!)).toEqual(["variants[0]._templateId: is required (string)"]);
    expect(jobSchema.parse(job).status).toBe("completed");
  });
});

describe("listNotificationsQuerySchema", () => {
  it("defaults page 0, limit 10", () => {
    expect(listNotificationsQuerySchema.parse({})).toEqual({ page: 0, limit: 10 });
  });

  it("coerces numbers and turns single values into arrays", () => {
    expect(
      listNotificationsQuerySchema.parse({
        page: "1",
        limit: "50",
        channels: "email",
        templates: "wf1",
        emails: ["a@example.com", "b@example.com"],
        subscriberIds: "sub1",
        transactionId: "tx1",
        topicKey: "news",
        after: "2024-01-01T00:00:00Z",
        before: "2024-02-01T00:00:00Z",
        search: "x",
      }),
    ).toEqual({
      page: 1,
      limit: 50,
      channels: ["email"],
      templates: ["wf1"],
      emails: ["a@example.com", "b@example.com"],
      subscriberIds: ["sub1"],
      transactionId: "tx1",
      topicKey: "news",
      after: "2024-01-01T00:00:00Z",
      before: "2024-02-01T00:00:00Z",
      search: "x",
    });
  });

  it("enforces limit 1..50, page >= 0 and channels without throttle", () => {
    const r = listNotificationsQuerySchema.safeParse({
      limit: "51",
      page: -1,
      channels: ["email", "throttle"],
    });
    const lines = formatIssues(r.error!);
    expect(lines).toContain("limit: must be at most 50");
    expect(lines).toContain("page: must be at least 0");
    expect(lines.find((l) => l.startsWith("channels[1]:"))).toMatch(
      /must be one of in_app, .*custom \(got "throttle"\)/,
    );
    expect(listNotificationsQuerySchema.safeParse({ limit: "0" }).success).toBe(false);
  });
});
