/**
 * Every TypeScript sample of `docs/` compiles against the package as a user's program sees it (`pulumi-svc`
 * resolved through node_modules to the built declarations), with the compiler options of Pulumi's TypeScript
 * template: a sample that names a property the package lacks, or passes a wrong type, fails here.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DocModule, docModules } from "../../testkit/docs/typescript-samples";
import { repoRoot } from "../../testkit/harness/repo-root";

const root = repoRoot();
/** Inside node_modules, so that `pulumi-svc` and `@pulumi/pulumi` resolve as from a program folder. */
const dir = join(root, "node_modules", ".cache", `docs-samples-${process.pid}`);

/** `pulumi new typescript`'s tsconfig.json, as the compiler options it sets. */
const TEMPLATE_OPTIONS: ts.CompilerOptions = {
  strict: true,
  outDir: "bin",
  target: ts.ScriptTarget.ES2020,
  module: ts.ModuleKind.CommonJS,
  moduleResolution: ts.ModuleResolutionKind.Node10,
  sourceMap: true,
  experimentalDecorators: true,
  pretty: false,
  noFallthroughCasesInSwitch: true,
  noImplicitReturns: true,
  forceConsistentCasingInFileNames: true,
  noEmit: true,
  ignoreDeprecations: "6.0",
  types: ["node"],
  // The package's declarations as the template reads them are test/engine/typescript-program.test.ts's; here only
  // the samples: checking every .d.ts of @pulumi/pulumi again would multiply the time.
  skipLibCheck: true,
};

/** The compiler's errors for each file, as `file:line: message`. */
function compile(files: Record<string, string>): Map<string, string[]> {
  mkdirSync(dir, { recursive: true });
  const paths = Object.entries(files).map(([name, source]) => {
    const path = join(dir, `${name}.ts`);
    writeFileSync(path, source);
    return path;
  });
  const program = ts.createProgram(paths, TEMPLATE_OPTIONS);
  const errors = new Map<string, string[]>(paths.map((p) => [p, []]));
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file?.fileName ?? "(options)";
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    const list = errors.get(file) ?? [];
    list.push(`${file}:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    errors.set(file, list);
  }
  return errors;
}

const nameOf = (m: DocModule) => m.doc.replace(/[/.]/g, "_");

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the TypeScript samples of docs/", () => {
  const modules = docModules(root);
  const index = modules.find((m) => m.doc === "docs/_index.md");
  /** One compile (the slow part) for every page and a broken copy of the overview's sample. */
  let errors: Map<string, string[]>;
  beforeAll(() => {
    const broken = `${index?.source ?? ""}\nexport const oops = welcome.workflowIdentifier;\n`;
    errors = compile({ ...Object.fromEntries(modules.map((m) => [nameOf(m), m.source])), broken });
  }, 600_000);

  it("compile against the package with the TypeScript template's options", () => {
    expect(modules.map((m) => m.doc)).toEqual(
      expect.arrayContaining(["docs/_index.md", "docs/workflows.md"]),
    );
    const pages = [...errors.entries()].filter(([file]) => !file.endsWith("broken.ts"));
    expect(pages.flatMap(([, list]) => list)).toEqual([]);
  });

  it("a sample naming what the package lacks fails", () => {
    expect(index).toBeDefined();
    const broken = [...errors.entries()].find(([file]) => file.endsWith("broken.ts"))?.[1] ?? [];
    expect(broken.join("\n")).toMatch(/workflowIdentifier/);
  });
});
