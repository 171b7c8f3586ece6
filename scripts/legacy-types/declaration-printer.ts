/**
 * Writes one entry point's exports as a declaration file TypeScript 3.8 reads: every class, function, constant,
 * interface and type alias the entry exports, with their TSDoc, each type resolved by ./type-printer.ts.
 */
import ts from "typescript";
import { PULUMI_MODULE, type PulumiNames } from "./pulumi-names";
import { isInternal, propertyName, TypePrinter } from "./type-printer";

/** What {@link printEntry} needs of the program holding the modern declarations. */
export interface EntryContext {
  program: ts.Program;
  pulumi: PulumiNames;
}

/** The symbol an export stands for. */
function target(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** `symbol`'s TSDoc as a comment block indented by `indent`, or nothing. */
function doc(checker: ts.TypeChecker, of: ts.Symbol | ts.Signature, indent: string): string {
  const text = ts.displayPartsToString(of.getDocumentationComment(checker));
  const tags = of
    .getJsDocTags()
    .map((t) => `@${t.name}${t.text ? ` ${ts.displayPartsToString(t.text)}` : ""}`);
  const lines = [text, ...tags].filter((l) => l !== "").join("\n");
  if (lines === "") return "";
  const body = lines
    .replaceAll("*/", "*\\/")
    .split("\n")
    .map((l) => `${indent} *${l === "" ? "" : ` ${l}`}`);
  return `${indent}/**\n${body.join("\n")}\n${indent} */\n`;
}

function isHidden(symbol: ts.Symbol): boolean {
  const hidden = ts.ModifierFlags.Private | ts.ModifierFlags.Protected;
  return (
    symbol.name.startsWith("#") ||
    symbol.name.startsWith("__") ||
    isInternal(symbol) ||
    (symbol.declarations?.some((d) => ts.getCombinedModifierFlags(d) & hidden) ?? false)
  );
}

/** The public members of `type` that `base` (the class it extends, if any) does not declare the same. */
function own(checker: ts.TypeChecker, type: ts.Type, base: ts.Type | undefined): ts.Symbol[] {
  return checker.getPropertiesOfType(type).filter((p) => {
    if (isHidden(p) || p.name === "prototype") return false;
    const inherited = base?.getProperty(p.name);
    return !inherited || inherited.declarations?.[0] !== p.declarations?.[0];
  });
}

class EntryPrinter {
  private readonly checker: ts.TypeChecker;
  private readonly copies = new Set<ts.Symbol>();
  readonly types: TypePrinter;

  constructor(
    ctx: EntryContext,
    private readonly declared: Map<ts.Symbol, string>,
  ) {
    this.checker = ctx.program.getTypeChecker();
    const library = (d: ts.Declaration) => {
      const file = d.getSourceFile();
      return ctx.program.isSourceFileDefaultLibrary(file) || /[\\/]@types[\\/]node[\\/]/.test(file.fileName);
    };
    const foreign = (d: ts.Declaration) =>
      /[\\/]node_modules[\\/]/.test(d.getSourceFile().fileName) && !library(d);
    this.types = new TypePrinter(this.checker, ctx.pulumi, declared, library, foreign);
  }

  /** The declarations of one export. */
  export(name: string, symbol: ts.Symbol): string[] {
    try {
      return this.declarations(name, symbol);
    } catch (e) {
      throw new Error(`${name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private declarations(name: string, symbol: ts.Symbol): string[] {
    const out: string[] = [];
    const c = this.checker;
    const docs = doc(c, symbol, "");
    if (symbol.flags & ts.SymbolFlags.Class) out.push(docs + this.klass(name, symbol));
    else if (symbol.flags & ts.SymbolFlags.Interface) out.push(docs + this.interface(name, symbol));
    else if (symbol.flags & ts.SymbolFlags.TypeAlias) out.push(docs + this.alias(name, symbol));
    if (symbol.flags & ts.SymbolFlags.Function) {
      const signatures = c.getSignaturesOfType(c.getTypeOfSymbol(symbol), ts.SignatureKind.Call);
      for (const s of signatures)
        out.push(`${docs}export declare function ${name}${this.types.signature(s, ":")};`);
    } else if (symbol.flags & ts.SymbolFlags.Variable)
      out.push(`${docs}export declare const ${name}: ${this.types.print(c.getTypeOfSymbol(symbol))};`);
    if (out.length === 0)
      throw new Error(`legacy-types: cannot write the export ${name} (symbol flags ${symbol.flags})`);
    return out;
  }

  private typeParameters(symbol: ts.Symbol): string {
    const declared = this.checker.getDeclaredTypeOfSymbol(symbol);
    const params =
      symbol.flags & ts.SymbolFlags.TypeAlias
        ? this.aliasTypeParameters(symbol)
        : (declared as ts.InterfaceType).localTypeParameters;
    return params && params.length > 0
      ? `<${params.map((p) => this.types.typeParameter(p)).join(", ")}>`
      : "";
  }

  private aliasTypeParameters(symbol: ts.Symbol): ts.TypeParameter[] {
    const decl = symbol.declarations?.find(ts.isTypeAliasDeclaration);
    return (decl?.typeParameters ?? []).map((p) => this.checker.getTypeAtLocation(p) as ts.TypeParameter);
  }

  private alias(name: string, symbol: ts.Symbol): string {
    const decl = symbol.declarations?.find(ts.isTypeAliasDeclaration);
    if (decl?.typeParameters) return this.copied(name, decl);
    const type = this.checker.getDeclaredTypeOfSymbol(symbol);
    return `export declare type ${name}${this.typeParameters(symbol)} = ${this.types.print(type, true)};`;
  }

  /**
   * A generic alias (`InputArgs<T>`) cannot be resolved: its text is copied, with the local aliases it
   * names (hoisted beside the resolved types); it may name `pulumi.` and nothing else imported.
   */
  private copied(name: string, decl: ts.TypeAliasDeclaration): string {
    const file = decl.getSourceFile();
    const params = (decl.typeParameters ?? []).map((p) => p.getText(file)).join(", ");
    this.copyReferences(decl.type);
    return `export declare type ${name}<${params}> = ${decl.type.getText(file)};`;
  }

  private copyReferences(node: ts.Node): void {
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) this.copyLocal(node.typeName);
    else if (ts.isTypeReferenceNode(node) && ts.isQualifiedName(node.typeName)) {
      const left = node.typeName.left;
      if (!ts.isIdentifier(left) || left.text !== "pulumi")
        throw new Error(`a copied alias names ${node.typeName.getText()}, not of pulumi`);
    }
    ts.forEachChild(node, (child) => this.copyReferences(child));
  }

  private copyLocal(name: ts.Identifier): void {
    const symbol = this.checker.getSymbolAtLocation(name);
    if (
      !symbol ||
      symbol.flags & ts.SymbolFlags.TypeParameter ||
      this.declared.has(symbol) ||
      this.copies.has(symbol)
    )
      return;
    const decl = symbol.declarations?.find(ts.isTypeAliasDeclaration);
    if (!decl || decl.getSourceFile() !== name.getSourceFile())
      throw new Error(`a copied alias names ${name.text}, which is not a local alias beside it`);
    this.copies.add(symbol);
    this.copyReferences(decl.type);
    this.types.hoisted.push(`declare ${decl.getText(decl.getSourceFile()).replace(/^export\s+/, "")}`);
  }

  private interface(name: string, symbol: ts.Symbol): string {
    const type = this.checker.getDeclaredTypeOfSymbol(symbol);
    return `export declare type ${name}${this.typeParameters(symbol)} = ${this.types.print(type, true)};`;
  }

  private member(symbol: ts.Symbol, prefix: string): string {
    return `${doc(this.checker, symbol, "    ")}    ${prefix}${this.types.property(symbol, false)}`;
  }

  /** The public constructors; `private constructor();` when each is internal (made by another class). */
  private constructors(statics: ts.Type): string[] {
    const all = this.checker.getSignaturesOfType(statics, ts.SignatureKind.Construct);
    const open = all.filter((s) => !isInternal(s));
    if (open.length === 0 && all.length > 0) return ["    private constructor();"];
    return open.map((s) => `${doc(this.checker, s, "    ")}    constructor(${this.types.parameters(s)});`);
  }

  /** The nearest class `type` extends that the legacy file can name (an unexported one's members are kept). */
  private namedBase(type: ts.InterfaceType): ts.Type | undefined {
    const [base] = this.checker.getBaseTypes(type);
    if (!base || this.types.name(base)) return base;
    return this.namedBase(base as ts.InterfaceType);
  }

  private klass(name: string, symbol: ts.Symbol): string {
    const c = this.checker;
    const instance = c.getDeclaredTypeOfSymbol(symbol) as ts.InterfaceType;
    const statics = c.getTypeOfSymbol(symbol);
    const base = this.namedBase(instance);
    const baseName = base && this.types.name(base);
    const baseStatics = base?.symbol && c.getTypeOfSymbol(base.symbol);
    const lines = [
      ...own(c, statics, baseStatics).map((p) => this.member(p, "static ")),
      ...this.constructors(statics),
      ...own(c, instance, base).map((p) => this.member(p, "")),
    ];
    const heading = `export declare class ${name}${this.typeParameters(symbol)}${base ? ` extends ${baseName}` : ""}`;
    return `${heading} {\n${lines.join("\n")}\n}`;
  }
}

/** The legacy declaration file of the module `file` (a modern `.d.ts` in `ctx.program`). */
export function printEntry(ctx: EntryContext, file: string, header: string): string {
  const checker = ctx.program.getTypeChecker();
  const source = ctx.program.getSourceFile(file);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`legacy-types: ${file} is not a module of the program`);
  const exports = checker.getExportsOfModule(module).map((e) => [e.name, target(checker, e)] as const);
  const declared = new Map(exports.map(([name, symbol]) => [symbol, name]));
  const printer = new EntryPrinter(ctx, declared);
  const body = exports.flatMap(([name, symbol]) => printer.export(propertyName(name), symbol));
  return [
    header,
    `import * as pulumi from "${PULUMI_MODULE}";`,
    ...body,
    ...printer.types.hoisted,
    "export {};",
    "",
  ].join("\n\n");
}
