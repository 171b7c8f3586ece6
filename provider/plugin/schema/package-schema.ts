/**
 * The Pulumi package schema of `pulumi-resource-svc`, built from the zod schemas the runtime checks with and
 * from the secret policy (../../model/secret-inputs.ts): every secret input and output is `secret: true`.
 * Property descriptions are the TSDoc written on the zod schemas' fields: the caller's {@link Describe} reads
 * it with the TypeScript compiler and writes it into each JSON Schema before it is converted (see
 * testkit/plugin/schema-docs.ts and test/plugin/schema.test.ts, which pins the result in ../schema.json; the
 * plugin serves that file).
 */
import { z } from "zod";
import {
  environmentVariableArgsSchema,
  environmentVariableOutputsSchema,
} from "../../model/environment-variable-schema";
import { integrationArgsSchema, integrationOutputsSchema } from "../../model/integration-schema";
import { layoutArgsSchema, layoutOutputsSchema } from "../../model/layout-schema";
import {
  organizationSettingsArgsSchema,
  organizationSettingsOutputsSchema,
} from "../../model/organization-settings-schema";
import { SECRET_INPUTS } from "../../model/secret-inputs";
import {
  subscriberCredentialsInputsSchema,
  subscriberCredentialsOutputsSchema,
} from "../../model/subscriber-credentials-schema";
import {
  subscriberCredentialsSetInputsSchema,
  subscriberCredentialsSetOutputsSchema,
} from "../../model/subscriber-credentials-set-schema";
import { topicArgsSchema, topicOutputsSchema } from "../../model/topic-schema";
import {
  topicSubscriptionsArgsSchema,
  topicSubscriptionsOutputsSchema,
} from "../../model/topic-subscriptions-schema";
import { translationArgsSchema, translationOutputsSchema } from "../../model/translation-schema";
import { workflowOutputsSchema, workflowPluginArgsSchema } from "../../model/workflow-schema";
import { PACKAGE } from "../resource-types";
import { FUNCTION_SCHEMAS } from "./function-schemas";
import { type JsonSchema, type ObjectTypeSpec, type PropertySpec, TypeRegistry } from "./json-to-pulumi";
import { CONFIG_SPEC, PACKAGE_META, RESOURCE_DOCS, TYPE_NAMES } from "./package-text";

/** Which zod schema a JSON Schema was made from: a resource's `inputs` or `outputs`, a function's `args` or `result`. */
export interface SchemaRoot {
  /** The resource's or function's name (`Integration`, `getWorkflow`). */
  owner: string;
  /** The field of its entry in {@link RESOURCES} or FUNCTION_SCHEMAS that holds the zod schema. */
  side: "inputs" | "outputs" | "args" | "result";
}

/** Writes the property descriptions of one root into its JSON Schema (each property node's `description`). */
export type Describe = (root: SchemaRoot, json: JsonSchema) => void;

/** The resources: their input and output schemas. */
export const RESOURCES = [
  { name: "Integration", inputs: integrationArgsSchema, outputs: integrationOutputsSchema },
  { name: "Layout", inputs: layoutArgsSchema, outputs: layoutOutputsSchema },
  {
    name: "SubscriberCredentials",
    inputs: subscriberCredentialsInputsSchema,
    outputs: subscriberCredentialsOutputsSchema,
  },
  {
    name: "SubscriberCredentialsSet",
    inputs: subscriberCredentialsSetInputsSchema.omit({ fingerprints: true }),
    outputs: subscriberCredentialsSetOutputsSchema,
  },
  // Its stored steps (with `stepId` and `id`) differ from the declared ones: their types get another hint.
  {
    name: "Workflow",
    inputs: workflowPluginArgsSchema,
    outputs: workflowOutputsSchema,
    outputHint: "WorkflowOutput",
  },
  { name: "Topic", inputs: topicArgsSchema, outputs: topicOutputsSchema },
  {
    name: "TopicSubscriptions",
    inputs: topicSubscriptionsArgsSchema,
    outputs: topicSubscriptionsOutputsSchema,
  },
  {
    name: "OrganizationSettings",
    inputs: organizationSettingsArgsSchema,
    outputs: organizationSettingsOutputsSchema,
  },
  { name: "Translation", inputs: translationArgsSchema, outputs: translationOutputsSchema },
  {
    name: "EnvironmentVariable",
    inputs: environmentVariableArgsSchema,
    outputs: environmentVariableOutputsSchema,
  },
] as const;

/** JSON Schema of a zod schema; `z.custom` (the provider ids) is a string. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  return z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === "custom") ctx.jsonSchema.type = "string";
    },
  }) as JsonSchema;
}

/** The properties with the secret policy applied. */
function secretMarked(spec: ObjectTypeSpec): Record<string, PropertySpec> {
  return Object.fromEntries(
    Object.entries(spec.properties).map(([k, p]) => [k, SECRET_INPUTS.has(k) ? { ...p, secret: true } : p]),
  );
}

/** The JSON Schema of one root, described. */
function describedJson(schema: z.ZodType, io: "input" | "output", root: SchemaRoot, describe: Describe) {
  const json = jsonSchema(schema, io);
  describe(root, json);
  return json;
}

function resourceSpec(types: TypeRegistry, r: (typeof RESOURCES)[number], describe: Describe) {
  const token = `${PACKAGE}:index:${r.name}`;
  const ins = describedJson(r.inputs, "input", { owner: r.name, side: "inputs" }, describe);
  const outs = describedJson(r.outputs, "output", { owner: r.name, side: "outputs" }, describe);
  const inSpec = types.objectSpec(ins, r.name, ins.$defs ?? {});
  const outHint = "outputHint" in r ? r.outputHint : r.name;
  const outSpec = types.objectSpec(outs, outHint, outs.$defs ?? {});
  const spec = {
    description: RESOURCE_DOCS[r.name] ?? "",
    properties: secretMarked(outSpec),
    required: outSpec.required ?? [],
    inputProperties: secretMarked(inSpec),
    // The CLI drops an empty list when it serves the schema (OrganizationSettings has no required input): leave
    // it out, so that `pulumi package get-schema` prints this schema as pinned.
    ...(inSpec.required?.length ? { requiredInputs: inSpec.required } : {}),
  };
  return [token, spec] as const;
}

function functionSpec(types: TypeRegistry, f: (typeof FUNCTION_SCHEMAS)[number], describe: Describe) {
  const token = `${PACKAGE}:index:${f.name}`;
  const args = describedJson(f.args, "input", { owner: f.name, side: "args" }, describe);
  const result = describedJson(f.result, "output", { owner: f.name, side: "result" }, describe);
  const hint = `${f.name.charAt(0).toUpperCase()}${f.name.slice(1)}`;
  const argsSpec = types.objectSpec(args, `${hint}Args`, args.$defs ?? {});
  // A function without arguments (getEnvironment) has no `properties`: the CLI drops an empty map when it
  // loads a schema, so `pulumi package get-schema` would not print the pinned text.
  const { properties, ...rest } = argsSpec;
  const inputs = Object.keys(properties).length > 0 ? argsSpec : rest;
  const outputs = types.objectSpec(result, `${hint}Result`, result.$defs ?? {});
  return [token, { description: f.description, inputs, outputs }] as const;
}

/** The package schema for `version`, its property descriptions written by `describe`. */
export function packageSchema(version: string, describe: Describe): Record<string, unknown> {
  const types = new TypeRegistry(TYPE_NAMES);
  const resources = Object.fromEntries(RESOURCES.map((r) => resourceSpec(types, r, describe)));
  const functions = Object.fromEntries(FUNCTION_SCHEMAS.map((f) => functionSpec(types, f, describe)));
  const sortedTypes = Object.fromEntries(Object.entries(types.types).sort(([a], [b]) => a.localeCompare(b)));
  return {
    name: PACKAGE,
    version,
    ...PACKAGE_META,
    config: { variables: CONFIG_SPEC },
    provider: {
      description: "The svc provider: one environment of the service, reached with its API key and base URL.",
      inputProperties: CONFIG_SPEC,
    },
    resources,
    functions,
    types: sortedTypes,
  };
}
