import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../emulator";
import { call } from "../../testkit/emulator-http";

const dir = mkdtempSync(join(tmpdir(), "emu-persist-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("persistence (dataFile)", () => {
  it("keeps integrations, subscribers, credentials and ids across a restart with the same keys", async () => {
    const dataFile = join(dir, "state.json");
    const first = await startEmulator({ dataFile, fixtures: "default" });
    const created = await call(first, "POST", "/v1/integrations", {
      body: {
        identifier: "kept",
        providerId: "expo",
        channel: "push",
        active: true,
        credentials: { apiKey: "expo-secret" },
      },
    });
    expect(created.status).toBe(201);
    await call(first, "PATCH", "/v1/subscribers/user-alan/credentials", {
      body: { providerId: "expo", credentials: { deviceTokens: ["tok"] } },
    });
    const keys = first.keys;
    await first.close();

    const onDisk = readFileSync(dataFile, "utf8");
    expect(onDisk).not.toContain("emu_dev_key");

    const second = await startEmulator({ dataFile, fixtures: "default" });
    try {
      expect(second.keys).toEqual(keys);
      const list = await call(second, "GET", "/v1/integrations");
      // The fresh organization's two Novu Inbox integrations are restored, not seeded again.
      expect(
        list.body.data
          .map((i: { identifier: string }) => i.identifier.replace(/^novu-inbox-.*/, "novu-inbox"))
          .sort(),
      ).toEqual(["fcm-main", "kept", "novu-inbox", "novu-inbox", "slack-main"]);
      expect(second.integrations().find((i) => i.identifier === "kept")?.credentials).toEqual({
        apiKey: "expo-secret",
      });
      const subs = await call(second, "GET", "/v2/subscribers?limit=100");
      // Fixtures are not seeded again over a restored state.
      expect(subs.body.totalCount).toBe(3);
      const alan = second.subscriber(keys[0]?.environmentId ?? "", "user-alan");
      expect(alan?.channels?.[0]?.credentials).toEqual({ deviceTokens: ["tok"] });
      expect((await call(second, "GET", "/v1/messages")).body.totalCount).toBe(3);
      expect((await call(second, "GET", "/v2/workflows/welcome")).status).toBe(200);
      const event = await call(second, "GET", "/v1/notifications/65f000000000000000000001");
      expect(event.body.data.jobs).toHaveLength(2);
      // Deleting survives too.
      await call(second, "DELETE", `/v1/integrations/${created.body.data._id}`);
    } finally {
      await second.close();
    }
    const third = await startEmulator({ dataFile });
    try {
      expect(third.integrations().some((i) => i.identifier === "kept")).toBe(false);
      expect(third.integrations({ includeDeleted: true }).find((i) => i.identifier === "kept")?.deleted).toBe(
        true,
      );
    } finally {
      await third.close();
    }
  });

  it("saves a change without waiting for close (debounced)", async () => {
    const dataFile = join(dir, "debounced.json");
    const emu = await startEmulator({ dataFile });
    try {
      await call(emu, "POST", "/v1/integrations", {
        body: { identifier: "soon", providerId: "novu-sms", channel: "sms" },
      });
      let saved = false;
      for (let i = 0; i < 100 && !saved; i++) {
        await new Promise((r) => setTimeout(r, 20));
        saved = readFileSync(dataFile, "utf8").includes('"soon"');
      }
      expect(saved).toBe(true);
    } finally {
      await emu.close();
    }
  });
});

describe("persistence of layouts", () => {
  it("keeps v2 layouts (content, default) across a restart", async () => {
    const dataFile = join(dir, "layouts.json");
    const first = await startEmulator({ dataFile });
    const made = await call(first, "POST", "/v2/layouts", {
      body: { layoutId: "kept-layout", name: "Kept" },
    });
    expect(made.status).toBe(201);
    await first.close();
    const second = await startEmulator({ dataFile });
    try {
      const got = await call(second, "GET", "/v2/layouts/kept-layout");
      expect(got.status).toBe(200);
      expect(got.body.data).toEqual(made.body.data);
      const next = await call(second, "POST", "/v2/layouts", { body: { layoutId: "second", name: "S" } });
      expect(next.body.data.isDefault).toBe(false);
    } finally {
      await second.close();
    }
  });
});

describe("persistence of topics", () => {
  it("keeps topics and their subscriptions across a restart", async () => {
    const dataFile = join(dir, "topics.json");
    const first = await startEmulator({ dataFile, fixtures: "default" });
    const made = await call(first, "POST", "/v2/topics/kept/subscriptions", {
      body: { subscriberIds: ["user-alan"], name: "Kept" },
    });
    expect(made.status).toBe(201);
    await first.close();
    const second = await startEmulator({ dataFile });
    try {
      expect((await call(second, "GET", "/v2/topics/kept")).body.data.name).toBe("Kept");
      const list = await call(second, "GET", "/v2/topics/kept/subscriptions");
      expect(list.body.data.map((s: { _id: string }) => s._id)).toEqual([made.body.data[0]._id]);
      const again = await call(second, "POST", "/v2/topics/kept/subscriptions", {
        body: { subscriberIds: ["user-alan"] },
      });
      expect(again.body.data[0]._id).toBe(made.body.data[0]._id);
    } finally {
      await second.close();
    }
  });
});
