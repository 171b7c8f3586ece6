/**
 * The README's commands for a workflow's secret headers (provider/export/readme.ts): one `--path` per header the
 * export found, in the property-path syntax `pulumi config set --path` parses (a plain name as `.name`, any other
 * as `["name"]` with `\"` its one escape), quoted for sh; YAML's below the object key of the secret values.
 */
import { describe, expect, it } from "vitest";
import { configPath, type LanguageNotes, setSecretHeaderCommands } from "../../../provider/export/readme";
import { yamlSecretValuePath } from "../../../provider/export/writers/yaml";

const plain: LanguageNotes = { title: "Go", runtime: "go", install: [], credentialsFromConfig: true };
const yaml: LanguageNotes = {
  ...plain,
  title: "Pulumi YAML",
  runtime: "yaml",
  secretValuePath: yamlSecretValuePath,
};

describe("secret header commands", () => {
  it("gives one line per header found, YAML's below secretValues", () => {
    const leaves = [
      ["Notify CRM", "Authorization"],
      ["Notify CRM", "X-Api-Key"],
    ];
    expect(setSecretHeaderCommands("digestSecretHeaders", leaves, plain)).toEqual([
      `pulumi config set --secret --path 'digestSecretHeaders["Notify CRM"].Authorization' <value>`,
      `pulumi config set --secret --path 'digestSecretHeaders["Notify CRM"]["X-Api-Key"]' <value>`,
    ]);
    expect(setSecretHeaderCommands("digestSecretHeaders", leaves.slice(0, 1), yaml)).toEqual([
      `pulumi config set --secret --path 'secretValues.digestSecretHeaders["Notify CRM"].Authorization' <value>`,
    ]);
  });

  it("escapes a quote in a name for the path parser and for sh", () => {
    expect(configPath("k", [`Say "hi" it's`, "Authorization"])).toBe(`k["Say \\"hi\\" it's"].Authorization`);
    expect(setSecretHeaderCommands("k", [[`it's`, "Cookie"]], plain)).toEqual([
      `pulumi config set --secret --path 'k["it'\\''s"].Cookie' <value>`,
    ]);
  });

  it("gives placeholders when no header name was found", () => {
    expect(setSecretHeaderCommands("k", [], plain)).toEqual([
      `pulumi config set --secret --path 'k["<step name>"]["<header>"]' <value>`,
    ]);
  });
});
