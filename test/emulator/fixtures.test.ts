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
