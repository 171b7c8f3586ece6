/**
 * A step's controls under its type's typed block in the programs on the plugin's schema (YAML, Python, Go, C#;
 * provider/export/writers/typed-step-controls.ts): an in-app step with a primary action, an email step naming an
 * exported layout by reference, a digest with its look-back window, an http_request step's headers, each as the
 * SDK's typed values; an email of no layout at all as `layoutId: ""`; and `controls` kept, for that step only,
 * where the block cannot carry the values (a key the block lacks). The TypeScript program keeps `controls` everywhere. The Go program is
 * checked as gofmt leaves it; the engine tests (test/engine/export.test.ts) run the programs.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type ExportProject, type ExportValue, Ref } from "../../../provider/export/model";
import { languageLeftOut, writeLanguage } from "../../../provider/export/writers";
import { writeCsharp } from "../../../provider/export/writers/csharp";
import { writeGo } from "../../../provider/export/writers/go";
import { writeNode } from "../../../provider/export/writers/node";
import { writePython } from "../../../provider/export/writers/python";
import { typedStep } from "../../../provider/export/writers/typed-step-controls";
import { writeYaml } from "../../../provider/export/writers/yaml";

const STEPS: ExportValue[] = [
  {
    name: "Inbox",
    type: "in_app",
    controls: {
      body: "Hi",
      primaryAction: { label: "Open", redirect: { url: "/start", target: "_self" } },
      data: { plan: null, tiers: [1, "two"] },
    },
  },
  {
    name: "Mail",
    type: "email",
    controls: {
      subject: "Welcome",
      body: "<p>Hi</p>",
      editorType: "html",
      layoutId: new Ref("brand", "layoutId"),
    },
  },
  { name: "Bare mail", type: "email", controls: { subject: "No layout", body: "<p>Hi</p>", layoutId: null } },
  {
    name: "Batch",
    type: "digest",
    controls: { amount: 2, unit: "hours", lookBackWindow: { amount: 5, unit: "minutes" } },
  },
  {
    name: "Notify CRM",
    type: "http_request",
    controls: {
      method: "POST",
      url: "https://crm.test/x",
      headers: [{ key: "Content-Type", value: "text/plain" }],
      body: [{ key: "email", value: "{{subscriber.email}}" }],
    },
  },
  { name: "Text", type: "sms", controls: { body: "Hi", unknownKey: true } },
];

const PROJECT: ExportProject = {
  project: "typed",
  environment: { id: "e1", name: "Development" },
  config: [],
  leftOut: [],
  withSubscriptions: false,
  resources: [
    {
      kind: "layouts",
      type: "Layout",
      name: "brand",
      describe: 'layout "brand"',
      props: { layoutId: "brand", name: "Brand", adopt: true },
      dependsOn: [],
    },
    {
      kind: "workflows",
      type: "Workflow",
      name: "welcome",
      describe: 'workflow "welcome"',
      props: { workflowId: "welcome", name: "Welcome", steps: STEPS, adopt: true },
      dependsOn: [],
    },
  ],
};

/** gofmt's verdict on a Go source: the files it would change (empty: as gofmt leaves it); undefined without gofmt. */
function gofmtChanges(source: string): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), "svc-typed-go-"));
  try {
    writeFileSync(join(dir, "main.go"), source);
    const run = spawnSync("gofmt", ["-l", join(dir, "main.go")], { encoding: "utf8" });
    if (run.error !== undefined) return undefined;
    expect(run.stderr).toBe("");
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("svc-export: step controls as typed blocks", () => {
  it("moves controls into the step type's block where they fit, keeps them where they do not", () => {
    const [inbox, mail, bare, batch, crm, text] = STEPS.map(typedStep) as Record<string, ExportValue>[];
    expect(Object.keys(inbox!)).toEqual(["name", "type", "inApp"]);
    expect(Object.keys(mail!)).toEqual(["name", "type", "email"]);
    expect(Object.keys(batch!)).toEqual(["name", "type", "digest"]);
    expect(Object.keys(crm!)).toEqual(["name", "type", "httpRequest"]);
    // No layout at all (`layoutId: null`) is `layoutId: ""` in the block, the form every language can send.
    expect(bare).toEqual({
      name: "Bare mail",
      type: "email",
      email: { subject: "No layout", body: "<p>Hi</p>", layoutId: "" },
    });
    // A key the block lacks: controls, for that step only.
    expect(text).toBe(STEPS[5]);
  });

  it("YAML: the typed block under the step, the layout by reference; controls where the block cannot carry them", () => {
    const yaml = writeYaml(PROJECT)["Pulumi.yaml"]!;
    expect(yaml).toContain(
      "        - name: Inbox\n          type: in_app\n          inApp:\n            body: Hi\n" +
        "            primaryAction:\n              label: Open\n              redirect:\n",
    );
    expect(yaml).toContain("          email:\n            subject: Welcome\n");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's reference, literally
    expect(yaml).toContain("            layoutId: ${brand.layoutId}\n");
    expect(yaml).toContain("          digest:\n            amount: 2\n");
    expect(yaml).toContain("          httpRequest:\n            method: POST\n");
    expect(yaml).toContain("          email:\n            subject: No layout\n");
    expect(yaml).toMatch(/\n {12}layoutId: (""|'')\n/);
    expect(yaml).not.toContain("layoutId: null");
    expect(yaml).toContain("          controls:\n            body: Hi\n            unknownKey: true\n");
    expect(yaml.match(/ controls:/g)).toHaveLength(1);
  });

  it("Python: the block's snake_case keys (the SDK's typed dicts), map keys as they are", () => {
    const py = writePython(PROJECT, "1.0.0")["__main__.py"]!;
    expect(py).toContain(
      '            "in_app": {\n                "body": "Hi",\n                "primary_action": {\n',
    );
    expect(py).toContain('                "data": {\n                    "plan": None,\n');
    expect(py).toContain('            "email": {\n');
    expect(py).toContain(
      '                "editor_type": "html",\n                "layout_id": brand.layout_id,\n',
    );
    expect(py).toContain('                "look_back_window": {\n');
    expect(py).toContain('            "http_request": {\n');
    expect(py).toContain('                "subject": "No layout",\n');
    expect(py).toContain('                "layout_id": "",\n');
    expect(py).not.toContain('"layoutId": None');
    expect(py).toContain('                "unknownKey": True,\n');
    expect(py.match(/"controls":/g)).toHaveLength(1);
  });

  it("Go: the SDK's block types by pointer, typed lists, the layout's output; as gofmt leaves it", () => {
    const go = writeGo(PROJECT)["main.go"]!;
    expect(go).toContain(
      "\t\t\t\tInApp: &svc.WorkflowStepInAppControlsArgs{\n" +
        '\t\t\t\t\tBody: pulumi.String("Hi"),\n' +
        "\t\t\t\t\tPrimaryAction: &svc.WorkflowStepInAppControlsPrimaryActionArgs{\n" +
        '\t\t\t\t\t\tLabel: pulumi.String("Open"),\n' +
        "\t\t\t\t\t\tRedirect: &svc.WorkflowStepInAppControlsRedirectArgs{\n",
    );
    expect(go).toContain("\t\t\t\t\tData: pulumi.Map{\n");
    expect(go).toContain("\t\t\t\tEmail: &svc.WorkflowStepEmailControlsArgs{\n");
    expect(go).toContain("\t\t\t\t\tLayoutId:   brand.LayoutId,\n");
    expect(go).toContain("\t\t\t\t\tAmount: pulumi.Float64(2),\n");
    expect(go).toContain("\t\t\t\t\tLookBackWindow: &svc.WorkflowStepDigestControlsLookBackWindowArgs{\n");
    expect(go).toContain(
      "\t\t\t\t\tHeaders: svc.WorkflowStepHttpRequestControlsHeaderArray{\n" +
        "\t\t\t\t\t\tsvc.WorkflowStepHttpRequestControlsHeaderArgs{\n",
    );
    // Headers and body fields are one shape described apart: two types of the SDK (the served schema's names).
    expect(go).toContain(
      "\t\t\t\t\tBody: svc.WorkflowStepHttpRequestControlsBodyFieldArray{\n" +
        "\t\t\t\t\t\tsvc.WorkflowStepHttpRequestControlsBodyFieldArgs{\n",
    );
    expect(go).toContain('\t\t\t\t\tSubject:  pulumi.String("No layout"),\n');
    expect(go).toMatch(/\t\t\t\t\tLayoutId: +pulumi\.String\(""\),\n/);
    expect(go).not.toContain('"layoutId": nil');
    expect(go.match(/Controls:/g)).toHaveLength(1);
    const changes = gofmtChanges(go);
    if (changes === undefined) console.warn("gofmt is not on PATH: main.go's formatting not checked");
    else expect(changes).toBe("");
  });

  it("C#: the SDK's Inputs block types, typed lists, the layout's output", () => {
    const cs = writeCsharp(PROJECT)["Program.cs"]!;
    expect(cs).toContain(
      "                InApp = new Svc.Inputs.WorkflowStepInAppControlsArgs\n                {\n" +
        '                    Body = "Hi",\n' +
        "                    PrimaryAction = new Svc.Inputs.WorkflowStepInAppControlsPrimaryActionArgs\n",
    );
    expect(cs).toContain("                Email = new Svc.Inputs.WorkflowStepEmailControlsArgs\n");
    expect(cs).toContain("                    LayoutId = brand.LayoutId,\n");
    expect(cs).toContain(
      "                    LookBackWindow = new Svc.Inputs.WorkflowStepDigestControlsLookBackWindowArgs\n",
    );
    expect(cs).toContain(
      "                        new Svc.Inputs.WorkflowStepHttpRequestControlsHeaderArgs\n",
    );
    expect(cs).toContain(
      "                        new Svc.Inputs.WorkflowStepHttpRequestControlsBodyFieldArgs\n",
    );
    expect(cs).toContain('                    LayoutId = "",\n');
    expect(cs).not.toContain('{ "layoutId", null }');
    expect(cs.match(/Controls =/g)).toHaveLength(1);
  });

  it("TypeScript keeps controls on every step (the dynamic resources' controls are typed)", () => {
    const ts = writeNode(PROJECT, true, { pulumi: "3.0.0", svc: "1.0.0" })["index.ts"]!;
    expect(ts.match(/controls:/g)).toHaveLength(STEPS.length);
    expect(ts).not.toMatch(/inApp:|email:|httpRequest:/);
    expect(ts).toContain("layoutId: brand.layoutId,");
  });

  it("Go and YAML: the step's null controls, which they drop, under Left out; none in Python and TypeScript", () => {
    // The in-app step's free-form `data.plan: null`; the email of no layout is not among them (`layoutId: ""`).
    const line =
      'workflow "welcome" step "Inbox": its null controls (data.plan) are not declared: a Go program drops a null';
    expect(languageLeftOut("go", PROJECT)).toEqual([expect.stringContaining(line)]);
    expect(languageLeftOut("yaml", PROJECT)).toEqual([
      expect.stringContaining("a Pulumi YAML program drops"),
    ]);
    expect(languageLeftOut("python", PROJECT)).toEqual([]);
    expect(languageLeftOut("typescript", PROJECT)).toEqual([]);
    expect(writeLanguage("go", PROJECT, "1.0.0")["README.md"]).toContain(`\n- ${line}`);
    expect(writeLanguage("python", PROJECT, "1.0.0")["README.md"]).not.toContain("## Left out");
  });
});
