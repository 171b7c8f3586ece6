/**
 * `svc-export --language python` and `--language go` under the real Pulumi CLI (issue 42, "Done when"), the
 * way examples/python and examples/go are tested (test/engine/python-program.test.ts, go-program.test.ts): this
 * repository cannot build the Python or Go language host, so the generated program runs through the
 * Automation-API drivers of testkit/example-drivers/ — `__main__.py` as it was written, by python_example.py
 * (`runpy`, as the host runs it) on the generated SDK sdks/python pip-installed as a user installs it; `main.go`
 * as it was written, built with go_example.go beside it, after the `replace` its README asks for (pointed at
 * this repository's sdks/go) and `go mod tidy`. The plugin `pulumi-resource-svc` and the command `svc-export`
 * come from the packed tarball installed into a fresh folder.
 *
 * One emulator is seeded over raw HTTP as a dashboard user leaves it (testkit/export-seed.ts). For each
 * language, one stack lifecycle: the exported project's first `up` on the environment it was read from makes no
 * POST, PUT, PATCH or DELETE (the emulator's request log), a preview right after has every resource `same`
 * (`expect_no_changes`), and the service holds what it held; then the same project, on a stack of a second
 * emulator (another service), creates everything, previews clean, and both hold equal objects (credentials
 * aside; testkit/export-snapshot.ts, as test/engine/export.test.ts compares them). No API key and no credential
 * in any generated file, in what the command and the programs printed, or in the stacks' state and workspaces.
 * Needs `npm run build`, the CLI, python3 and go.
 */
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import {
  createPackedProgramFolder,
  type ProgramFolder,
  programPath,
} from "../../testkit/consumer/program-folder";
import { runShippedExport } from "../../testkit/export-command";
import { seedDashboardEnvironment } from "../../testkit/export-seed";
import { exportSnapshot, writeRequests } from "../../testkit/export-snapshot";
import { goEnv, pathWithGo, runTimed, skipWithoutGo } from "../../testkit/go-toolchain";
import { repoRoot } from "../../testkit/harness/repo-root";
import { ENGINE_TIMEOUT_MS, ensurePulumiCli, plaintextHits, skipEngine } from "../../testkit/pulumi-cli";
import {
  installPythonSdk,
  PYTHON_SDK_DIR,
  pythonVenv,
  skipWithoutPython,
  venvPython,
} from "../../testkit/python-toolchain";

/** A credential the dashboard user gave the Slack integration: never in a file, the state or the output. */
const CREDENTIAL = "xoxb-seeded-credential-python-go-8d2b";
const PASSPHRASE = randomBytes(12).toString("hex");
const DRIVERS = join(repoRoot(), "testkit", "example-drivers");
/**
 * The resources of a change summary: the stack and the seeded environment's seven objects (two integrations,
 * a layout, two workflows, two topics; the default provider is not counted).
 */
const RESOURCES = 8;

/** The line a step of a driver prints (`svc-python-example: {...}` or `svc-go-example: {...}`). */
interface StepLine {
  step: string;
  changeSummary: Record<string, number> | null;
}

/** How a language's exported project is made runnable and how its driver runs one step. */
interface Lane {
  language: "python" | "go";
  skip: () => boolean;
  /** Makes the exported project runnable (in `work/<language>-run`); answers the command and leading args. */
  prepare(exported: string): Promise<string[]>;
  /** The driver's arguments for one step on the stack kept in `state`. */
  stepArgs(state: string, command: string): string[];
  marker: string;
  env(): NodeJS.ProcessEnv;
}

let source: Emulator;
let folder: ProgramFolder;
let binDir: string;
/** Holds each language's export, its runnable project, the stacks' state, Python's site/. */
let work: string;
/** Everything the command and the programs printed and the stacks' files held, scanned for secrets. */
let scanned = "";
let started: number;
const timings: string[] = [];

function note(what: string, seconds: number): void {
  timings.push(`${what} ${seconds.toFixed(1)} s`);
  process.stderr.write(`export-python-go: ${what} ${seconds.toFixed(1)} s\n`);
}

/** The text of every file under `dir`. */
function filesText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), "utf8"))
    .join("\n");
}

/** The test's environment for a program: no inherited Pulumi or svc settings; the plugin from the tarball. */
function programEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const k of [
    "SVC_API_KEY",
    "SVC_BASE_URL",
    "SVC_FCM_SERVICE_ACCOUNT",
    "SVC_DEVICE_TOKEN",
    "PULUMI_ACCESS_TOKEN",
    "PULUMI_BACKEND_URL",
    "PULUMI_HOME",
    "PULUMI_CONFIG_PASSPHRASE_FILE",
    "PYTHONHOME",
  ])
    delete inherited[k];
  return {
    ...inherited,
    PATH: programPath(folder, binDir),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    ...extra,
  };
}

let pythonSite: Promise<string> | undefined;

/** The cached venv with the pinned pulumi, and sdks/python pip-installed into work/site (as python-program). */
function installPython(): Promise<string> {
  pythonSite ??= (async () => {
    const t = performance.now();
    const venv = await pythonVenv();
    const site = join(work, "site");
    await installPythonSdk(venv, site);
    note("venv + pip install ./sdks/python", (performance.now() - t) / 1000);
    return site;
  })();
  return pythonSite;
}

const PYTHON: Lane = {
  language: "python",
  skip: () => skipWithoutPython("export-python-go"),
  async prepare(exported) {
    // requirements.txt asks for the SDK this repository generates, at its version.
    const sdkVersion = /^\s*version = "([^"]+)"/m.exec(
      readFileSync(join(PYTHON_SDK_DIR, "pyproject.toml"), "utf8"),
    )?.[1];
    expect(readFileSync(join(exported, "requirements.txt"), "utf8")).toContain(`pulumi_svc==${sdkVersion}`);
    await installPython();
    return [venvPython(await pythonVenv()), join(DRIVERS, "python_example.py"), "--example", exported];
  },
  stepArgs: (state, command) => ["--state", state, command],
  marker: "svc-python-example: ",
  env: () => ({ PYTHONPATH: join(work, "site") }),
};

const GO: Lane = {
  language: "go",
  skip: () => skipWithoutGo("export-python-go"),
  /**
   * Builds main.go as written with the harness beside it, after the steps of its README: the `replace` pointed
   * at a pulumi-svc clone's sdks/go (this repository's), then `go mod tidy` (Go's build cache and module cache
   * serve what the CLI build and the go-sdk tests fetched and compiled).
   */
  async prepare(exported) {
    const t = performance.now();
    const build = join(work, "go-build");
    mkdirSync(build);
    for (const file of ["main.go", "go.mod", "Pulumi.yaml"])
      copyFileSync(join(exported, file), join(build, file));
    const harness = join(DRIVERS, "go_example.go");
    copyFileSync(harness, join(build, basename(harness)));
    const sdk = `github.com/pulumi-svc/pulumi-svc/sdks/go=${join(repoRoot(), "sdks", "go")}`;
    await runTimed("go", ["mod", "edit", `-replace=${sdk}`], { cwd: build, env: goEnv() });
    await runTimed("go", ["mod", "tidy"], { cwd: build, env: goEnv() });
    const program = join(work, "go-bin", "svc-go-example");
    await runTimed("go", ["build", "-buildvcs=false", "-o", program, "."], { cwd: build, env: goEnv() });
    note("go mod tidy + go build of the exported main.go and the harness", (performance.now() - t) / 1000);
    return [program];
  },
  stepArgs: (state, command) => ["-state", state, command],
  marker: "svc-go-example: ",
  env: () => ({ PATH: pathWithGo(programPath(folder, binDir)) }),
};

/** Runs one step of `lane`'s program on the stack kept in `state`, against `emu`; answers its line. */
async function step(
  lane: Lane,
  run: string[],
  state: string,
  emu: Emulator,
  command: string,
): Promise<StepLine> {
  const [cmd, ...args] = run;
  const env = programEnv({ ...lane.env(), SVC_BASE_URL: emu.url, SVC_API_KEY: emu.apiKey });
  const result = await runTimed(cmd as string, [...args, ...lane.stepArgs(state, command)], {
    cwd: work,
    env,
  });
  scanned += result.stdout + result.stderr;
  note(`${lane.language} ${command} (${emu === source ? "source" : "target"})`, result.seconds);
  const line = result.stdout.split("\n").find((l) => l.startsWith(lane.marker));
  if (!line)
    throw new Error(`the program printed no ${lane.marker.trim()} line:\n${result.stdout}\n${result.stderr}`);
  return JSON.parse(line.slice(lane.marker.length)) as StepLine;
}

describe.skipIf(skipEngine("export-python-go"))(
  "svc-export --language python|go: the program through the Automation API on the generated SDK, with the packed plugin",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      started = performance.now();
      work = mkdtempSync(join(tmpdir(), "svc-export-python-go-"));
      mkdirSync(join(work, "go-bin"));
      source = await startEmulator({ port: 0 });
      const sibling = source.keys.find((k) => k.apiKey !== source.apiKey)?.apiKey as string;
      await seedDashboardEnvironment(source, sibling, { slack: CREDENTIAL });
      binDir = await ensurePulumiCli();
      const t = performance.now();
      const packed = createPackedProgramFolder({ project: "svc-export-python-go", files: {} }).then((f) => {
        note("pack and install", (performance.now() - t) / 1000);
        return f;
      });
      // The venv and the SDK install while npm packs and installs.
      const python = PYTHON.skip() ? Promise.resolve("") : installPython();
      [folder] = await Promise.all([packed, python]);
    }, ENGINE_TIMEOUT_MS);

    afterAll(async () => {
      folder?.remove();
      if (work) rmSync(work, { recursive: true, force: true });
      await source?.close();
      if (started) note("total", (performance.now() - started) / 1000);
    });

    for (const lane of [PYTHON, GO]) {
      it.skipIf(lane.skip())(
        `${lane.language}: adopts with no write and a clean preview; a copy to another service creates everything, equal`,
        async () => {
          const exported = join(work, lane.language);
          const run = await runShippedExport(folder, exported, lane.language, source);
          scanned += run.stdout + run.stderr;
          expect(run.code, run.stderr).toBe(0);
          expect(plaintextHits(filesText(exported), [source.apiKey, CREDENTIAL])).toEqual({});
          const program = await lane.prepare(exported);

          const adopt = join(work, `${lane.language}-adopt`);
          const before = await exportSnapshot(source);
          source.resetRequests();
          await step(lane, program, adopt, source, "up");
          expect(writeRequests(source)).toEqual([]);
          // The driver also fails unless the preview passes expect_no_changes and has nothing but `same`.
          expect((await step(lane, program, adopt, source, "preview")).changeSummary).toEqual({
            same: RESOURCES,
          });
          expect(await exportSnapshot(source)).toEqual(before);

          const target = await startEmulator({ port: 0 });
          const copy = join(work, `${lane.language}-copy`);
          try {
            expect((await step(lane, program, copy, target, "up")).changeSummary).toEqual({
              create: RESOURCES,
            });
            expect((await step(lane, program, copy, target, "preview")).changeSummary).toEqual({
              same: RESOURCES,
            });
            expect(await exportSnapshot(target)).toEqual(before);
            scanned += filesText(adopt) + filesText(copy);
            expect(scanned).toContain(`svc:index:Workflow`);
            expect(plaintextHits(scanned, [source.apiKey, target.apiKey, CREDENTIAL, PASSPHRASE])).toEqual(
              {},
            );
          } finally {
            await target.close();
          }
        },
      );
    }
  },
);
