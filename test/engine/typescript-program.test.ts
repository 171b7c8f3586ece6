/**
 * A TypeScript program as Pulumi compiles it, from a fresh folder with the packed tarball. The language host
 * (testkit/pulumi-cli/language-server.js, for a `.ts` program) runs @pulumi/pulumi's own `cmd/run` as
 * pulumi-language-nodejs does, with PULUMI_NODEJS_TYPESCRIPT=true: it registers ts-node with the `typescript`
 * the folder resolves, type-checking the program.
 * - Without `typescript` in the folder, that is the TypeScript 3.8.3 @pulumi/pulumi vendors: it reads the
 *   package's resolved declarations (dist/legacy-types, via `typesVersions`); `up`, then a preview with no
 *   changes. The same compiler, run directly, reports nothing in the program or the package's declarations.
 * - Then with TypeScript 5 installed and the `pulumi new typescript` template's tsconfig.json (node module
 *   resolution, no esModuleInterop, no skipLibCheck): `tsc --noEmit` is clean and the preview has no changes.
 * Needs `npm run build` first (the tarball packs dist/).
 */
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { npm } from "../../testkit/consumer/npm";
import { createPackedProgramFolder, type ProgramFolder } from "../../testkit/consumer/program-folder";
import { vendoredDiagnostics } from "../../testkit/consumer/vendored-typescript";
import { repoRoot } from "../../testkit/harness/repo-root";
import { ENGINE_TIMEOUT_MS, ensurePulumiCli, PulumiStack, skipEngine } from "../../testkit/pulumi-cli";

const PROGRAM = readFileSync(join(repoRoot(), "test/engine/programs/typescript/index.ts"), "utf8");
/** The TypeScript 5 a `pulumi new typescript` project installs (its package.json: `typescript: ^5`). */
const TYPESCRIPT_5 = "5.9.3";
/** The template's tsconfig.json (pulumi/templates, typescript/tsconfig.json). */
const TEMPLATE_TSCONFIG = {
  compilerOptions: {
    strict: true,
    outDir: "bin",
    target: "es2020",
    module: "commonjs",
    moduleResolution: "node",
    sourceMap: true,
    experimentalDecorators: true,
    pretty: true,
    noFallthroughCasesInSwitch: true,
    noImplicitReturns: true,
    forceConsistentCasingInFileNames: true,
  },
  files: ["index.ts"],
};

/** `tsc --noEmit -p .` with the folder's own compiler: its printed errors ("" when clean). */
function folderTsc(dir: string): Promise<string> {
  const tsc = join(dir, "node_modules", "typescript", "bin", "tsc");
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [tsc, "--noEmit", "-p", ".", "--pretty", "false"],
      { cwd: dir },
      (_err, stdout) => resolve(stdout.trim()),
    );
  });
}

describe.skipIf(skipEngine("typescript program"))(
  "a TypeScript program under the real CLI, compiled as Pulumi compiles it",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    let emu: Emulator;
    let folder: ProgramFolder;
    let stack: PulumiStack;

    beforeAll(async () => {
      emu = await startEmulator({ port: 0, fixtures: {} });
      const binDir = await ensurePulumiCli();
      folder = await createPackedProgramFolder({
        project: "svc-typescript",
        files: {
          "Pulumi.yaml": "name: svc-typescript\nruntime: nodejs\nmain: index.ts\n",
          "index.ts": PROGRAM,
        },
      });
      stack = await PulumiStack.init({ projectDir: folder.dir, binDir });
      await stack.setConfig("svc:baseUrl", emu.url);
      await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
    }, ENGINE_TIMEOUT_MS);

    afterAll(async () => {
      await stack?.remove().catch(() => {});
      folder?.remove();
      await emu?.close();
    });

    it("without typescript: @pulumi/pulumi's TypeScript 3.8.3 type-checks the program clean", () => {
      expect(folder.typescriptFromPulumi).toBeUndefined();
      const { version, errors } = vendoredDiagnostics(folder.dir, ["index.ts"]);
      expect(version).toBe("3.8.3");
      expect(errors).toEqual([]);
    });

    it("without typescript: up runs the program through cmd/run, then a preview has no changes", async () => {
      await stack.up();
      expect(emu.integrations().map((i) => i.identifier)).toContain("ts-inbox");
      const outputs = await stack.outputs();
      expect(outputs.workflowId).toBe("ts-welcome");
      expect(outputs.identifier).toBe("ts-inbox");
      await stack.preview({ expectNoChanges: true });
    });

    it("with TypeScript 5 and the template's tsconfig.json: tsc --noEmit is clean and a preview has no changes", async () => {
      writeFileSync(join(folder.dir, "tsconfig.json"), `${JSON.stringify(TEMPLATE_TSCONFIG, null, 4)}\n`);
      const args = ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", "-D"];
      await npm([...args, `typescript@${TYPESCRIPT_5}`], { cwd: folder.dir });
      expect(await folderTsc(folder.dir)).toBe("");
      await stack.preview({ expectNoChanges: true });
    });
  },
);
