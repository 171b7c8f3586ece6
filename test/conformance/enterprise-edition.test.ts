import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Novu } from "@novu/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { call, expectError } from "../../testkit/emulator-http";

/**
 * The enterprise edition's routes, raw HTTP, one fact per test with the source it checks:
 * organization settings (apps/api/src/app/organization/ee.organization.controller.ts and its usecases and
 * DTOs), translations (the private translations module; contract: @novu/api `translations`), the
 * `isTranslationEnabled` flag that only that module stores, and the community server's 404 for all of it.
 */

let community: Emulator;
let enterprise: Emulator;
let business: Emulator;
beforeAll(async () => {
  [community, enterprise, business] = await Promise.all([
    startEmulator({}),
    startEmulator({ edition: "enterprise" }),
    startEmulator({ edition: "enterprise", plan: "business" }),
  ]);
});
afterAll(() => Promise.all([community.close(), enterprise.close(), business.close()]));

describe("a community server (the default) has neither route: Nest's 404 for an unknown route", () => {
  it("answers 404 Cannot GET /v1/organizations/settings and Cannot POST /v2/translations", async () => {
    const get = expectError(await call(community, "GET", "/v1/organizations/settings"), 404);
    expect(get.message).toBe("Cannot GET /v1/organizations/settings");
    const patch = expectError(
      await call(community, "PATCH", "/v1/organizations/settings", { body: {} }),
      404,
    );
    expect(patch.message).toBe("Cannot PATCH /v1/organizations/settings");
    const post = expectError(
      await call(community, "POST", "/v2/translations", {
        body: { resourceId: "x", resourceType: "workflow", locale: "en_US", content: {} },
      }),
      404,
    );
    expect(post.message).toBe("Cannot POST /v2/translations");
  });

  it("stores isTranslationEnabled as false on workflows and layouts (create-workflow-v0: community returns early)", async () => {
    const w = await call(community, "POST", "/v2/workflows", {
      body: { workflowId: "ce-flag", name: "CE flag", steps: [], isTranslationEnabled: true },
    });
    expect(w.body.data.isTranslationEnabled).toBe(false);
    const l = await call(community, "POST", "/v2/layouts", {
      body: { layoutId: "ce-layout", name: "CE layout", isTranslationEnabled: true },
    });
    expect(l.body.data.isTranslationEnabled).toBe(false);
  });
});

describe("organization settings (get-organization-settings, update-organization-settings usecases)", () => {
  it("reads the defaults before any write: removeNovuBranding false, defaultLocale en_US, no targetLocales", async () => {
    const res = await call(enterprise, "GET", "/v1/organizations/settings");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ removeNovuBranding: false, defaultLocale: "en_US", targetLocales: [] });
  });

  it("changes only the fields given, and is one record for the whole organization (both environments' keys)", async () => {
    const [dev, prod] = business.keys.map((k) => k.apiKey);
    const a = await call(business, "PATCH", "/v1/organizations/settings", {
      key: dev,
      body: { defaultLocale: "fr_FR", targetLocales: ["de_DE", "es_ES"] },
    });
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual({
      removeNovuBranding: false,
      defaultLocale: "fr_FR",
      targetLocales: ["de_DE", "es_ES"],
    });
    const b = await call(business, "PATCH", "/v1/organizations/settings", {
      key: prod,
      body: { removeNovuBranding: true },
    });
    expect(b.body.data).toEqual({
      removeNovuBranding: true,
      defaultLocale: "fr_FR",
      targetLocales: ["de_DE", "es_ES"],
    });
    const empty = await call(business, "PATCH", "/v1/organizations/settings", { key: dev, body: {} });
    expect(empty.body.data).toEqual(b.body.data);
    const read = await call(business, "GET", "/v1/organizations/settings", { key: dev });
    expect(read.body.data).toEqual(b.body.data);
  });

  it("checks defaultLocale against the locale list, reading - as _ (locale-validator.ts), and stores it as sent", async () => {
    const hyphen = await call(business, "PATCH", "/v1/organizations/settings", {
      body: { defaultLocale: "pt-BR" },
    });
    expect(hyphen.status).toBe(200);
    expect(hyphen.body.data.defaultLocale).toBe("pt-BR");
    for (const bad of ["english", "xx_YY", "en_ZZ", ""]) {
      const res = expectError(
        await call(business, "PATCH", "/v1/organizations/settings", { body: { defaultLocale: bad } }),
        400,
      );
      expect(JSON.stringify(res.message)).toContain("defaultLocale");
    }
    expect((await call(business, "GET", "/v1/organizations/settings")).body.data.defaultLocale).toBe("pt-BR");
  });

  it("refuses any removeNovuBranding on the free plan with 402, false too, and writes nothing of the request", async () => {
    for (const value of [true, false]) {
      const res = expectError(
        await call(enterprise, "PATCH", "/v1/organizations/settings", {
          body: { removeNovuBranding: value, defaultLocale: "de_DE" },
        }),
        402,
      );
      expect(res.error).toBe("Payment Required");
      expect(res.message).toContain("Removing Novu branding is not allowed on the free plan");
    }
    const read = await call(enterprise, "GET", "/v1/organizations/settings");
    expect(read.body.data.defaultLocale).toBe("en_US");
  });

  it("refuses a removeNovuBranding that is not a boolean and targetLocales that are not strings (400)", async () => {
    expectError(
      await call(business, "PATCH", "/v1/organizations/settings", { body: { removeNovuBranding: "yes" } }),
      400,
    );
    expectError(
      await call(business, "PATCH", "/v1/organizations/settings", { body: { targetLocales: [1] } }),
      400,
    );
  });
});

describe("translations (@novu/api translations contract)", () => {
  beforeAll(async () => {
    const w = await call(enterprise, "POST", "/v2/workflows", {
      body: { workflowId: "tr-welcome", name: "Tr welcome", steps: [], isTranslationEnabled: true },
    });
    expect(w.status).toBe(201);
    await call(enterprise, "POST", "/v2/layouts", { body: { layoutId: "tr-layout", name: "Tr layout" } });
  });

  it("stores isTranslationEnabled on create, PUT and PATCH; an absent one keeps the stored value", async () => {
    const got = await call(enterprise, "GET", "/v2/workflows/tr-welcome");
    expect(got.body.data.isTranslationEnabled).toBe(true);
    const put = await call(enterprise, "PUT", "/v2/workflows/tr-welcome", {
      body: { name: "Tr welcome", steps: [] },
    });
    expect(put.body.data.isTranslationEnabled).toBe(true);
    const off = await call(enterprise, "PATCH", "/v2/workflows/tr-welcome", {
      body: { isTranslationEnabled: false },
    });
    expect(off.body.data.isTranslationEnabled).toBe(false);
    const on = await call(enterprise, "PATCH", "/v2/workflows/tr-welcome", {
      body: { isTranslationEnabled: true },
    });
    expect(on.body.data.isTranslationEnabled).toBe(true);
    const l = await call(enterprise, "POST", "/v2/layouts", {
      body: { layoutId: "tr-layout-2", name: "Tr layout 2", isTranslationEnabled: true },
    });
    expect(l.body.data.isTranslationEnabled).toBe(true);
  });

  it("POST upserts (200), keyed by resource and normalized locale; GET answers it; the group lists the locales", async () => {
    const body = {
      resourceId: "tr-welcome",
      resourceType: "workflow",
      locale: "fr-FR",
      content: { hi: "Bonjour" },
    };
    const first = await call(enterprise, "POST", "/v2/translations", { body });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      resourceId: "tr-welcome",
      resourceType: "workflow",
      locale: "fr_FR",
      content: { hi: "Bonjour" },
    });
    const again = await call(enterprise, "POST", "/v2/translations", {
      body: { ...body, content: { hi: "Salut" } },
    });
    expect(again.body.data.content).toEqual({ hi: "Salut" });
    expect(again.body.data.createdAt).toBe(first.body.data.createdAt);
    const read = await call(enterprise, "GET", "/v2/translations/workflow/tr-welcome/fr_FR");
    expect(read.body.data.content).toEqual({ hi: "Salut" });
    await call(enterprise, "POST", "/v2/translations", {
      body: { ...body, locale: "de_DE", content: { hi: "Hallo" } },
    });
    const group = await call(enterprise, "GET", "/v2/translations/group/workflow/tr-welcome");
    expect(group.status).toBe(200);
    expect(group.body.data).toMatchObject({
      resourceId: "tr-welcome",
      resourceType: "workflow",
      resourceName: "Tr welcome",
      locales: ["fr_FR", "de_DE"],
    });
  });

  it("DELETE one answers 204, then 404; DELETE of the group removes the rest", async () => {
    expect((await call(enterprise, "DELETE", "/v2/translations/workflow/tr-welcome/de_DE")).status).toBe(204);
    expectError(await call(enterprise, "DELETE", "/v2/translations/workflow/tr-welcome/de_DE"), 404);
    expectError(await call(enterprise, "GET", "/v2/translations/workflow/tr-welcome/de_DE"), 404);
    expect((await call(enterprise, "DELETE", "/v2/translations/workflow/tr-welcome")).status).toBe(204);
    expectError(await call(enterprise, "GET", "/v2/translations/group/workflow/tr-welcome"), 404);
  });

  it("translates a layout too; an unknown resource is 404; a bad body or locale is the v2 422", async () => {
    const l = await call(enterprise, "POST", "/v2/translations", {
      body: { resourceId: "tr-layout", resourceType: "layout", locale: "es_ES", content: { footer: "Hola" } },
    });
    expect(l.status).toBe(200);
    expectError(
      await call(enterprise, "POST", "/v2/translations", {
        body: { resourceId: "nope", resourceType: "workflow", locale: "es_ES", content: {} },
      }),
      404,
    );
    for (const bad of [
      { resourceId: "tr-layout", resourceType: "topic", locale: "es_ES", content: {} },
      { resourceId: "tr-layout", resourceType: "layout", locale: "spanish", content: {} },
      { resourceId: "tr-layout", resourceType: "layout", locale: "es_ES", content: "x" },
    ]) {
      expect(
        expectError(await call(enterprise, "POST", "/v2/translations", { body: bad }), 422).message,
      ).toBe("Validation Error");
    }
  });

  it("is scoped to the key's environment: Production does not see Development's translation", async () => {
    const prod = enterprise.keys[1]?.apiKey ?? "";
    expectError(await call(enterprise, "GET", "/v2/translations/layout/tr-layout/es_ES", { key: prod }), 404);
  });
});

describe("@novu/api parses the translation answers", () => {
  it("create, retrieve, group retrieve, delete", async () => {
    const novu = new Novu({ serverURL: enterprise.url, secretKey: enterprise.apiKey });
    const created = await novu.translations.create({
      resourceId: "tr-layout",
      resourceType: "layout",
      locale: "it_IT",
      content: { footer: "Ciao" },
    });
    expect(created.content).toEqual({ footer: "Ciao" });
    const got = await novu.translations.retrieve({
      resourceType: "layout",
      resourceId: "tr-layout",
      locale: "it_IT",
    });
    expect(got.locale).toBe("it_IT");
    const group = await novu.translations.groups.retrieve("layout", "tr-layout");
    expect(group.locales).toContain("it_IT");
    await novu.translations.delete({ resourceType: "layout", resourceId: "tr-layout", locale: "it_IT" });
  });
});

describe("--data keeps the settings and translations across a restart", () => {
  it("restores both", async () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-ee-"));
    const dataFile = join(dir, "state.json");
    try {
      const first = await startEmulator({ edition: "enterprise", dataFile });
      await call(first, "PATCH", "/v1/organizations/settings", { body: { defaultLocale: "ja_JP" } });
      await call(first, "POST", "/v2/workflows", { body: { workflowId: "kept", name: "Kept", steps: [] } });
      await call(first, "POST", "/v2/translations", {
        body: { resourceId: "kept", resourceType: "workflow", locale: "ja_JP", content: { a: "b" } },
      });
      await first.close();
      const second = await startEmulator({ edition: "enterprise", dataFile });
      try {
        expect((await call(second, "GET", "/v1/organizations/settings")).body.data.defaultLocale).toBe(
          "ja_JP",
        );
        expect((await call(second, "GET", "/v2/translations/workflow/kept/ja_JP")).body.data.content).toEqual(
          { a: "b" },
        );
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
