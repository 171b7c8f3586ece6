/**
 * A Python program under the real CLI: examples/python, the Pulumi project a user runs with `pulumi up` (its
 * __main__.py on the checked-in Python SDK sdks/python), run as it is through the Automation API: this repository
 * cannot build the Python language host, so testkit/example-drivers/python_example.py runs that __main__.py as
 * an inline program (`runpy.run_path`, as the host runs it), with the stack's config set from the test (a file
 * backend with its own PULUMI_HOME and passphrase). Run by the cached virtual environment with the pinned `pulumi` (scripts/python-venv.sh) and the SDK pip-installed into a folder of this
 * test's own, with `pulumi-resource-svc` made available by {@link makePluginAvailable}. Against the emulator
 * seeded with the convergence fixtures: `up` creates the FCM integration and the device tokens of three
 * subscribers bound to it and calls a function; a preview and a refresh find every resource `same`;
 * `pulumi import svc:index:Integration` adopts an integration made outside the stack, the program with that
 * resource pasted in previews no change; `destroy` leaves the service as the fixtures made it. No secret in
 * plaintext in what the program printed, the stack's state or its workspace.
 *
 * The import runs the CLI itself, not the Automation API: `pulumi import` asks the project's language host
 * (pulumi-language-python) for the program's plugins and for the generated code, and has no `--client` flag; the
 * Python host is not on the Go module proxy, so it is not built here. So the import runs in a sibling folder
 * holding the stack's settings under `runtime: yaml` (the YAML host is built; the import never runs the
 * program), with `--generate-code=false`, and the Python code `--out` would write is made here from the state's
 * inputs ({@link pythonDeclaration}). The imported integration is an in-app `novu` one: an imported
 * integration has no credentials in its inputs (an import never takes them from the service), and a credentialed provider
 * that is active fails the check without them. Needs `npm run build` first, the CLI and python3.
 */
import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk/client";
import type { ChannelSettings, Integration } from "../../sdk/schemas";
import { convergenceFixtures } from "../../testkit/convergence/fixtures";
import { SUBSCRIBERS } from "../../testkit/convergence/generator";
import { defaultIdentifier } from "../../testkit/convergence/oracle";
import { call } from "../../testkit/emulator-http";
import { runTimed } from "../../testkit/go-toolchain";
import { repoRoot } from "../../testkit/harness/repo-root";
import { buildHostPluginTarball, cliOnlyBinDir, onPath } from "../../testkit/plugin/plugin-tarball";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  isStateSecret,
  type Json,
  plaintextHits,
  type StateResource,
  skipEngine,
} from "../../testkit/pulumi-cli";
import { installPythonSdk, pythonVenv, skipWithoutPython, venvPython } from "../../testkit/python-toolchain";

const API_KEY = "python-program-api-key-7a1c";
const SERVICE_ACCOUNT = "python-program-service-account-7a1d";
/** user-ada's device token; user-grace's and user-alan's append -grace and -alan. */
const DEVICE_TOKEN = "python-program-device-token-7a1e";
const PASSPHRASE = randomBytes(12).toString("hex");
const TOKENS: Readonly<Record<string, string>> = {
  "user-ada": DEVICE_TOKEN,
  "user-grace": `${DEVICE_TOKEN}-grace`,
  "user-alan": `${DEVICE_TOKEN}-alan`,
};
const SECRETS = [API_KEY, SERVICE_ACCOUNT, DEVICE_TOKEN, PASSPHRASE];
/** The example the test runs as it is, and the driver that runs it through the Automation API. */
const EXAMPLE = join(repoRoot(), "examples", "python");
const PYTHON_DRIVER = join(repoRoot(), "testkit", "example-drivers", "python_example.py");
/** The stack: the example's project (its Pulumi.yaml `name`) and the driver's stack. */
const PROJECT = "svc-python";
const STACK = "dev";
const MARKER = "svc-python-example: ";
/** The stack resource and the program's seven resources (three of them with `enterprise` set). */
const RESOURCES = 8;
/** The resource name of the imported integration. */
const IMPORTED = "inbox";

/** The line a step of the program prints. */
interface StepLine {
  step: string;
  changeSummary: Record<string, number> | null;
  outputs?: Record<string, Json>;
}

let emu: Emulator;
let environmentId: string;
/** Holds site/ (the SDK), state/ (backend, PULUMI_HOME, workspace), import/ and pasted.py. */
let work: string;
let python: string;
let binDir: string;
let env: NodeJS.ProcessEnv;
let scanned = "";
let fixtureIntegrations: Integration[];
const fixtureChannels = new Map<string, ChannelSettings[]>();
let started: number;
/** The organization's settings before the stack (destroy puts them back). */
let settingsBefore: unknown;
const settingsNow = async (): Promise<unknown> =>
  (await call(emu, "GET", "/v1/organizations/settings")).body.data;
const translationFr = () => call(emu, "GET", "/v2/translations/workflow/python-welcome/fr_FR");
let integrationId: string;
/** The `_id` of the integration made outside the stack and imported. */
let outsideId: string;

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

/** The stack's resources in the file backend. */
function stateResources(): StateResource[] {
  const file = join(stateDir(), "backend", ".pulumi", "stacks", PROJECT, `${STACK}.json`);
  const state = JSON.parse(readFileSync(file, "utf8")) as {
    checkpoint: { latest?: { resources?: StateResource[] } };
  };
  return state.checkpoint.latest?.resources ?? [];
}

/**
 * Makes `pulumi-resource-svc` available to the CLI as a user of Python gets it: the plugin tarball of this
 * machine's platform (the standalone executable, built from this repository's dist/), installed with
 * `pulumi plugin install resource svc <version> --file <tarball>` into the stack's PULUMI_HOME. Returns the PATH
 * the program runs with: the CLI and the YAML host only, so no `node` is found.
 */
async function makePluginAvailable(cliBinDir: string): Promise<string> {
  const t = performance.now();
  const tarball = await buildHostPluginTarball(join(work, "plugins"));
  const path = cliOnlyBinDir(join(work, "bin"), cliBinDir);
  const home = join(stateDir(), "home");
  mkdirSync(home, { recursive: true });
  const install = await runTimed(
    join(path, "pulumi"),
    ["plugin", "install", "resource", "svc", tarball.version, "--file", tarball.file],
    { cwd: work, env: { PATH: path, PULUMI_HOME: home, PULUMI_SKIP_UPDATE_CHECK: "true" } },
  );
  scanned += install.stdout + install.stderr;
  process.stderr.write(
    `python-program: plugin tarball built and installed ${((performance.now() - t) / 1000).toFixed(1)} s\n`,
  );
  return path;
}

/** The venv with the pinned pulumi, and the SDK pip-installed into work/site; returns the PYTHONPATH. */
async function installPython(): Promise<string> {
  const t = performance.now();
  const venv = await pythonVenv();
  python = venvPython(venv);
  const site = join(work, "site");
  const pip = await installPythonSdk(venv, site);
  process.stderr.write(
    `python-program: venv + pip install ./sdks/python ${((performance.now() - t) / 1000).toFixed(1)} s (pip ${pip.toFixed(1)} s)\n`,
  );
  return site;
}

/** Runs one step of the program and returns the line it printed. */
async function step(command: string, pasted?: string): Promise<StepLine> {
  const args = [PYTHON_DRIVER, "--example", EXAMPLE, "--state", stateDir()];
  if (pasted) args.push("--pasted", pasted);
  const run = await runTimed(python, [...args, command], { cwd: work, env });
  scanned += run.stdout + run.stderr;
  process.stderr.write(
    `python-program: ${command}${pasted ? " (pasted)" : ""} ${run.seconds.toFixed(1)} s\n`,
  );
  const line = run.stdout.split("\n").find((l) => l.startsWith(MARKER));
  if (!line) throw new Error(`the program printed no ${MARKER.trim()} line:\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(line.slice(MARKER.length)) as StepLine;
}

/** A JSON value as a Python literal. */
function pythonLiteral(v: Json): string {
  if (v === null) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  if (Array.isArray(v)) return `[${v.map(pythonLiteral).join(", ")}]`;
  if (typeof v === "object")
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${pythonLiteral(x)}`)
      .join(", ")}}`;
  return JSON.stringify(v);
}

/**
 * What `pulumi import svc:index:Integration <name> <id> --out FILE` writes for a Python project: the SDK's
 * import and the resource with the inputs Read answered, as keyword arguments in snake_case.
 */
function pythonDeclaration(name: string, inputs: Record<string, Json>): string {
  const args = Object.entries(inputs)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `    ${k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}=${pythonLiteral(v)}`);
  return `import pulumi\nimport pulumi_svc as svc\n\n${name} = svc.Integration("${name}",\n${args.join(",\n")})\n`;
}

/**
 * `pulumi import svc:index:Integration <name> <id> --generate-code=false` into the stack, from a sibling folder
 * holding the stack's settings (Pulumi.dev.yaml: config and encryption salt) under `runtime: yaml` (see the
 * file's comment for why).
 */
async function importIntoStack(name: string, id: string): Promise<void> {
  const dir = join(work, "import");
  mkdirSync(dir, { recursive: true });
  const backend = `file://${join(stateDir(), "backend")}`;
  writeFileSync(join(dir, "Pulumi.yaml"), `name: ${PROJECT}\nruntime: yaml\nbackend:\n  url: ${backend}\n`);
  copyFileSync(join(stateDir(), "work", `Pulumi.${STACK}.yaml`), join(dir, `Pulumi.${STACK}.yaml`));
  const run = await runTimed(
    join(binDir, "pulumi"),
    ["import", "svc:index:Integration", name, id, "--yes", "--protect=false", "--generate-code=false"].concat(
      ["--stack", STACK, "--non-interactive", "--color", "never"],
    ),
    { cwd: dir, env: { ...env, PULUMI_HOME: join(stateDir(), "home") } },
  );
  scanned += run.stdout + run.stderr;
  process.stderr.write(`python-program: pulumi import ${run.seconds.toFixed(1)} s\n`);
}

/** The test's environment for the program: no inherited Pulumi or svc settings. */
function programEnv(path: string, site: string): NodeJS.ProcessEnv {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const k of [
    "SVC_API_KEY",
    "SVC_BASE_URL",
    "PULUMI_ACCESS_TOKEN",
    "PULUMI_BACKEND_URL",
    "PULUMI_HOME",
    "PULUMI_CONFIG_PASSPHRASE_FILE",
    "PYTHONHOME",
  ])
    delete inherited[k];
  return {
    ...inherited,
    PATH: path,
    PYTHONPATH: site,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    SVC_BASE_URL: emu.url,
    SVC_API_KEY: API_KEY,
    SVC_FCM_SERVICE_ACCOUNT: SERVICE_ACCOUNT,
    SVC_DEVICE_TOKEN: DEVICE_TOKEN,
    // The example's settings and translated workflow (the emulator is an enterprise service).
    SVC_CONFIG: JSON.stringify({ enterprise: "true" }),
  };
}

describe.skipIf(skipEngine("python-program") || skipWithoutPython("python-program"))(
  "examples/python (its __main__.py through the Automation API) on the generated SDK, with pulumi-resource-svc",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      started = performance.now();
      emu = await startEmulator({
        port: 0,
        keys: [{ apiKey: API_KEY }],
        fixtures: convergenceFixtures(),
        edition: "enterprise",
      });
      environmentId = emu.keys[0]!.environmentId;
      settingsBefore = await settingsNow();
      fixtureIntegrations = emu.integrations();
      for (const id of SUBSCRIBERS) fixtureChannels.set(id, channelsOf(id));
      work = mkdtempSync(join(tmpdir(), "svc-python-program-"));
      binDir = await ensurePulumiCli();
      const [path, site] = await Promise.all([makePluginAvailable(binDir), installPython()]);
      env = programEnv(path, site);
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      if (work) rmSync(work, { recursive: true, force: true });
      await emu?.close();
      if (started)
        process.stderr.write(
          `python-program: total ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
        );
    });

    it("the program's PATH holds the CLI and the YAML host only: no node; the plugin comes from its tarball", () => {
      expect(onPath("pulumi", String(env.PATH))).toBe(true);
      expect(onPath("node", String(env.PATH))).toBe(false);
      expect(onPath("pulumi-resource-svc", String(env.PATH))).toBe(false);
    });

    it("up creates the integration and binds the three subscribers' device tokens to it; the fixtures stay", async () => {
      const { changeSummary, outputs = {} } = await step("up");
      expect(changeSummary).toEqual({ create: RESOURCES });
      expect(await settingsNow()).toMatchObject({ defaultLocale: "en_US", targetLocales: ["fr_FR"] });
      expect((await translationFr()).body.data?.content).toEqual({ greeting: "Bonjour" });
      // The workflow's in-app step, declared in its typed block (`in_app=`, issue 49), holds those controls.
      const workflow = await call(emu, "GET", "/v2/workflows/python-welcome");
      expect(workflow.body.data?.steps?.[0]?.controls?.values).toMatchObject({
        body: "{{t.greeting}}",
        primaryAction: { label: "Open", redirect: { url: "/welcome" } },
      });
      const id = String(outputs.integrationId);
      integrationId = id;
      const identifier = defaultIdentifier(PROJECT, STACK, "push");
      expect(outputs).toEqual({
        integrationId: id,
        apiBaseVariableId: expect.stringMatching(/^[0-9a-f]{24}$/),
        integrationIdentifier: identifier,
        integrationCredentials: "[secret]",
        adaIntegrationId: id,
        adaCredentials: "[secret]",
        teamIntegrationId: id,
        teamFingerprints: { "user-grace": expect.any(String), "user-alan": expect.any(String) },
        activeFcmIdentifiers: ["fcm-app", "fcm-main", identifier],
      });
      expect(emu.integrations().find((i) => i._id === id)).toMatchObject({
        identifier,
        providerId: "fcm",
        channel: "push",
        name: "Python push",
        active: true,
        credentials: { serviceAccount: SERVICE_ACCOUNT },
      });
      expect(emu.integrations().filter((i) => i._id !== id)).toEqual(fixtureIntegrations);
      for (const subscriberId of SUBSCRIBERS) {
        const channels = channelsOf(subscriberId);
        const token = TOKENS[subscriberId];
        expect(
          channels
            .filter((c) => c._integrationId === id)
            .map((c) => [c.providerId, c.credentials.deviceTokens]),
          subscriberId,
        ).toEqual(token ? [["fcm", [token]]] : []);
        expect(
          channels.filter((c) => c._integrationId !== id),
          subscriberId,
        ).toEqual(fixtureChannels.get(subscriberId));
      }
      const resources = stateResources();
      expect(resources.map((r) => r.type).sort()).toEqual([
        "pulumi:providers:svc",
        "pulumi:pulumi:Stack",
        "svc:index:EnvironmentVariable",
        "svc:index:Integration",
        "svc:index:OrganizationSettings",
        "svc:index:SubscriberCredentials",
        "svc:index:SubscriberCredentialsSet",
        "svc:index:Translation",
        "svc:index:Workflow",
      ]);
      const variable = resources.find((r) => r.type === "svc:index:EnvironmentVariable");
      expect(variable?.outputs).toMatchObject({
        key: "API_BASE",
        value: "https://api.example.com",
        isSecret: false,
      });
      const CREDENTIALED = [
        "svc:index:Integration",
        "svc:index:SubscriberCredentials",
        "svc:index:SubscriberCredentialsSet",
      ];
      const credentialed = (t: string) => CREDENTIALED.includes(t);
      for (const r of resources.filter((x) => credentialed(x.type))) {
        expect(r.outputs, r.type).not.toHaveProperty("__provider");
        expect(isStateSecret(r.inputs?.credentials as Json), `${r.type} input`).toBe(true);
        expect(isStateSecret(r.outputs?.credentials as Json), `${r.type} output`).toBe(true);
      }
      scanned += filesText(stateDir());
    });

    it("a preview of the same program has every resource `same`, and so has a refresh", async () => {
      // The program also fails unless the preview's change summary is all `same` (and passes expect_no_changes).
      expect((await step("preview")).changeSummary).toEqual({ same: RESOURCES });
      expect((await step("refresh")).changeSummary).toEqual({ same: RESOURCES });
    });

    it("pulumi import adopts an integration made outside; with its code pasted in, the preview has no change", async () => {
      const client = new SvcClient({ apiKey: API_KEY, baseUrl: emu.url });
      // A chat integration: the environment already has its one in-app integration (a second is refused).
      const outside = await client.integrations.create({
        providerId: "slack",
        channel: "chat",
        name: "Outside chat",
        identifier: "python-outside-chat",
        active: true,
        conditions: [],
      });
      await client.close();
      outsideId = String(outside._id);
      await importIntoStack(IMPORTED, outsideId);
      const inbox = stateResources().find((r) => r.urn.endsWith(`::${IMPORTED}`));
      expect(inbox?.id).toBe(outsideId);
      expect(inbox?.inputs).toMatchObject({
        providerId: "slack",
        channel: "chat",
        identifier: "python-outside-chat",
      });
      const pasted = join(work, "pasted.py");
      writeFileSync(pasted, pythonDeclaration(IMPORTED, (inbox?.inputs ?? {}) as Record<string, Json>));
      expect((await step("preview", pasted)).changeSummary).toEqual({ same: RESOURCES + 1 });
    });

    it("destroy deletes both integrations and empties or removes the entries; the fixtures are as they were", async () => {
      const { changeSummary } = await step("destroy");
      expect(changeSummary).toEqual({ delete: RESOURCES + 1 });
      expect(await settingsNow()).toEqual(settingsBefore);
      expect((await translationFr()).status).toBe(404);
      expect(emu.integrations()).toEqual(fixtureIntegrations);
      for (const subscriberId of SUBSCRIBERS) {
        const channels = channelsOf(subscriberId);
        expect(
          channels.filter((c) => c._integrationId !== integrationId),
          subscriberId,
        ).toEqual(fixtureChannels.get(subscriberId));
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
