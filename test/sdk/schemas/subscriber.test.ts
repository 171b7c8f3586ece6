import { describe, expect, it } from "vitest";
import {
  channelCredentialsSchema,
  formatIssues,
  MAX_DEVICE_TOKENS,
  searchSubscribersQuerySchema,
  subscriberPageSchema,
  subscriberSchema,
  upsertCredentialsBodySchema,
} from "../../../sdk/schemas";

const subscriber = {
  _id: "64b7f1c2e4b0a1a2b3c4d5e6",
  subscriberId: "user-1",
  _organizationId: "org1",
  _environmentId: "env1",
  firstName: null,
  email: "a@example.com",
  channels: [
    {
      providerId: "fcm",
      _integrationId: "int1",
      credentials: { deviceTokens: ["t1", "t2"] },
    },
  ],
  deleted: false,
  createdAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-01-02T00:00:00.000Z",
};

describe("upsertCredentialsBodySchema (strict)", () => {
  it("accepts a push and a chat body", () => {
    expect(
      upsertCredentialsBodySchema.parse({ providerId: "fcm", credentials: { deviceTokens: [] } }),
    ).toEqual({
      providerId: "fcm",
      credentials: { deviceTokens: [] },
    });
    const chat = upsertCredentialsBodySchema.parse({
      providerId: "slack",
      integrationIdentifier: "slack-main",
      credentials: { webhookUrl: "https://hooks.slack.com/services/T/B/X" },
    });
    expect(chat.integrationIdentifier).toBe("slack-main");
  });

  it("rejects a provider outside the 20 channel provider ids, naming them", () => {
    const r = upsertCredentialsBodySchema.safeParse({ providerId: "sendgrid", credentials: {} });
    const [line] = formatIssues(r.error!);
    expect(line).toMatch(/^providerId: must be one of slack, discord, .*, appio \(got "sendgrid"\)$/);
  });

  it("checks URLs, token shape and the token count bound", () => {
    const r = channelCredentialsSchema.safeParse({
      webhookUrl: "hooks.slack.com/x",
      imageUrl: "javascript:alert(1)",
      externalUrl: "https://grafana.example.com/alert/1",
      deviceTokens: ["ok", ""],
    });
    expect(formatIssues(r.error!).sort()).toEqual([
      "deviceTokens[1]: must not be empty",
      "imageUrl: must be a valid http(s) URL",
      "webhookUrl: must be a valid http(s) URL",
    ]);
    const many = Array.from({ length: MAX_DEVICE_TOKENS + 1 }, (_, i) => `t${i}`);
    expect(formatIssues(channelCredentialsSchema.safeParse({ deviceTokens: many }).error!)).toEqual([
      `deviceTokens: must have at most ${MAX_DEVICE_TOKENS} items`,
    ]);
    expect(channelCredentialsSchema.safeParse({ deviceTokens: many.slice(1) }).success).toBe(true);
  });

  it("requires credentials", () => {
    const r = upsertCredentialsBodySchema.safeParse({ providerId: "apns" });
    expect(formatIssues(r.error!)).toEqual(["credentials: is required (object)"]);
  });
});

describe("subscriberSchema (tolerant)", () => {
  it("parses a subscriber with nulls and channels", () => {
    const s = subscriberSchema.parse(subscriber);
    expect(s.channels?.[0]?.credentials.deviceTokens).toEqual(["t1", "t2"]);
    expect(s.firstName).toBeNull();
  });

  it("passes unknown keys and unknown provider ids", () => {
    const s = subscriberSchema.parse({
      ...subscriber,
      newField: { a: 1 },
      channels: [
        { providerId: "new-push", _integrationId: "i", credentials: { deviceTokens: [], extra: 1 } },
      ],
    });
    expect(s["newField"]).toEqual({ a: 1 });
    expect(s.channels?.[0]?.providerId).toBe("new-push");
  });

  it("rejects a record without subscriberId", () => {
    const { subscriberId: _s, ...rest } = subscriber;
    expect(subscriberSchema.safeParse(rest).success).toBe(false);
  });

  it("parses a search page", () => {
    const page = subscriberPageSchema.parse({
      data: [subscriber],
      next: "cursor-1",
      previous: null,
      totalCount: 50000,
      totalCountCapped: true,
    });
    expect(page.totalCountCapped).toBe(true);
    expect(page.previous).toBeNull();
  });
});

describe("searchSubscribersQuerySchema", () => {
  it("applies the defaults", () => {
    expect(searchSubscribersQuerySchema.parse({})).toEqual({
      limit: 10,
      orderBy: "_id",
      orderDirection: "DESC",
    });
  });

  it("coerces query-string values", () => {
    expect(
      searchSubscribersQuerySchema.parse({
        limit: "100",
        includeCursor: "true",
        orderBy: "updatedAt",
        orderDirection: "ASC",
        after: "c1",
      }),
    ).toEqual({ limit: 100, includeCursor: true, orderBy: "updatedAt", orderDirection: "ASC", after: "c1" });
  });

  it("enforces limit 1..100 and the orderBy/orderDirection values", () => {
    const r = searchSubscribersQuerySchema.safeParse({
      limit: "101",
      orderBy: "email",
      orderDirection: "down",
    });
    expect(formatIssues(r.error!)).toEqual([
      "limit: must be at most 100",
      'orderDirection: must be one of ASC, DESC (got "down")',
      'orderBy: must be one of _id, updatedAt (got "email")',
    ]);
    expect(searchSubscribersQuerySchema.safeParse({ limit: 0 }).success).toBe(false);
    expect(searchSubscribersQuerySchema.safeParse({ includeCursor: "1" }).success).toBe(false);
  });

  it("rejects unknown parameters", () => {
    const r = searchSubscribersQuerySchema.safeParse({ pageSize: 3 });
    expect(formatIssues(r.error!)).toEqual([
      "pageSize: unknown field (not allowed here; check the spelling)",
    ]);
  });
});
