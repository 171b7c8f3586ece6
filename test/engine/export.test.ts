/**
 * `svc-export` under the real Pulumi CLI (issue 42, "Done when"): an emulator seeded over raw HTTP as a
 * dashboard user leaves it (testkit/export-seed.ts) is exported with the command the npm package ships
 * (`svc-export`, installed from the packed tarball), as a Pulumi YAML project (through the plugin) and as a
 * TypeScript project (this package's dynamic resources; compiled with this repository's tsc and run through
 * `--client`, as test/consumer does) and as a JavaScript project (index.js as written, in a folder without
 * `typescript`). In each: the first `up` on the environment it was read from makes no POST, PUT, PATCH or
 * DELETE (the emulator's request log) and `preview --expect-no-changes` passes; for YAML and TypeScript, the
 * same project on a stack of a second emulator (another service) creates everything, previews clean, and both
 * hold equal objects (credentials aside; testkit/export-snapshot.ts); JavaScript shares TypeScript's writer, so
 * its lane stops after the adopting preview. No API key and no credential in any generated file, in the state,
 * or in what the command and the CLI printed. Python and Go: test/engine/export-python-go.test.ts. Needs
 * `npm run build`.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
import { repoRoot } from "../../testkit/harness/repo-root";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  PulumiStack,
  plaintextHits,
  skipEngine,
} from "../../testkit/pulumi-cli";

/** A credential the dashboard user gave the Slack integration: never in a file, the state or the output. */
const CREDENTIAL = "xoxb-seeded-credential-5e1f";

let source: Emulator;
let target: Emulator;
let folder: ProgramFolder;
let binDir: string;
let work: string;
let printed = "";

/** Runs the shipped `svc-export` bin reading `emu`; keeps what it printed. */
async function exportTo(out: string, language: string, emu: Emulator): Promise<number> {
  const run = await runShippedExport(folder, out, language, emu);
  printed += run.stdout + run.stderr;
  return run.code;
}

/** A project beside the installed package (node_modules one folder up), as a user's `pulumi up` runs it. */
function besidePackage(exported: string, name: string): string {
  const dir = join(folder.dir, name);
  cpSync(exported, dir, { recursive: true });
  rmSync(join(dir, "package.json"));
  return dir;
}

/** One lane: a language, where its project runs from, and how. */
interface Lane {
  language: "yaml" | "typescript" | "javascript";
  /** The project folder to run, made from the exported one. */
  prepare(exported: string): Promise<string>;
  stackOptions(dir: string): { env?: Record<string, string>; program?: string };
  /** Whether the lane also copies to a second service (JavaScript shares TypeScript's writer: adopting is enough). */
  copies: boolean;
}

const LANES: Lane[] = [
  {
    language: "yaml",
    prepare: async (exported) => exported,
    stackOptions: () => ({ env: { PATH: programPath(folder, binDir) } }),
    copies: true,
  },
  {
    language: "typescript",
    // Compiled as a user's `pulumi up` would.
    prepare: async (exported) => {
      const dir = besidePackage(exported, "ts-program");
      const tsc = join(repoRoot(), "node_modules/typescript/bin/tsc");
      await new Promise<void>((resolve, reject) =>
        execFile(process.execPath, [tsc, "-p", dir], { cwd: dir }, (err, stdout) =>
          err ? reject(new Error(`tsc failed:\n${stdout}`)) : resolve(),
        ),
      );
      return dir;
    },
    stackOptions: () => ({ program: "bin/index.js" }),
    copies: true,
  },
  {
    // index.js as it is, in a folder with no `typescript` (the program folder installs none).
    language: "javascript",
    prepare: async (exported) => besidePackage(exported, "js-program"),
    stackOptions: () => ({ program: "index.js" }),
    copies: false,
  },
];

describe.skipIf(skipEngine("export"))("svc-export under the real CLI", { timeout: ENGINE_TIMEOUT_MS }, () => {
  beforeAll(async () => {
    source = await startEmulator({ port: 0 });
    target = await startEmulator({ port: 0 });
    const sibling = source.keys.find((k) => k.apiKey !== source.apiKey)?.apiKey as string;
    await seedDashboardEnvironment(source, sibling, { slack: CREDENTIAL });
    binDir = await ensurePulumiCli();
    folder = await createPackedProgramFolder({ project: "svc-export-engine", files: {} });
    work = mkdtempSync(join(tmpdir(), "svc-export-engine-"));
  }, ENGINE_TIMEOUT_MS);

  afterAll(async () => {
    folder?.remove();
    if (work) rmSync(work, { recursive: true, force: true });
    await source?.close();
    await target?.close();
  });

  for (const lane of LANES) {
    const copies = lane.copies ? "; a copy to another service creates everything, equal" : "";
    it(`${lane.language}: adopts with no write and a clean preview${copies}`, async () => {
      const exported = join(work, lane.language);
      expect(await exportTo(exported, lane.language, source)).toBe(0);
      const files = readdirSync(exported)
        .map((f) => readFileSync(join(exported, f), "utf8"))
        .join("\n");
      expect(plaintextHits(files, [source.apiKey, CREDENTIAL])).toEqual({});
      const dir = await lane.prepare(exported);

      const adopt = await PulumiStack.init({ projectDir: dir, binDir, ...lane.stackOptions(dir) });
      const copy = lane.copies
        ? await PulumiStack.init({ projectDir: dir, binDir, ...lane.stackOptions(dir) })
        : undefined;
      try {
        await adopt.setConfig("svc:baseUrl", source.url);
        await adopt.setConfig("svc:apiKey", source.apiKey, { secret: true });
        const before = await exportSnapshot(source);
        source.resetRequests();
        const up = await adopt.up();
        printed += up.stdout + up.stderr;
        expect(writeRequests(source)).toEqual([]);
        await adopt.preview({ expectNoChanges: true });
        expect(await exportSnapshot(source)).toEqual(before);

        if (copy !== undefined) {
          await copy.setConfig("svc:baseUrl", target.url);
          await copy.setConfig("svc:apiKey", target.apiKey, { secret: true });
          const created = await copy.up();
          printed += created.stdout + created.stderr;
          await copy.preview({ expectNoChanges: true });
          expect(await exportSnapshot(target)).toEqual(before);
        }

        const state = JSON.stringify([await adopt.exportStack(), await copy?.exportStack()]);
        expect(plaintextHits(state + printed, [source.apiKey, target.apiKey, CREDENTIAL])).toEqual({});
      } finally {
        // No destroy: the next lane adopts the same source objects again.
        await adopt.remove().catch(() => {});
        await copy?.remove().catch(() => {});
        if (copy !== undefined) {
          // The next lane copies into an empty target again.
          await target.close();
          target = await startEmulator({ port: 0 });
        }
      }
    });
  }
});
