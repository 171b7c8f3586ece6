/**
 * testkit/pulumi-cli/yaml-resources.ts: what `pulumi import --out` generates, pasted at the end of a YAML
 * program's `resources:` section (before the next top-level key and the comments and blank lines above it).
 */
import { describe, expect, it } from "vitest";
import { appendYamlResources, generatedResources } from "../../testkit/pulumi-cli/yaml-resources";

const GENERATED = `resources:
  inbox:
    type: svc:Integration
    properties:
      identifier: outside-inbox
`;

const PROGRAM = `name: p
runtime: yaml
resources:
  mail:
    type: svc:index:Integration
    properties:
      channel: email

# The outputs.
outputs:
  id: \${mail.id}
`;

describe("appendYamlResources", () => {
  it("appends the generated entries to the end of resources:, before the comment of the next key", () => {
    expect(appendYamlResources(PROGRAM, GENERATED)).toBe(`name: p
runtime: yaml
resources:
  mail:
    type: svc:index:Integration
    properties:
      channel: email
  inbox:
    type: svc:Integration
    properties:
      identifier: outside-inbox

# The outputs.
outputs:
  id: \${mail.id}
`);
  });

  it("adds a resources: section to a program without one", () => {
    expect(appendYamlResources("name: p\nruntime: yaml\n", GENERATED)).toBe(
      "name: p\nruntime: yaml\nresources:\n  inbox:\n    type: svc:Integration\n    properties:\n      identifier: outside-inbox\n",
    );
  });

  it("refuses generated code without resources", () => {
    expect(() => generatedResources("outputs: {}\n")).toThrow(/no resources: section/);
  });
});
