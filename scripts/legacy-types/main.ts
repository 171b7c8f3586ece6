/**
 * The declarations of pulumi-svc for the compilers that cannot read its modern ones, written after the build
 * into `dist/legacy-types/`: chosen by package.json's `typesVersions` wherever TypeScript resolves packages
 * without `exports` (`moduleResolution: "node"`, as the `pulumi new typescript` template and every TypeScript
 * before 4.7), and by the `types@<5.5` conditions of `exports` for TypeScript older than zod 4's floor.
 *
 * Why: a TypeScript Pulumi program in a folder without `typescript` is compiled by the TypeScript 3.8.3 that
 * @pulumi/pulumi vendors (its `cmd/run` registers its vendored ts-node with it). The modern declarations
 * cannot serve it: their types come from zod 4, whose own declarations need TypeScript 5.5, and they use
 * syntax 3.8 does not parse. And under the template's tsconfig.json (no `esModuleInterop`, no
 * `skipLibCheck`), TypeScript 5 reports errors inside zod's locale declarations as soon as a program loads
 * zod's types. So each entry point's exports are written once more, every type resolved to plain object
 * types, unions and literals that name only @pulumi/pulumi and the standard library: no zod, 3.8's syntax.
 * Resolution that reads `exports` (node16, nodenext, bundler) on TypeScript >= 5.5 keeps the modern ones.
 *
 *   node dist/scripts/legacy-types/main.js      # after tsc -p tsconfig.build.json (`npm run build` runs it)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import ts from "typescript";
import { repoRoot } from "../../testkit/harness/repo-root";
import { printEntry } from "./declaration-printer";
import { pulumiNames } from "./pulumi-names";

/** The lowest TypeScript the modern declarations serve (zod 4's own floor). */
export const MODERN_TYPESCRIPT = "5.5";

/** Where the legacy declarations are written, relative to the package root. */
export const LEGACY_DIR = "dist/legacy-types";

/** Each entry point with types: its modern declaration file and its legacy one, relative to the package root. */
export const LEGACY_ENTRIES = [
  { entry: "pulumi-svc", modern: "dist/provider/index.d.ts", legacy: `${LEGACY_DIR}/index.d.ts` },
  { entry: "pulumi-svc/sdk", modern: "dist/sdk/index.d.ts", legacy: `${LEGACY_DIR}/sdk.d.ts` },
  { entry: "pulumi-svc/emulator", modern: "dist/emulator/index.d.ts", legacy: `${LEGACY_DIR}/emulator.d.ts` },
] as const;

function header(entry: string, modern: string): string {
  return [
    `// ${entry} for TypeScript < ${MODERN_TYPESCRIPT} and moduleResolution "node" (@pulumi/pulumi compiles with`,
    "// its vendored TypeScript 3.8.3 when a program's folder has no `typescript`): written by",
    `// scripts/legacy-types from ${modern}, every type resolved, no zod.`,
  ].join("\n");
}

/** Writes every entry's legacy declarations under `root`; returns the files written. */
export function writeLegacyDeclarations(root: string = repoRoot()): string[] {
  const files = LEGACY_ENTRIES.map((e) => join(root, e.modern));
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: ["node"],
  });
  const ctx = { program, pulumi: pulumiNames(program, files[0] ?? root) };
  return LEGACY_ENTRIES.map((e) => {
    const out = join(root, e.legacy);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, printEntry(ctx, join(root, e.modern), header(e.entry, e.modern)));
    return out;
  });
}

if (require.main === module) {
  try {
    for (const f of writeLegacyDeclarations()) console.log(f);
  } catch (e) {
    console.error(`legacy-types: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
