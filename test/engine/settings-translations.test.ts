/**
 * svc.OrganizationSettings and svc.Translation under the real Pulumi CLI, from the packed tarball installed into
 * a fresh folder (JavaScript through the dynamic provider; YAML, examples/translations as it is, through
 * `pulumi-resource-svc` found in the folder's node_modules/.bin), against an enterprise-edition emulator on the
 * business plan: the settings (what was there recorded), a workflow with `isTranslationEnabled: true` and its
 * translations (referenced by `workflow.workflowId`): up, a clean preview, destroy puts the settings back and removes the translation. Then
 * the same JavaScript program against a community emulator (the default): `up` fails in one line naming the
 * enterprise edition, in its preview, before any write. One file, combined lifecycles. Needs `npm run build`.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import {
  createPackedProgramFolder,
  type ProgramFolder,
  programPath,
} from "../../testkit/consumer/program-folder";
import { call } from "../../testkit/emulator-http";
import { repoRoot } from "../../testkit/harness/repo-root";
import { ENGINE_TIMEOUT_MS, ensurePulumiCli, PulumiStack, skipEngine } from "../../testkit/pulumi-cli";

const JS_PROGRAM = `const pulumi = require("@pulumi/pulumi");
const svc = require("pulumi-svc");
if (new pulumi.Config().getBoolean("settings") !== false)
  new svc.OrganizationSettings("settings", { defaultLocale: "fr_FR", targetLocales: ["de_DE"], removeNovuBranding: true });
const welcome = new svc.Workflow("welcome", {
  workflowId: "js-welcome",
  name: "Welcome",
  isTranslationEnabled: true,
  steps: [{ name: "Inbox", type: "in_app", controls: { body: "{{t.greeting}}" } }],
});
new svc.Translation("welcome-fr", {
  resourceType: "workflow",
  resourceId: welcome.workflowId,
  locale: "fr_FR",
  content: { greeting: "Bonjour" },
});
`;

/** The YAML example, run as it is (its README says how a user runs it). */
const YAML_EXAMPLE = join(repoRoot(), "examples", "translations", "Pulumi.yaml");

let enterprise: Emulator;
let community: Emulator;
let folder: ProgramFolder;
let binDir: string;
const stacks: PulumiStack[] = [];

const settingsNow = async (e: Emulator) => (await call(e, "GET", "/v1/organizations/settings")).body.data;
const translation = (e: Emulator, path: string) => call(e, "GET", `/v2/translations/${path}`);
const writes = (e: Emulator) =>
  e.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

async function stackIn(dir: string, e: Emulator): Promise<PulumiStack> {
  const stack = await PulumiStack.init({
    projectDir: dir,
    binDir,
    env: { PATH: programPath(folder, binDir) },
  });
  stacks.push(stack);
  await stack.setConfig("svc:baseUrl", e.url);
  await stack.setConfig("svc:apiKey", e.apiKey, { secret: true });
  return stack;
}

describe.skipIf(skipEngine("settings-translations"))(
  "OrganizationSettings and Translation under the real CLI",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      [enterprise, community] = await Promise.all([
        startEmulator({ edition: "enterprise", plan: "business" }),
        startEmulator({}),
      ]);
      binDir = await ensurePulumiCli();
      folder = await createPackedProgramFolder({
        project: "svc-settings-tr",
        files: { "index.js": JS_PROGRAM },
      });
      mkdirSync(join(folder.dir, "yaml"));
      copyFileSync(YAML_EXAMPLE, join(folder.dir, "yaml", "Pulumi.yaml"));
    }, ENGINE_TIMEOUT_MS);

    afterAll(async () => {
      for (const s of stacks) await s.remove();
      folder?.remove();
      await Promise.all([enterprise?.close(), community?.close()]);
    });

    it("JavaScript: up writes settings, workflow and translation; a clean preview; destroy puts the settings back", async () => {
      await call(enterprise, "PATCH", "/v1/organizations/settings", { body: { defaultLocale: "es_ES" } });
      const stack = await stackIn(folder.dir, enterprise);
      await stack.up();
      expect(await settingsNow(enterprise)).toEqual({
        removeNovuBranding: true,
        defaultLocale: "fr_FR",
        targetLocales: ["de_DE"],
      });
      expect((await call(enterprise, "GET", "/v2/workflows/js-welcome")).body.data.isTranslationEnabled).toBe(
        true,
      );
      expect((await translation(enterprise, "workflow/js-welcome/fr_FR")).body.data.content).toEqual({
        greeting: "Bonjour",
      });
      enterprise.resetRequests();
      await stack.preview({ expectNoChanges: true });
      expect(writes(enterprise)).toEqual([]);
      await stack.destroy();
      expect(await settingsNow(enterprise)).toEqual({
        removeNovuBranding: false,
        defaultLocale: "es_ES",
        targetLocales: [],
      });
      expect((await translation(enterprise, "workflow/js-welcome/fr_FR")).status).toBe(404);
    });

    it("YAML (the plugin): up, a clean preview, destroy puts the settings back", async () => {
      const stack = await stackIn(join(folder.dir, "yaml"), enterprise);
      expect(stack.runtime).toBe("yaml");
      await stack.up();
      expect((await settingsNow(enterprise)).defaultLocale).toBe("de_DE");
      expect((await translation(enterprise, "workflow/translated-welcome/de_DE")).body.data.content).toEqual({
        greeting: "Hallo",
      });
      expect((await translation(enterprise, "workflow/translated-welcome/fr_FR")).body.data.content).toEqual({
        greeting: "Bonjour",
      });
      enterprise.resetRequests();
      await stack.preview({ expectNoChanges: true });
      expect(writes(enterprise)).toEqual([]);
      await stack.destroy();
      expect(await settingsNow(enterprise)).toEqual({
        removeNovuBranding: false,
        defaultLocale: "es_ES",
        targetLocales: [],
      });
      expect((await translation(enterprise, "workflow/translated-welcome/de_DE")).status).toBe(404);
      expect((await call(enterprise, "GET", "/v2/workflows/translated-welcome")).status).toBe(404);
    });

    it("against a community server, up fails in its preview in one line naming the enterprise edition, writing nothing", async () => {
      const stack = await stackIn(folder.dir, community);
      community.resetRequests();
      const upOnce = async () => {
        const r = await stack.run(["up", "--yes"], { client: true, allowFailure: true });
        expect(r.code).not.toBe(0);
        return r.stdout + r.stderr;
      };
      // The engine stops at the first resource whose check fails: the settings, then (without them) the translation.
      expect(await upOnce()).toMatch(
        /svc: check: this service has no organization settings \(GET \/v1\/organizations\/settings\).*enterprise edition/,
      );
      await stack.setConfig("svc-settings-tr:settings", "false");
      expect(await upOnce()).toMatch(
        /svc: check: this service has no translations \(\/v2\/translations\).*enterprise edition/,
      );
      expect(writes(community)).toEqual([]);
    });
  },
);
