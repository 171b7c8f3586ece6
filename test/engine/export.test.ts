/**
 * `svc-export` under the real Pulumi CLI (issue 42, "Done when"): an emulator seeded over raw HTTP as a
 * dashboard user leaves it (testkit/export-seed.ts) is exported with the command the npm package ships
 * (`svc-export`, installed from the packed tarball) in every language it writes, each run as its users run it:
 * - YAML through the plugin (`pulumi-resource-svc` of the tarball on PATH);
 * - TypeScript on this package's dynamic resources, compiled with this repository's tsc and run through
 *   `--client`, as test/consumer does; JavaScript as written, in a folder without `typescript`;
 * - Python and Go as examples/python and examples/go are tested (test/engine/python-program.test.ts,
 *   go-program.test.ts): this repository builds no Python or Go language host, so the program runs through the
 *   Automation-API drivers of testkit/example-drivers/ (testkit/driver-stack.ts) — `__main__.py` as written on
 *   the generated SDK sdks/python pip-installed as a user installs it; `main.go` as written, built with the
 *   harness beside it after the steps of its README (the `replace` pointed at this repository's sdks/go, then
 *   `go mod tidy`); the plugin from the tarball.
 * One stack lifecycle per language: the first `up` on the environment it was read from makes no POST, PUT,
 * PATCH or DELETE (the emulator's request log) and a preview right after expects no changes; the same project
 * on a stack of a second emulator (another service) creates everything, previews clean, and both hold equal
 * objects (credentials aside; testkit/export-snapshot.ts). JavaScript shares TypeScript's writer, so its lane
 * stops after the adopting preview. No API key and no credential in any generated file, in the state, or in
 * what the command, the CLI and the drivers printed. The environment variables: the plain one adopted and copied
 * as a literal; the secret one adopted with its config key unset (nothing written: the service's value is kept)
 * and copied with the value set through the copy stack's secret config (YAML: wired as its README says), never
 * in plaintext in a file, the state or the output. The http_request step's Authorization header likewise
 * (issue 49): adopted with its `secretHeaders` config key unset, copied with it set, in plaintext nowhere.
 * Needs `npm run build`; Python and Go lanes need python3 and go.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  cpSync,
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
import {
  createPackedProgramFolder,
  type ProgramFolder,
  programPath,
} from "../../testkit/consumer/program-folder";
import { type Driver, DriverStack, driverEnv, goDriver, pythonDriver } from "../../testkit/driver-stack";
import { runShippedExport } from "../../testkit/export-command";
import { SEED_WEBHOOK_TOKEN, seedDashboardEnvironment } from "../../testkit/export-seed";
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
/** The config key the export names for the secret variable's value (README.md). */
const SIGNING_CONFIG = "signingKeyValue";
/**
 * The config key the export names for the http_request step's secret headers (README.md): unset on the adopt
 * stack (adopting keeps the header the service holds), set on the copy to the source's value (so the copy is
 * equal).
 */
const HEADERS_CONFIG = "weeklyDigestSecretHeaders";
const COPY_HEADERS = JSON.stringify({ "Notify CRM": { Authorization: SEED_WEBHOOK_TOKEN } });

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

/** The project's secret config of a stack (key -> value). */
type Secrets = Readonly<Record<string, string>>;

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
  remove(): Promise<void>;
}

/** One lane: a language, and how its exported project becomes stacks. */
interface Lane {
  language: "yaml" | "typescript" | "javascript" | "python" | "go";
  skip?: () => boolean;
  /** Whether the lane also copies to a second service (JavaScript shares TypeScript's writer: adopting is enough). */
  copies: boolean;
  /** Makes the exported project runnable; answers how to make a stack of it against a service. */
  prepare(exported: string): Promise<StackMaker>;
  /**
   * Wires the secret variable's value to its config key before the copy, as the README says (the YAML
   * program cannot leave a config value out while unset, so it declares none until told to).
   */
  wireSecretValue?(exported: string): void;
}

/** A stack of the CLI (`--client` for a nodejs project; the YAML host otherwise). */
/** The leaves of a JSON object as `--path` suffixes (`["Notify CRM"]["Authorization"]`) and their values. */
function configLeaves(value: unknown, path = ""): [string, string][] {
  if (value === null || typeof value !== "object") return [[path, String(value)]];
  return Object.entries(value).flatMap(([k, v]) => configLeaves(v, `${path}[${JSON.stringify(k)}]`));
}

/**
 * A secret config value on a CLI stack: a JSON object is set leaf by leaf with `--path` (structured config,
 * which a YAML program's `type: object` needs; README.md says so), anything else as it is.
 */
async function setSecretConfig(stack: PulumiStack, key: string, value: string): Promise<void> {
  const parsed: unknown = value.startsWith("{") ? JSON.parse(value) : undefined;
  if (parsed === undefined) return stack.setConfig(key, value, { secret: true });
  for (const [path, leaf] of configLeaves(parsed))
    await stack.run(["config", "set", "--secret", "--path", `${key}${path}`, leaf]);
}

function cliStack(dir: string, options: { env?: Record<string, string>; program?: string }): StackMaker {
  return async (emu, _name, secrets = {}) => {
    const stack = await PulumiStack.init({ projectDir: dir, binDir, ...options });
    await stack.setConfig("svc:baseUrl", emu.url);
    await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
    for (const [key, value] of Object.entries(secrets)) await setSecretConfig(stack, key, value);
    return {
      up: async () => {
        const run = await stack.up();
        return run.stdout + run.stderr;
      },
      previewClean: async () => {
        await stack.preview({ expectNoChanges: true });
      },
      stateText: async () => JSON.stringify(await stack.exportStack()),
      remove: () => stack.remove(),
    };
  };
}

/** A stack of a driver (./testkit/driver-stack.ts), in work/<name>. */
function driverStack(driver: Driver): StackMaker {
  return async (emu, name, secrets = {}) => {
    const stack = new DriverStack(driver, join(work, name), emu, PASSPHRASE, secrets);
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
    prepare: async (exported) => cliStack(exported, { env: { PATH: programPath(folder, binDir) } }),
    wireSecretValue: (dir) => {
      const file = join(dir, "Pulumi.yaml");
      const program = readFileSync(file, "utf8")
        .replace("\nresources:\n", `  ${SIGNING_CONFIG}:\n    type: string\n    secret: true\n\nresources:\n`)
        .replace("      key: SIGNING_KEY\n", `      key: SIGNING_KEY\n      value: \${${SIGNING_CONFIG}}\n`)
        .replace("\nresources:\n", `  ${HEADERS_CONFIG}:\n    type: object\n    secret: true\n\nresources:\n`)
        .replace(
          "      workflowId: weekly-digest\n",
          `      workflowId: weekly-digest\n      secretHeaders: \${${HEADERS_CONFIG}}\n`,
        );
      expect(program).toContain(`value: \${${SIGNING_CONFIG}}`);
      expect(program).toContain(`secretHeaders: \${${HEADERS_CONFIG}}`);
      writeFileSync(file, program);
    },
  },
  {
    language: "typescript",
    copies: true,
    // Compiled as a user's `pulumi up` would.
    prepare: async (exported) => {
      const dir = besidePackage(exported, "ts-program");
      const tsc = join(repoRoot(), "node_modules/typescript/bin/tsc");
      await new Promise<void>((resolve, reject) =>
        execFile(process.execPath, [tsc, "-p", dir], { cwd: dir }, (err, stdout) =>
          err ? reject(new Error(`tsc failed:\n${stdout}`)) : resolve(),
        ),
      );
      return cliStack(dir, { program: "bin/index.js" });
    },
  },
  {
    // index.js as written, in a folder with no `typescript` (the program folder installs none).
    language: "javascript",
    copies: false,
    prepare: async (exported) => cliStack(besidePackage(exported, "js-program"), { program: "index.js" }),
  },
  {
    language: "python",
    skip: () => skipWithoutPython("export (python)"),
    copies: true,
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
    prepare: async (exported) => {
      const program = await buildGo(exported);
      return driverStack(goDriver(program, driverEnv({ PATH: pathWithGo(programPath(folder, binDir)) })));
    },
  },
];

describe.skipIf(skipEngine("export"))("svc-export under the real CLI", { timeout: ENGINE_TIMEOUT_MS }, () => {
  beforeAll(async () => {
    source = await startEmulator({ port: 0 });
    target = await startEmulator({ port: 0 });
    const sibling = source.keys.find((k) => k.apiKey !== source.apiKey)?.apiKey as string;
    await seedDashboardEnvironment(source, sibling, { slack: CREDENTIAL, signingKey: SIGNING_KEY });
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
        expect(plaintextHits(files, [source.apiKey, CREDENTIAL, SIGNING_KEY, SEED_WEBHOOK_TOKEN])).toEqual(
          {},
        );
        const stackOf = await lane.prepare(exported);

        const adopt = await stackOf(source, `${lane.language}-adopt`);
        const copySecrets = { [SIGNING_CONFIG]: COPY_SIGNING_KEY, [HEADERS_CONFIG]: COPY_HEADERS };
        const copy = lane.copies ? await stackOf(target, `${lane.language}-copy`, copySecrets) : undefined;
        try {
          const before = await exportSnapshot(source);
          source.resetRequests();
          printed += await adopt.up();
          expect(writeRequests(source)).toEqual([]);
          await adopt.previewClean();
          expect(await exportSnapshot(source)).toEqual(before);

          if (copy !== undefined) {
            lane.wireSecretValue?.(exported);
            target.resetRequests();
            printed += await copy.up();
            // The secret variable was written from config (its value reads back masked: the write is the proof).
            const variablesMade = writeRequests(target).filter((r) => r === "POST /v1/environment-variables");
            expect(variablesMade).toHaveLength(2);
            await copy.previewClean();
            expect(await exportSnapshot(target)).toEqual(before);
          }

          const state = (await adopt.stateText()) + (await copy?.stateText());
          expect(state).toContain("weekly-digest");
          const secrets = [
            source.apiKey,
            target.apiKey,
            CREDENTIAL,
            SIGNING_KEY,
            COPY_SIGNING_KEY,
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
            target = await startEmulator({ port: 0 });
          }
          note(`${lane.language} lane`, (performance.now() - started) / 1000);
        }
      },
    );
  }
});
