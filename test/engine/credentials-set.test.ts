/**
 * SubscriberCredentialsSet under the real Pulumi CLI (test layer 6): examples/device-token-sync with a
 * generated file of 500 subscribers, through preview, up, no-op preview, edit (the preview names exactly
 * the changed and removed subscribers), refresh after an out-of-band change, destroy; checked through
 * `pulumi preview --json`, the `--diff` text, `pulumi stack export` and the emulator's state and requests.
 * Needs `npm run build` first.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk";
import { repoRoot } from "../../testkit/harness/repo-root";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  PulumiStack,
  type StateResource,
} from "../../testkit/pulumi-cli";

const N = 500;
const TYPE = "pulumi-nodejs:dynamic/svc:SubscriberCredentialsSet";
const ids = Array.from({ length: N }, (_, i) => `eng-${i}`);
const tokenOf = (id: string, v: number) => `eng-secret-token-${id}-v${v}`;
const CHANGED = ["eng-10", "eng-11", "eng-12", "eng-13"];
const REMOVED = ["eng-20", "eng-21"];
const BY_HAND = "eng-30";

let emu: Emulator;
let stack: PulumiStack;
let tmp: string;

/** Writes the device file (JSON rows) and points the stack at it. */
async function useFile(name: string, rows: { id: string; v: number }[]): Promise<void> {
  const file = join(tmp, name);
  const data = rows.map(({ id, v }) => ({
    subscriberId: id,
    providerId: "fcm",
    integrationIdentifier: "fcm-main",
    deviceTokens: [tokenOf(id, v)],
  }));
  writeFileSync(file, JSON.stringify(data));
  await stack.setConfig("svc-device-token-sync:file", file);
}

const v1 = ids.map((id) => ({ id, v: 1 }));
const v2 = ids.filter((id) => !REMOVED.includes(id)).map((id) => ({ id, v: CHANGED.includes(id) ? 2 : 1 }));

function tokens(id: string): string[] | undefined {
  return emu.subscriber(emu.keys[0]!.environmentId, id)?.channels?.[0]?.credentials.deviceTokens;
}

/**
 * The fingerprint entries `pulumi preview --diff` marks as added (+), changed (~) or removed (-). The
 * engine prints the whole map of a changed input; the markers name exactly the subscribers that change.
 */
function marked(text: string): string[] {
  return [...text.matchAll(/^\s*([~+-]) (eng-\d+)\s*:/gm)].map((m) => `${m[1]} ${m[2]}`).sort();
}

const writes = () => emu.requests.filter((r) => r.method !== "GET");

async function setResource(): Promise<StateResource> {
  const state = await stack.exportStack();
  const sets = (state.deployment.resources ?? []).filter((r) => r.type === TYPE);
  expect(sets).toHaveLength(1);
  return sets[0]!;
}

describe("SubscriberCredentialsSet under the real engine", { timeout: ENGINE_TIMEOUT_MS }, () => {
  const seen: string[] = [];

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), "credentials-set-engine-"));
    emu = await startEmulator({
      port: 0,
      fixtures: {
        integrations: [{ providerId: "fcm", channel: "push", active: true, identifier: "fcm-main" }],
        subscribers: ids.map((subscriberId) => ({ subscriberId })),
      },
    });
    stack = await PulumiStack.init({
      projectDir: join(repoRoot(), "examples/device-token-sync"),
      binDir: await ensurePulumiCli(),
    });
    await stack.setConfig("svc:baseUrl", emu.url);
    await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
    await stack.setConfig("svc:fingerprintKey", "engine-test-fingerprint-key", { secret: true });
  }, ENGINE_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.remove();
    await emu?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it("preview, then up writes 500 entries in one step; a second preview has no changes", async () => {
    await useFile("v1.json", v1);
    emu.resetRequests();
    const preview = await stack.preview();
    seen.push(preview.stdout, preview.stderr);
    const steps = (preview.digest?.steps ?? []).filter(
      (st) => st.newState?.type === TYPE || st.oldState?.type === TYPE,
    );
    expect(steps.map((st) => [st.op, st.urn.split("::").pop()])).toEqual([
      ["create", "fcm-fcm-main-devices"],
    ]);
    // The one request checks the key and address (docs/installation-configuration.md, "When a setting is wrong").
    expect(emu.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v1/environments/me"]);

    const up = await stack.up();
    seen.push(up.stdout, up.stderr);
    expect(writes()).toHaveLength(N);
    expect(tokens("eng-499")).toEqual([tokenOf("eng-499", 1)]);
    const set = await setResource();
    expect(set.id).toBe("fcm/fcm-main");
    expect(Object.keys(set.outputs?.fingerprints as Record<string, string>)).toHaveLength(N);

    emu.resetRequests();
    const again = await stack.preview({ expectNoChanges: true });
    seen.push(again.stdout);
    // Reads only: the key's environment (asked once per process), and the integration list, to compare the
    // set's binding with where a write lands now.
    expect(emu.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      "GET /v1/environments/me",
      "GET /v1/integrations",
    ]);
  });

  it("an edit: the --diff preview lists exactly the changed and removed subscribers, never a token; up writes only them", async () => {
    await useFile("v2.json", v2);
    const text = await stack.run(["preview", "--diff"], { client: true });
    seen.push(text.stdout, text.stderr);
    expect(marked(text.stdout)).toEqual(
      [...CHANGED.map((id) => `~ ${id}`), ...REMOVED.map((id) => `- ${id}`)].sort(),
    );
    expect(text.stdout).toMatch(/fingerprints/);

    emu.resetRequests();
    const up = await stack.up();
    seen.push(up.stdout, up.stderr);
    expect(
      writes()
        .map((w) => w.method)
        .sort(),
    ).toEqual([...REMOVED.map(() => "DELETE"), ...CHANGED.map(() => "PUT")]);
    expect(tokens("eng-11")).toEqual([tokenOf("eng-11", 2)]);
    expect(tokens("eng-20")).toBeUndefined();
  });

  it("refresh after an out-of-band change shows it; the next up writes that one subscriber back", async () => {
    const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    try {
      await client.subscribers.replaceCredentials(BY_HAND, {
        providerId: "fcm",
        integrationIdentifier: "fcm-main",
        credentials: { deviceTokens: ["eng-by-hand"] },
      });
    } finally {
      await client.close();
    }
    emu.resetRequests();
    const refresh = await stack.refresh();
    seen.push(refresh.stdout, refresh.stderr);
    expect(emu.requests.length).toBeLessThanOrEqual(6); // 500 subscribers, 100 a page
    expect(writes()).toHaveLength(0);
    const set = await setResource();
    const fingerprints = set.outputs?.fingerprints as Record<string, string> | undefined;
    expect(fingerprints?.[BY_HAND]).toBe("changed-outside-pulumi");

    const preview = await stack.run(["preview", "--diff"], { client: true });
    seen.push(preview.stdout);
    expect(marked(preview.stdout)).toEqual([`~ ${BY_HAND}`]);
    emu.resetRequests();
    const up = await stack.up();
    seen.push(up.stdout, up.stderr);
    expect(writes().map((w) => `${w.method} ${w.path}`)).toEqual([
      `PUT /v1/subscribers/${BY_HAND}/credentials`,
    ]);
    expect(tokens(BY_HAND)).toEqual([tokenOf(BY_HAND, 1)]);
  });

  it("destroy clears every entry; no token, key or API key in state, previews or logs", async () => {
    const exported = JSON.stringify(await stack.exportStack());
    emu.resetRequests();
    const down = await stack.destroy();
    seen.push(down.stdout, down.stderr);
    expect(writes()).toHaveLength(N - REMOVED.length);
    expect(ids.filter((id) => tokens(id) !== undefined)).toEqual([]);

    const plain = exported + seen.join("\n");
    const secrets = [
      emu.apiKey,
      "engine-test-fingerprint-key",
      "eng-by-hand",
      ...ids.flatMap((id) => [tokenOf(id, 1), tokenOf(id, 2)]),
    ];
    expect(secrets.filter((s) => plain.includes(s))).toEqual([]);
  });
});
