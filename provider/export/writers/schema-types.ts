/**
 * The package schema's view that the writers on the plugin's schema (YAML, Python, Go, C#) need: each resource's
 * inputs and each object type's properties, to tell a typed object (the SDK's names) from a map (keys as the
 * service holds them) and to name the SDK's types. It is the schema the plugin serves and the SDKs were generated
 * from (provider/plugin/schema.json): the types' names depend on the descriptions written into it (two objects of
 * one shape but described apart, an http_request step's header and body field, are two types), which the zod
 * schemas alone do not carry at run time.
 */

/** A property's spec in the package schema. */
export type Spec = {
  $ref?: string;
  type?: string;
  items?: Spec;
  additionalProperties?: Spec;
  properties?: Record<string, Spec>;
};

type Schema = {
  types: Record<string, Spec>;
  resources: Record<string, { inputProperties: Record<string, Spec> }>;
};

/** The schema's types and resource inputs, read once. */
let schema: Schema | undefined;
function packageTypes(): Schema {
  schema ??= require("../../plugin/schema.json") as Schema;
  return schema;
}

/** The input properties of the resource `svc:index:<type>`. */
export function resourceInputs(type: string): Record<string, Spec> {
  return packageTypes().resources[`svc:index:${type}`]?.inputProperties ?? {};
}

/** The object spec a property spec names (a `$ref` to a type), or the spec itself. */
export function resolved(spec: Spec | undefined): Spec | undefined {
  if (spec?.$ref === undefined) return spec;
  return packageTypes().types[spec.$ref.replace("#/types/", "")];
}

/** The type name a `$ref` to one of the package's types names (`WorkflowStep`), else undefined. */
export function typeName(spec: Spec | undefined): string | undefined {
  const match = spec?.$ref?.match(/^#\/types\/svc:index:(.+)$/);
  return match?.[1];
}

/** The properties of the package's object type `svc:index:<type>` (empty when there is none). */
export function typeProperties(type: string): Record<string, Spec> {
  return packageTypes().types[`svc:index:${type}`]?.properties ?? {};
}
