/**
 * The fast harness (testkit/harness: LifecycleRunner over the real dynamic-provider host) against the real
 * Pulumi engine, on one scenario run both ways: preview, up, preview of an edit, up of the edit (an in-place
 * update, a create-before-delete replace, a delete-before-replace replace of a dependent), destroy, with a
 * refresh in between. The engine's
 * provider calls are recorded by a plugin that wraps the real host (recording-plugin.js), the harness's by its
 * gRPC tap; both are decoded with the same stubs and must match call for call, as must the service requests,
 * the emulator's state and where the state holds secrets. When this fails, the harness has drifted from the
 * engine: fix the harness. Needs `npm run build` first.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import {
  callLines,
  captureRegistrations,
  type DesiredResource,
  decodeCalls,
  fromTap,
  type Json,
  LifecycleRunner,
  type ProviderCall,
  readRecording,
  recordingPlugin,
  redactSecrets,
  type StepResult,
  secret,
  startHarness,
  type TappedCall,
} from "../../testkit/harness";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  type PreviewDigest,
  PulumiStack,
  plaintextHits,
  resourceSteps,
  ScratchProject,
  skipEngine,
  stateByName,
} from "../../testkit/pulumi-cli";

const PROJECT = "svc-hve";
const TOKEN = "expo-hve-token-7f3a";
const DEVICE = "ExponentPushToken[hve-9c1d]";

/** The scenario's program: `mail` -> `push` (dependsOn) -> `grace` (uses push.identifier). */
function program(v: 1 | 2): string {
  const mail = v === 1 ? ["sendgrid", "hve-mail-a"] : ["mailgun", "hve-mail-b"];
  const pushId = v === 1 ? "hve-push" : "hve-push-2";
  return `const pulumi = require("@pulumi/pulumi");
const svc = require("pulumi-svc");
const mail = new svc.Integration("mail", { providerId: "${mail[0]}", channel: "email", identifier: "${mail[1]}" },
  { deleteBeforeReplace: false });
const push = new svc.Integration("push", { providerId: "expo", channel: "push", identifier: "${pushId}", active: true,
  credentials: { apiKey: pulumi.secret("${TOKEN}") } }, { dependsOn: [mail] });
const grace = new svc.SubscriberCredentials("grace", { subscriberId: "user-grace", providerId: "expo",
  integrationIdentifier: push.identifier, credentials: { deviceTokens: ["${DEVICE}"] } });
`;
}

const OPERATIONS = ["preview v1", "up v1", "refresh", "preview v2", "up v2", "destroy"] as const;
type Operation = (typeof OPERATIONS)[number];

/** What one side observed, per operation. */
interface Observed {
  calls: Record<string, ProviderCall[]>;
  /** Service writes ("METHOD path", ids normalized) per operation. */
  writes: Record<string, string[]>;
  /** Planned/done ops per resource, per operation. */
  ops: Record<string, string[]>;
  /** The emulator's objects after `up v2`. */
  service: Json;
  /** The persisted state after `up v2`: per resource, inputs and outputs with secrets redacted. */
  state: Record<string, Json>;
}

let emu: Emulator;
let binDir: string;
let workDir: string;
let engine: Observed;
let harness: Observed;

/** Service writes since the last reset, ids replaced by `<id>` (the two runs get different ids). */
function writes(): string[] {
  return emu.requests
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.path.replace(/[0-9a-f]{24}/g, "<id>")}`);
}

/** The scenario's objects in the emulator, without ids and timestamps. */
function serviceObjects(): Json {
  const integrations = emu
    .integrations()
    .filter((i) => i.identifier.startsWith("hve-"))
    .map((i) => [i.identifier, i.providerId, i.channel, i.active] as Json)
    .sort();
  return { integrations };
}

/**
 * The state's comparable part: inputs/outputs with secrets as "[secret]", and the service's ids and the
 * random `writeId` of each create (each run has its own) left out.
 */
function comparable(inputs: Json, outputs: Json): Json {
  const strip = (m: Json): Json => {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(m as Record<string, Json>)) {
      if (k === "__provider") continue;
      out[k] = ["environmentId", "organizationId", "integrationId", "writeId"].includes(k) ? "<id>" : v;
    }
    return out;
  };
  return { inputs: strip(redactSecrets(inputs)), outputs: strip(redactSecrets(outputs)) };
}

const digestOps = (d: PreviewDigest | undefined): string[] =>
  resourceSteps(d).map((s) => `${s.urn.split("::").pop()} ${s.op}`);
const harnessOps = (steps: StepResult[]): string[] =>
  steps.map((s) => `${s.urn.split("::").pop()} ${s.op}${s.error ? ` error: ${s.error.message}` : ""}`);

async function runEngine(): Promise<Observed> {
  const seen: Observed = { calls: {}, writes: {}, ops: {}, service: null, state: {} };
  const plugin = recordingPlugin(mkdtempSync(join(workDir, "plugin-")));
  const project = ScratchProject.create(PROJECT);
  project.writeProgram(program(1));
  const stack = await PulumiStack.init({
    projectDir: project.dir,
    binDir,
    env: {
      ...plugin.env,
      PATH: [plugin.dir, binDir, dirname(process.execPath), process.env.PATH].join(delimiter),
    },
  });
  try {
    await stack.setConfig("svc:baseUrl", emu.url);
    await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
    const observe = async (op: Operation, run: () => Promise<string[]>) => {
      const before = readRecording(plugin.file).length;
      emu.resetRequests();
      seen.ops[op] = await run();
      seen.calls[op] = decodeCalls(readRecording(plugin.file).slice(before));
      seen.writes[op] = writes();
    };
    project.writeProgram(program(1));
    await observe("preview v1", async () => digestOps((await stack.preview()).digest));
    await observe("up v1", async () => {
      await stack.up();
      return [];
    });
    await observe("refresh", async () => {
      await stack.refresh();
      return [];
    });
    project.writeProgram(program(2));
    await observe("preview v2", async () => digestOps((await stack.preview()).digest));
    await observe("up v2", async () => {
      await stack.up();
      return [];
    });
    seen.service = serviceObjects();
    const exported = await stack.exportStack();
    expect(plaintextHits(JSON.stringify(exported), [TOKEN, DEVICE, emu.apiKey])).toEqual({});
    for (const [name, r] of stateByName(exported))
      seen.state[name] = comparable(r.inputs ?? {}, r.outputs ?? {});
    await observe("destroy", async () => {
      await stack.destroy();
      return [];
    });
  } finally {
    await stack.remove();
    project.remove();
  }
  return seen;
}

/** The program's registrations as the harness's desired resources (secrets marked, dependencies kept). */
async function desired(v: 1 | 2): Promise<DesiredResource[]> {
  const regs = await captureRegistrations({ program: `${program(v)}\nreturn [mail, push, grace];` });
  return regs.map((r) => ({
    urn: r.urn,
    inputs: r.inputs,
    dependencies: r.dependencies,
    deleteBeforeReplace: r.deleteBeforeReplace,
    additionalSecretOutputs: ["credentials"],
  }));
}

async function runHarness(): Promise<Observed> {
  const seen: Observed = { calls: {}, writes: {}, ops: {}, service: null, state: {} };
  const wire: TappedCall[] = [];
  const config = { "svc:apiKey": secret(emu.apiKey), "svc:baseUrl": emu.url };
  const r = new LifecycleRunner(() => startHarness({ config, wire }));
  const [v1, v2] = [await desired(1), await desired(2)];
  const observe = async (op: Operation, run: () => Promise<StepResult[]>) => {
    const before = wire.length;
    emu.resetRequests();
    const steps = await run();
    // Only a preview's steps are comparable with the engine's plan (the CLI's `up` prints no step list here).
    seen.ops[op] = op.startsWith("preview") ? harnessOps(steps) : [];
    expect(steps.filter((s) => s.error)).toEqual([]);
    seen.calls[op] = decodeCalls(fromTap(wire.slice(before)));
    seen.writes[op] = writes();
  };
  await observe("preview v1", () => r.preview(v1));
  await observe("up v1", () => r.up(v1));
  await observe("refresh", () => r.refresh());
  await observe("preview v2", () => r.preview(v2));
  await observe("up v2", () => r.up(v2));
  seen.service = serviceObjects();
  for (const e of r.persistedState()) {
    seen.state[String(e.urn).split("::").pop() ?? ""] = comparable(e.inputs ?? {}, e.outputs ?? {});
  }
  await observe("destroy", () => r.destroy());
  return seen;
}

describe.skipIf(skipEngine("harness vs engine"))(
  "the harness against the real engine, one scenario both ways",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator({ fixtures: "default" });
      binDir = await ensurePulumiCli();
      workDir = mkdtempSync(join(tmpdir(), "svc-hve-"));
      // One after the other: both use the same identifiers in the same emulator.
      engine = await runEngine();
      harness = await runHarness();
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      await emu?.close();
      if (workDir) rmSync(workDir, { recursive: true, force: true });
    });

    it("sends the same Configure: config keys, secrets marked, variables' keys, provider type, flags", () => {
      const configures = (o: Observed) =>
        OPERATIONS.flatMap((op) => o.calls[op] ?? []).filter((c) => c.method === "Configure");
      const engineConfigure = configures(engine);
      expect(engineConfigure).toHaveLength(OPERATIONS.length);
      expect(engineConfigure[0]?.configure).toEqual({
        args: { "svc:apiKey": "[secret]", "svc:baseUrl": emu.url },
        variables: ["pulumi-nodejs:config:svc:apiKey", "pulumi-nodejs:config:svc:baseUrl"],
        type: "pulumi:providers:pulumi-nodejs",
        flags: [true, true, true, true],
      });
      expect(configures(harness).map((c) => [c.name, c.configure])).toEqual(
        engineConfigure.map((c) => [c.name, c.configure]),
      );
    });

    it.each(OPERATIONS)("%s: the same provider calls, in the same order", (op) => {
      // A refresh reads every resource at once (both sides): its order is free.
      const lines = (o: Observed) => {
        const l = callLines(o.calls[op] ?? []);
        return op === "refresh" ? l.sort() : l;
      };
      expect(lines(engine).length).toBeGreaterThan(0);
      expect(lines(harness)).toEqual(lines(engine));
    });

    it("a replace is checked twice (the second time with no old inputs), and its old object goes last", () => {
      const lines = callLines(engine.calls["up v2"] ?? []);
      expect(lines.filter((l) => l.startsWith("Check mail"))).toEqual(["Check mail", "Check mail (no olds)"]);
      expect(lines.at(-1)).toBe("Delete mail");
      expect(callLines(engine.calls.destroy ?? [])).toEqual(["Delete grace", "Delete push", "Delete mail"]);
    });

    it("previews plan the same steps", () => {
      for (const op of ["preview v1", "preview v2"] as const) {
        expect([op, [...(harness.ops[op] ?? [])].sort()]).toEqual([op, [...(engine.ops[op] ?? [])].sort()]);
      }
    });

    it.each(OPERATIONS)("%s: the same writes to the service", (op) => {
      expect(harness.writes[op]).toEqual(engine.writes[op]);
    });

    it("the same objects in the service and the same state, secrets where the engine keeps them", () => {
      expect(harness.service).toEqual(engine.service);
      expect(Object.keys(engine.state).sort()).toEqual(["grace", "mail", "push"]);
      expect(harness.state).toEqual(engine.state);
    });
  },
);
