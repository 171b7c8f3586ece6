/**
 * Consumer install (DESIGN.md test layer 7): the package as a user gets it. `npm pack`, then a fresh folder
 * outside the repo with the tarball and @pulumi/pulumi installed from the npm registry and no `typescript`
 * (so @pulumi/pulumi serializes with its vendored TypeScript 3.8.3), then a JavaScript and a TypeScript
 * program with both resource kinds run through serialization and the real dynamic-provider host of that
 * folder: create, update, refresh, destroy against the emulator. Pack after `npm run build` (npm test does).
 */
import { execFile } from "node:child_process";
import { lstatSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import {
  BOTH_KINDS_CONFIG,
  BOTH_KINDS_EXPECTED,
  BOTH_KINDS_FIXTURES,
  type BothKindsReport,
  runBothKinds,
} from "../../testkit/consumer/both-kinds";
import { packInto } from "../../testkit/consumer/pack";
import { createProgramFolder, type ProgramFolder } from "../../testkit/consumer/program-folder";
import { captureRegistrations, repoRoot, secret, startHarness } from "../../testkit/harness/index";

const PROGRAMS = join(repoRoot(), "test/consumer/programs");
const MINUTES = 60_000;

let emu: Emulator;
let packDir: string;
let tarball: string;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, fixtures: BOTH_KINDS_FIXTURES });
  packDir = mkdtempSync(join(tmpdir(), "svc-consumer-pack-"));
  tarball = await packInto(packDir);
}, 2 * MINUTES);

afterAll(async () => {
  await emu?.close();
  if (packDir) rmSync(packDir, { recursive: true, force: true });
});

/** Compiles a TypeScript program folder with this repo's compiler, which the folder cannot resolve. */
function compile(dir: string): Promise<void> {
  const tsc = join(repoRoot(), "node_modules/typescript/bin/tsc");
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [tsc, "-p", dir], { cwd: dir, timeout: 3 * MINUTES }, (err, stdout) =>
      err ? reject(new Error(`tsc failed in ${dir}:\n${stdout}`)) : resolve(),
    );
  });
}

/** Runs the folder's program through the whole lifecycle with the folder's own @pulumi/pulumi. */
function runProgram(folder: ProgramFolder, main: string, project: string): Promise<BothKindsReport> {
  return runBothKinds({
    emu,
    capture: (config) =>
      captureRegistrations({
        cwd: folder.dir,
        project,
        config,
        program: `const m = require(${JSON.stringify(join(folder.dir, main))}); return [m.email, m.phone];`,
      }),
    startHost: () =>
      startHarness({
        config: { "svc:apiKey": secret(emu.apiKey), "svc:baseUrl": emu.url },
        hostFrom: folder.dir,
        cwd: folder.dir,
      }),
  });
}

function expectFullLifecycle(report: BothKindsReport): void {
  const { hostOutput, ...steps } = report;
  expect(steps).toEqual(BOTH_KINDS_EXPECTED);
  for (const config of BOTH_KINDS_CONFIG) expect(hostOutput).not.toContain(config["demo:sendgridApiKey"]);
}

/** The folder is what a user has: the package from the tarball, and no typescript for @pulumi/pulumi. */
function expectUserLayout(folder: ProgramFolder): void {
  expect(folder.typescriptFromPulumi).toBeUndefined();
  const installed = join(folder.dir, "node_modules/pulumi-svc");
  expect(lstatSync(installed).isSymbolicLink()).toBe(false);
  const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as { name: string };
  expect(manifest.name).toBe("pulumi-svc");
}

describe("installed from the tarball into a program folder without typescript", () => {
  // One install serves both programs: the folder holds a JavaScript program (index.js) and a TypeScript
  // one (index.ts, tsconfig of `pulumi new typescript`, compiled to bin/ by a tsc the folder cannot see).
  let folder: ProgramFolder;
  beforeAll(async () => {
    folder = await createProgramFolder({
      tarball,
      project: "svc-consumer",
      devPackages: ["@types/node"],
      files: {
        "index.js": readFileSync(join(PROGRAMS, "javascript/index.js"), "utf8"),
        "index.ts": readFileSync(join(PROGRAMS, "typescript/index.ts"), "utf8"),
        "tsconfig.json": readFileSync(join(PROGRAMS, "typescript/tsconfig.json"), "utf8"),
      },
    });
  }, 5 * MINUTES);
  afterAll(() => folder?.remove());

  it("holds what a user's folder holds: the package from the tarball, no typescript for @pulumi/pulumi", () => {
    expectUserLayout(folder);
  });

  it(
    "a JavaScript program serializes and runs both kinds: create, update, refresh, destroy",
    async () => {
      expectFullLifecycle(await runProgram(folder, "index.js", "svc-consumer-js"));
    },
    4 * MINUTES,
  );

  it(
    "a TypeScript program type-checks against the shipped types and runs both kinds",
    async () => {
      await compile(folder.dir);
      expectFullLifecycle(await runProgram(folder, "bin/index.js", "svc-consumer-ts"));
    },
    5 * MINUTES,
  );
});
