/**
 * What the service answers of integrations' credentials to an API key, by release (DESIGN.md, "Measured on
 * the real service of April 2026"): the April 2026 tree answers them in plaintext from the lists, POST and
 * PUT (apps/api/src/app/integrations/integrations.controller.ts `canUserAccessCredentials`, true unless RBAC
 * is on); the newest files answer `credentials: {}` from the lists and no `credentials` from POST and PUT
 * (GHSA-rgr9-mpmj-mpw8, apps/api/src/app/integrations/e2e/api-key-credentials-exposure.e2e.ts). DELETE answers
 * the key's environment's remaining integrations as stored, secure keys encrypted (remove-integration.usecase.ts;
 * libs/application-generic/src/encryption/encrypt-provider.ts). Raw HTTP against the emulator process, once per
 * release. Needs `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorProcess, raw, single, startEmulatorProcess } from "./emulator-process";

/** The emulator's second default key: another environment of the same organization (DELETE leaves it out). */
const OTHER_KEY = "emu_prod_key";
const API_KEY = "SG.conformance-secret-7f1";
const SENDGRID = { apiKey: API_KEY, from: "noreply@example.com", senderName: "Ops" };

const FIXTURES = {
  integrations: [
    { identifier: "mail", providerId: "sendgrid", channel: "email", active: true, credentials: SENDGRID },
  ],
};

// biome-ignore lint/suspicious/noExplicitAny: answers are inspected field by field
const byIdentifier = (list: any[], identifier: string): any => list.find((i) => i.identifier === identifier);

for (const version of ["2026-04", "newest"] as const) {
  describe(`integration credentials answered to an API key (--service-version ${version})`, () => {
    let emu: EmulatorProcess;
    const returned = version === "2026-04";

    beforeAll(async () => {
      emu = await startEmulatorProcess(FIXTURES, [], ["--service-version", version]);
    }, 30_000);
    afterAll(async () => {
      await emu?.stop();
    });

    it(`GET /v1/integrations and /active: ${returned ? "in plaintext" : "{}"}`, async () => {
      for (const path of ["/v1/integrations", "/v1/integrations/active"]) {
        const res = await raw(emu, "GET", path);
        expect(res.status).toBe(200);
        const mail = byIdentifier(single(res), "mail");
        expect(mail.credentials).toEqual(returned ? SENDGRID : {});
      }
    });

    it(`POST and PUT: ${returned ? "in plaintext" : "no credentials property"}`, async () => {
      const credentials = { accountSid: "AC-conformance", token: "tok-conformance-7f2", from: "+15550100" };
      const created = await raw(emu, "POST", "/v1/integrations", {
        body: {
          identifier: `sms-${version}`,
          providerId: "twilio",
          channel: "sms",
          credentials,
          check: false,
        },
      });
      expect(created.status).toBe(201);
      const id = single(created)._id;
      const rotated = { ...credentials, token: "tok-conformance-rotated" };
      const updated = await raw(emu, "PUT", `/v1/integrations/${id}`, { body: { credentials: rotated } });
      expect(updated.status).toBe(200);
      if (returned) {
        expect(single(created).credentials).toEqual(credentials);
        expect(single(updated).credentials).toEqual(rotated);
      } else {
        expect(single(created)).not.toHaveProperty("credentials");
        expect(single(updated)).not.toHaveProperty("credentials");
      }
    });

    it("DELETE: the key's environment's remaining integrations, secure keys encrypted, the rest plain", async () => {
      const elsewhere = await raw(emu, "POST", "/v1/integrations", {
        key: OTHER_KEY,
        body: { identifier: `other-${version}`, providerId: "mailgun", channel: "email", check: false },
      });
      expect(elsewhere.status).toBe(201);
      const made = await raw(emu, "POST", "/v1/integrations", {
        body: { identifier: `gone-${version}`, providerId: "mailgun", channel: "email", check: false },
      });
      const res = await raw(emu, "DELETE", `/v1/integrations/${single(made)._id}`);
      expect(res.status).toBe(200);
      const remaining = single(res);
      expect(byIdentifier(remaining, `gone-${version}`)).toBeUndefined();
      expect(byIdentifier(remaining, `other-${version}`)).toBeUndefined();
      const env = emu.keys[0]?.environmentId;
      expect(remaining.every((i: { _environmentId: string }) => i._environmentId === env)).toBe(true);
      const mail = byIdentifier(remaining, "mail");
      expect(mail.credentials.from).toBe(SENDGRID.from);
      expect(mail.credentials.senderName).toBe(SENDGRID.senderName);
      expect(mail.credentials.apiKey).toMatch(/^nvsk\./);
      expect(JSON.stringify(remaining)).not.toContain(API_KEY);
    });
  });
}
