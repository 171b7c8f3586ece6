/**
 * The plugin's package schema is pinned: provider/plugin/schema.json (what GetSchema serves) must be what the
 * zod schemas, the secret policy and the TSDoc on the zod schemas' fields generate now; every property in it
 * is described. After a change to any of them, regenerate with
 * `npm run schema` and review the diff.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SECRET_INPUTS } from "../../provider/model/secret-inputs";
import { packageSchema } from "../../provider/plugin/schema/package-schema";
import { repoRoot } from "../../testkit/harness/repo-root";
import { schemaDocs } from "../../testkit/plugin/schema-docs";

const PINNED = join(repoRoot(), "provider/plugin/schema.json");
const version = (JSON.parse(readFileSync(join(repoRoot(), "package.json"), "utf8")) as { version: string })
  .version;

type Props = Record<string, { secret?: boolean; description?: string; $ref?: string }>;
interface Spec {
  name: string;
  version: string;
  language: { go: { importBasePath: string } };
  config: { variables: Props };
  resources: Record<string, { inputProperties: Props; properties: Props; description: string }>;
  functions: Record<string, { inputs: { properties: Props }; outputs: { properties: Props } }>;
  types: Record<string, { properties: Props }>;
}

/**
 * The paths of every property of the schema without a description: any `properties`, `inputProperties` or
 * `variables` map, wherever it is (config, provider, resources, functions' inputs and outputs, types).
 */
function undescribed(node: unknown, path: string[] = []): string[] {
  if (typeof node !== "object" || node === null) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    const here = [...path, key];
    const isMap =
      ["properties", "inputProperties", "variables"].includes(key) && path.at(-1) !== "properties";
    if (isMap && typeof value === "object" && value !== null) {
      for (const [name, property] of Object.entries(value as Record<string, { description?: string }>)) {
        if (!property.description?.trim()) found.push([...here, name].join("."));
      }
    }
    found.push(...undescribed(value, here));
  }
  return found.sort();
}

describe("the package schema", () => {
  const generated = packageSchema(version, schemaDocs());
  const spec = generated as unknown as Spec;

  it("is the pinned provider/plugin/schema.json (regenerate: npm run schema)", async () => {
    await expect(`${JSON.stringify(generated, null, 2)}\n`).toMatchFileSnapshot(PINNED);
  });

  it("is package svc at the package's version, with a Go import path", () => {
    expect(spec.name).toBe("svc");
    expect(spec.version).toBe(version);
    expect(spec.language.go.importBasePath).toBe("github.com/pulumi-svc/pulumi-svc/sdks/go/svc");
  });

  it("serves the ten resources and every data source as a function", () => {
    expect(Object.keys(spec.resources).sort()).toEqual([
      "svc:index:EnvironmentVariable",
      "svc:index:Integration",
      "svc:index:Layout",
      "svc:index:OrganizationSettings",
      "svc:index:SubscriberCredentials",
      "svc:index:SubscriberCredentialsSet",
      "svc:index:Topic",
      "svc:index:TopicSubscriptions",
      "svc:index:Translation",
      "svc:index:Workflow",
    ]);
    expect(Object.keys(spec.functions)).toContain("svc:index:getActiveIntegrations");
    expect(Object.keys(spec.functions)).toHaveLength(15);
    expect(Object.keys(spec.functions)).toContain("svc:index:getEnvironments");
    expect(Object.keys(spec.functions)).toContain("svc:index:getEnvironmentVariable");
    expect(Object.keys(spec.functions)).toContain("svc:index:getTopic");
    expect(Object.keys(spec.functions)).toContain("svc:index:listTopics");
    expect(Object.keys(spec.functions)).toContain("svc:index:listWorkflows");
    expect(Object.keys(spec.functions)).toContain("svc:index:getEnvironment");
    expect(Object.keys(spec.functions)).toContain("svc:index:listLayouts");
  });

  it("marks every secret input and output, and the secret config, secret; nothing else", () => {
    for (const [token, r] of Object.entries(spec.resources)) {
      for (const side of [r.inputProperties, r.properties]) {
        for (const [name, p] of Object.entries(side)) {
          expect(p.secret === true, `${token}.${name}`).toBe(SECRET_INPUTS.has(name));
        }
      }
      const holdsCredentials = ![
        "svc:index:EnvironmentVariable",
        "svc:index:Workflow",
        "svc:index:Layout",
        "svc:index:Topic",
        "svc:index:TopicSubscriptions",
        "svc:index:OrganizationSettings",
        "svc:index:Translation",
      ].includes(token);
      if (holdsCredentials) expect(r.inputProperties.credentials?.secret, token).toBe(true);
    }
    const secretConfig = Object.entries(spec.config.variables).filter(([, p]) => p.secret === true);
    expect(secretConfig.map(([k]) => k).sort()).toEqual(["apiKey", "fingerprintKey"]);
  });

  it("describes each resource property from the TSDoc of its zod schema, inputs and outputs apart", () => {
    const integration = spec.resources["svc:index:Integration"]!;
    expect(integration.inputProperties.providerId?.description).toMatch(/Delivery provider id/);
    expect(integration.properties.environmentId?.description).toMatch(/Environment the integration/);
    expect(integration.inputProperties.credentials?.description).toMatch(/^Provider credentials/);
    expect(integration.properties.credentials?.description).toMatch(/^The credentials this stack last wrote/);
  });

  it("describes nested types and function results from the sdk's zod schemas, an open enum with its values", () => {
    expect(spec.types["svc:index:StepFilter"]?.properties.value?.description).toMatch(/`AND` or `OR`/);
    expect(spec.types["svc:index:IntegrationCredentials"]?.properties.serviceAccount?.description).toMatch(
      /Service account JSON/,
    );
    const workflow = spec.functions["svc:index:getWorkflow"]!;
    expect(workflow.inputs.properties.workflowId?.description).toMatch(/workflow identifier/);
    expect(workflow.outputs.properties.status?.description).toMatch(
      /^`ACTIVE`, `INACTIVE` or `ERROR`.* One of ACTIVE, INACTIVE, ERROR, or a newer value\.$/,
    );
  });

  it("describes every property: config, provider, resources' inputs and outputs, types, functions' inputs and outputs", () => {
    expect(undescribed(generated)).toEqual([]);
    // The walk finds them: a property without a description anywhere is reported by its path.
    const stripped = structuredClone(spec);
    delete stripped.types["svc:index:StepFilter"]!.properties.isNegated!.description;
    delete stripped.functions["svc:index:listMessages"]!.inputs.properties.page!.description;
    delete stripped.config.variables.baseUrl!.description;
    expect(undescribed(stripped)).toEqual([
      "config.variables.baseUrl",
      "functions.svc:index:listMessages.inputs.properties.page",
      // The provider's inputs are the config's keys (one object, so the clone shares it).
      "provider.inputProperties.baseUrl",
      "types.svc:index:StepFilter.properties.isNegated",
    ]);
  });

  it("declares a Workflow's steps as typed objects: declared ones, and stored ones with stepId and id", () => {
    const workflow = spec.resources["svc:index:Workflow"]!;
    expect(workflow.inputProperties.steps).toMatchObject({
      items: { $ref: "#/types/svc:index:WorkflowStep" },
    });
    expect(workflow.properties.steps).toMatchObject({
      items: { $ref: "#/types/svc:index:WorkflowStoredStep" },
    });
    const step = spec.types["svc:index:WorkflowStep"]?.properties ?? {};
    expect(Object.keys(step).sort()).toEqual([
      "chat",
      "controls",
      "custom",
      "delay",
      "digest",
      "email",
      "httpRequest",
      "inApp",
      "name",
      "push",
      "sms",
      "throttle",
      "type",
    ]);
    // One typed block per step type, each its own type named after its step type (sms's `{ body, skip }` is
    // no other block's type).
    for (const [block, type] of Object.entries({
      inApp: "InApp",
      email: "Email",
      sms: "Sms",
      push: "Push",
      chat: "Chat",
      delay: "Delay",
      digest: "Digest",
      custom: "Custom",
      throttle: "Throttle",
      httpRequest: "HttpRequest",
    }))
      expect(step[block]?.$ref).toBe(`#/types/svc:index:WorkflowStep${type}Controls`);
    expect(spec.types["svc:index:WorkflowStepHttpRequestControls"]?.properties.headers).toMatchObject({
      items: { $ref: "#/types/svc:index:WorkflowStepHttpRequestControlsHeader" },
    });
    expect(Object.keys(spec.types["svc:index:WorkflowStoredStep"]?.properties ?? {}).sort()).toEqual([
      "controls",
      "id",
      "name",
      "stepId",
      "type",
    ]);
  });

  it("declares a Layout's content as a typed object, its layoutId optional and its content required", () => {
    const layout = spec.resources["svc:index:Layout"]! as Spec["resources"][string] & {
      requiredInputs: string[];
    };
    expect(layout.inputProperties.content).toMatchObject({ $ref: "#/types/svc:index:LayoutContent" });
    expect(Object.keys(spec.types["svc:index:LayoutContent"]?.properties ?? {}).sort()).toEqual([
      "body",
      "editorType",
    ]);
    expect(layout.requiredInputs.sort()).toEqual(["content", "name"]);
    expect(Object.keys(layout.properties).sort()).toEqual(
      [
        "content",
        "environmentId",
        "environmentName",
        "isDefault",
        "layoutId",
        "name",
        "organizationId",
        "usage",
      ].sort(),
    );
  });

  it("references only types it defines", () => {
    const refs = JSON.stringify(generated).match(/"#\/types\/[^"]+"/g) ?? [];
    const missing = refs.map((r) => r.slice(9, -1)).filter((t) => spec.types[t] === undefined);
    expect(missing).toEqual([]);
  });
});
