/**
 * What a TypeScript user of an entry point sees: its exported names (values and types) and the TSDoc of
 * the properties of an exported type, read with the TypeScript compiler from the source entry point.
 */
import * as path from "node:path";
import ts from "typescript";
import { repoRoot } from "./harness/repo-root";

/** A type checker over one entry point (e.g. `provider/index.ts`) and what it imports. */
export class PublicSurface {
  private readonly checker: ts.TypeChecker;
  private readonly module: ts.Symbol;

  constructor(entry: string) {
    const file = path.join(repoRoot(), entry);
    const program = ts.createProgram([file], {
      strict: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      types: ["node"],
      skipLibCheck: true,
      noEmit: true,
    });
    this.checker = program.getTypeChecker();
    const source = program.getSourceFile(file);
    const module = source && this.checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`no module symbol for ${entry}`);
    this.module = module;
  }

  /** Every exported name, values and types, sorted. */
  exportNames(): string[] {
    return this.checker
      .getExportsOfModule(this.module)
      .map((s) => s.getName())
      .sort();
  }

  /**
   * The properties of an exported type (or of the instances of an exported class) and their TSDoc; those
   * inherited from a dependency (a Pulumi resource's `id`, `urn`, ...) are left out.
   */
  propertyDocs(name: string): Record<string, string> {
    const symbol = this.checker.getExportsOfModule(this.module).find((s) => s.getName() === name);
    if (!symbol) throw new Error(`${name} is not exported`);
    const target = symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
    const type = this.checker.getDeclaredTypeOfSymbol(target);
    const out: Record<string, string> = {};
    for (const p of this.checker.getPropertiesOfType(type)) {
      const declarations = p.getDeclarations() ?? [];
      if (declarations.every((d) => d.getSourceFile().fileName.includes("/node_modules/"))) continue;
      out[p.getName()] = ts.displayPartsToString(p.getDocumentationComment(this.checker)).trim();
    }
    return out;
  }
}
