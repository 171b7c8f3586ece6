/**
 * svc.Topic and svc.TopicSubscriptions under the real Pulumi CLI (test layer 6), examples/topics run as its
 * README says on a fresh emulator (`--fixtures none`: a new organization, its "Default layout" and in-app
 * integration and nothing else): the README's `curl` lines, run as written, create the declared subscribers
 * (`POST /v2/subscribers`); a topic with those 3 beside 1 the application added, and alice's own subscription
 * `alice-vip` with a name and a conditioned preference on a workflow the application made; up, a no-op
 * preview, an edit of the condition previewed as that line and written as one PATCH, an edit that swaps one
 * subscriber (one added, one removed, the application's untouched), refresh clean; the resource forgotten
 * (`pulumi state delete`) and adopted again by `up` with no write; destroy of
 * the subscriptions leaves the application's; destroy of the topic fails naming the count unless
 * forceDestroy; after it the environment holds no layout but the organization's default, and no command
 * warned. Needs `npm run build` first.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
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

/**
 * The subscriberId of each subscription of the topic, with `*` after the application's (default identifier)
 * and the identifier after a declared one's (`alice=alice-vip`).
 */
async function subscriptions(): Promise<string[]> {
  const out: string[] = [];
  for await (const s of client.topics.subscriptions.listAll(key, { limit: 100 })) {
    const id = s.subscriber?.subscriberId ?? "?";
    const own = s.identifier === "alice-vip" ? `${id}=alice-vip` : id;
    out.push(s.identifier === `tk_${key}:si_${id}` ? `${id}*` : own);
  }
  return out.sort();
}

/** The name and the preferences (workflow, enabled, condition) of `alice-vip` as the service holds them. */
async function vip() {
  const s = await client.topics.subscriptions.get(key, "alice-vip");
  const preferences = (s?.preferences ?? []).map((p) => [p.workflow?.identifier, p.enabled, p.condition]);
  return { name: s?.name, preferences };
}
const tier = (t: string) => ({ "==": [{ var: "payload.tier" }, t] });

const writes = () => emu.requests.filter((r) => r.method !== "GET");

/** Everything the CLI printed, to check that no command warned. */
let printed = "";

/** The `curl` lines of examples/topics/README.md, aimed at this emulator (its port) and otherwise as written. */
function readmeCurlLines(): string[] {
  const readme = readFileSync(join(repoRoot(), "examples/topics/README.md"), "utf8");
  return readme
    .split("\n")
    .filter((line) => line.startsWith("curl "))
    .map((line) => line.replaceAll("http://127.0.0.1:4010", emu.url));
}

/** The application creating a subscriber, as the README's curl lines do (`POST /v2/subscribers`). */
async function applicationCreates(subscriberId: string): Promise<void> {
  const res = await fetch(`${emu.url}/v2/subscribers`, {
    method: "POST",
    headers: { authorization: `ApiKey ${emu.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ subscriberId }),
  });
  expect(res.status).toBe(201);
}

describe("Topic and TopicSubscriptions under the real engine", { timeout: ENGINE_TIMEOUT_MS }, () => {
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, fixtures: "none" });
    const curls = readmeCurlLines();
    expect(curls).toHaveLength(3);
    for (const line of curls) {
      // Asynchronously: the emulator answering curl runs in this process.
      const { stdout } = await promisify(execFile)("sh", ["-c", line], { encoding: "utf8" });
      const answer = JSON.parse(stdout);
      expect(answer.data.subscriberId).toMatch(/^(alice|bob|carol)$/);
    }
    // The subscribers the edit declares later, and the one the application subscribes on its own.
    for (const id of ["dave", "app-user"]) await applicationCreates(id);
    client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
    // The workflow the VIP preference names, made by the application (as the subscribers are).
    const workflow = await fetch(`${emu.url}/v2/workflows`, {
      method: "POST",
      headers: { authorization: `ApiKey ${emu.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Digest", workflowId: "digest", steps: [] }),
    });
    expect(workflow.status).toBe(201);
    stack = await PulumiStack.init({
      projectDir: join(repoRoot(), "examples/topics"),
      binDir: await ensurePulumiCli(),
    });
    await stack.setConfig("svc:baseUrl", emu.url);
    await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
    await stack.setConfig("vipWorkflow", "digest");
    await stack.setConfig("vipTier", "gold");
  }, ENGINE_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.remove();
    await client?.close();
    await emu?.close();
  });

  it("up makes the topic and 3 subscriptions; the application adds 1; a preview then has no changes", async () => {
    const up = await stack.up();
    printed += up.stdout + up.stderr;
    key = String((await stack.outputs()).topicKey);
    expect(key).toMatch(/^beta-users-[0-9a-f]{8}$/);
    await client.topics.subscriptions.create(key, { subscriptions: ["app-user"] });
    expect(await subscriptions()).toEqual(["alice", "alice=alice-vip", "app-user*", "bob", "carol"]);
    expect(await vip()).toEqual({ name: "Alice (VIP)", preferences: [["digest", true, tier("gold")]] });
    emu.resetRequests();
    await stack.preview({ expectNoChanges: true });
    // No topics request; only the key's environment, asked once per process by every resource kind's diff
    // (provider/runtime/shared/with-target.ts: a state written in another environment fails instead).
    expect(emu.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v1/environments/me"]);
  });

  it("an edit of the condition is previewed as that line and written as one PATCH", async () => {
    await stack.setConfig("vipTier", "platinum");
    const preview = await stack.run(["preview", "--diff"], { client: true });
    const changed = (preview.stdout + preview.stderr).split("\n").filter((l) => /^\s*[-+~]/.test(l));
    printed += preview.stdout;
    expect(changed.join("\n")).toMatch(/"gold" => "platinum"/);
    expect(changed.filter((l) => /subscriberIds|alice-vip|Alice \(VIP\)|digest/.test(l))).toEqual([]);
    emu.resetRequests();
    await stack.up();
    expect(writes().map((w) => `${w.method} ${w.path}`)).toEqual([
      `PATCH /v2/topics/${key}/subscriptions/alice-vip`,
    ]);
    // Refresh reads it back clean in the next test.
    expect(await vip()).toEqual({ name: "Alice (VIP)", preferences: [["digest", true, tier("platinum")]] });
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
    expect(await subscriptions()).toEqual(["alice", "alice=alice-vip", "app-user*", "bob", "dave"]);
    await stack.refresh();
    await stack.preview({ expectNoChanges: true });
    expect((await stack.outputs()).count).toBe(4);
  });

  it("a subscription with an identifier and a conditioned preference made elsewhere is adopted with no write", async () => {
    // Nothing but alice-vip declared, then the resource forgotten: the subscription stays as it is.
    await stack.setConfig("subscribers", "");
    await stack.up();
    const state = await stack.exportStack();
    const urn = (state.deployment.resources ?? []).find((r) => r.type === SUBS_TYPE)?.urn;
    await stack.run(["state", "delete", String(urn), "--yes"]);
    emu.resetRequests();
    await stack.up();
    expect(writes()).toEqual([]);
    expect(await vip()).toEqual({ name: "Alice (VIP)", preferences: [["digest", true, tier("platinum")]] });
    await stack.preview({ expectNoChanges: true });
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
    const destroyed = await stack.destroy();
    printed += destroyed.stdout + destroyed.stderr;
    await expect(client.topics.get(key)).rejects.toThrow(/404|not found/i);
  });

  it("leaves no layout but the organization's default, and no command warned", async () => {
    const layouts = await fetch(`${emu.url}/v2/layouts`, {
      headers: { authorization: `ApiKey ${emu.apiKey}` },
    });
    const list = ((await layouts.json()) as { data: { layouts: { layoutId: string; isDefault: boolean }[] } })
      .data;
    expect(list.layouts.map((l) => [l.layoutId, l.isDefault])).toEqual([["default-layout", true]]);
    expect(printed).toMatch(/deleted/);
    expect(printed).not.toMatch(/warning/i);
  });
});
