/**
 * `svc.Layout` under the real Pulumi CLI (issue 38, "Done when"), in both lanes: a JavaScript program
 * (`pulumi-nodejs:dynamic/svc:Layout`) and a Pulumi YAML program (`svc:index:Layout` through the plugin), each
 * installed from the packed tarball against its own emulator: a layout and a workflow whose email step names it
 * (`layoutId: layout.layoutId`, so the engine creates the layout first); `up` (POST then PUT of the layout,
 * then the workflow); `preview --expect-no-changes` (no write); an edit of the layout's body previewed as an
 * update of `content` alone and applied with one PUT; `refresh --expect-no-changes`; destroy deleting the
 * workflow and leaving the environment's default layout with a warning naming it; then the layout left read
 * with `svc.Layout.get` (JavaScript) and imported with `pulumi import svc:index:Layout`, the generated YAML
 * pasted unchanged previewing as no change (YAML). The emulator starts empty (no fixtures: not even the
 * "Default layout" organization creation makes, which the service skips silently when that upsert fails), so
 * the program's layout becomes the environment's default: the path where the provider must warn. On a fresh
 * organization it is an ordinary layout (test/engine/topics.test.ts, examples/yaml). Needs `npm run build`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import {
  createPackedProgramFolder,
  type ProgramFolder,
  programPath,
} from "../../testkit/consumer/program-folder";
import { call } from "../../testkit/emulator-http";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  PulumiStack,
  skipEngine,
  stepOf,
  stepOps,
} from "../../testkit/pulumi-cli";
import { appendYamlResources } from "../../testkit/pulumi-cli/yaml-resources";

type Props = Record<string, unknown>;

const BODY = "<html><body><h1>Acme</h1>{{content}}</body></html>";
const EDITED = "<html><body><h1>Acme Inc</h1>{{content}}</body></html>";

/** The JavaScript program: the layout (default layoutId) and a workflow whose email step names it. */
function jsProgram(body: string): string {
  return `"use strict";
const svc = require("pulumi-svc");
const brand = new svc.Layout("brand", { name: "Brand", content: { editorType: "html", body: ${JSON.stringify(body)} } });
new svc.Workflow("welcome", {
  workflowId: "welcome-js",
  name: "Welcome",
  steps: [{ name: "Mail", type: "email", controls: { subject: "Hi", body: "<p>Hello</p>", editorType: "html", layoutId: brand.layoutId } }],
});
exports.layoutId = brand.layoutId;
exports.isDefault = brand.isDefault;
exports.usage = brand.usage;
`;
}

/** The YAML program: the same, through the plugin. */
function yamlProgram(body: string): string {
  return `name: svc-layout-yaml
runtime: yaml
resources:
  brand:
    type: svc:index:Layout
    properties:
      name: Brand
      content:
        editorType: html
        body: ${JSON.stringify(body)}
  welcome:
    type: svc:index:Workflow
    properties:
      workflowId: welcome-yaml
      name: Welcome
      steps:
        - name: Mail
          type: email
          controls:
            subject: Hi
            body: <p>Hello</p>
            editorType: html
            layoutId: \${brand.layoutId}
outputs:
  layoutId: \${brand.layoutId}
  isDefault: \${brand.isDefault}
`;
}

/** One lane: how its program is written and where it runs. */
interface Lane {
  name: string;
  workflowId: string;
  file: string;
  program(body: string): string;
  folder(): Promise<ProgramFolder>;
  env(folder: ProgramFolder, binDir: string): Record<string, string> | undefined;
}

const LANES: Lane[] = [
  {
    name: "JavaScript program (dynamic provider)",
    workflowId: "welcome-js",
    file: "index.js",
    program: jsProgram,
    folder: () => createPackedProgramFolder({ project: "svc-layout-js", files: { "index.js": "" } }),
    env: () => undefined,
  },
  {
    name: "YAML program (the plugin)",
    workflowId: "welcome-yaml",
    file: "Pulumi.yaml",
    program: yamlProgram,
    folder: () =>
      createPackedProgramFolder({ project: "svc-layout-yaml", files: { "Pulumi.yaml": yamlProgram(BODY) } }),
    env: (folder, binDir) => ({ PATH: programPath(folder, binDir) }),
  },
];

for (const lane of LANES) {
  describe.skipIf(skipEngine("layout"))(
    `svc.Layout under the real CLI: ${lane.name}`,
    { timeout: ENGINE_TIMEOUT_MS },
    () => {
      let emu: Emulator;
      let folder: ProgramFolder;
      let stack: PulumiStack;
      let layoutId = "";
      let layoutDbId = "";
      let workflowDbId = "";

      const use = (body: string) => writeFileSync(join(folder.dir, lane.file), lane.program(body));
      const layoutWrites = () =>
        emu.requests
          .filter((r) => r.path.startsWith("/v2/layouts") && r.method !== "GET")
          .map((r) => `${r.method} ${r.path}`);
      const writes = () =>
        emu.requests
          .filter((r) => r.method !== "GET" && /^\/v2\/(layouts|workflows)/.test(r.path))
          .map((r) => `${r.method} ${r.path}`);
      async function stored(path: string): Promise<Props | undefined> {
        const res = await call(emu, "GET", path);
        if (res.status === 404) return undefined;
        expect(res.status).toBe(200);
        return res.body.data;
      }

      beforeAll(async () => {
        emu = await startEmulator({ port: 0 });
        const binDir = await ensurePulumiCli();
        folder = await lane.folder();
        use(BODY);
        const env = lane.env(folder, binDir);
        stack = await PulumiStack.init({ projectDir: folder.dir, binDir, ...(env ? { env } : {}) });
        await stack.setConfig("svc:baseUrl", emu.url);
        await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
      }, ENGINE_TIMEOUT_MS);

      afterAll(async () => {
        await stack?.remove().catch(() => {});
        folder?.remove();
        await emu?.close();
      });

      it("up creates the layout (POST then PUT: one create), then the workflow naming it; a no-op preview writes nothing", async () => {
        await stack.up();
        const outputs = await stack.outputs();
        layoutId = String(outputs.layoutId);
        expect(layoutId).toMatch(/^brand-[0-9a-f]{8}$/);
        expect(outputs.isDefault).toBe(true);
        const layout = await stored(`/v2/layouts/${layoutId}`);
        layoutDbId = String(layout?._id);
        expect((layout?.controls as Props | undefined)?.values).toEqual({
          email: { body: BODY, editorType: "html" },
        });
        expect(layoutWrites()).toEqual(["POST /v2/layouts", `PUT /v2/layouts/${layoutDbId}`]);
        const workflow = (await stored(`/v2/workflows/${lane.workflowId}`)) as {
          _id: string;
          steps: Props[];
        };
        workflowDbId = workflow._id;
        expect(
          ((workflow.steps[0]?.controls as Props | undefined)?.values as Props | undefined)?.layoutId,
        ).toBe(layoutId);
        const usage = await call(emu, "GET", `/v2/layouts/${layoutId}/usage`);
        expect(usage.body.data.workflows.map((w: Props) => w.workflowId)).toEqual([lane.workflowId]);
        emu.resetRequests();
        const preview = await stack.preview({ expectNoChanges: true });
        expect(writes()).toEqual([]);
        // The default layout: the preview says first that a destroy will leave it.
        const said = (preview.digest?.diagnostics ?? []).map((d) => d.message).join("\n");
        expect(said).toContain(`layout "${layoutId}"`);
        expect(said).toMatch(/default layout, which the service never deletes/);
      });

      it("an edited body previews as an update of content alone; up writes one PUT; refresh is clean", async () => {
        use(EDITED);
        const { digest } = await stack.preview();
        const brand = stepOf(digest, "brand");
        expect(brand?.op).toBe("update");
        expect(stepOps(digest).filter(([, op]) => op !== "same")).toEqual([["brand", "update"]]);
        // The plugin names the property itself; for a dynamic resource the engine diffs the inputs.
        if (brand?.detailedDiff) expect(Object.keys(brand.detailedDiff)).toEqual(["content"]);
        const text = (await stack.run(["preview", "--diff"], { client: true })).stdout;
        expect(text).toMatch(
          /body\s*:\s*"<html><body><h1>Acme<\/h1>\{\{content\}\}<\/body><\/html>"\s*=>\s*"<html><body><h1>Acme Inc<\/h1>/,
        );
        expect(text).not.toMatch(/(name|layoutId|editorType)\s*:\s*"[^"]*"\s*=>/);
        emu.resetRequests();
        await stack.up();
        expect(writes()).toEqual([`PUT /v2/layouts/${layoutDbId}`]);
        const layout = await stored(`/v2/layouts/${layoutId}`);
        expect((layout?.controls as Props | undefined)?.values).toEqual({
          email: { body: EDITED, editorType: "html" },
        });
        await stack.refresh({ expectNoChanges: true });
        await stack.preview({ expectNoChanges: true });
      });

      it("destroy deletes the workflow and leaves the default layout, warning with its name", async () => {
        emu.resetRequests();
        const destroyed = await stack.destroy();
        expect(writes()).toEqual([`DELETE /v2/workflows/${workflowDbId}`]);
        expect(await stored(`/v2/workflows/${lane.workflowId}`)).toBeUndefined();
        expect(await stored(`/v2/layouts/${layoutId}`)).toMatchObject({ isDefault: true, _id: layoutDbId });
        const said = `${destroyed.stdout}${destroyed.stderr}`;
        expect(said).toMatch(/warning/i);
        expect(said).toContain(
          `layout "${layoutId}" (_id ${layoutDbId}) is its environment's default layout`,
        );
      });

      it.runIf(lane.file === "Pulumi.yaml")(
        "pulumi import svc:index:Layout of the layout left: the generated YAML, pasted, previews as no change and writes nothing",
        async () => {
          const out = join(folder.dir, "left.generated.yaml");
          await stack.run([
            "import",
            "svc:index:Layout",
            "left",
            layoutId,
            "--yes",
            "--protect=false",
            "--out",
            out,
          ]);
          const generated = readFileSync(out, "utf8");
          expect(generated).toContain(`layoutId: ${layoutId}`);
          expect(generated).not.toContain("adopt");
          const program = "name: svc-layout-yaml\nruntime: yaml\nresources:\n";
          writeFileSync(join(folder.dir, lane.file), appendYamlResources(program, generated));
          emu.resetRequests();
          const pasted = await stack.preview({ expectNoChanges: true });
          expect(pasted.digest?.changeSummary).toEqual({ same: 2 });
          expect(writes()).toEqual([]);
          const urn = `urn:pulumi:${stack.name}::svc-layout-yaml::svc:index:Layout::left`;
          await stack.run(["state", "delete", urn, "--yes"]);
        },
      );

      it.runIf(lane.file === "index.js")(
        "svc.Layout.get reads the layout left into the program without managing it",
        async () => {
          writeFileSync(
            join(folder.dir, lane.file),
            `"use strict";\nconst svc = require("pulumi-svc");\nconst left = svc.Layout.get("left", ${JSON.stringify(layoutId)});\nexports.isDefault = left.isDefault;\nexports.body = left.content.body;\n`,
          );
          await stack.up();
          const outputs = await stack.outputs();
          expect(outputs).toMatchObject({ isDefault: true, body: EDITED });
          emu.resetRequests();
          await stack.destroy();
          expect(writes()).toEqual([]);
          expect(await stored(`/v2/layouts/${layoutId}`)).toMatchObject({ _id: layoutDbId });
        },
      );
    },
  );
}
