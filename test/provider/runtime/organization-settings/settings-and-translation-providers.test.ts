/**
 * The OrganizationSettings and Translation providers called directly against the emulator: settings create
 * records what it found and delete puts it back (a value changed since is left, with the rest restored), the
 * plan's 402 and a community server's 404 each one line with nothing written, a second declaration of one
 * organization refused before any write; a translation written, updated, deleted, one already there with other
 * content refused, a community server refused in check and create before any write.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Edition, type Emulator, type Plan, startEmulator } from "../../../../emulator";
import type { OrganizationSettingsOutputs } from "../../../../provider/model/organization-settings-schema";
import type { TranslationOutputs } from "../../../../provider/model/translation-schema";
import { OrganizationSettingsProvider } from "../../../../provider/runtime/organization-settings/provider";
import { TranslationProvider } from "../../../../provider/runtime/translation/provider";
import { call } from "../../../../testkit/emulator-http";
import { failure } from "../../../../testkit/error-assertions";

const emus: Emulator[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
  for (const e of emus.splice(0)) await e.close();
});

async function start(edition: Edition, plan: Plan = "free"): Promise<Emulator> {
  const e = await startEmulator({ edition, plan });
  emus.push(e);
  return e;
}

function settings(e: Emulator): OrganizationSettingsProvider {
  const p = new OrganizationSettingsProvider({ settings: { apiKey: e.apiKey, baseUrl: e.url } });
  closers.push(() => p.session.client().close());
  return p;
}

function translations(e: Emulator): TranslationProvider {
  const p = new TranslationProvider({ settings: { apiKey: e.apiKey, baseUrl: e.url } });
  closers.push(() => p.session.client().close());
  return p;
}

const writes = (e: Emulator) => e.requests.filter((r) => r.method !== "GET").length;
const read = async (e: Emulator) => (await call(e, "GET", "/v1/organizations/settings")).body.data;

describe("OrganizationSettings", () => {
  it("create records what it found; delete puts back what the service still holds as written", async () => {
    const e = await start("enterprise", "business");
    await call(e, "PATCH", "/v1/organizations/settings", { body: { defaultLocale: "de_DE" } });
    const p = settings(e);
    const inputs = { defaultLocale: "fr-FR", targetLocales: ["es_ES"], removeNovuBranding: true };
    expect((await p.check({}, inputs)).failures).toEqual([]);
    const { id, outs } = await p.create(inputs);
    expect(outs.prior).toEqual({ defaultLocale: "de_DE", targetLocales: [], removeNovuBranding: false });
    expect(await read(e)).toEqual({
      defaultLocale: "fr-FR",
      targetLocales: ["es_ES"],
      removeNovuBranding: true,
    });
    expect((await p.diff(id, outs, { ...inputs, defaultLocale: "fr_FR" })).changes).toBe(false);
    // Changed in the dashboard since: left as it is; the other fields are put back.
    await call(e, "PATCH", "/v1/organizations/settings", { body: { targetLocales: ["it_IT"] } });
    await p.delete(id, outs as OrganizationSettingsOutputs);
    expect(await read(e)).toEqual({
      defaultLocale: "de_DE",
      targetLocales: ["it_IT"],
      removeNovuBranding: false,
    });
  });

  it("the free plan's 402 is one line and nothing of the create is written; false where false is no write", async () => {
    const e = await start("enterprise");
    const err = await failure(settings(e).create({ defaultLocale: "ja_JP", removeNovuBranding: true }));
    expect(String((err as Error).message)).toMatch(
      /^svc: create: organization settings: removeNovuBranding needs a paid plan/,
    );
    expect(String((err as Error).message)).not.toContain("\n");
    expect((await read(e)).defaultLocale).toBe("en_US");
    // The service refuses false too, but a value it already holds is not sent: no write, no 402.
    e.resetRequests();
    const p = settings(e);
    const ok = await p.create({ removeNovuBranding: false });
    expect(ok.outs?.removeNovuBranding).toBe(false);
    expect(writes(e)).toBe(0);
    await p.delete(ok.id, ok.outs as OrganizationSettingsOutputs);
  });

  it("a second declaration of the same organization is refused before any write", async () => {
    const e = await start("enterprise");
    const p = settings(e);
    const first = await p.create({ defaultLocale: "fr_FR" });
    e.resetRequests();
    const err = await failure(settings(e).create({ defaultLocale: "de_DE" }));
    expect(String((err as Error).message)).toContain("already managed by another svc.OrganizationSettings");
    expect(writes(e)).toBe(0);
    await p.delete(first.id, first.outs as OrganizationSettingsOutputs);
    expect((await read(e)).defaultLocale).toBe("en_US");
  });

  it("a community server: check and create fail in one line naming the enterprise edition, nothing written", async () => {
    const e = await start("community");
    const p = settings(e);
    const checked = await p.check({}, { defaultLocale: "fr_FR" });
    expect(checked.failures).toHaveLength(1);
    expect(checked.failures[0]?.reason).toMatch(/no organization settings .*enterprise edition/);
    const err = await failure(p.create({ defaultLocale: "fr_FR" }));
    expect(String((err as Error).message)).toMatch(/^svc: create: this service has no organization settings/);
    expect(writes(e)).toBe(0);
  });
});

describe("Translation", () => {
  it("create, update, read, delete; a workflow's isTranslationEnabled is stored on an enterprise server", async () => {
    const e = await start("enterprise");
    const w = await call(e, "POST", "/v2/workflows", {
      body: { workflowId: "welcome", name: "Welcome", steps: [], isTranslationEnabled: true },
    });
    expect(w.body.data.isTranslationEnabled).toBe(true);
    const p = translations(e);
    const inputs = {
      resourceType: "workflow" as const,
      resourceId: "welcome",
      locale: "fr-FR",
      content: { hi: "Salut" },
    };
    expect((await p.check({}, inputs)).failures).toEqual([]);
    const { id, outs } = await p.create(inputs);
    expect(id).toBe("workflow/welcome/fr_FR");
    expect((await p.diff(id, outs, inputs)).changes).toBe(false);
    const next = { ...inputs, content: { hi: "Bonjour" } };
    expect(await p.diff(id, outs, next)).toMatchObject({ changes: true, replaces: [] });
    const updated = await p.update(id, outs as TranslationOutputs, next);
    expect(updated.outs?.content).toEqual({ hi: "Bonjour" });
    const got = await p.read(id, updated.outs);
    expect(got.props?.content).toEqual({ hi: "Bonjour" });
    await p.delete(id, updated.outs as TranslationOutputs);
    expect(await p.read(id, updated.outs)).toEqual({});
  });

  it("refuses a translation already there with other content; takes one with the declared content", async () => {
    const e = await start("enterprise");
    await call(e, "POST", "/v2/workflows", { body: { workflowId: "w", name: "W", steps: [] } });
    await call(e, "POST", "/v2/translations", {
      body: { resourceId: "w", resourceType: "workflow", locale: "de_DE", content: { a: "theirs" } },
    });
    const p = translations(e);
    const err = await failure(
      p.create({ resourceType: "workflow", resourceId: "w", locale: "de_DE", content: { a: "ours" } }),
    );
    expect(String((err as Error).message)).toContain(
      "pulumi import svc:index:Translation <name> workflow/w/de_DE",
    );
    const same = await p.create({
      resourceType: "workflow",
      resourceId: "w",
      locale: "de_DE",
      content: { a: "theirs" },
    });
    expect(same.id).toBe("workflow/w/de_DE");
  });

  it("a community server: check and create fail in one line naming the enterprise edition, nothing written", async () => {
    const e = await start("community");
    const p = translations(e);
    const inputs = { resourceType: "workflow" as const, resourceId: "x", locale: "fr_FR", content: {} };
    const checked = await p.check({}, inputs);
    expect(checked.failures[0]?.reason).toMatch(/no translations .*enterprise edition/);
    const err = await failure(p.create(inputs));
    expect(String((err as Error).message)).toMatch(/^svc: create: this service has no translations/);
    expect(writes(e)).toBe(0);
  });
});
