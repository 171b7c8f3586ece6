/**
 * client.organization.settings and client.translations against the emulator in its enterprise edition (and
 * the community default's 404): get and update the settings (the 402 of the free plan), translations upsert,
 * get, group, delete; bad input refused before any request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { ApiError, NotFoundError, SvcClient, ValidationError } from "../../sdk";
import { failure } from "../../testkit/error-assertions";

let free: Emulator;
let business: Emulator;
let community: Emulator;
const clients: SvcClient[] = [];
const clientOf = (emu: Emulator) => {
  const c = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url, baseRetryDelayMs: 5 });
  clients.push(c);
  return c;
};

beforeAll(async () => {
  [free, business, community] = await Promise.all([
    startEmulator({ edition: "enterprise" }),
    startEmulator({ edition: "enterprise", plan: "business" }),
    startEmulator({}),
  ]);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all([free.close(), business.close(), community.close()]);
});

describe("client.organization.settings", () => {
  it("get and update (only the fields given)", async () => {
    const c = clientOf(business);
    expect(await c.organization.settings.get()).toEqual({
      removeNovuBranding: false,
      defaultLocale: "en_US",
      targetLocales: [],
    });
    const updated = await c.organization.settings.update({
      removeNovuBranding: true,
      targetLocales: ["fr_FR"],
    });
    expect(updated).toEqual({ removeNovuBranding: true, defaultLocale: "en_US", targetLocales: ["fr_FR"] });
  });

  it("the free plan's 402 and a community server's 404 are errors naming the request and status", async () => {
    const refused = await failure(clientOf(free).organization.settings.update({ removeNovuBranding: false }));
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(402);
    expect(String((refused as Error).message)).toContain("PATCH /v1/organizations/settings -> 402");
    const missing = await failure(clientOf(community).organization.settings.get());
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(String((missing as Error).message)).toContain("Cannot GET /v1/organizations/settings");
  });

  it("refuses a malformed locale before any request", async () => {
    const c = clientOf(free);
    free.resetRequests();
    const err = await failure(c.organization.settings.update({ defaultLocale: "english" }));
    expect(err).toBeInstanceOf(ValidationError);
    expect(String((err as Error).message)).toContain("defaultLocale");
    expect(free.requests).toHaveLength(0);
  });
});

describe("client.translations", () => {
  it("upsert, get, group, delete", async () => {
    const c = clientOf(free);
    await c.workflows.create({ workflowId: "sdk-tr", name: "Sdk tr", steps: [] });
    const t = await c.translations.upsert({
      resourceId: "sdk-tr",
      resourceType: "workflow",
      locale: "fr_FR",
      content: { title: "Bonjour" },
    });
    expect(t).toMatchObject({ resourceId: "sdk-tr", locale: "fr_FR", content: { title: "Bonjour" } });
    expect((await c.translations.get("workflow", "sdk-tr", "fr_FR")).content).toEqual({ title: "Bonjour" });
    expect((await c.translations.group("workflow", "sdk-tr")).locales).toEqual(["fr_FR"]);
    await c.translations.delete("workflow", "sdk-tr", "fr_FR");
    expect(await failure(c.translations.get("workflow", "sdk-tr", "fr_FR"))).toBeInstanceOf(NotFoundError);
  });

  it("refuses a bad resource type before any request; a community server's 404 names the route", async () => {
    free.resetRequests();
    const bad = await failure(
      clientOf(free).translations.upsert({
        resourceId: "x",
        // @ts-expect-error: a resource type the service does not have
        resourceType: "topic",
        locale: "fr_FR",
        content: {},
      }),
    );
    expect(bad).toBeInstanceOf(ValidationError);
    expect(String((bad as Error).message)).toContain("workflow, layout");
    expect(free.requests).toHaveLength(0);
    const missing = await failure(
      clientOf(community).translations.upsert({
        resourceId: "x",
        resourceType: "workflow",
        locale: "fr_FR",
        content: {},
      }),
    );
    expect(String((missing as Error).message)).toContain("Cannot POST /v2/translations");
  });
});
