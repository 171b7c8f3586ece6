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
  expect(report.create.steps).toEqual(["Integration create", "SubscriberCredentials create"]);
  expect(report.create.service).toEqual({
    integrationNames: ["Email v1"],
    deviceTokens: ["consumer-token-1"],
  });
  expect(report.update.steps).toEqual(["Integration update", "SubscriberCredentials update"]);
  expect(report.update.service).toEqual({
    integrationNames: ["Email v2"],
    deviceTokens: ["consumer-token-1", "consumer-token-2"],
  });
  expect(report.refresh.steps).toEqual(["Integration read", "SubscriberCredentials read"]);
  expect(report.destroy.steps).toEqual(["Integration delete", "SubscriberCredentials delete"]);
  expect(report.destroy.service).toEqual({ integrationNames: [], deviceTokens: [] });
  for (const config of BOTH_KINDS_CONFIG)
    expect(report.hostOutput).not.toContain(config["demo:sendgridApiKey"]);
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
  it(
    "a JavaScript program serializes and runs both kinds: create, update, refresh, destroy",
    async () => {
      const folder = await createProgramFolder({
        tarball,
        project: "svc-consumer-js",
        files: { "index.js": readFileSync(join(PROGRAMS, "javascript/index.js"), "utf8") },
      });
      try {
        expectUserLayout(folder);
        expectFullLifecycle(await runProgram(folder, "index.js", "svc-consumer-js"));
      } finally {
        folder.remove();
      }
    },
    8 * MINUTES,
  );

  it(
    "a TypeScript program (tsconfig of `pulumi new typescript`) type-checks against the shipped types and runs both kinds",
    async () => {
      const folder = await createProgramFolder({
        tarball,
        project: "svc-consumer-ts",
        main: "bin/index.js",
        devPackages: ["@types/node"],
        files: {
          "index.ts": readFileSync(join(PROGRAMS, "typescript/index.ts"), "utf8"),
          "tsconfig.json": readFileSync(join(PROGRAMS, "typescript/tsconfig.json"), "utf8"),
        },
      });
      try {
        expectUserLayout(folder);
        await compile(folder.dir);
        expectFullLifecycle(await runProgram(folder, "bin/index.js", "svc-consumer-ts"));
      } finally {
        folder.remove();
      }
    },
    8 * MINUTES,
  );
});
