/**
 * examples/device-token-sync under mocks, through the real host and the emulator (default fixtures), run
 * as a project of its own (root directory examples/device-token-sync): the shipped devices.csv (one
 * SubscriberCredentialsSet for fcm), then an edited JSON file (tokens changed, a subscriber dropped).
 * Needs `npm run build` first.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { decodeCredentials } from "../../provider/model/subscriber-credentials-set-schema";
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

/** The set's state entry. */
function setState() {
  return [...runner.engine.state.values()].find((e) => e.urn.endsWith("::fcm-devices"));
}

/** Subscribers whose fingerprint differs between the state and a step's checked inputs. */
function fingerprintChanges(run: { steps: { check?: { inputs: Record<string, unknown> } }[] }): string[] {
  const before = (setState()?.outputs.fingerprints ?? {}) as Record<string, string>;
  const after = (run.steps[0]?.check?.inputs.fingerprints ?? {}) as Record<string, string>;
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((id) => before[id] !== after[id])
    .sort();
}

describe("device-token-sync program", () => {
  it("preview of the shipped devices.csv: one SubscriberCredentialsSet for the file's provider, nothing written", async () => {
    emu.resetRequests();
    const run = ok(await runner.preview(shipped()));
    expect(ops(run)).toEqual([["fcm-devices", "create"]]);
    expect(fingerprintChanges(run)).toEqual(["user-alan", "user-grace"]);
    expect(writes(emu)).toEqual([]);
    expect(fcmTokens("user-alan")).toBeNull();
  });

  it("up sets the tokens of the file; a second up is a no-op", async () => {
    const run = ok(await runner.up(shipped()));
    expect(ops(run)).toEqual([["fcm-devices", "create"]]);
    expect(fcmTokens("user-alan")).toEqual(CSV_TOKENS.slice(0, 2));
    expect(fcmTokens("user-grace")).toEqual(CSV_TOKENS.slice(2));
    expect(run.outputs).toEqual({ credentialSets: ["fcm"], subscriberCount: 2, deviceTokenCount: 3 });
    emu.resetRequests();
    const again = ok(await runner.up(shipped()));
    expect(ops(again)).toEqual([["fcm-devices", "same"]]);
    expect(writes(emu)).toEqual([]);
  });

  it("an edited file (JSON): the preview names the changed and dropped subscribers; up writes only those", async () => {
    const preview = ok(await runner.preview(edited()));
    expect(ops(preview)).toEqual([["fcm-devices", "update"]]);
    expect(fingerprintChanges(preview)).toEqual(["user-alan", "user-grace"]);
    emu.resetRequests();
    const run = ok(await runner.up(edited()));
    expect(ops(run)).toEqual(ops(preview));
    expect(writes(emu).sort()).toEqual([
      "DELETE /v1/subscribers/user-grace/credentials/fcm",
      "PUT /v1/subscribers/user-alan/credentials",
    ]);
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
    expect(refreshed.map((s) => [s.op, s.error])).toEqual([["read", undefined]]);
    // The state keeps the credentials as one JSON text (see encodeCredentials).
    expect(decodeCredentials(setState()?.outputs.credentials)).toEqual({});
    emu.resetRequests();
    const run = ok(await runner.up(edited()));
    expect(ops(run)).toEqual([["fcm-devices", "update"]]);
    expect(writes(emu)).toEqual(["PUT /v1/subscribers/user-alan/credentials"]);
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
