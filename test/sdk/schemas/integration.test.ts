import { CredentialsDto$inboundSchema } from "@novu/api/models/components";
import { describe, expect, it } from "vitest";
import {
  CREDENTIAL_BOOLEAN_KEYS,
  CREDENTIAL_STRING_KEYS,
  createIntegrationBodySchema,
  credentialsDtoSchema,
  formatIssues,
  integrationListSchema,
  integrationSchema,
  stepFilterSchema,
  updateIntegrationBodySchema,
} from "../../../sdk/schemas";

const condition = {
  isNegated: false,
  type: "GROUP",
  value: "AND",
  children: [{ field: "tier", value: "pro", operator: "EQUAL", on: "subscriber" }],
};

const serverIntegration = {
  _id: "64b7f1c2e4b0a1a2b3c4d5e6",
  _environmentId: "env1",
  _organizationId: "org1",
  name: "SendGrid",
  identifier: "sendgrid-main",
  providerId: "sendgrid",
  channel: "email",
  credentials: {},
  active: true,
  deleted: false,
  primary: true,
  conditions: [condition],
};

describe("credentialsDtoSchema (strict input)", () => {
  it("accepts every key of the newest public client's CredentialsDto, as it goes on the wire", () => {
    // @novu/api's inbound schema reads the wire's names (`AppIOBaseUrl`; its TypeScript says appIOBaseUrl).
    const inner: unknown = Reflect.get(CredentialsDto$inboundSchema._def, "schema");
    const shape: unknown =
      typeof inner === "object" && inner !== null ? Reflect.get(inner, "shape") : undefined;
    const wire = Object.keys(typeof shape === "object" && shape !== null ? shape : {});
    expect(wire).toContain("AppIOBaseUrl");
    const ours = Object.keys(credentialsDtoSchema.shape);
    expect(wire.filter((k) => !ours.includes(k))).toEqual([]);
    // Ours beyond the client: keys providers use that the service's integration schema stores.
    expect(ours.filter((k) => !wire.includes(k)).sort()).toEqual(["apiVersion", "servicePlanId"]);
    expect(ours).toEqual(expect.arrayContaining([...CREDENTIAL_STRING_KEYS, ...CREDENTIAL_BOOLEAN_KEYS]));
    const issue49 = { appSid: "A", senderId: "S", tenantId: "T", AppIOBaseUrl: "https://x", channelId: "c" };
    expect(credentialsDtoSchema.parse(issue49)).toEqual(issue49);
    expect(credentialsDtoSchema.safeParse({ hmacSecretKeyEncoding: "utf8" }).success).toBe(false);
    expect(credentialsDtoSchema.safeParse({ useFromAddressOverride: "yes" }).success).toBe(false);
    const full = credentialsDtoSchema.parse({
      apiKey: "k",
      secretKey: "s",
      port: "587",
      secure: true,
      requireTls: false,
      tlsOptions: { rejectUnauthorized: false },
      baseUrl: "https://api.eu.mailgun.net",
    });
    expect(full.tlsOptions).toEqual({ rejectUnauthorized: false });
  });

  it("rejects unknown keys, wrong types and bad URLs", () => {
    const r = credentialsDtoSchema.safeParse({
      apikey: "k",
      secure: "true",
      webhookUrl: "ftp://x",
      port: 587,
    });
    expect(r.success).toBe(false);
    const lines = formatIssues(r.error!);
    expect(lines).toContain("apikey: unknown field (not allowed here; check the spelling)");
    expect(lines).toContain("secure: must be a boolean (got string)");
    expect(lines).toContain("webhookUrl: must be a valid http(s) URL");
    expect(lines).toContain("port: must be a string (got number)");
  });
});

describe("createIntegrationBodySchema", () => {
  it("accepts a full body", () => {
    const body = createIntegrationBodySchema.parse({
      name: "SendGrid",
      identifier: "sendgrid-main",
      providerId: "sendgrid",
      channel: "email",
      credentials: { apiKey: "SG.x", from: "no-reply@example.com" },
      active: true,
      check: false,
      conditions: [condition],
    });
    expect(body.conditions?.[0]?.children[0]?.operator).toBe("EQUAL");
  });

  it("requires providerId and channel", () => {
    const r = createIntegrationBodySchema.safeParse({ name: "x" });
    expect(formatIssues(r.error!)).toEqual([
      "providerId: is required (string)",
      "channel: must be one of in_app, email, sms, chat, push (got nothing)",
    ]);
  });

  it("rejects bad conditions with the allowed operators listed", () => {
    const bad = { ...condition, children: [{ field: "a", value: "b", operator: "GT", on: "subscriber" }] };
    const r = createIntegrationBodySchema.safeParse({ providerId: "x", channel: "sms", conditions: [bad] });
    const [line] = formatIssues(r.error!);
    expect(line).toMatch(
      /^conditions\[0\]\.children\[0\]\.operator: must be one of LARGER, SMALLER, .*, IN \(got "GT"\)$/,
    );
  });
});

describe("updateIntegrationBodySchema", () => {
  it("allows only the updatable fields", () => {
    expect(updateIntegrationBodySchema.parse({ active: false, credentials: { apiKey: "n" } })).toEqual({
      active: false,
      credentials: { apiKey: "n" },
    });
    const r = updateIntegrationBodySchema.safeParse({ providerId: "mailgun", channel: "email" });
    expect(formatIssues(r.error!)).toEqual([
      "providerId: unknown field (not allowed here; check the spelling)",
      "channel: unknown field (not allowed here; check the spelling)",
    ]);
  });
});

describe("stepFilterSchema", () => {
  it("requires all fields and checks the enums", () => {
    expect(stepFilterSchema.parse({ ...condition, children: [] }).children).toEqual([]);
    const r = stepFilterSchema.safeParse({ isNegated: false, type: "TEXT", value: "XOR" });
    const lines = formatIssues(r.error!);
    expect(lines).toContain('value: must be one of AND, OR (got "XOR")');
    expect(lines).toContain("children: is required (array)");
  });
});

describe("integrationSchema (tolerant response)", () => {
  it("parses a server integration", () => {
    expect(integrationSchema.parse(serverIntegration).identifier).toBe("sendgrid-main");
  });

  it("passes unknown keys, unknown channels and unknown filter values through", () => {
    const parsed = integrationSchema.parse({
      ...serverIntegration,
      channel: "carrier-pigeon",
      providerId: "brand-new-provider",
      createdAt: "2024-01-01T00:00:00Z",
      conditions: [{ ...condition, type: "REGEX", extra: 1 }],
    });
    expect(parsed.channel).toBe("carrier-pigeon");
    expect(parsed["createdAt"]).toBe("2024-01-01T00:00:00Z");
    expect(parsed.conditions?.[0]?.type).toBe("REGEX");
  });

  it("accepts absent credentials, primary and deleted (old records)", () => {
    const { credentials: _c, primary: _p, deleted: _d, ...old } = serverIntegration;
    const parsed = integrationSchema.parse(old);
    expect(parsed.credentials).toBeUndefined();
    expect(parsed.primary).toBeUndefined();
  });

  it("still rejects a body that is not an integration", () => {
    expect(integrationSchema.safeParse({ ...serverIntegration, active: "yes" }).success).toBe(false);
    expect(integrationSchema.safeParse({ name: "x" }).success).toBe(false);
  });

  it("parses lists", () => {
    expect(integrationListSchema.parse([serverIntegration, { ...serverIntegration, _id: "b" }])).toHaveLength(
      2,
    );
  });
});
