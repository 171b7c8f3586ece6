/**
 * `svc-export` under the real Pulumi CLI (issue 42, "Done when"; issue 50): an emulator that starts as the service
 * makes a new organization (fixtures "none": the in-app "Novu Inbox" integration and the "Default layout" in
 * each environment), seeded over raw HTTP as a dashboard user leaves it (testkit/export-seed.ts: with an active
 * chat and push integration made before the workflows) is exported with the command the npm package ships
 * (`svc-export`, installed from the packed tarball) in every language it writes, each run as its users run it:
 * - YAML through the plugin (`pulumi-resource-svc` of the tarball on PATH);
 * - TypeScript on this package's dynamic resources, installed with the line its README gives (the tarball of
 *   `npm run package` in a pulumi-svc clone beside the project), compiled with the tsc that installed and run
 *   through `--client`, as test/consumer does; JavaScript as written, in a folder without `typescript`;
 * - Python and Go as examples/python and examples/go are tested (test/engine/python-program.test.ts,
 *   go-program.test.ts): this repository builds no Python or Go language host, so the program runs through the
 *   Automation-API drivers of testkit/example-drivers/ (testkit/driver-stack.ts) — `__main__.py` as written on
 *   the generated SDK sdks/python pip-installed as a user installs it; `main.go` as written, built with the
 *   harness beside it after the steps of its README (the `replace` pointed at this repository's sdks/go, then
 *   `go mod tidy`); the plugin from the tarball.
 * One stack lifecycle per language: the first `up` on the environment it was read from makes no POST, PUT,
 * PATCH or DELETE (the emulator's request log) and a preview right after expects no changes; the same project
 * on a stack of a second emulator (another new organization) creates everything but the objects the service made
 * itself (the target's own are used: no second Inbox, which the service refuses), previews clean, and both hold
 * equal objects (credentials aside), their workflows the same stored step issues (the copy creates a workflow
 * after the integrations of its steps' channels; testkit/export-snapshot.ts). JavaScript shares TypeScript's writer, so its lane
 * stops after the adopting preview. No API key and no credential in any generated file, in the state, or in
 * what the command, the CLI and the drivers printed. The environment variables: the plain one adopted and copied
 * as a literal; the secret one adopted with its config key unset (nothing written: the service's value is kept)
 * and copied with the value set by the one `pulumi config set --secret` line its README gives (in every language,
 * YAML's included), never in plaintext in a file, the state or the output. The http_request step's Authorization
 * header likewise (issue 49): adopted with its `secretHeaders` config key unset, copied with it set by the README's
 * `pulumi config set --secret --path` line for that header, in plaintext nowhere. The programs on the plugin's
 * schema (YAML, Python, Go) declare each step's controls in its type's typed block (issue 49: the in-app step's
 * primary action, the email step's layout reference, the digest, the http_request step beside its secret
 * header), TypeScript and JavaScript in `controls`: the same adopting `up` with no write and clean previews prove
 * the blocks declare what the service holds. A third workflow's email of no layout at all (`layoutId: null`) is
 * `layoutId: ""` in its block (Go and Pulumi YAML drop a null inside a map; check sends the service null for it),
 * so every copy holds it as the source does. Needs `npm run build`; Python
 * and Go lanes need python3 and go.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { userEnv } from "../../testkit/consumer/npm";
import {
  createPackedProgramFolder,
  type ProgramFolder,
  programPath,
} from "../../testkit/consumer/program-folder";
import { type Driver, DriverStack, driverEnv, goDriver, pythonDriver } from "../../testkit/driver-stack";
import { runShippedExport } from "../../testkit/export-command";
import {
  PLAIN_MAIL,
  SEED_WEBHOOK_TOKEN,
  seedDashboardEnvironment,
  seedWorkflow,
} from "../../testkit/export-seed";
import { exportSnapshot, writeRequests } from "../../testkit/export-snapshot";
import { goEnv, pathWithGo, runTimed, skipWithoutGo } from "../../testkit/go-toolchain";
import { repoRoot } from "../../testkit/harness/repo-root";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  PulumiStack,
  plaintextHits,
  skipEngine,
} from "../../testkit/pulumi-cli";
import {
  installPythonSdk,
  PYTHON_SDK_DIR,
  pythonVenv,
  skipWithoutPython,
  venvPython,
} from "../../testkit/python-toolchain";

/** A credential the dashboard user gave the Slack integration: never in a file, the state or the output. */
const CREDENTIAL = "xoxb-seeded-credential-5e1f";
/** The passphrase of the drivers' stacks. */
const PASSPHRASE = randomBytes(12).toString("hex");
/** The secret environment variable's value in the source: never read (the service masks it), never anywhere. */
const SIGNING_KEY = "whsec-source-7a2d";
/** The secret variable's value the copy stack sets through config: a secret in the state and every output. */
const COPY_SIGNING_KEY = "whsec-copy-41b8";
/** The push integration's credential in the source: never in a file, the state or the output. */
const PUSH_CREDENTIAL = "fcm-service-account-3c9e";
/** The push integration's credential the copy stack sets through config. */
const COPY_PUSH_CREDENTIAL = "fcm-service-account-copy-77d0";
/**
 * The config path the README names for the http_request step's Authorization header (below `secretValues.` in
 * YAML): unset on the adopt stack (adopting keeps the header the service holds), set on the copy to the source's
 * value (so the copy is equal).
 */
const HEADER_PATH = 'weeklyDigestSecretHeaders["Notify CRM"].Authorization';

/** A secret config setting of a stack: the key, or with `path` a config path (`--path`), and its value. */
interface SecretSetting {
  key: string;
  path: boolean;
  value: string;
}

/**
 * The config key (and whether it is a `--path`) the README's line for the secret variable's value sets:
 * `pulumi config set --secret [--path '<path>'|<key>] <value>`.
 */
function secretValueSetting(readme: string): { key: string; path: boolean } {
  const m =
    /^pulumi config set --secret (?:--path '([^']*\.signingKeyValue)'|(signingKeyValue)) <value>$/m.exec(
      readme,
    );
  expect(m, "README.md: no `pulumi config set --secret` line for the secret variable").not.toBeNull();
  return m?.[1] !== undefined ? { key: m[1], path: true } : { key: m?.[2] ?? "", path: false };
}

/**
 * The config path the README's lines for the workflow's secret headers set (`pulumi config set --secret --path
 * '<path>' <value>`, the path as sh reads it): one line, for the one header the source's step holds.
 */
function secretHeaderPath(readme: string): string {
  const paths = [...readme.matchAll(/^pulumi config set --secret --path '((?:[^']|'\\'')*)' <value>$/gm)]
    .map((m) => (m[1] ?? "").replaceAll("'\\''", "'"))
    .filter((p) => p.includes("SecretHeaders"));
  expect(paths, "README.md: the `pulumi config set` lines for the secret headers").toHaveLength(1);
  return paths[0] ?? "";
}

/** The property names of a Pulumi config path (`a.b["c d"]`), as the CLI reads it (`\"` the one escape). */
function pathNames(path: string): string[] {
  const names: string[] = [];
  let rest = path;
  while (rest !== "") {
    const m = /^(?:\.?([A-Za-z_][A-Za-z0-9_-]*)|\["((?:[^"\\]|\\")*)"\])/.exec(rest);
    if (m === null) throw new Error(`not a config path: ${path}`);
    names.push(m[1] ?? (m[2] ?? "").replaceAll('\\"', '"'));
    rest = rest.slice(m[0].length);
  }
  return names;
}

/**
 * Settings as a driver takes them (key -> value; an object as JSON): what the CLI's `--path` settings make of the
 * config, for drivers, which set whole keys.
 */
function wholeKeys(settings: readonly SecretSetting[]): Record<string, string> {
  const out: Record<string, unknown> = {};
  for (const s of settings) {
    if (!s.path) {
      out[s.key] = s.value;
      continue;
    }
    const names = pathNames(s.key);
    const leaf = names.pop() ?? "";
    let node = out;
    for (const n of names) {
      const next = node[n];
      const child: Record<string, unknown> =
        typeof next === "object" && next !== null ? (next as Record<string, unknown>) : {};
      node[n] = child;
      node = child;
    }
    node[leaf] = s.value;
  }
  return Object.fromEntries(
    Object.entries(out).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  );
}

/** The lines of the first sh block under a README's heading. */
function shBlock(readme: string, heading: string): string[] {
  const section = readme.slice(readme.indexOf(`\n## ${heading}\n`));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  return block.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("#"));
}

let source: Emulator;
let target: Emulator;
let folder: ProgramFolder;
let binDir: string;
let work: string;
/** The PYTHONPATH holding sdks/python as pip installed it; undefined without Python. */
let pythonSite: Promise<string> | undefined;
/** What the command, the CLI and the drivers printed, scanned for secrets. */
let printed = "";

function note(what: string, seconds: number): void {
  process.stderr.write(`export: ${what} ${seconds.toFixed(1)} s\n`);
}

/** A project beside the installed package (node_modules one folder up), as a user's `pulumi up` runs it. */
function besidePackage(exported: string, name: string): string {
  const dir = join(folder.dir, name);
  cpSync(exported, dir, { recursive: true });
  rmSync(join(dir, "package.json"));
  return dir;
}

/** The project's secret config of a stack, as the README's lines set it. */
type Secrets = readonly SecretSetting[];

/** Makes a stack of a lane's project against a service, named `name`, with `secrets` in its config. */
type StackMaker = (emu: Emulator, name: string, secrets?: Secrets) => Promise<LaneStack>;

/** One stack of a lane against one service, the service's address and key in its config. */
interface LaneStack {
  /** `up`; answers what it printed. */
  up(): Promise<string>;
  /** A preview that fails unless nothing would change. */
  previewClean(): Promise<void>;
  /** The stack's state (and workspace), for secret scans. */
  stateText(): Promise<string>;
  /** The program names a resource depends on in the engine's state (CLI stacks; undefined for drivers). */
  dependenciesOf?(name: string): Promise<string[]>;
  remove(): Promise<void>;
}

/** One lane: a language, and how its exported project becomes stacks. */
interface Lane {
  language: "yaml" | "typescript" | "javascript" | "python" | "go";
  skip?: () => boolean;
  /** Whether the lane also copies to a second service (JavaScript shares TypeScript's writer: adopting is enough). */
  copies: boolean;
  /**
   * What the program holds for the steps (issue 49): on the plugin's schema, each step's controls in its type's
   * typed block (the in-app step's primary action and the email step's layout reference inside theirs); in
   * TypeScript and JavaScript, `controls`.
   */
  steps: RegExp[];
  /** Makes the exported project runnable; answers how to make a stack of it against a service. */
  prepare(exported: string): Promise<StackMaker>;
}

/** A stack of the CLI (`--client` for a nodejs project; the YAML host otherwise). */
function cliStack(dir: string, options: { env?: Record<string, string>; program?: string }): StackMaker {
  return async (emu, _name, secrets = []) => {
    const stack = await PulumiStack.init({ projectDir: dir, binDir, ...options });
    await stack.setConfig("svc:baseUrl", emu.url);
    await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
    // Each as the README's line sets it: a config path with `--path`, a key without.
    for (const { key, value, path } of secrets) await stack.setConfig(key, value, { secret: true, path });
    return {
      up: async () => {
        const run = await stack.up();
        return run.stdout + run.stderr;
      },
      previewClean: async () => {
        await stack.preview({ expectNoChanges: true });
      },
      stateText: async () => JSON.stringify(await stack.exportStack()),
      dependenciesOf: async (name) => {
        const state = (await stack.exportStack()) as {
          deployment: { resources?: { urn: string; dependencies?: string[] }[] };
        };
        const resource = state.deployment.resources?.find((r) => r.urn.endsWith(`::${name}`));
        return (resource?.dependencies ?? []).map((urn) => urn.slice(urn.lastIndexOf("::") + 2)).sort();
      },
      remove: () => stack.remove(),
    };
  };
}

/** A stack of a driver (./testkit/driver-stack.ts), in work/<name>. */
function driverStack(driver: Driver): StackMaker {
  return async (emu, name, secrets = []) => {
    const stack = new DriverStack(driver, join(work, name), emu, PASSPHRASE, wholeKeys(secrets));
    const step = async (command: string) => {
      const run = await stack.step(command);
      note(`${name} ${command}`, run.seconds);
      return run;
    };
    return {
      up: async () => (await step("up")).printed,
      // The driver fails unless the preview passes expect_no_changes and finds every resource `same`.
      previewClean: async () => {
        const run = await step("preview");
        expect(Object.keys(run.changeSummary ?? {})).toEqual(["same"]);
        printed += run.printed;
      },
      stateText: async () => stack.filesText(),
      remove: async () => {},
    };
  };
}

/**
 * Runs the install lines of the project's README ("Before the first run") in it, as written: `../pulumi-svc` is
 * a clone holding the package `npm run package` writes (the tarball this test packed, under the same name).
 * npm prefers its cache (npm_config_prefer_offline), as the other program folders do.
 */
async function installAsReadmeSays(exported: string): Promise<string> {
  const t = performance.now();
  const manifest = JSON.parse(readFileSync(join(folder.dir, "package.json"), "utf8"));
  const tarball = String(manifest.dependencies["pulumi-svc"]).replace(/^file:/, "");
  const clone = join(exported, "..", "pulumi-svc");
  mkdirSync(clone, { recursive: true });
  copyFileSync(tarball, join(clone, basename(tarball)));
  const lines = shBlock(readFileSync(join(exported, "README.md"), "utf8"), "Before the first run");
  expect(lines).toEqual([`npm install ../pulumi-svc/${basename(tarball)}`]);
  const env = {
    ...userEnv(),
    npm_config_prefer_offline: "true",
    npm_config_audit: "false",
    npm_config_fund: "false",
  };
  for (const line of lines) {
    await new Promise<void>((resolve, reject) =>
      execFile("bash", ["-c", line], { cwd: exported, env, timeout: 240_000 }, (err, _out, stderr) =>
        err ? reject(new Error(`${line}: ${stderr}`)) : resolve(),
      ),
    );
  }
  note("README install (npm install of the clone's package)", (performance.now() - t) / 1000);
  return exported;
}

/** The cached venv with the pinned pulumi, and sdks/python pip-installed into work/site (as python-program does). */
async function installPython(): Promise<string> {
  const t = performance.now();
  const site = join(work, "site");
  await installPythonSdk(await pythonVenv(), site);
  note("venv + pip install ./sdks/python", (performance.now() - t) / 1000);
  return site;
}

/**
 * Builds main.go as written with the Go driver beside it, after the steps of its README: the `replace` pointed at
 * a pulumi-svc clone's sdks/go (this repository's), then `go mod tidy`. Answers the program.
 */
async function buildGo(exported: string): Promise<string> {
  const t = performance.now();
  const build = join(work, "go-build");
  mkdirSync(build);
  for (const file of ["main.go", "go.mod", "Pulumi.yaml"])
    copyFileSync(join(exported, file), join(build, file));
  copyFileSync(join(repoRoot(), "testkit/example-drivers/go_example.go"), join(build, "go_example.go"));
  const sdk = `github.com/pulumi-svc/pulumi-svc/sdks/go=${join(repoRoot(), "sdks", "go")}`;
  await runTimed("go", ["mod", "edit", `-replace=${sdk}`], { cwd: build, env: goEnv() });
  await runTimed("go", ["mod", "tidy"], { cwd: build, env: goEnv() });
  const program = join(work, "go-bin", "svc-go-example");
  await runTimed("go", ["build", "-buildvcs=false", "-o", program, "."], { cwd: build, env: goEnv() });
  note("go mod tidy + go build of the exported main.go with the driver", (performance.now() - t) / 1000);
  return program;
}

const LANES: Lane[] = [
  {
    language: "yaml",
    copies: true,
    steps: [
      /\n {10}inApp:\n[\s\S]*?\n {12}primaryAction:\n {14}label: Get started\n/,
      /\n {10}email:\n[\s\S]*? {12}layoutId: \$\{brand\.layoutId\}\n/,
      /\n {10}digest:\n/,
      /\n {10}httpRequest:\n[\s\S]*?\n {12}headers:\n {14}- key: Content-Type\n/,
    ],
    prepare: async (exported) => cliStack(exported, { env: { PATH: programPath(folder, binDir) } }),
  },
  {
    language: "typescript",
    copies: true,
    steps: [/\n {12}controls: \{\n[\s\S]*?\n {16}layoutId: brand\.layoutId,\n/],
    // Installed with its README's line as written, from the package a pulumi-svc clone beside it builds; index.ts
    // run as pulumi-language-nodejs runs it (@pulumi/pulumi's cmd/run compiling it with the `typescript` installed).
    prepare: async (exported) => cliStack(await installAsReadmeSays(exported), { program: "index.ts" }),
  },
  {
    // index.js as written, in a folder with no `typescript` (the program folder installs none).
    language: "javascript",
    copies: false,
    steps: [/\n {12}controls: \{\n[\s\S]*?\n {16}layoutId: brand\.layoutId,\n/],
    prepare: async (exported) => cliStack(besidePackage(exported, "js-program"), { program: "index.js" }),
  },
  {
    language: "python",
    skip: () => skipWithoutPython("export (python)"),
    copies: true,
    steps: [
      /\n {12}"in_app": \{\n[\s\S]*?\n {16}"primary_action": \{\n/,
      /\n {12}"email": \{\n[\s\S]*?\n {16}"layout_id": brand\.layout_id,\n/,
      /\n {12}"digest": \{\n/,
      /\n {12}"http_request": \{\n/,
    ],
    prepare: async (exported) => {
      // requirements.txt asks for the SDK this repository generates, at its version.
      const pyproject = readFileSync(join(PYTHON_SDK_DIR, "pyproject.toml"), "utf8");
      const sdkVersion = /^\s*version = "([^"]+)"/m.exec(pyproject)?.[1];
      expect(readFileSync(join(exported, "requirements.txt"), "utf8")).toContain(`pulumi_svc==${sdkVersion}`);
      const python = venvPython(await pythonVenv());
      const env = driverEnv({ PATH: programPath(folder, binDir), PYTHONPATH: await pythonSite });
      return driverStack(pythonDriver(python, exported, env));
    },
  },
  {
    language: "go",
    skip: () => skipWithoutGo("export (go)"),
    copies: true,
    steps: [
      /\n\t{4}InApp: &svc\.WorkflowStepInAppControlsArgs\{\n[\s\S]*?\n\t{5}PrimaryAction: &svc\.WorkflowStepInAppControlsPrimaryActionArgs\{\n/,
      /\n\t{4}Email: &svc\.WorkflowStepEmailControlsArgs\{\n[\s\S]*?\n\t{5}LayoutId: +brand\.LayoutId,\n/,
      /\n\t{4}Digest: &svc\.WorkflowStepDigestControlsArgs\{\n/,
      /\n\t{4}HttpRequest: &svc\.WorkflowStepHttpRequestControlsArgs\{\n/,
    ],
    prepare: async (exported) => {
      const program = await buildGo(exported);
      return driverStack(goDriver(program, driverEnv({ PATH: pathWithGo(programPath(folder, binDir)) })));
    },
  },
];

describe.skipIf(skipEngine("export"))("svc-export under the real CLI", { timeout: ENGINE_TIMEOUT_MS }, () => {
  beforeAll(async () => {
    // Both start as the service makes an organization: each environment has its own Inbox and Default layout.
    source = await startEmulator({ port: 0, fixtures: "none" });
    target = await startEmulator({ port: 0, fixtures: "none" });
    const sibling = source.keys.find((k) => k.apiKey !== source.apiKey)?.apiKey as string;
    await seedDashboardEnvironment(source, sibling, {
      slack: CREDENTIAL,
      signingKey: SIGNING_KEY,
      push: PUSH_CREDENTIAL,
    });
    // An email of no layout at all (`layoutId: null`): `layoutId: ""` in its block, in every language.
    await seedWorkflow(source, { workflowId: "plain-mail", name: "Plain mail", steps: [PLAIN_MAIL] });
    binDir = await ensurePulumiCli();
    work = mkdtempSync(join(tmpdir(), "svc-export-engine-"));
    mkdirSync(join(work, "go-bin"));
    // Python's SDK installs while npm packs and installs.
    pythonSite = skipWithoutPython("export (python)") ? undefined : installPython();
    folder = await createPackedProgramFolder({ project: "svc-export-engine", files: {} });
    await pythonSite;
  }, ENGINE_TIMEOUT_MS);

  afterAll(async () => {
    folder?.remove();
    if (work) rmSync(work, { recursive: true, force: true });
    await source?.close();
    await target?.close();
  });

  for (const lane of LANES) {
    const copies = lane.copies ? "; a copy to another service creates everything, equal" : "";
    it.skipIf(lane.skip?.() ?? false)(
      `${lane.language}: adopts with no write and a clean preview${copies}`,
      async () => {
        const started = performance.now();
        const exported = join(work, lane.language);
        const run = await runShippedExport(folder, exported, lane.language, source);
        printed += run.stdout + run.stderr;
        expect(run.code, run.stderr).toBe(0);
        const files = readdirSync(exported)
          .map((f) => readFileSync(join(exported, f), "utf8"))
          .join("\n");
        expect(
          plaintextHits(files, [source.apiKey, CREDENTIAL, SIGNING_KEY, PUSH_CREDENTIAL, SEED_WEBHOOK_TOKEN]),
        ).toEqual({});
        // The service's own objects are left out, and the README says why.
        expect(files).toMatch(
          /- integration "novu-inbox-[^"]+" \(novu, in_app\): made by the service itself/,
        );
        expect(files).toMatch(
          /- layout "default-layout" \(the environment's default\): made by the service itself/,
        );
        for (const step of lane.steps) expect(files).toMatch(step);
        // Where typed blocks exist, no step keeps `controls`, the email of no layout included (`layoutId: ""`);
        // TypeScript and JavaScript keep it on every step.
        if (lane.language !== "typescript" && lane.language !== "javascript")
          expect(files).not.toMatch(/\b[Cc]ontrols"?:/);
        const readme = readFileSync(join(exported, "README.md"), "utf8");
        expect(readme).not.toContain("its null controls");
        const setting = secretValueSetting(readme);
        // The header's own line (YAML: below the object key holding the program's secret values).
        const headerPath = secretHeaderPath(readme);
        expect(headerPath).toBe(lane.language === "yaml" ? `secretValues.${HEADER_PATH}` : HEADER_PATH);
        const stackOf = await lane.prepare(exported);

        const adopt = await stackOf(source, `${lane.language}-adopt`);
        // The copy's secret config, as the README's lines set it: the secret variable's value, the step's
        // Authorization header (the source's, so the copy is equal); and (where the program reads credentials
        // from config) the active push integration's, which its create needs.
        const copySecrets: SecretSetting[] = [
          { ...setting, value: COPY_SIGNING_KEY },
          { key: headerPath, path: true, value: SEED_WEBHOOK_TOKEN },
        ];
        if (lane.language !== "yaml")
          copySecrets.push({
            key: "mobilePushCredentials",
            path: false,
            value: JSON.stringify({ serviceAccount: COPY_PUSH_CREDENTIAL }),
          });
        const copy = lane.copies ? await stackOf(target, `${lane.language}-copy`, copySecrets) : undefined;
        try {
          const before = await exportSnapshot(source);
          source.resetRequests();
          printed += await adopt.up();
          expect(writeRequests(source)).toEqual([]);
          await adopt.previewClean();
          expect(await exportSnapshot(source)).toEqual(before);

          if (copy !== undefined) {
            target.resetRequests();
            printed += await copy.up();
            // The secret variable was written from config (its value reads back masked: the write is the proof).
            const variablesMade = writeRequests(target).filter((r) => r === "POST /v1/environment-variables");
            expect(variablesMade).toHaveLength(2);
            await copy.previewClean();
            // The target's own Inbox is the only in-app integration there (the export declares none).
            const targetEnv = target.keys[0]?.environmentId;
            const inApp = target.integrations().filter((i) => i.channel === "in_app");
            expect(inApp.filter((i) => i._environmentId === targetEnv)).toHaveLength(1);
            // Equal objects, and equal stored step issues (no MISSING_INTEGRATION the source has not).
            expect(await exportSnapshot(target)).toEqual(before);
            // What orders that, whatever the timing: the engine made the workflow after the integrations of its
            // steps' channels (and the layout its email step names).
            const deps = await copy.dependenciesOf?.("welcome");
            if (deps !== undefined)
              expect(deps).toEqual(["brand", "mobilePush", "sendgridMain", "teamSlack"]);
          }

          const state = (await adopt.stateText()) + (await copy?.stateText());
          expect(state).toContain("weekly-digest");
          const secrets = [
            source.apiKey,
            target.apiKey,
            CREDENTIAL,
            SIGNING_KEY,
            COPY_SIGNING_KEY,
            PUSH_CREDENTIAL,
            COPY_PUSH_CREDENTIAL,
            SEED_WEBHOOK_TOKEN,
          ];
          const projectFiles = readdirSync(exported)
            .filter((f) => f.endsWith(".yaml"))
            .map((f) => readFileSync(join(exported, f), "utf8"))
            .join("\n");
          expect(plaintextHits(state + printed + projectFiles, secrets)).toEqual({});
        } finally {
          // No destroy: the next lane adopts the same source objects again.
          await adopt.remove().catch(() => {});
          await copy?.remove().catch(() => {});
          if (copy !== undefined) {
            // The next lane copies into an empty target again.
            await target.close();
            target = await startEmulator({ port: 0, fixtures: "none" });
          }
          note(`${lane.language} lane`, (performance.now() - started) / 1000);
        }
      },
    );
  }
});
