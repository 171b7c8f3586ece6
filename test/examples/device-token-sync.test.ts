/**
 * examples/device-token-sync under mocks, through the real host and the emulator (default fixtures), run
 * as a project of its own (root directory examples/device-token-sync): the shipped devices.csv, then an edited JSON file
 * (tokens changed, a subscriber dropped). Needs `npm run build` first.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk";
import { repoRoot } from "../../testkit/harness/repo-root";
import {
  exampleRunner,
  expectNoPlaintext,
  ok,
  ops,
  programConfig,
  writes,
} from "../../testkit/programs/example-setup";
import type { ProgramRunner } from "../../testkit/programs/program-runner";

const PROJECT_DIR = join(repoRoot(), "examples/device-token-sync");
const CSV_TOKENS = ["fcm-token-alan-phone", "fcm-token-alan-tablet", "fcm-token-grace-phone"];
const NEW_TOKEN = "fcm-token-alan-new-laptop";

let emu: Emulator;
let runner: ProgramRunner;
let devEnv: string;
let tmp: string;
let editedFile: string;
let fixtureChannels: Record<string, string[]>;

const channelsOf = (id: string) => emu.subscriber(devEnv, id)?.channels ?? [];
const fcmTokens = (id: string) =>
  channelsOf(id).find((c) => c.providerId === "fcm")?.credentials.deviceTokens ?? null;
const snapshot = () =>
  Object.fromEntries(
    ["user-alan", "user-grace", "user-ada"].map((s) => [s, channelsOf(s).map((c) => c.providerId)]),
  );

beforeAll(async () => {
  emu = await startEmulator({ fixtures: "default" });
  devEnv = emu.keys[0]!.environmentId;
  fixtureChannels = snapshot();
  runner = exampleRunner(emu, "device-token-sync", "svc-device-token-sync", { cwd: PROJECT_DIR });
  tmp = mkdtempSync(join(tmpdir(), "device-sync-"));
  editedFile = join(tmp, "devices.json");
  writeFileSync(
    editedFile,
    JSON.stringify([
      { subscriberId: "user-alan", providerId: "fcm", deviceTokens: ["fcm-token-alan-phone", NEW_TOKEN] },
    ]),
  );
});
afterAll(async () => {
  await emu.close();
  rmSync(tmp, { recursive: true, force: true });
});

const shipped = () => ({ ...programConfig(emu), cwd: PROJECT_DIR });
const edited = () => ({
  ...programConfig(emu, { "svc-device-token-sync:file": editedFile }),
  cwd: PROJECT_DIR,
});

describe("device-token-sync program", () => {
  it("preview of the shipped devices.csv: one SubscriberCredentials per subscriber, nothing written", async () => {
    emu.resetRequests();
    const run = ok(await runner.preview(shipped()));
    expect(ops(run)).toEqual([
      ["user-alan-fcm", "create"],
      ["user-grace-fcm", "create"],
    ]);
    expect(writes(emu)).toEqual([]);
    expect(fcmTokens("user-alan")).toBeNull();
  });

  it("up sets the tokens of the file; a second up is a no-op", async () => {
    const run = ok(await runner.up(shipped()));
    expect(ops(run).map(([, op]) => op)).toEqual(["create", "create"]);
    expect(fcmTokens("user-alan")).toEqual(CSV_TOKENS.slice(0, 2));
    expect(fcmTokens("user-grace")).toEqual(CSV_TOKENS.slice(2));
    expect(run.outputs).toEqual({ subscribers: ["user-alan/fcm", "user-grace/fcm"], deviceTokenCount: 3 });
    emu.resetRequests();
    const again = ok(await runner.up(shipped()));
    expect(ops(again).map(([, op]) => op)).toEqual(["same", "same"]);
    expect(writes(emu)).toEqual([]);
  });

  it("an edited file (JSON): changed tokens update in place, a dropped subscriber is cleared", async () => {
    const preview = ok(await runner.preview(edited()));
    expect(ops(preview)).toEqual([
      ["user-alan-fcm", "update"],
      ["user-grace-fcm", "delete"],
    ]);
    const run = ok(await runner.up(edited()));
    expect(ops(run)).toEqual(ops(preview));
    expect(fcmTokens("user-alan")).toEqual(["fcm-token-alan-phone", NEW_TOKEN]);
    expect(fcmTokens("user-grace")).toBeNull();
    expect(channelsOf("user-grace").map((c) => c.providerId)).toEqual(fixtureChannels["user-grace"]);
  });

  it("refresh after an out-of-band delete drops the entry; the next up sets it again", async () => {
    const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    try {
      await client.subscribers.deleteCredentials("user-alan", "fcm");
    } finally {
      await client.close();
    }
    expect(fcmTokens("user-alan")).toBeNull();
    const refreshed = await runner.engine.refresh();
    expect(refreshed.map((s) => [s.op, s.error])).toEqual([["gone", undefined]]);
    const run = ok(await runner.up(edited()));
    expect(ops(run)).toEqual([["user-alan-fcm", "create"]]);
    expect(fcmTokens("user-alan")).toEqual(["fcm-token-alan-phone", NEW_TOKEN]);
  });

  it("destroy clears every token it set; no token in plaintext in state", async () => {
    const raw = JSON.stringify([...runner.engine.state.values()]);
    expect(raw).toContain(NEW_TOKEN);
    const down = await runner.engine.destroy();
    expect(down.map((s) => [s.op, s.error])).toEqual([["delete", undefined]]);
    expect(snapshot()).toEqual(fixtureChannels);
    expectNoPlaintext(runner, [emu.apiKey, ...CSV_TOKENS, NEW_TOKEN]);
  });
});
