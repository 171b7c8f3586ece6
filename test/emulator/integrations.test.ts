import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { call, expectError, validationMessages } from "../../testkit/emulator-http";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(() => emu.close());

const sendgrid = { apiKey: "SG.secret-value", from: "noreply@example.com" };

describe("POST /v1/integrations", () => {
  it("checks an email integration live when asked (check: true; false by default since 2025): the emulator reaches no provider, so 500 with an errorId", async () => {
    const body = { identifier: "checked", providerId: "sendgrid", channel: "email", credentials: sendgrid };
    const res = await call(emu, "POST", "/v1/integrations", { body: { ...body, check: true } });
    expect(expectError(res, 500).errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(emu.integrations().some((i) => i.identifier === "checked")).toBe(false);
    // Providers whose check calls no one pass; SMS is not checked; check: false skips it.
    const mailgun = { apiKey: "k", domain: "d", from: "a@b.c" };
    expect(
      (
        await call(emu, "POST", "/v1/integrations", {
          body: { providerId: "mailgun", channel: "email", credentials: mailgun, check: true },
        })
      ).status,
    ).toBe(201);
    expect(
      (await call(emu, "POST", "/v1/integrations", { body: { providerId: "novu-sms", channel: "sms" } }))
        .status,
    ).toBe(201);
    const unchecked = await call(emu, "POST", "/v1/integrations", { body: { ...body, check: false } });
    expect(unchecked.status).toBe(201);
    // Update checks too when asked (with the stored credentials when none are given).
    const put = await call(emu, "PUT", `/v1/integrations/${unchecked.body.data._id}`, {
      body: { name: "n", check: true },
    });
    expectError(put, 500);
    const putUnchecked = await call(emu, "PUT", `/v1/integrations/${unchecked.body.data._id}`, {
      body: { name: "n", check: false },
    });
    expect(putUnchecked.status).toBe(200);
  });

  it("creates an integration in the key's environment, wrapped, with defaults; answers its credentials (2026-04)", async () => {
    const res = await call(emu, "POST", "/v1/integrations", {
      body: {
        name: "Mail Main",
        providerId: "sendgrid",
        channel: "email",
        credentials: sendgrid,
        check: false,
      },
    });
    expect(res.status).toBe(201);
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const i = res.body.data;
    expect(i._id).toMatch(/^[0-9a-f]{24}$/);
    expect(i._environmentId).toBe(emu.keys[0]?.environmentId);
    expect(i._organizationId).toBe(emu.keys[0]?.organizationId);
    expect(i.active).toBe(false);
    expect(i.deleted).toBe(false);
    expect(i.primary).toBe(false);
    // The April 2026 service answers them in plaintext (../../emulator/integration-credentials.ts).
    expect(i.credentials).toEqual(sendgrid);
    expect(i.identifier).toMatch(/^mail-main-[A-Za-z0-9_-]{7,14}$/);
    // Kept internally.
    expect(emu.integrations().find((x) => x._id === i._id)?.credentials).toEqual(sendgrid);
  });

  it("names an integration without a name as the provider's display name, its identifier the name's slug", async () => {
    const res = await call(emu, "POST", "/v1/integrations", {
      body: { providerId: "novu-sms", channel: "sms" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe("Novu SMS");
    expect(res.body.data.identifier).toMatch(/^novu-sms-[A-Za-z0-9_-]{7,14}$/);
    const sendgrid = await call(emu, "POST", "/v1/integrations", {
      body: { providerId: "sendgrid", channel: "email" },
    });
    expect(sendgrid.body.data.name).toBe("SendGrid");
  });

  it("answers 409 for a duplicate identifier in the organization, also from another environment", async () => {
    const body = { identifier: "dup-id", providerId: "novu-sms", channel: "sms" };
    expect((await call(emu, "POST", "/v1/integrations", { body })).status).toBe(201);
    const again = await call(emu, "POST", "/v1/integrations", { body, key: "emu_prod_key" });
    expect(expectError(again, 409).message).toContain("dup-id");
  });

  it("validates the body as create-integration-request.dto.ts: 422 with class-validator's messages", async () => {
    const res = await call(emu, "POST", "/v1/integrations", { body: { providerId: "x", channel: "pager" } });
    expect(validationMessages(res)).toEqual([
      "channel must be one of the following values: in_app, email, sms, chat, push",
    ]);
    const missing = await call(emu, "POST", "/v1/integrations", { body: { channel: "email" } });
    expect(validationMessages(missing)).toEqual([
      "providerId must be a string",
      "providerId should not be null or undefined",
    ]);
    const noBody = await call(emu, "POST", "/v1/integrations");
    expect(validationMessages(noBody)).toHaveLength(4);
  });
  it("creates an active integration whatever its credentials: the service checks none (create-integration.usecase.ts)", async () => {
    const res = await call(emu, "POST", "/v1/integrations", {
      body: {
        providerId: "twilio",
        channel: "sms",
        active: true,
        credentials: { accountSid: "AC-secret" },
        check: false,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.active).toBe(true);
  });
});

describe("primary, lists, PUT and DELETE", () => {
  let own: Emulator;
  beforeAll(async () => {
    own = await startEmulator();
  });
  afterAll(() => own.close());

  it("computes primary for the first active email/SMS integration per environment and channel", async () => {
    const a = (
      await call(own, "POST", "/v1/integrations", {
        body: {
          identifier: "mail-a",
          providerId: "sendgrid",
          channel: "email",
          active: true,
          credentials: sendgrid,
          check: false,
        },
      })
    ).body.data;
    const b = (
      await call(own, "POST", "/v1/integrations", {
        body: {
          identifier: "mail-b",
          providerId: "sendgrid",
          channel: "email",
          active: true,
          credentials: sendgrid,
          check: false,
        },
      })
    ).body.data;
    const prod = (
      await call(own, "POST", "/v1/integrations", {
        key: "emu_prod_key",
        body: {
          identifier: "mail-p",
          providerId: "sendgrid",
          channel: "email",
          active: true,
          credentials: sendgrid,
          check: false,
        },
      })
    ).body.data;
    const push = (
      await call(own, "POST", "/v1/integrations", {
        body: {
          identifier: "push-a",
          providerId: "expo",
          channel: "push",
          active: true,
          credentials: { apiKey: "k" },
        },
      })
    ).body.data;
    expect([a.primary, b.primary, prod.primary, push.primary]).toEqual([true, false, true, false]);

    // Deactivating the primary hands primary to the next active one.
    const upd = await call(own, "PUT", `/v1/integrations/${a._id}`, {
      body: { active: false, check: false },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data.primary).toBe(false);
    const active = (await call(own, "GET", "/v1/integrations/active")).body.data;
    expect(active.find((i: { _id: string }) => i._id === b._id).primary).toBe(true);
  });

  it("lists every environment of the organization (all and active), credentials as stored (2026-04)", async () => {
    const all = await call(own, "GET", "/v1/integrations");
    expect(all.status).toBe(200);
    const envs = new Set(all.body.data.map((i: { _environmentId: string }) => i._environmentId));
    expect(envs).toEqual(new Set(own.keys.map((k) => k.environmentId)));
    const stored = new Map(own.integrations().map((i) => [i._id, i.credentials]));
    for (const i of all.body.data as { _id: string; credentials: object }[])
      expect(i.credentials).toEqual(stored.get(i._id));
    const active = await call(own, "GET", "/v1/integrations/active", { key: "emu_prod_key" });
    expect(active.body.data.map((i: { identifier: string }) => i.identifier).sort()).toEqual([
      "mail-b",
      "mail-p",
      "push-a",
    ]);
  });

  it("PUT replaces credentials whole, keeps them when absent, refuses what the DTO refuses", async () => {
    const created = (
      await call(own, "POST", "/v1/integrations", {
        body: {
          identifier: "put-me",
          providerId: "mailgun",
          channel: "email",
          credentials: { apiKey: "k1", domain: "d", from: "a@b.c", senderName: "S" },
        },
      })
    ).body.data;
    const stored = () => own.integrations().find((i) => i._id === created._id);
    const res = await call(own, "PUT", `/v1/integrations/${created._id}`, {
      body: { name: "Renamed", credentials: { apiKey: "k2", domain: "d2", from: "x@y.z" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe("Renamed");
    expect(res.body.data.credentials).toEqual({ apiKey: "k2", domain: "d2", from: "x@y.z" });
    expect(stored()?.credentials).toEqual({ apiKey: "k2", domain: "d2", from: "x@y.z" });
    await call(own, "PUT", `/v1/integrations/${created._id}`, { body: { active: true } });
    expect(stored()?.credentials).toEqual({ apiKey: "k2", domain: "d2", from: "x@y.z" });
    expect(stored()?.active).toBe(true);
    const partial = await call(own, "PUT", `/v1/integrations/${created._id}`, {
      body: { credentials: { apiKey: "k3" } },
    });
    expect(partial.status).toBe(200);
    expect(stored()?.credentials).toEqual({ apiKey: "k3" });
    const bad = await call(own, "PUT", `/v1/integrations/${created._id}`, {
      body: { credentials: { apiKey: 3, secure: "yes" } },
    });
    expect(validationMessages(bad)).toEqual([
      "credentials.apiKey must be a string",
      "credentials.secure must be a boolean value",
    ]);
    const dup = await call(own, "PUT", `/v1/integrations/${created._id}`, { body: { identifier: "mail-b" } });
    expectError(dup, 409);
    // No whitelist: a key the DTO lacks is ignored, not refused.
    const unknownKey = await call(own, "PUT", `/v1/integrations/${created._id}`, {
      body: { providerId: "ses", name: "Again" },
    });
    expect(unknownKey.status).toBe(200);
    expect(stored()?.providerId).toBe("mailgun");
    // Nothing updatable: update-integration.usecase.ts "No properties found for update".
    const nothing = await call(own, "PUT", `/v1/integrations/${created._id}`, {
      body: { providerId: "ses" },
    });
    expect(expectError(nothing, 400).message).toBe("No properties found for update");
    expectError(await call(own, "PUT", "/v1/integrations/0123456789abcdef01234567", { body: {} }), 404);
  });

  it("DELETE soft-deletes, answers the remaining list wrapped, and hides it from lists and PUT", async () => {
    const created = (
      await call(own, "POST", "/v1/integrations", {
        body: { identifier: "del-me", providerId: "novu-sms", channel: "sms" },
      })
    ).body.data;
    const res = await call(own, "DELETE", `/v1/integrations/${created._id}`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data)).toBe(true);
    expect(res.body.data.some((i: { _id: string }) => i._id === created._id)).toBe(false);
    const all = (await call(own, "GET", "/v1/integrations")).body.data;
    expect(all.some((i: { _id: string }) => i._id === created._id)).toBe(false);
    expectError(await call(own, "PUT", `/v1/integrations/${created._id}`, { body: { name: "x" } }), 404);
    expectError(await call(own, "DELETE", `/v1/integrations/${created._id}`), 404);
    const kept = own.integrations({ includeDeleted: true }).find((i) => i._id === created._id);
    expect(kept?.deleted).toBe(true);
    expect(typeof kept?.deletedAt).toBe("string");
    expect(kept?.deletedBy).toMatch(/^[0-9a-f]{24}$/);
    expect(own.integrations().some((i) => i._id === created._id)).toBe(false);
    // The identifier of a deleted integration can be used again.
    const reuse = await call(own, "POST", "/v1/integrations", {
      body: { identifier: "del-me", providerId: "novu-sms", channel: "sms" },
    });
    expect(reuse.status).toBe(201);
  });
});
