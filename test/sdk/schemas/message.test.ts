import { describe, expect, it } from "vitest";
import {
  emailBlockSchema,
  formatIssues,
  listMessagesQuerySchema,
  messageCtaSchema,
  messagePageSchema,
  messageSchema,
  stepMetadataSchema,
  workflowResponseSchema,
} from "../../../sdk/schemas";

const template = {
  _id: "wf1",
  name: "Welcome",
  description: "",
  active: true,
  draft: false,
  preferenceSettings: { email: true, sms: false, in_app: true, chat: true, push: true },
  critical: false,
  tags: ["onboarding"],
  steps: [
    {
      _id: "s1",
      uuid: "u1",
      name: "Digest",
      active: true,
      filters: [],
      metadata: {
        type: "timed",
        amount: 1,
        unit: "days",
        timed: {
          atTime: "09:00",
          weekDays: ["monday"],
          ordinal: "last",
          ordinalValue: "weekday",
          monthlyType: "on",
        },
      },
      replyCallback: { active: false, url: "" },
      variants: [{ _id: "v1", active: false, metadata: { type: "scheduled", delayPath: "payload.at" } }],
    },
  ],
  _organizationId: "org1",
  _creatorId: "user1",
  _environmentId: "env1",
  triggers: [
    {
      type: "event",
      identifier: "welcome",
      variables: [{ name: "firstName" }],
      subscriberVariables: [{ name: "email" }],
    },
  ],
  _notificationGroupId: "g1",
  deleted: false,
  deletedAt: "",
  deletedBy: "",
  notificationGroup: { name: "General", _environmentId: "env1", _organizationId: "org1" },
};

const message = {
  _id: "m1",
  _templateId: "wf1",
  _environmentId: "env1",
  _messageTemplateId: null,
  _organizationId: "org1",
  _notificationId: "n1",
  _subscriberId: "sub1",
  template,
  createdAt: "2024-01-01T00:00:00.000Z",
  deliveredAt: ["2024-01-01T00:00:01.000Z", "2024-01-02T00:00:01.000Z"],
  content: [
    { type: "text", content: "Hello" },
    { type: "button", content: "Open", url: "https://example.com", styles: { textAlign: "center" } },
  ],
  transactionId: "tx1",
  channel: "in_app",
  read: false,
  seen: true,
  cta: {
    type: "redirect",
    data: { url: "/inbox" },
    action: {
      status: "done",
      buttons: [{ type: "primary", content: "Accept", resultContent: "Accepted" }],
      result: { payload: { ok: true }, type: "primary" },
    },
  },
  _feedId: null,
  status: "sent",
  contextKeys: ["tenant:acme"],
};

describe("messageSchema", () => {
  it("parses a message with template, email blocks and CTA", () => {
    const m = messageSchema.parse(message);
    expect(Array.isArray(m.content) && m.content[1]?.styles?.textAlign).toBe("center");
    expect(m.cta.action?.buttons?.[0]?.resultContent).toBe("Accepted");
    expect(m.template?.triggers[0]?.identifier).toBe("welcome");
  });

  it("accepts string content, errors and unknown status/channel values", () => {
    const m = messageSchema.parse({
      ...message,
      content: "plain sms",
      channel: "whatsapp",
      status: "bounced",
      errorId: "E1",
      errorText: "boom",
      somethingNew: 1,
    });
    expect(m.status).toBe("bounced");
    expect(m.content).toBe("plain sms");
    expect(m["somethingNew"]).toBe(1);
  });

  it("requires the required fields", () => {
    const { cta: _cta, transactionId: _t, ...rest } = message;
    const r = messageSchema.safeParse(rest);
    expect(r.success).toBe(false);
    expect(formatIssues(r.error!).sort()).toEqual([
      "cta: is required (object)",
      "transactionId: is required (string)",
    ]);
  });

  it("email blocks and CTAs", () => {
    expect(emailBlockSchema.safeParse({ type: "text" }).success).toBe(false);
    expect(messageCtaSchema.parse({})).toEqual({});
  });

  it("parses a page", () => {
    const page = messagePageSchema.parse({ data: [message], hasMore: false, pageSize: 10, page: 0 });
    expect(page.totalCount).toBeUndefined();
    expect(page.data).toHaveLength(1);
  });
});

describe("v1 workflow (template)", () => {
  it("parses the four step metadata shapes", () => {
    const shapes = [
      {
        type: "regular",
        amount: 5,
        unit: "minutes",
        digestKey: "k",
        backoff: true,
        backoffAmount: 1,
        backoffUnit: "seconds",
        updateMode: false,
      },
      { type: "backoff", amount: 1 },
      { type: "timed", timed: { monthDays: ["1", "15"], monthlyType: "each" } },
      { type: "regular", amount: 2, unit: "hours" },
      { type: "scheduled", delayPath: "payload.sendAt" },
    ];
    for (const shape of shapes) expect(stepMetadataSchema.parse(shape)).toEqual(shape);
  });

  it("tolerates a never-deleted workflow without deletedAt/deletedBy", () => {
    const { deletedAt: _a, deletedBy: _b, ...rest } = template;
    expect(workflowResponseSchema.parse(rest).name).toBe("Welcome");
  });

  it("rejects a template without triggers", () => {
    const { triggers: _t, ...rest } = template;
    expect(formatIssues(workflowResponseSchema.safeParse(rest).error!)).toEqual([
      "triggers: is required (array)",
    ]);
  });
});

describe("listMessagesQuerySchema", () => {
  it("defaults page 0 and limit 10", () => {
    expect(listMessagesQuerySchema.parse({})).toEqual({ page: 0, limit: 10 });
  });

  it("coerces numbers and normalizes array params", () => {
    expect(
      listMessagesQuerySchema.parse({
        page: "2",
        limit: "25",
        transactionId: "tx1",
        contextKeys: ["tenant:acme", "region:eu"],
        channel: "sms",
      }),
    ).toEqual({
      page: 2,
      limit: 25,
      transactionId: ["tx1"],
      contextKeys: ["tenant:acme", "region:eu"],
      channel: "sms",
    });
  });

  it("rejects bad channel, negative page and malformed context keys", () => {
    const r = listMessagesQuerySchema.safeParse({ channel: "fax", page: "-1", contextKeys: "acme" });
    expect(formatIssues(r.error!)).toEqual([
      'channel: must be one of in_app, email, sms, chat, push (got "fax")',
      "contextKeys[0]: must have the form type:id",
      "page: must be at least 0",
    ]);
  });
});
