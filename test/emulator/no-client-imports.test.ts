/**
 * The emulator shares no runtime code with the client or the provider (GUIDE.md, "Ground truth"): when the
 * client is wrong, an emulator validating with the client's own schemas agrees with it. Every module under
 * emulator/ is parsed (TypeScript's parser, not a text search) and each import, re-export, dynamic
 * `import()` and `require()` that reaches sdk/ or provider/ must be type-only.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
const FORBIDDEN = ["sdk", "provider"].map((dir) => join(ROOT, dir));

/** Every TypeScript module under `dir`. */
function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return /\.(c|m)?tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** One import of a module: where it points and whether it survives compilation. */
interface ModuleImport {
  specifier: string;
  typeOnly: boolean;
  line: number;
}

/** An import or export declaration is type-only when the whole clause is, or every named element is. */
function declarationIsTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return (
      !!clause &&
      ts.isNamedExports(clause) &&
      clause.elements.length > 0 &&
      clause.elements.every((e) => e.isTypeOnly)
    );
  }
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false; // a default import is a value
  const bindings = clause.namedBindings;
  return (
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

/** The imports of one source text. */
function importsOf(fileName: string, text: string): ModuleImport[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: ModuleImport[] = [];
  const add = (specifier: ts.Expression, typeOnly: boolean, node: ts.Node) => {
    if (!ts.isStringLiteralLike(specifier)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ specifier: specifier.text, typeOnly, line });
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      add(node.moduleSpecifier, declarationIsTypeOnly(node), node);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression, node.isTypeOnly, node);
    else if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      const callee = node.expression;
      const dynamic = callee.kind === ts.SyntaxKind.ImportKeyword;
      const required = ts.isIdentifier(callee) && callee.text === "require";
      if (first && (dynamic || required)) add(first, false, node);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal as ts.Expression, true, node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The runtime imports of `file` that reach sdk/ or provider/, as `file:line -> specifier`. */
function forbiddenImports(file: string, text: string): string[] {
  return importsOf(file, text)
    .filter((i) => !i.typeOnly && i.specifier.startsWith("."))
    .filter((i) => {
      const target = resolve(dirname(file), i.specifier);
      return FORBIDDEN.some((dir) => target === dir || target.startsWith(dir + sep));
    })
    .map((i) => `${relative(ROOT, file)}:${i.line} -> ${i.specifier}`);
}

describe("emulator imports", () => {
  it("no module under emulator/ imports runtime code from sdk/ or provider/ (type-only imports allowed)", () => {
    const files = modules(join(ROOT, "emulator"));
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((f) => forbiddenImports(f, readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });

  it("tells a value import, a mixed import, a re-export, a dynamic import and a require from type-only ones", () => {
    const file = join(ROOT, "emulator", "routes", "probe.ts");
    const text = [
      'import type { A } from "../../sdk/schemas";',
      'import { type B, type C } from "../../sdk/schemas";',
      'import { type D, formatIssues } from "../../sdk/schemas";',
      'import { generatedIdentifier } from "../../sdk/identifier";',
      'export { x } from "../../provider/runtime";',
      'export type { Y } from "../../provider/runtime";',
      'import "../../sdk/schemas";',
      'const later = () => import("../../sdk/client");',
      'const old = require("../../provider/index");',
      'type Z = import("../../sdk/schemas").Workflow;',
      'import { ok } from "../store";',
    ].join("\n");
    expect(forbiddenImports(file, text)).toEqual([
      "emulator/routes/probe.ts:3 -> ../../sdk/schemas",
      "emulator/routes/probe.ts:4 -> ../../sdk/identifier",
      "emulator/routes/probe.ts:5 -> ../../provider/runtime",
      "emulator/routes/probe.ts:7 -> ../../sdk/schemas",
      "emulator/routes/probe.ts:8 -> ../../sdk/client",
      "emulator/routes/probe.ts:9 -> ../../provider/index",
    ]);
  });
});
