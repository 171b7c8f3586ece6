/**
 * The C# writer's pieces (provider/export/writers/csharp.ts, csharp-literal.ts) against C#'s rules and the
 * checked-in .NET SDK (sdks/dotnet): string literals, keywords, numbers; every member the writer names exists in
 * the SDK with the type its value needs (the credentials fields read from config included); brackets balance.
 * Not compiled (no .NET SDK here); test/provider/export/csharp-codegen.test.ts compares whole programs with
 * Pulumi's own C# code generation.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Concat, ConfigValue, type ExportProject, Ref } from "../../../provider/export/model";
import { writeCsharp } from "../../../provider/export/writers/csharp";
import {
  csInterpolated,
  csNumber,
  csString,
  identifier,
  memberName,
} from "../../../provider/export/writers/csharp-literal";
import { resourceInputs, type Spec, typeProperties } from "../../../provider/export/writers/schema-types";

const SDK = join(__dirname, "../../../sdks/dotnet");

/** The SDK's C# type of the member holding `[Input("<property>")]` in `file` (`Input<string>?`, `InputMap<object>`). */
function sdkMember(file: string, property: string): { name: string; type: string } | undefined {
  const text = readFileSync(join(SDK, file), "utf8");
  const at = text.indexOf(`[Input("${property}"`);
  if (at < 0) return undefined;
  // A type may hold spaces (`InputMap<ImmutableDictionary<string, string>>`): the name is the last word.
  const match = /\n\s+public ([^\n]+?) (\w+)\s*(?:\{|;|\n)/.exec(text.slice(at));
  return match === null ? undefined : { type: match[1]!, name: match[2]! };
}

/** Every object type a resource's inputs reach, by name (`WorkflowStep`, ...). */
function typesOf(specs: Record<string, Spec>, into = new Set<string>()): Set<string> {
  for (const spec of Object.values(specs)) {
    for (const s of [spec, spec.items, spec.additionalProperties]) {
      const name = s?.$ref?.match(/^#\/types\/svc:index:(.+)$/)?.[1];
      if (name !== undefined && !into.has(name)) {
        into.add(name);
        typesOf(typeProperties(name), into);
      }
    }
  }
  return into;
}

/** Whether `(`, `[` and `{` balance outside string literals and comments. */
function balanced(source: string): boolean {
  const code = source.replace(/\/\/[^\n]*/g, "").replace(/\$?"(?:[^"\\\n]|\\.)*"/g, '""');
  const stack: string[] = [];
  const pairs: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
  for (const c of code) {
    if ("([{".includes(c)) stack.push(c);
    else if (c in pairs && stack.pop() !== pairs[c]) return false;
  }
  return stack.length === 0;
}

describe("C# literals", () => {
  it("escapes strings as C# reads them, and doubles braces in an interpolation's text", () => {
    expect(csString('a"b\\c\nd\r\te\u0001\u007f\u2028é😀')).toBe(
      '"a\\"b\\\\c\\nd\\r\\te\\u0001\\u007F\\u2028é😀"',
    );
    expect(csString("\uD800x")).toBe('"\\uD800x"');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: content, literally
    expect(csInterpolated('id {x} "${y}"', "identifierSuffix")).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: content, literally
      '$"id {{x}} \\"${{y}}\\"{identifierSuffix}"',
    );
  });

  it("escapes reserved keywords (not contextual ones) and numbers as typed", () => {
    expect(identifier("class")).toBe("@class");
    expect(identifier("var")).toBe("var");
    expect(identifier("welcome")).toBe("welcome");
    expect(memberName("layoutId")).toBe("LayoutId");
    expect(csNumber(5, "int")).toBe("5");
    expect(csNumber(5, undefined)).toBe("5");
    expect(csNumber(1.5, undefined)).toBe("1.5d");
    expect(csNumber(2 ** 31, undefined)).toBe("2147483648d");
    expect(csNumber(-(2 ** 31 - 1), undefined)).toBe("-2147483647");
  });
});

describe("the C# program and the .NET SDK", () => {
  it("names every input member of the exported resources and their types as the SDK declares it", () => {
    const resources = ["Integration", "Workflow", "Layout", "Topic", "TopicSubscriptions"];
    const checked: string[] = [];
    for (const type of resources) {
      for (const property of Object.keys(resourceInputs(type))) {
        expect(sdkMember(`${type}.cs`, property)?.name, `${type}.${property}`).toBe(memberName(property));
        checked.push(`${type}.${property}`);
      }
      for (const t of typesOf(resourceInputs(type))) {
        for (const property of Object.keys(typeProperties(t))) {
          expect(sdkMember(`Inputs/${t}Args.cs`, property)?.name, `${t}.${property}`).toBe(
            memberName(property),
          );
        }
      }
    }
    expect(checked).toContain("Workflow.steps");
    expect(readdirSync(join(SDK, "Inputs"))).toContain("WorkflowStepArgs.cs");
  });

  it("reads each credentials field from config with the SDK member's type; brackets balance", () => {
    const project: ExportProject = {
      project: "p",
      environment: { id: "e", name: "Development" },
      config: [
        { key: "identifierSuffix", shape: "suffix", purpose: "suffix" },
        { key: "mailCredentials", shape: "secretObject", purpose: "credentials" },
      ],
      leftOut: [],
      withSubscriptions: false,
      resources: [
        {
          kind: "integrations",
          type: "Integration",
          dependsOn: [],
          name: "mail",
          describe: 'integration "mail"\n(sendgrid)',
          props: {
            identifier: new Concat("mail", new ConfigValue("identifierSuffix", "suffix")),
            providerId: "sendgrid",
            channel: "email",
            credentials: new ConfigValue("mailCredentials", "secretObject"),
            adopt: true,
          },
        },
        {
          kind: "topics",
          type: "Topic",
          dependsOn: [],
          name: "news",
          describe: "topic",
          props: { key: "news", adopt: true },
        },
        {
          kind: "topics",
          type: "TopicSubscriptions",
          dependsOn: [],
          name: "newsSubscriptions",
          describe: "subscriptions",
          props: { topicKey: new Ref("news", "key"), subscriberIds: [] },
        },
      ],
    };
    const program = writeCsharp(project)["Program.cs"]!;
    const readers: Record<string, string> = {
      Text: "Input<string>?",
      Flag: "Input<bool>?",
      Map: "InputMap<object>",
    };
    const fields = [...program.matchAll(/^ {8}(\w+) = (Text|Flag|Map)\(values, "(\w+)"\)!?,$/gm)];
    expect(fields.length).toBe(Object.keys(typeProperties("IntegrationCredentials")).length);
    for (const [, member, reader, key] of fields) {
      expect(sdkMember("Inputs/IntegrationCredentialsArgs.cs", key!), key).toEqual({
        name: member,
        type: readers[reader!],
      });
    }
    // A key of the config object that names no field is refused: the list names every field.
    const known = program.match(/string\[\] fields =\n {4}\{\n([\s\S]*?)\n {4}\};/)?.[1] ?? "";
    expect(
      known
        .split(/[\s,]+/)
        .filter(Boolean)
        .sort(),
    ).toEqual(
      Object.keys(typeProperties("IntegrationCredentials"))
        .map((k) => `"${k}"`)
        .sort(),
    );
    expect(program).toContain('    }, config, "mailCredentials"));\n');
    expect(program).toContain('        Identifier = $"mail{identifierSuffix}",\n');
    expect(program).toContain("        SubscriberIds = new InputList<string>(),\n");
    expect(program).toContain('    // integration "mail" (sendgrid)\n');
    expect(program).toContain("using System.Text.Json;\n");
    expect(balanced(program)).toBe(true);
    expect(balanced(`${program}}`)).toBe(false);
  });
});
