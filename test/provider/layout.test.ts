/**
 * Where code runs: the user's program (provider/index.ts and the package's public entry points) must never
 * load a module of provider/runtime/, which only the dynamic-provider host loads (through
 * `pulumi-svc/internal/provider-runtime`). Walks value imports (`import type` / `export type` and imports whose
 * every name is a type are erased by TypeScript, so they are skipped).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");

/** The relative module specifiers `file` loads at run time. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (clause !== undefined &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === "require")) &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((s) => s.startsWith("."));
}

/** The file a relative specifier names (`./x` → `./x.ts`, `./x/index.ts`, or `./x.json` as it is). */
function resolveModule(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ""));
  for (const candidate of [`${base}.ts`, join(base, "index.ts"), base]) {
    if (existsSync(candidate) && (candidate.endsWith(".ts") || candidate.endsWith(".json"))) return candidate;
  }
  throw new Error(`${relative(ROOT, from)}: cannot resolve "${specifier}"`);
}

/** Every module reachable by value imports from `entries`, each with the chain that reaches it. */
function reachable(entries: readonly string[]): Map<string, readonly string[]> {
  const seen = new Map<string, readonly string[]>();
  const queue: (readonly string[])[] = entries.map((e) => [e]);
  for (let chain = queue.shift(); chain !== undefined; chain = queue.shift()) {
    const file = chain[chain.length - 1]!;
    if (seen.has(file)) continue;
    seen.set(file, chain);
    if (!file.endsWith(".ts")) continue;
    for (const spec of valueImports(file)) queue.push([...chain, resolveModule(file, spec)]);
  }
  return seen;
}

/** The host-only modules reachable from `entries`, each as its import chain (root-relative paths). */
function hostOnlyReached(entries: readonly string[], hostDir: string): string[] {
  const inside = `${resolve(hostDir)}${sep}`;
  return [...reachable(entries)]
    .filter(([file]) => file.startsWith(inside))
    .map(([, chain]) => chain.map((f) => relative(ROOT, f)).join(" → "));
}

/** The program-side entries: provider/index.ts and package.json `exports` but the internal runtime. */
function programEntries(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    exports: Record<string, string | { default: string }>;
  };
  const entries = new Set([join(ROOT, "provider/index.ts")]);
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (subpath === "./internal/provider-runtime" || subpath === "./package.json") continue;
    const built = typeof target === "string" ? target : target.default;
    entries.add(join(ROOT, built.replace(/^\.\/dist\//, "").replace(/\.js$/, ".ts")));
  }
  return [...entries];
}

const RUNTIME = join(ROOT, "provider/runtime");

describe("provider layout", () => {
  it("no host-only module (provider/runtime/) is reachable from the program's entry points", () => {
    const entries = programEntries();
    expect(entries.map((e) => relative(ROOT, e)).sort()).toEqual([
      "emulator/index.ts",
      "provider/index.ts",
      "sdk/index.ts",
    ]);
    expect(hostOnlyReached(entries, RUNTIME)).toEqual([]);
  });

  it("provider/model/ imports nothing of provider/runtime/, not even types", () => {
    const modelDir = join(ROOT, "provider/model");
    const offenders = readdirSync(modelDir)
      .filter((f) => f.endsWith(".ts"))
      .flatMap((f) => {
        const text = readFileSync(join(modelDir, f), "utf8");
        return /from "\.\.\/runtime\//.test(text) ? [f] : [];
      });
    expect(offenders).toEqual([]);
  });

  it("the walk finds the runtime from the host's own entry (it can fail)", () => {
    const hits = hostOnlyReached([join(RUNTIME, "index.ts")], RUNTIME);
    expect(hits.length).toBeGreaterThan(5);
  });

  const scratch = mkdtempSync(join(tmpdir(), "layout-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("a value import of a host-only module fails; type-only imports do not", () => {
    mkdirSync(join(scratch, "runtime"));
    mkdirSync(join(scratch, "model"));
    writeFileSync(join(scratch, "runtime/host.ts"), "export const host = 1;\nexport type Host = number;\n");
    writeFileSync(
      join(scratch, "model/types.ts"),
      'import type { Host } from "../runtime/host";\nexport { type Host } from "../runtime/host";\nexport type H = Host;\n',
    );
    writeFileSync(join(scratch, "model/leak.ts"), 'export { host } from "../runtime/host";\n');
    writeFileSync(
      join(scratch, "clean.ts"),
      'import { type H } from "./model/types";\nexport const h: H = 1;\n',
    );
    writeFileSync(
      join(scratch, "dirty.ts"),
      'import "./model/types";\nimport { host } from "./model/leak";\nexport const h = host;\n',
    );
    const host = join(scratch, "runtime");
    expect(hostOnlyReached([join(scratch, "clean.ts")], host)).toEqual([]);
    const hits = hostOnlyReached([join(scratch, "dirty.ts")], host);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatch(/dirty\.ts → .*model\/leak\.ts → .*runtime\/host\.ts$/);
  });
});
