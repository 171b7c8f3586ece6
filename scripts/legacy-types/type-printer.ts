/**
 * Writes a type as TypeScript 3.8 reads it: resolved to what the user's program sees (zod's inference, mapped
 * and conditional types expanded into object types, unions and literals), naming only what the legacy file
 * declares itself, what @pulumi/pulumi exports (`pulumi.Input<...>`) and the standard library's types.
 * Syntax newer than 3.8 (template literal types, labelled tuples) is never written: a template literal type
 * is written as `string`. A type that contains itself is written once as a local alias.
 */
import ts from "typescript";
import type { PulumiNames } from "./pulumi-names";

/** Aliases of the standard library TypeScript 3.8 has (`Record`, ...): written by name. */
const LIB_ALIASES = new Set([
  "Record",
  "Partial",
  "Required",
  "Readonly",
  "Pick",
  "Omit",
  "Exclude",
  "Extract",
]);

/** Beyond this nesting, a type is taken for an endless expansion: the generator fails rather than guess. */
const MAX_DEPTH = 60;

/** Written as the checker writes them (`string`, `"email"`, `42`, `true`, `object`, ...). */
const AS_CHECKER_WRITES =
  ts.TypeFlags.Any |
  ts.TypeFlags.Unknown |
  ts.TypeFlags.String |
  ts.TypeFlags.Number |
  ts.TypeFlags.Boolean |
  ts.TypeFlags.BigInt |
  ts.TypeFlags.ESSymbol |
  ts.TypeFlags.Void |
  ts.TypeFlags.Undefined |
  ts.TypeFlags.Null |
  ts.TypeFlags.Never |
  ts.TypeFlags.StringLiteral |
  ts.TypeFlags.NumberLiteral |
  ts.TypeFlags.BooleanLiteral |
  ts.TypeFlags.BigIntLiteral |
  ts.TypeFlags.NonPrimitive;

/** `name` as a property name: bare when it is an identifier, quoted otherwise. */
export function propertyName(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

/** Whether a member or signature is marked `@internal` (not part of what a user calls). */
export function isInternal(of: ts.Symbol | ts.Signature): boolean {
  return of.getJsDocTags().some((t) => t.name === "internal");
}

function objectFlags(t: ts.Type): ts.ObjectFlags {
  return t.flags & ts.TypeFlags.Object ? (t as ts.ObjectType).objectFlags : 0;
}

function isUndefined(t: ts.Type): boolean {
  return (t.flags & ts.TypeFlags.Undefined) !== 0;
}

/** The printer of one legacy declaration file. */
export class TypePrinter {
  /** Local aliases of the self-containing types, in the order they were found. */
  readonly hoisted: string[] = [];
  private readonly hoistedNames = new Map<ts.Type, string>();
  private readonly inProgress = new Set<ts.Type>();
  private readonly wanted = new Map<ts.Type, string>();
  private depth = 0;

  /**
   * @param checker the checker of the program holding the modern declarations
   * @param pulumi the names of @pulumi/pulumi's symbols
   * @param declared the symbols the legacy file declares, by the name it declares them under
   * @param isLibrary whether a declaration belongs to the standard library (or @types/node's globals)
   * @param isForeign whether a declaration belongs to another package (undici, ...): its classes and
   *   interfaces, which TypeScript 3.8 may not read, are written as `object`
   */
  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly pulumi: PulumiNames,
    private readonly declared: Map<ts.Symbol, string>,
    private readonly isLibrary: (decl: ts.Declaration) => boolean,
    private readonly isForeign: (decl: ts.Declaration) => boolean,
  ) {}

  /** `type` written out; `expand` writes its structure even when it has a name (the body of that name). */
  print(type: ts.Type, expand = false): string {
    if (++this.depth > MAX_DEPTH)
      throw new Error(`legacy-types: ${this.checker.typeToString(type)} nests endlessly`);
    try {
      return (expand ? undefined : this.named(type)) ?? this.structure(type);
    } finally {
      this.depth--;
    }
  }

  /** The name the legacy file can write `type` by, with its type arguments, if it has one. */
  name(type: ts.Type): string | undefined {
    return this.named(type);
  }

  private named(type: ts.Type): string | undefined {
    const hoisted = this.hoistedNames.get(type);
    if (hoisted) return hoisted;
    if (type.aliasSymbol) {
      const name = this.nameOf(type.aliasSymbol, true);
      if (name) return `${name}${this.typeArguments(type.aliasTypeArguments)}`;
    }
    const symbol = type.getSymbol();
    if (!symbol || !(objectFlags(type) & (ts.ObjectFlags.Reference | ts.ObjectFlags.ClassOrInterface)))
      return undefined;
    const name = this.nameOf(symbol, false);
    if (name) return `${name}${this.typeArguments(this.referenceArguments(type))}`;
    return symbol.declarations?.every((d) => this.isForeign(d)) ? "object" : undefined;
  }

  private nameOf(symbol: ts.Symbol, alias: boolean): string | undefined {
    const own = this.declared.get(symbol) ?? this.pulumi.get(symbol);
    if (own) return own;
    const fromLibrary = symbol.declarations?.some((d) => this.isLibrary(d)) ?? false;
    if (!fromLibrary || (alias && !LIB_ALIASES.has(symbol.name))) return undefined;
    const qualified = this.checker.getFullyQualifiedName(symbol);
    const inModule = /^("[^"]+")\.(.+)$/.exec(qualified);
    return inModule ? `import(${inModule[1]}).${inModule[2]}` : qualified;
  }

  private referenceArguments(type: ts.Type): readonly ts.Type[] {
    if (!(objectFlags(type) & ts.ObjectFlags.Reference)) return [];
    const reference = type as ts.TypeReference;
    const own = (reference.target as ts.InterfaceType).localTypeParameters?.length ?? 0;
    return this.checker.getTypeArguments(reference).slice(0, own);
  }

  private typeArguments(args: readonly ts.Type[] | undefined): string {
    return args && args.length > 0 ? `<${args.map((a) => this.print(a)).join(", ")}>` : "";
  }

  /** `type` by its structure (not by a name). */
  private structure(type: ts.Type): string {
    if (type.flags & AS_CHECKER_WRITES) return this.checker.typeToString(type);
    if (type.flags & (ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) return "string";
    if (type.flags & ts.TypeFlags.TypeParameter) return type.symbol.name;
    if (type.isUnion()) return this.union(type.types);
    if (type.isIntersection()) return type.types.map((t) => this.operand(t)).join(" & ");
    if (type.flags & ts.TypeFlags.Object) return this.object(type as ts.ObjectType);
    throw new Error(
      `legacy-types: cannot write ${this.checker.typeToString(type)} (type flags ${type.flags})`,
    );
  }

  /** A union's members; `true | false` as `boolean`; `dropUndefined` leaves `undefined` out. */
  union(types: readonly ts.Type[], dropUndefined = false): string {
    const members = dropUndefined ? types.filter((t) => !isUndefined(t)) : [...types];
    const literal = (name: string) =>
      members.findIndex(
        (t) => t.flags & ts.TypeFlags.BooleanLiteral && this.checker.typeToString(t) === name,
      );
    const [t, f] = [literal("true"), literal("false")];
    const written = members.map((m) => this.operand(m));
    if (t >= 0 && f >= 0) {
      written[Math.min(t, f)] = "boolean";
      written.splice(Math.max(t, f), 1);
    }
    return written.length === 0 ? "never" : written.join(" | ");
  }

  /** A member of a union or intersection: parenthesized when it is a function type or a union. */
  private operand(type: ts.Type): string {
    const text = this.print(type);
    return /^(\(|<|new )/.test(text) || (!this.named(type) && type.isUnion()) ? `(${text})` : text;
  }

  private object(type: ts.ObjectType): string {
    if (this.checker.isArrayType(type)) return this.array(type);
    if (this.checker.isTupleType(type)) return this.tuple(type as ts.TupleTypeReference);
    const wanted = this.wanted.get(type);
    if (this.inProgress.has(type)) return wanted ?? this.want(type);
    this.inProgress.add(type);
    try {
      const text = this.members(type);
      const name = this.wanted.get(type);
      if (!name) return text;
      this.hoistedNames.set(type, name);
      this.hoisted.push(`declare type ${name} = ${text};`);
      return name;
    } finally {
      this.inProgress.delete(type);
    }
  }

  /** Names a type met inside itself: it becomes a local alias. */
  private want(type: ts.Type): string {
    const base = (type.aliasSymbol ?? type.getSymbol())?.name ?? "";
    const name = `Legacy${/^[A-Za-z]\w*$/.test(base) ? base : "Type"}${this.wanted.size + 1}`;
    this.wanted.set(type, name);
    return name;
  }

  private array(type: ts.ObjectType): string {
    const [element] = this.checker.getTypeArguments(type as ts.TypeReference);
    const text = element ? this.print(element) : "unknown";
    const wrapped = /^[\w$.]+(<.*>)?(\[\])*$|^\{[\s\S]*\}$|^"[^"]*"$/.test(text) ? text : `(${text})`;
    return `${type.getSymbol()?.name === "ReadonlyArray" ? "readonly " : ""}${wrapped}[]`;
  }

  private tuple(type: ts.TupleTypeReference): string {
    const flags = type.target.elementFlags;
    const elements = this.checker.getTypeArguments(type).map((t, i) => {
      const f = flags[i] ?? ts.ElementFlags.Required;
      if (f & ts.ElementFlags.Variable) return `...${this.print(t)}[]`;
      return f & ts.ElementFlags.Optional ? `${this.print(t)}?` : this.print(t);
    });
    return `${type.target.readonly ? "readonly " : ""}[${elements.join(", ")}]`;
  }

  /** An object type's members: a function type when it is one call signature alone. */
  private members(type: ts.ObjectType): string {
    const calls = this.checker.getSignaturesOfType(type, ts.SignatureKind.Call).filter((s) => !isInternal(s));
    const constructs = this.checker
      .getSignaturesOfType(type, ts.SignatureKind.Construct)
      .filter((s) => !isInternal(s));
    const properties = this.checker.getPropertiesOfType(type).filter((p) => !isInternal(p));
    const indexes = this.checker.getIndexInfosOfType(type);
    const [only] = calls;
    if (
      only &&
      calls.length === 1 &&
      constructs.length === 0 &&
      properties.length === 0 &&
      indexes.length === 0
    )
      return this.signature(only, "=>");
    const lines = [
      ...calls.map((s) => `${this.signature(s, ":")};`),
      ...constructs.map((s) => `new ${this.signature(s, ":")};`),
      ...indexes.map((i) => this.index(i)),
      ...properties.map((p) => this.property(p)),
    ];
    return lines.length === 0 ? "{}" : `{ ${lines.join(" ")} }`;
  }

  private index(info: ts.IndexInfo): string {
    const key = info.keyType.flags & ts.TypeFlags.Number ? "number" : "string";
    return `${info.isReadonly ? "readonly " : ""}[key: ${key}]: ${this.print(info.type)};`;
  }

  /** A property (or method) of an object type, as a member line. */
  property(symbol: ts.Symbol, documented = true): string {
    return this.within(symbol.name, () => (documented ? this.member(symbol) : this.memberText(symbol)));
  }

  /** `write()`, its error prefixed by the member it was writing. */
  private within(name: string, write: () => string): string {
    try {
      return write();
    } catch (e) {
      throw new Error(`${name}.${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** `symbol`'s documentation as a one-line comment before it, so that editors still show it. */
  private memberDoc(symbol: ts.Symbol): string {
    const text = ts
      .displayPartsToString(symbol.getDocumentationComment(this.checker))
      .replace(/\s+/g, " ")
      .trim();
    return text === "" ? "" : `/** ${text.replaceAll("*/", "*\\/")} */ `;
  }

  private member(symbol: ts.Symbol): string {
    return this.memberDoc(symbol) + this.memberText(symbol);
  }

  private memberText(symbol: ts.Symbol): string {
    const optional = (symbol.flags & ts.SymbolFlags.Optional) !== 0;
    const readonly = symbol.declarations?.some(
      (d) => ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Readonly,
    );
    const name = `${readonly ? "readonly " : ""}${propertyName(symbol.name)}${optional ? "?" : ""}`;
    const type = this.checker.getTypeOfSymbol(symbol);
    if (symbol.flags & ts.SymbolFlags.Method && !optional) {
      const signatures = this.checker.getSignaturesOfType(type, ts.SignatureKind.Call);
      return signatures.map((s) => `${name}${this.signature(s, ":")};`).join(" ");
    }
    const text = optional && type.isUnion() ? this.union(type.types, true) : this.print(type);
    return `${name}: ${text};`;
  }

  /** `<T>(a: A, b?: B) => R` (`arrow` "=>") or `<T>(a: A, b?: B): R` (":"). */
  signature(signature: ts.Signature, arrow: "=>" | ":"): string {
    const typeParameters = signature.getTypeParameters() ?? [];
    const tps =
      typeParameters.length > 0 ? `<${typeParameters.map((t) => this.typeParameter(t)).join(", ")}>` : "";
    return `${tps}(${this.parameters(signature)})${arrow === "=>" ? " =>" : ":"} ${this.returnType(signature)}`;
  }

  /** A signature's parameter list, without its parentheses. */
  parameters(signature: ts.Signature): string {
    return signature
      .getParameters()
      .map((p, i) => this.within(`(${p.name})`, () => this.parameter(p, i)))
      .join(", ");
  }

  /** `T extends C = D`. */
  typeParameter(type: ts.TypeParameter): string {
    const constraint = type.getConstraint();
    const fallback = type.getDefault();
    return `${type.symbol.name}${constraint ? ` extends ${this.print(constraint)}` : ""}${fallback ? ` = ${this.print(fallback)}` : ""}`;
  }

  private parameter(symbol: ts.Symbol, index: number): string {
    const decl = symbol.valueDeclaration;
    const param = decl && ts.isParameter(decl) ? decl : undefined;
    const name = /^[A-Za-z_$][\w$]*$/.test(symbol.name) ? symbol.name : `arg${index}`;
    const type = this.checker.getTypeOfSymbol(symbol);
    if (param?.dotDotDotToken) return `...${name}: ${this.print(type)}`;
    const optional = param ? this.checker.isOptionalParameter(param) : false;
    const text = optional && type.isUnion() ? this.union(type.types, true) : this.print(type);
    return `${name}${optional ? "?" : ""}: ${text}`;
  }

  private returnType(signature: ts.Signature): string {
    const predicate = this.checker.getTypePredicateOfSignature(signature);
    if (predicate) {
      const subject =
        predicate.kind === ts.TypePredicateKind.This || predicate.kind === ts.TypePredicateKind.AssertsThis
          ? "this"
          : (predicate.parameterName ?? "this");
      const asserts =
        predicate.kind === ts.TypePredicateKind.AssertsThis ||
        predicate.kind === ts.TypePredicateKind.AssertsIdentifier;
      const is = predicate.type ? ` is ${this.print(predicate.type)}` : "";
      return `${asserts ? "asserts " : ""}${subject}${is}`;
    }
    return this.print(this.checker.getReturnTypeOfSignature(signature));
  }
}
