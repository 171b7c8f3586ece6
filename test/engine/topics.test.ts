/**
 * svc.Topic and svc.TopicSubscriptions under the real Pulumi CLI (test layer 6), examples/topics: a topic
 * with 3 declared subscribers beside 1 the application added; up, a no-op preview, an edit that swaps one
 * subscriber (one added, one removed, the application's untouched), refresh clean; destroy of the
 * subscriptions leaves the application's; destroy of the topic fails naming the count unless forceDestroy.
 * Needs `npm run build` first.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk";
import { repoRoot } from "../../testkit/harness/repo-root";
import { ENGINE_TIMEOUT_MS, ensurePulumiCli, PulumiStack } from "../../testkit/pulumi-cli";

const SUBS_TYPE = "pulumi-nodejs:dynamic/svc:TopicSubscriptions";
let emu: Emulator;
let stack: PulumiStack;
let client: SvcClient;
let key = "";

/** The subscriberId of each subscription of the topic, with `*` after the application's (default identifier). */
async function subscriptions(): Promise<string[]> {
  const out: string[] = [];
  for await (const s of client.topics.subscriptions.listAll(key, { limit: 100 })) {
    const id = s.subscriber?.subscriberId ?? "?";
    out.push(s.identifier === `tk_${key}:si_${id}` ? `${id}*` : id);
  }
  return out.sort();
}

const writes = () => emu.requests.filter((r) => r.method !== "GET");

describe("Topic and TopicSubscriptions under the real engine", { timeout: ENGINE_TIMEOUT_MS }, () => {
  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      fixtures: {
        subscribers: ["alice", "bob", "carol", "dave", "app-user"].map((subscriberId) => ({ subscriberId })),
      },
    });
    client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    stack = await PulumiStack.init({
      projectDir: join(repoRoot(), "examples/topics"),
      binDir: await ensurePulumiCli(),
    });
    await stack.setConfig("svc:baseUrl", emu.url);
    await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
  }, ENGINE_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.remove();
    await client?.close();
    await emu?.close();
  });

  it("up makes the topic and 3 subscriptions; the application adds 1; a preview then has no changes", async () => {
    await stack.up();
    key = String((await stack.outputs()).topicKey);
    expect(key).toMatch(/^beta-users-[0-9a-f]{8}$/);
    await client.topics.subscriptions.create(key, { subscriptions: ["app-user"] });
    expect(await subscriptions()).toEqual(["alice", "app-user*", "bob", "carol"]);
    emu.resetRequests();
    await stack.preview({ expectNoChanges: true });
    // No topics request; only the key's environment, asked once per process by every resource kind's diff
    // (provider/runtime/shared/with-target.ts: a state written in another environment fails instead).
    expect(emu.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v1/environments/me"]);
  });

  it("an edit swaps one subscriber: one added, one removed, the application's untouched; refresh is clean", async () => {
    await stack.setConfig("subscribers", "alice,bob,dave");
    const preview = await stack.run(["preview", "--diff"], { client: true });
    expect(preview.stdout + preview.stderr).toMatch(/adds 1: "dave"; removes 1: "carol"/);
    emu.resetRequests();
    await stack.up();
    expect(
      writes()
        .map((w) => w.method)
        .sort(),
    ).toEqual(["DELETE", "POST"]);
    expect(await subscriptions()).toEqual(["alice", "app-user*", "bob", "dave"]);
    await stack.refresh();
    await stack.preview({ expectNoChanges: true });
    expect((await stack.outputs()).count).toBe(3);
  });

  it("destroying the subscriptions leaves the application's", async () => {
    const state = await stack.exportStack();
    const urn = (state.deployment.resources ?? []).find((r) => r.type === SUBS_TYPE)?.urn;
    expect(urn).toBeDefined();
    await stack.destroy({ targets: [String(urn)] });
    expect(await subscriptions()).toEqual(["app-user*"]);
  });

  it("destroying the topic fails naming how many subscriptions it holds, unless forceDestroy", async () => {
    const failed = await stack.destroy({ allowFailure: true });
    expect(failed.code).not.toBe(0);
    expect(failed.stdout + failed.stderr).toContain(`topic "${key}" still holds 1 subscription`);
    expect((await client.topics.get(key)).key).toBe(key);

    await stack.setConfig("forceDestroy", "true");
    await stack.up();
    await stack.destroy();
    await expect(client.topics.get(key)).rejects.toThrow(/404|not found/i);
  });
});
