/**
 * The property descriptions of the plugin's package schema: the TSDoc written on the fields of the zod schemas
 * (provider/model/*-schema.ts, sdk/schemas/), which is also what TypeScript users see on the types inferred from
 * them. One source: nothing else describes a property. Read with the TypeScript compiler through the types of
 * `RESOURCES` and `FUNCTION_SCHEMAS` (provider/plugin/schema/), so a new resource or function, or a new field of
 * a schema, is described by the TSDoc written where it is declared, with no list to keep here.
 *
 * Each root's JSON Schema is walked beside the TypeScript type of its zod schema (`_zod.input` or `_zod.output`):
 * a property node takes the TSDoc of the property of the same name; arrays, maps, nullable unions and `$ref`s
 * are followed. A node zod already described (an open enum's "one of ..., or a newer value") keeps that text
 * after the TSDoc; without TSDoc it is left undescribed (and test/plugin/schema.test.ts fails).
 */
import * as path from "node:path";
import ts from "typescript";
import type { JsonSchema } from "../../provider/plugin/schema/json-to-pulumi";
import type { Describe, SchemaRoot } from "../../provider/plugin/schema/package-schema";
import { repoRoot } from "../harness/repo-root";

const ENTRY = "provider/plugin/schema/package-schema.ts";
const FUNCTIONS_ENTRY = "provider/plugin/schema/function-schemas.ts";

/** The TypeScript side of the walk: a checker and the types of the roots. */
class RootTypes {
  private readonly checker: ts.TypeChecker;
  /** By `owner/side`: the zod schema's input or output type. */
  private readonly roots = new Map<string, ts.Type>();

  constructor() {
    const files = [ENTRY, FUNCTIONS_ENTRY].map((f) => path.join(repoRoot(), f));
    const program = ts.createProgram(files, {
      strict: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      types: ["node"],
      skipLibCheck: true,
      noEmit: true,
    });
    this.checker = program.getTypeChecker();
    const [resources, functions] = files.map((f, i) =>
      this.exported(program, f, i === 0 ? "RESOURCES" : "FUNCTION_SCHEMAS"),
    );
    this.addRoots(resources as ts.Type, ["inputs", "outputs"]);
    this.addRoots(functions as ts.Type, ["args", "result"]);
  }

  /** The type of the exported const `name` of `file`. */
  private exported(program: ts.Program, file: string, name: string): ts.Type {
    const source = program.getSourceFile(file);
    const module = source && this.checker.getSymbolAtLocation(source);
    const symbol = module && this.checker.getExportsOfModule(module).find((s) => s.getName() === name);
    if (!symbol) throw new Error(`schema docs: ${name} is not exported by ${file}`);
    return this.checker.getTypeOfSymbol(symbol);
  }

  /** Records each tuple entry's zod schemas (its `sides`) by its `name`. */
  private addRoots(tuple: ts.Type, sides: readonly SchemaRoot["side"][]): void {
    for (const entry of this.checker.getTypeArguments(tuple as ts.TypeReference)) {
      const name = this.property(entry, "name");
      if (!name?.isStringLiteral())
        throw new Error(`schema docs: an entry without a literal name: ${this.checker.typeToString(entry)}`);
      for (const side of sides) {
        const schema = this.property(entry, side);
        const internals = schema && this.property(schema, "_zod");
        const io = internals && this.property(internals, side === "inputs" ? "input" : "output");
        if (!io) throw new Error(`schema docs: no zod schema at ${name.value}.${side}`);
        this.roots.set(`${name.value}/${side}`, io);
      }
    }
  }

  /** The type of property `name` of `type`, if it has one. */
  property(type: ts.Type, name: string): ts.Type | undefined {
    const symbol = this.checker.getPropertyOfType(this.checker.getNonNullableType(type), name);
    return symbol && this.checker.getTypeOfSymbol(symbol);
  }

  /** The TSDoc of property `name` of `type`, its `@deprecated` note included ("" when none). */
  docOf(type: ts.Type, name: string): string {
    const symbol = this.checker.getPropertyOfType(this.checker.getNonNullableType(type), name);
    if (!symbol) return "";
    const text = ts.displayPartsToString(symbol.getDocumentationComment(this.checker)).trim();
    const deprecated = symbol
      .getJsDocTags(this.checker)
      .filter((t) => t.name === "deprecated")
      .map((t) => `Deprecated: ${ts.displayPartsToString(t.text).trim()}`);
    return [text, ...deprecated].filter((t) => t).join(" ");
  }

  /** The element type of an array type, or its values' type of a map (`Record<string, V>`). */
  indexed(type: ts.Type, kind: ts.IndexKind): ts.Type | undefined {
    const t = this.checker.getNonNullableType(type);
    const members = t.isUnion() ? t.types : [t];
    for (const m of members) {
      const found = this.checker.getIndexTypeOfType(m, kind);
      if (found) return found;
    }
    // A record over an enum (`z.partialRecord`) has one property per key instead, all of the value type.
    const first = kind === ts.IndexKind.String ? this.checker.getPropertiesOfType(t)[0] : undefined;
    return first && this.checker.getTypeOfSymbol(first);
  }

  /** The TypeScript type of a root's zod schema. */
  root(root: SchemaRoot): ts.Type {
    const type = this.roots.get(`${root.owner}/${root.side}`);
    if (!type) throw new Error(`schema docs: no root ${root.owner}.${root.side}`);
    return type;
  }
}

/** The walk of one root's JSON Schema beside its TypeScript type. */
class Walk {
  private readonly seen = new Set<string>();

  constructor(
    private readonly types: RootTypes,
    private readonly defs: Record<string, JsonSchema>,
  ) {}

  /** Describes the properties under `node`, whose TypeScript type is `type`. */
  node(node: JsonSchema, type: ts.Type | undefined): void {
    if (type === undefined) return;
    if (node.$ref !== undefined) {
      this.ref(node.$ref, type);
      return;
    }
    for (const member of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
      this.node(member, type);
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      const doc = this.types.docOf(type, name);
      const note = child.description;
      if (doc) child.description = note ? `${doc} ${note.charAt(0).toUpperCase()}${note.slice(1)}.` : doc;
      else delete child.description;
      this.node(child, this.types.property(type, name));
    }
    if (node.items !== undefined) this.node(node.items, this.types.indexed(type, ts.IndexKind.Number));
    if (typeof node.additionalProperties === "object")
      this.node(node.additionalProperties, this.types.indexed(type, ts.IndexKind.String));
  }

  /** Follows a `$ref` into its definition, once per definition (recursive types). */
  private ref(ref: string, type: ts.Type): void {
    const key = ref.replace(/^#\/\$defs\//, "");
    const def = this.defs[key];
    if (def === undefined || this.seen.has(key)) return;
    this.seen.add(key);
    this.node(def, type);
  }
}

/** The {@link Describe} of the package schema: every property's TSDoc, written into its JSON Schema node. */
export function schemaDocs(): Describe {
  const types = new RootTypes();
  return (root, json) => new Walk(types, json.$defs ?? {}).node(json, types.root(root));
}
