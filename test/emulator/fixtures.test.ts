import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import { call } from "../../testkit/emulator-http";

const dir = mkdtempSync(join(tmpdir(), "emu-fixtures-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("fixtures", () => {
  it("uses the fixed default keys: one organization, Development and Production", async () => {
    const emu = await startEmulator();
    try {
      expect(emu.apiKey).toBe("emu_dev_key");
      expect(emu.keys.map((k) => k.apiKey)).toEqual(["emu_dev_key", "emu_prod_key"]);
      expect(emu.keys[0]?.organizationId).toBe(emu.keys[1]?.organizationId);
      expect(emu.keys[0]?.organizationId).toMatch(/^[0-9a-f]{24}$/);
      expect(emu.keys[0]?.environmentId).toMatch(/^[0-9a-f-]{36}$/);
      expect(emu.keys[0]?.environmentId).not.toBe(emu.keys[1]?.environmentId);
      expect(emu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await emu.close();
    }
  });

  it("seeds the bundled demo set, with channels pointing at seeded integrations", async () => {
    const emu = await startEmulator({ fixtures: "default" });
    try {
      const ada = (await call(emu, "GET", "/v2/subscribers?subscriberId=user-ada")).body.data[0];
      const fcm = emu.integrations().find((i) => i.identifier === "fcm-main");
      expect(ada.channels[0]).toMatchObject({ providerId: "fcm", _integrationId: fcm?._id });
      // Entries never carry integrationIdentifier, seeded ones included.
      expect(ada.channels[0]).not.toHaveProperty("integrationIdentifier");
      expect((await call(emu, "GET", "/v2/workflows/weekly-digest")).body.data.steps).toHaveLength(2);
      expect((await call(emu, "GET", "/v1/notifications")).body.data).toHaveLength(2);
    } finally {
      await emu.close();
    }
  });

  it("seeds from a JSON file, per environment by API key or environment id, and programmatically", async () => {
    const file = join(dir, "f.json");
    const emu0 = await startEmulator({ keys: [{ apiKey: "k1" }, { apiKey: "k2" }, { apiKey: "k3" }] });
    const env3 = emu0.keys[2]?.environmentId ?? "";
    await emu0.close();
    writeFileSync(
      file,
      JSON.stringify({
        subscribers: [{ subscriberId: "top" }],
        environments: {
          k2: { subscribers: [{ subscriberId: "second" }] },
          [env3]: { workflows: [{ workflowId: "w3", name: "W3" }] },
        },
      }),
    );
    const emu = await startEmulator({
      keys: [
        { apiKey: "k1" },
        { apiKey: "k2" },
        { apiKey: "k3", organizationId: emu0.keys[2]?.organizationId, environmentId: env3 },
      ],
      fixtures: file,
    });
    try {
      const ids = async (key: string) =>
        (await call(emu, "GET", "/v2/subscribers", { key })).body.data.map(
          (s: { subscriberId: string }) => s.subscriberId,
        );
      expect(await ids("k1")).toEqual(["top"]);
      expect(await ids("k2")).toEqual(["second"]);
      expect((await call(emu, "GET", "/v2/workflows/w3", { key: "k3" })).status).toBe(200);
      emu.seed({ subscribers: [{ subscriberId: "later" }] }, { apiKey: "k3" });
      expect(await ids("k3")).toEqual(["later"]);
      expect(() => emu.seed({ environments: { nowhere: {} } })).toThrow(/unknown environment/);
    } finally {
      await emu.close();
    }
  });

  it("addKey gives a new key its own environment in an existing organization", async () => {
    const emu = await startEmulator();
    try {
      const added = emu.addKey({ apiKey: "staging", organizationId: emu.keys[0]?.organizationId });
      expect(added.organizationId).toBe(emu.keys[0]?.organizationId);
      expect((await call(emu, "GET", "/v1/integrations", { key: "staging" })).status).toBe(200);
      const wf = await call(emu, "GET", "/v2/workflows/x", { key: "staging" });
      expect(wf.status).toBe(404);
      expect(wf.body).toMatchObject({ message: "Workflow cannot be found", workflowId: "x" });
    } finally {
      await emu.close();
    }
  });

  it("addKey of a new environment in a fresh organization gives it its own in-app integration and default layout (create-environment.usecase.ts)", async () => {
    const fresh = await startEmulator({ fixtures: "none" });
    const empty = await startEmulator();
    try {
      for (const emu of [fresh, empty])
        emu.addKey({
          apiKey: "custom",
          organizationId: emu.keys[0]?.organizationId,
          environmentName: "Staging",
        });
      const inApps = (emu: typeof fresh) =>
        emu
          .integrations()
          .filter((i) => i.providerId === "novu" && i.channel === "in_app")
          .map((i) => i._environmentId);
      const staging = fresh.keys.find((k) => k.apiKey === "custom")?.environmentId;
      expect(inApps(fresh).filter((e) => e === staging)).toHaveLength(1);
      expect(new Set(inApps(fresh)).size).toBe(inApps(fresh).length);
      const layouts = await call(fresh, "GET", "/v2/layouts", { key: "custom" });
      expect(layouts.body.data.layouts.map((l: { layoutId: string }) => l.layoutId)).toEqual([
        "default-layout",
      ]);
      // Without a fresh organization (tests owning every record) a new environment starts empty.
      expect(inApps(empty)).toEqual([]);
      expect((await call(empty, "GET", "/v2/layouts", { key: "custom" })).body.data.layouts).toEqual([]);
    } finally {
      await Promise.all([fresh.close(), empty.close()]);
    }
  });

  it("generates 100,000 subscribers that page and filter", async () => {
    const emu = await startEmulator();
    try {
      expect(emu.generateSubscribers(100_000, { prefix: "bench" })).toBe(100_000);
      const page = await call(emu, "GET", "/v2/subscribers?limit=100&orderBy=updatedAt");
      expect(page.body.data).toHaveLength(100);
      expect(page.body.totalCountCapped).toBe(true);
      const deep = await call(
        emu,
        "GET",
        `/v2/subscribers?limit=100&orderBy=updatedAt&after=${page.body.next}`,
      );
      expect(deep.body.data).toHaveLength(100);
      expect(deep.body.data[0]._id).not.toBe(page.body.data[99]._id);
      const one = await call(emu, "GET", "/v2/subscribers?email=bench-99999@example.com");
      expect(one.body.data.map((s: { subscriberId: string }) => s.subscriberId)).toEqual(["bench-99999"]);
    } finally {
      await emu.close();
    }
  });
});

describe("topic fixtures", () => {
  it("seeds topics with their subscribers under default identifiers; an unknown subscriber is an error", async () => {
    const emu = await startEmulator({
      fixtures: {
        subscribers: [{ subscriberId: "fx-a" }, { subscriberId: "fx-b" }],
        topics: [{ key: "fx-topic", name: "Fixture topic", subscriberIds: ["fx-a", "fx-b"] }],
      },
    });
    try {
      const topic = await call(emu, "GET", "/v2/topics/fx-topic");
      expect(topic.body.data.name).toBe("Fixture topic");
      const subs = await call(emu, "GET", "/v2/topics/fx-topic/subscriptions?orderDirection=ASC");
      expect(subs.body.data.map((s: { identifier: string }) => s.identifier)).toEqual([
        "tk_fx-topic:si_fx-a",
        "tk_fx-topic:si_fx-b",
      ]);
      expect(() => emu.seed({ topics: [{ key: "t", subscriberIds: ["nobody"] }] })).toThrow(/nobody/);
    } finally {
      await emu.close();
    }
  });
});

describe("layout fixtures", () => {
  it("seeds layouts in order (the first is the default), content default the empty template", async () => {
    const body = "<html><body>{{content}}</body></html>";
    const emu = await startEmulator({
      fixtures: {
        layouts: [
          { layoutId: "default-layout", name: "Default layout" },
          { layoutId: "brand", name: "Brand", content: { body, editorType: "html" } },
        ],
      },
    });
    try {
      const first = await call(emu, "GET", "/v2/layouts/default-layout");
      expect(first.body.data).toMatchObject({ name: "Default layout", isDefault: true });
      expect(first.body.data.controls.values.email.editorType).toBe("block");
      const brand = await call(emu, "GET", "/v2/layouts/brand");
      expect(brand.body.data.isDefault).toBe(false);
      expect(brand.body.data.controls.values.email).toEqual({ body, editorType: "html" });
      const made = await call(emu, "POST", "/v2/layouts", { body: { layoutId: "mine", name: "Mine" } });
      expect(made.body.data.isDefault).toBe(false);
      expect(() => emu.seed({ layouts: [{ layoutId: "brand", name: "again" }] })).toThrow(/brand/);
    } finally {
      await emu.close();
    }
  });
});
