/**
 * What the emulator keeps of an integration's credentials, in both releases it plays
 * (emulator/validation/integration-credentials.ts: CredentialsDto of libs/application-generic, the Mongoose
 * schema of libs/dal's integration.schema.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { SERVICE_VERSIONS } from "../../emulator/service-version";
import { call, validationMessages } from "../../testkit/emulator-http";

describe.each(SERVICE_VERSIONS)("integration credentials (service version %s)", (serviceVersion) => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startEmulator({ serviceVersion });
  });
  afterAll(() => emu.close());

  const create = (identifier: string, providerId: string, channel: string, credentials: object) =>
    call(emu, "POST", "/v1/integrations", {
      body: { identifier, providerId, channel, credentials, active: true, check: false },
    });
  const stored = (identifier: string) =>
    emu.integrations().find((i) => i.identifier === identifier)?.credentials;

  it("stores the keys of the 2025-26 providers: unifonic, msteams, appio, sinch", async () => {
    const unifonic = { appSid: "unifonic-app-secret", senderId: "ACME", from: "+15550100" };
    expect((await create("u", "unifonic", "sms", unifonic)).status).toBe(201);
    expect(stored("u")).toEqual(unifonic);
    expect((await create("m", "msteams", "chat", { tenantId: "t-1", clientId: "c" })).status).toBe(201);
    expect(stored("m")).toEqual({ tenantId: "t-1", clientId: "c" });
    expect((await create("a", "appio", "push", { AppIOBaseUrl: "https://appio.example" })).status).toBe(201);
    expect(stored("a")).toEqual({ AppIOBaseUrl: "https://appio.example" });
    const sinch = { servicePlanId: "plan", apiToken: "tok", region: "us", from: "+15550101" };
    expect((await create("s", "sinch", "sms", sinch)).status).toBe(201);
    expect(stored("s")).toEqual(sinch);
  });

  it("accepts keys outside the DTO (no whitelist) and keeps only the schema's; reads the transforms", async () => {
    const res = await create("x", "nodemailer", "email", {
      host: "smtp.example",
      roomId: "r",
      notAKey: 1,
      secure: "true",
      tlsOptions: '{"rejectUnauthorized":false}',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(stored("x")).toEqual({
      host: "smtp.example",
      secure: true,
      tlsOptions: { rejectUnauthorized: false },
    });
  });

  it("refuses a non-string appSid, senderId, tenantId and AppIOBaseUrl with their paths", async () => {
    const res = await create("bad", "unifonic", "sms", {
      appSid: 1,
      senderId: 2,
      tenantId: 3,
      AppIOBaseUrl: 4,
    });
    expect(validationMessages(res)).toEqual([
      "credentials.appSid must be a string",
      "credentials.senderId must be a string",
      "credentials.tenantId must be a string",
      "credentials.AppIOBaseUrl must be a string",
    ]);
  });

  it("validates the newest DTO's additions only where that release has them", async () => {
    const res = await create("o", "sendgrid", "email", {
      signingSecret: 5,
      useFromAddressOverride: "maybe",
      fromAddressOverride: "not-an-address",
    });
    if (serviceVersion === "newest") {
      expect(validationMessages(res)).toEqual([
        "credentials.signingSecret must be a string",
        "credentials.useFromAddressOverride must be a boolean value",
        "credentials.fromAddressOverride must be an email",
      ]);
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      // April's DTO lists none of them; its schema keeps signingSecret and drops the other two.
      expect(Object.keys(stored("o") ?? {})).toEqual(["signingSecret"]);
    }
  });
});
