import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UNKNOWN } from "../../../../provider/model/values";
import {
  concealSecretInputs,
  schemaFailures,
  toCheckFailure,
} from "../../../../provider/runtime/shared/check-failures";
import { createIntegrationBodySchema } from "../../../../sdk/schemas";

describe("schemaFailures", () => {
  it("maps problems to top-level properties with a reason carrying the nested path", () => {
    const failures = schemaFailures(createIntegrationBodySchema, {
      providerId: "sendgrid",
      channel: "email",
      credentials: { apiKey: "k", form: "typo@example.com" },
      colour: "red",
    });
    expect(failures).toContainEqual({
      property: "credentials",
      reason: "credentials.form: unknown field (not allowed here; check the spelling)",
    });
    expect(failures).toContainEqual({
      property: "colour",
      reason: "colour: unknown field (not allowed here; check the spelling)",
    });
  });

  it("names the allowed values of an enum", () => {
    const failures = schemaFailures(createIntegrationBodySchema, {
      providerId: "sendgrid",
      channel: "pager",
    });
    expect(failures).toContainEqual({
      property: "channel",
      reason: 'channel: must be one of in_app, email, sms, chat, push (got "pager")',
    });
  });

  it("skips problems at or under an unknown value, keeps the others", () => {
    const schema = z.strictObject({
      tokens: z.array(z.string().min(3)),
      nested: z.strictObject({ n: z.number() }),
      name: z.string(),
    });
    const failures = schemaFailures(schema, { tokens: UNKNOWN, nested: { n: UNKNOWN }, name: 1 });
    expect(failures).toEqual([{ property: "name", reason: "name: must be a string (got number)" }]);
  });

  it("a problem with the whole value has an empty property", () => {
    expect(toCheckFailure({ path: [], field: "(root)", message: "must be an object" })).toEqual({
      property: "",
      reason: "(root): must be an object",
    });
  });
});

describe("concealSecretInputs", () => {
  it("reports failures of a secret input on the whole resource, keeping the field in the reason", () => {
    const outcome = concealSecretInputs({
      inputs: {},
      failures: [
        { property: "credentials", reason: "credentials.deviceTokens[1]: duplicates deviceTokens[0]" },
        { property: "channel", reason: "channel: must be one of in_app, email, sms, chat, push" },
      ],
    });
    expect(outcome.failures).toEqual([
      { property: "", reason: "credentials.deviceTokens[1]: duplicates deviceTokens[0]" },
      { property: "channel", reason: "channel: must be one of in_app, email, sms, chat, push" },
    ]);
  });
});
