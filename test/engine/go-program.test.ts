/**
 * A Go program under the real CLI: examples/go, the Pulumi project a user runs with `pulumi up` (its main.go on
 * the checked-in Go SDK sdks/go), run as it is through the Automation API: this repository cannot build the Go
 * language host, so the test builds the example's main.go, go.mod, go.sum and Pulumi.yaml together with the
 * harness testkit/example-drivers/go_example.go, which runs the example's `program` (what its main passes to
 * pulumi.Run) as the inline program of a stack with its config set from the test (a file backend with its own
 * PULUMI_HOME and passphrase), and
 * `pulumi-resource-svc` from the packed tarball installed into a fresh folder (its `node_modules/.bin` on PATH,
 * with the CLI's bin directory). Against the emulator seeded with the convergence fixtures (the application's
 * own integrations and channel entries): `up` creates the FCM integration and the device tokens of three
 * subscribers bound to it (a SubscriberCredentials and a SubscriberCredentialsSet), a workflow whose steps are
 * declared in their types' typed blocks (a digest, a push; issue 49), and calls a function; a
 * preview finds every resource `same`; `destroy` leaves the service as the fixtures made it. No secret (the
 * API key, the integration's service account, the device tokens) appears in plaintext in what the program
 * printed, the stack's state or its workspace. Needs `npm run build` first, go and the CLI (built by
 * scripts/install-pulumi.sh). The Go build takes seconds once the CLI build and go-sdk tests filled the build
 * cache (figures in the README's Go section).
 */
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import type { ChannelSettings, Integration } from "../../sdk/schemas";
import {
  createPackedProgramFolder,
  type ProgramFolder,
  programPath,
} from "../../testkit/consumer/program-folder";
import { convergenceFixtures } from "../../testkit/convergence/fixtures";
import { SUBSCRIBERS } from "../../testkit/convergence/generator";
import { defaultIdentifier } from "../../testkit/convergence/oracle";
import { call } from "../../testkit/emulator-http";
import { goEnv, pathWithGo, runTimed, skipWithoutGo } from "../../testkit/go-toolchain";
import { repoRoot } from "../../testkit/harness/repo-root";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  isStateSecret,
  type Json,
  plaintextHits,
  type StateResource,
  skipEngine,
} from "../../testkit/pulumi-cli";

const API_KEY = "go-program-api-key-3f9c";
const SERVICE_ACCOUNT = "go-program-service-account-3f9d";
/** user-ada's device token; user-grace's and user-alan's append -grace and -alan. */
const DEVICE_TOKEN = "go-program-device-token-3f9e";
const PASSPHRASE = randomBytes(12).toString("hex");
/** The device token the program declares for each subscriber. */
const TOKENS: Readonly<Record<string, string>> = {
  "user-ada": DEVICE_TOKEN,
  "user-grace": `${DEVICE_TOKEN}-grace`,
  "user-alan": `${DEVICE_TOKEN}-alan`,
};
const SECRETS = [API_KEY, SERVICE_ACCOUNT, DEVICE_TOKEN, PASSPHRASE];
/** The example the test builds as it is, its files, and the harness that runs its program. */
const EXAMPLE = join(repoRoot(), "examples", "go");
const EXAMPLE_FILES = ["main.go", "go.mod", "go.sum", "Pulumi.yaml"];
const GO_HARNESS = join(repoRoot(), "testkit", "example-drivers", "go_example.go");
/** The stack: the example's project (its Pulumi.yaml `name`) and the harness's stack. */
const PROJECT = "svc-go";
const STACK = "dev";
/** The prefix of the one line each step of the program prints on stdout. */
const MARKER = "svc-go-example: ";
/** The stack resource and the program's four resources. */
const RESOURCES = 5;

/** The line a step of the program prints. */
interface StepLine {
  step: string;
  changeSummary: Record<string, number> | null;
  outputs?: Record<string, Json>;
}

let emu: Emulator;
let environmentId: string;
let folder: ProgramFolder;
/** Holds bin/ (the built program) and state/ (backend, PULUMI_HOME, workspace of the stack). */
let work: string;
let program: string;
let env: NodeJS.ProcessEnv;
/** Everything the program printed and the stack's files held, scanned for secrets at the end. */
let scanned = "";
/** The fixtures as the emulator holds them before the program runs. */
let fixtureIntegrations: Integration[];
const fixtureChannels = new Map<string, ChannelSettings[]>();
let started: number;
/** The `_id` of the integration the program created. */
let integrationId: string;

const stateDir = (): string => join(work, "state");

function channelsOf(subscriberId: string): ChannelSettings[] {
  return emu.subscriber(environmentId, subscriberId)?.channels ?? [];
}

/** The text of every file under `dir`. */
function filesText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), "utf8"))
    .join("\n");
}

/** The stack's state file in the file backend. */
function stateResources(): StateResource[] {
  const file = join(stateDir(), "backend", ".pulumi", "stacks", PROJECT, `${STACK}.json`);
  const state = JSON.parse(readFileSync(file, "utf8")) as {
    checkpoint: { latest?: { resources?: StateResource[] } };
  };
  return state.checkpoint.latest?.resources ?? [];
}

/** Runs one step of the program (`up`, `preview`, `destroy`) and returns the line it printed. */
async function step(command: string): Promise<StepLine> {
  const run = await runTimed(program, ["-state", stateDir(), command], { cwd: work, env });
  scanned += run.stdout + run.stderr;
  process.stderr.write(`go-program: ${command} ${run.seconds.toFixed(1)} s\n`);
  const line = run.stdout.split("\n").find((l) => l.startsWith(MARKER));
  if (!line) throw new Error(`the program printed no ${MARKER.trim()} line:\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(line.slice(MARKER.length)) as StepLine;
}

/**
 * Builds examples/go with the harness beside it into work/bin: the example's files copied as they are into
 * work/build, go.mod's replace of the svc SDK made absolute (Go's build cache serves what the CLI build and the
 * go-sdk tests compiled).
 */
async function buildProgram(): Promise<void> {
  const build = join(work, "build");
  mkdirSync(build);
  for (const file of EXAMPLE_FILES) copyFileSync(join(EXAMPLE, file), join(build, file));
  copyFileSync(GO_HARNESS, join(build, basename(GO_HARNESS)));
  const sdk = `github.com/pulumi-svc/pulumi-svc/sdks/go=${join(repoRoot(), "sdks", "go")}`;
  await runTimed("go", ["mod", "edit", `-replace=${sdk}`], { cwd: build, env: goEnv() });
  program = join(work, "bin", "svc-go-example");
  const run = await runTimed("go", ["build", "-buildvcs=false", "-o", program, "."], {
    cwd: build,
    env: goEnv(),
  });
  process.stderr.write(`go-program: go build of examples/go and its harness ${run.seconds.toFixed(1)} s\n`);
}

/** Packs the repository and installs the tarball into a fresh folder (the plugin is its node_modules/.bin). */
async function installPlugin(): Promise<void> {
  const t = performance.now();
  folder = await createPackedProgramFolder({ project: "svc-go-plugin", files: {} });
  process.stderr.write(`go-program: pack and install ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
}

describe.skipIf(skipEngine("go-program") || skipWithoutGo("go-program"))(
  "examples/go (its program through the Automation API) on the generated SDK, with pulumi-resource-svc from the packed tarball",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      started = performance.now();
      emu = await startEmulator({ port: 0, keys: [{ apiKey: API_KEY }], fixtures: convergenceFixtures() });
      environmentId = emu.keys[0]!.environmentId;
      fixtureIntegrations = emu.integrations();
      for (const id of SUBSCRIBERS) fixtureChannels.set(id, channelsOf(id));
      work = mkdtempSync(join(tmpdir(), "svc-go-program-"));
      mkdirSync(join(work, "bin"));
      const binDir = await ensurePulumiCli();
      await Promise.all([buildProgram(), installPlugin()]);
      const inherited: NodeJS.ProcessEnv = { ...process.env };
      for (const k of [
        "SVC_API_KEY",
        "SVC_BASE_URL",
        "PULUMI_ACCESS_TOKEN",
        "PULUMI_BACKEND_URL",
        "PULUMI_HOME",
        "PULUMI_CONFIG_PASSPHRASE_FILE",
      ])
        delete inherited[k];
      env = {
        ...inherited,
        // The plugin from the tarball, the CLI, then the node running us (the plugin needs Node 22).
        PATH: pathWithGo(programPath(folder, binDir)),
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
        SVC_BASE_URL: emu.url,
        SVC_API_KEY: API_KEY,
        SVC_FCM_SERVICE_ACCOUNT: SERVICE_ACCOUNT,
        SVC_DEVICE_TOKEN: DEVICE_TOKEN,
      };
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      folder?.remove();
      if (work) rmSync(work, { recursive: true, force: true });
      await emu?.close();
      if (started)
        process.stderr.write(`go-program: total ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    });

    it("up creates the integration, binds the three subscribers' device tokens to it and makes the workflow of typed steps; the fixtures stay", async () => {
      const { changeSummary, outputs = {} } = await step("up");
      expect(changeSummary).toEqual({ create: RESOURCES });
      const id = String(outputs.integrationId);
      integrationId = id;
      const identifier = defaultIdentifier(PROJECT, STACK, "push");
      expect(outputs).toEqual({
        integrationId: id,
        integrationIdentifier: identifier,
        integrationCredentials: "[secret]",
        adaIntegrationId: id,
        adaCredentials: "[secret]",
        teamIntegrationId: id,
        teamFingerprints: { "user-grace": expect.any(String), "user-alan": expect.any(String) },
        activeFcmIdentifiers: ["fcm-app", "fcm-main", identifier],
        workflowId: "go-digest",
      });
      const ours = emu.integrations().find((i) => i._id === id);
      expect(ours).toMatchObject({
        identifier,
        providerId: "fcm",
        channel: "push",
        name: "Go push",
        active: true,
        credentials: { serviceAccount: SERVICE_ACCOUNT },
      });
      expect(emu.integrations().filter((i) => i._id !== id)).toEqual(fixtureIntegrations);
      for (const subscriberId of SUBSCRIBERS) {
        const channels = channelsOf(subscriberId);
        const bound = channels.filter((c) => c._integrationId === id);
        const token = TOKENS[subscriberId];
        expect(
          bound.map((c) => [c.providerId, c.credentials.deviceTokens]),
          subscriberId,
        ).toEqual(token ? [["fcm", [token]]] : []);
        expect(
          channels.filter((c) => c._integrationId !== id),
          subscriberId,
        ).toEqual(fixtureChannels.get(subscriberId));
      }
      // The workflow's steps, declared in their types' typed blocks, hold those controls (issue 49).
      const workflow = await call(emu, "GET", "/v2/workflows/go-digest");
      expect(workflow.status).toBe(200);
      const steps = workflow.body.data.steps as {
        name: string;
        type: string;
        controls: { values: unknown };
      }[];
      expect(steps.map((st) => [st.name, st.type])).toEqual([
        ["Batch", "digest"],
        ["Push", "push"],
      ]);
      expect(steps[0]?.controls.values).toMatchObject({ amount: 10, unit: "minutes" });
      expect(steps[1]?.controls.values).toEqual({
        subject: "{{step.events.length}} updates",
        body: "Open the app to read them",
      });
      // The state: the plugin's resources (no __provider), their credentials secret.
      const resources = stateResources();
      expect(resources.map((r) => r.type).sort()).toEqual([
        "pulumi:providers:svc",
        "pulumi:pulumi:Stack",
        "svc:index:Integration",
        "svc:index:SubscriberCredentials",
        "svc:index:SubscriberCredentialsSet",
        "svc:index:Workflow",
      ]);
      for (const r of resources.filter(
        (x) => x.type.startsWith("svc:index:") && x.type !== "svc:index:Workflow",
      )) {
        expect(r.outputs, r.type).not.toHaveProperty("__provider");
        expect(isStateSecret(r.inputs?.credentials as Json), `${r.type} input`).toBe(true);
        expect(isStateSecret(r.outputs?.credentials as Json), `${r.type} output`).toBe(true);
      }
      scanned += filesText(stateDir());
    });

    it("a preview of the same program has every resource `same`", async () => {
      // The program also fails unless the preview's change summary is all `same` (and passes --expect-no-changes).
      const { changeSummary } = await step("preview");
      expect(changeSummary).toEqual({ same: RESOURCES });
    });

    it("destroy deletes the integration and empties or removes the entries; the fixtures are as they were", async () => {
      const { changeSummary } = await step("destroy");
      expect(changeSummary).toEqual({ delete: RESOURCES });
      expect(emu.integrations()).toEqual(fixtureIntegrations);
      expect((await call(emu, "GET", "/v2/workflows/go-digest")).status).toBe(404);
      for (const subscriberId of SUBSCRIBERS) {
        const channels = channelsOf(subscriberId);
        expect(
          channels.filter((c) => c._integrationId !== integrationId),
          subscriberId,
        ).toEqual(fixtureChannels.get(subscriberId));
        // Beside an fcm entry of the application (user-ada's, user-alan's) the stack's entry is cleared in place,
        // inert (README, "Subscriber credentials": the service's DELETE would remove every fcm entry); else gone.
        const left = channels.filter((c) => c._integrationId === integrationId);
        const besideFixture = (fixtureChannels.get(subscriberId) ?? []).some((c) => c.providerId === "fcm");
        expect(
          left.map((c) => c.credentials),
          subscriberId,
        ).toEqual(besideFixture && TOKENS[subscriberId] ? [{ deviceTokens: [] }] : []);
      }
      expect(stateResources()).toEqual([]);
    });

    it("no secret in plaintext in the program's output, the stack's state and its workspace", () => {
      scanned += filesText(stateDir());
      expect(scanned).toContain("svc:index:SubscriberCredentialsSet");
      expect(plaintextHits(scanned, SECRETS)).toEqual({});
    });
  },
);
