import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  createIntegrationBodySchema,
  describeIssues,
  formatIssues,
  formatPath,
  reportIssues,
  upsertCredentialsBodySchema,
} from "../../../sdk/schemas";

function issuesOf(schema: z.ZodType, input: unknown): z.ZodError {
  const r = schema.safeParse(input);
  if (r.success) throw new Error("expected a validation failure");
  return r.error;
}

describe("formatPath", () => {
  it("renders keys, indexes and odd keys", () => {
    expect(formatPath(["credentials", "deviceTokens", 2])).toBe("credentials.deviceTokens[2]");
    expect(formatPath([])).toBe("(root)");
    expect(formatPath(["data", "a b"])).toBe('data["a b"]');
  });
});

describe("formatIssues", () => {
  it("names the field and the allowed values of an enum", () => {
    const lines = formatIssues(
      issuesOf(createIntegrationBodySchema, { providerId: "sendgrid", channel: "pager" }),
    );
    expect(lines).toEqual(['channel: must be one of in_app, email, sms, chat, push (got "pager")']);
  });

  it("keeps nested paths and names unknown keys", () => {
    const err = issuesOf(upsertCredentialsBodySchema, {
      providerId: "fcm",
      credentials: { deviceTokens: ["ok", "also-ok", ""], devicetokens: ["x"] },
    });
    const lines = formatIssues(err);
    expect(lines).toContain("credentials.deviceTokens[2]: must not be empty");
    expect(lines).toContain("credentials.devicetokens: unknown field (not allowed here; check the spelling)");
  });

  it("says which fields are required and which types were expected", () => {
    const lines = formatIssues(issuesOf(createIntegrationBodySchema, { channel: "email", active: "yes" }));
    expect(lines).toContain("providerId: is required (string)");
    expect(lines).toContain("active: must be a boolean (got string)");
  });

  it("never echoes secret values", () => {
    const secret = "SG.super-secret-key";
    const err = issuesOf(createIntegrationBodySchema, {
      providerId: "sendgrid",
      channel: "email",
      credentials: { apiKey: 42, webhookUrl: `not a url ${secret}`, apikey: secret },
    });
    const text = formatIssues(err).join("\n") + describeIssues(err, "integration");
    expect(text).not.toContain(secret);
    expect(text).toContain("credentials.webhookUrl: must be a valid http(s) URL");
    expect(text).toContain("credentials.apiKey: must be a string (got number)");
  });

  it("describes bounds in words", () => {
    const lines = formatIssues(
      issuesOf(z.object({ n: z.number().max(5), s: z.string().min(2) }), { n: 9, s: "a" }),
    );
    expect(lines).toEqual(["n: must be at most 5", "s: must have at least 2 characters"]);
  });
});

describe("describeIssues", () => {
  it("gives one sentence naming the subject and every issue", () => {
    const err = issuesOf(createIntegrationBodySchema, { providerId: "", channel: "fax" });
    const msg = describeIssues(err, "integration create body");
    expect(msg.startsWith("Invalid integration create body: ")).toBe(true);
    expect(msg).toContain("providerId: must not be empty");
    expect(msg).toContain('channel: must be one of in_app, email, sms, chat, push (got "fax")');
    expect(msg).not.toContain("\n");
  });
});

describe("reportIssues", () => {
  it("reports each problem with its path, rendered field, message and allowed values", () => {
    const err = issuesOf(createIntegrationBodySchema, {
      providerId: "sendgrid",
      channel: "pager",
      credentials: { apiKey: "k", form: "typo@example.com" },
    });
    const reports = reportIssues(err);
    expect(reports).toContainEqual({
      path: ["credentials", "form"],
      field: "credentials.form",
      message: "unknown field (not allowed here; check the spelling)",
    });
    const channel = reports.find((r) => r.field === "channel");
    expect(channel?.allowed).toEqual(["in_app", "email", "sms", "chat", "push"]);
    expect(channel?.message).toMatch(/^must be one of in_app, email, sms, chat, push/);
    expect(formatIssues(err)).toEqual(reports.map((r) => `${r.field}: ${r.message}`));
  });
});
