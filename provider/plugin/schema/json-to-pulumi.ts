/**
 * JSON Schema (zod 4's `z.toJSONSchema`) to Pulumi schema types. Objects with properties become named object
 * types (registered in {@link TypeRegistry}, named by the caller's hint; the same shape met again reuses its
 * name), records become maps, `$ref`s follow `$defs` (recursion included), unions of strings are strings and
 * other unions `pulumi.json#/Any`. Property names keep the wire's, except a leading `_` (the service's `_id`,
 * `_environmentId`), which no SDK language can carry as a field: those are renamed ({@link propertyName}),
 * and the plugin renames the values the same way (../functions.ts).
 */
import { PACKAGE } from "../resource-types";

/** A JSON Schema node, as far as the converter reads it. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  description?: string;
}

/** A Pulumi type reference or inline type (schema `TypeSpec`). */
export interface TypeSpec {
  type?: string;
  $ref?: string;
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
}

/** A Pulumi property (schema `PropertySpec`). */
export interface PropertySpec extends TypeSpec {
  description?: string;
  secret?: boolean;
}

/** A Pulumi object type (schema `ObjectTypeSpec` of `types`). */
export interface ObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };

/** The schema name of a wire property: a leading `_` dropped (`_id` is `id`). */
export function propertyName(wire: string): string {
  return wire.replace(/^_+/, "") || wire;
}

/** The token of a named type. */
export function typeToken(name: string): string {
  return `${PACKAGE}:index:${name}`;
}

/** The named object types met so far, by token. */
export class TypeRegistry {
  readonly types: Record<string, ObjectTypeSpec> = {};
  private readonly byShape = new Map<string, string>();
  private readonly byDef = new Map<string, string>();

  constructor(
    /** Names to use instead of generated ones (`IntegrationConditions` is a `StepFilter`). */
    private readonly names: Readonly<Record<string, string>> = {},
  ) {}

  /** The type of a JSON Schema node; `hint` names an object type it registers; `defs` resolves `$ref`s. */
  typeOf(node: JsonSchema, hint: string, defs: Record<string, JsonSchema> = {}): TypeSpec {
    if (node.$ref !== undefined) return this.refType(node.$ref, hint, defs);
    const union = node.anyOf ?? node.oneOf;
    if (union !== undefined) return this.unionType(union, hint, defs);
    if (node.allOf?.length === 1 && node.allOf[0]) return this.typeOf(node.allOf[0], hint, defs);
    const type = Array.isArray(node.type) ? node.type.find((t) => t !== "null") : node.type;
    if (type === undefined && node.const !== undefined) return { type: typeof node.const };
    if (type === "string" || type === "boolean" || type === "integer" || type === "number") return { type };
    if (type === "array")
      return { type: "array", items: node.items ? this.typeOf(node.items, hint, defs) : ANY };
    if (type === "object") return this.objectType(node, hint, defs);
    return ANY;
  }

  private refType(ref: string, hint: string, defs: Record<string, JsonSchema>): TypeSpec {
    const key = ref.replace(/^#\/\$defs\//, "");
    const known = this.byDef.get(key);
    if (known !== undefined) return { $ref: `#/types/${known}` };
    const def = defs[key];
    if (!def) return ANY;
    if (def.properties === undefined) return this.typeOf(def, hint, defs);
    this.byDef.set(key, typeToken(this.names[hint] ?? hint));
    return this.objectType(def, hint, defs);
  }

  private unionType(members: JsonSchema[], hint: string, defs: Record<string, JsonSchema>): TypeSpec {
    const present = members.filter((m) => m.type !== "null");
    if (present.length === 1 && present[0]) return this.typeOf(present[0], hint, defs);
    const stringy = (m: JsonSchema) =>
      m.type === "string" || (m.type === undefined && typeof m.const === "string");
    if (present.length > 0 && present.every(stringy)) return { type: "string" };
    return ANY;
  }

  private objectType(node: JsonSchema, hint: string, defs: Record<string, JsonSchema>): TypeSpec {
    if (node.properties === undefined || Object.keys(node.properties).length === 0) {
      const extra = node.additionalProperties;
      const values = typeof extra === "object" ? this.typeOf(extra, hint, defs) : ANY;
      return { type: "object", additionalProperties: values };
    }
    const name = this.names[hint] ?? hint;
    const token = typeToken(name);
    const spec = this.objectSpec(node, name, defs);
    const shape = JSON.stringify(spec);
    const same = this.byShape.get(shape);
    if (same !== undefined) return { $ref: `#/types/${same}` };
    if (this.types[token] !== undefined) throw new Error(`svc: schema: two shapes named ${token}`);
    this.types[token] = spec;
    this.byShape.set(shape, token);
    return { $ref: `#/types/${token}` };
  }

  /** The properties of an object node, each typed, described (its node's `description`) and named for the schema. */
  objectSpec(node: JsonSchema, hint: string, defs: Record<string, JsonSchema>): ObjectTypeSpec {
    const properties: Record<string, PropertySpec> = {};
    for (const [wire, child] of Object.entries(node.properties ?? {})) {
      const name = propertyName(wire);
      const description = child.description;
      properties[name] = {
        ...(description ? { description } : {}),
        ...this.typeOf(child, `${hint}${name.charAt(0).toUpperCase()}${name.slice(1)}`, defs),
      };
    }
    const required = (node.required ?? []).map(propertyName).sort();
    return { type: "object", properties, ...(required.length > 0 ? { required } : {}) };
  }
}
