/**
 * How a symbol of @pulumi/pulumi is written in a legacy declaration file: `pulumi.<path>`, as reached from
 * `import * as pulumi from "@pulumi/pulumi"` (the module's exports and the namespaces it exports).
 */
import ts from "typescript";

/** The module specifier every legacy declaration file imports as `pulumi`. */
export const PULUMI_MODULE = "@pulumi/pulumi";

/** Symbols of @pulumi/pulumi by the dotted name under `pulumi.` that reaches them. */
export type PulumiNames = Map<ts.Symbol, string>;

function resolved(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** Walks `module`'s exports (and the namespaces among them) into `names`, shortest name first. */
function collect(
  checker: ts.TypeChecker,
  module: ts.Symbol,
  prefix: string,
  names: PulumiNames,
  depth: number,
): void {
  const namespaces: [ts.Symbol, string][] = [];
  for (const exported of checker.getExportsOfModule(module)) {
    const target = resolved(checker, exported);
    const name = `${prefix}.${exported.name}`;
    if (!names.has(target)) names.set(target, name);
    if (target.flags & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule))
      namespaces.push([target, name]);
  }
  if (depth > 0) for (const [ns, name] of namespaces) collect(checker, ns, name, names, depth - 1);
}

/** The names of @pulumi/pulumi as `program` resolves it from `fromFile`. */
export function pulumiNames(program: ts.Program, fromFile: string): PulumiNames {
  const checker = program.getTypeChecker();
  const names: PulumiNames = new Map();
  const resolution = ts.resolveModuleName(PULUMI_MODULE, fromFile, program.getCompilerOptions(), ts.sys);
  const file = resolution.resolvedModule && program.getSourceFile(resolution.resolvedModule.resolvedFileName);
  const module = file && checker.getSymbolAtLocation(file);
  if (!module) throw new Error(`legacy-types: ${PULUMI_MODULE} does not resolve from ${fromFile}`);
  collect(checker, module, "pulumi", names, 2);
  return names;
}
