/**
 * `svc-export` of the enterprise edition's kinds against enterprise emulators: translations of the exported
 * workflows and layouts (with `resourceId` a reference to them) and workflows' `isTranslationEnabled`;
 * organization settings only with `--only settings`. The model, adopted through the providers themselves,
 * writes nothing; on a second enterprise service it creates the settings and translations, equal. A community
 * service: one line each, no resource. (The engine tests run the community kinds under the real CLI.)
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../emulator";
import { runExport } from "../../../provider/export/cli";
import { DEFAULT_KINDS, EXPORT_KINDS } from "../../../provider/export/kinds";
import {
  ConfigValue,
  type ExportProject,
  type ExportValue,
  isPlainObject,
  Ref,
} from "../../../provider/export/model";
import { readEnvironment } from "../../../provider/export/read-environment";
import { OrganizationSettingsProvider } from "../../../provider/runtime/organization-settings/provider";
import { TranslationProvider } from "../../../provider/runtime/translation/provider";
import { WorkflowProvider } from "../../../provider/runtime/workflow/provider";
import { SvcClient } from "../../../sdk";
import { call } from "../../../testkit/emulator-http";
import { seedDashboardEnvironment } from "../../../testkit/export-seed";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FR = { welcome: { subject: "Bienvenue", body: "Bonjour {{subscriber.firstName}}" } };
const DE = { footer: "Viele Grüße" };

let source: Emulator;
let target: Emulator;
let community: Emulator;
let root: string;

async function ok(emu: Emulator, method: string, path: string, body: unknown): Promise<void> {
  const res = await call(emu, method, path, { body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
}

async function run(args: string[], emu: Emulator) {
  const err: string[] = [];
  const code = await runExport(args, {
    env: { SVC_API_KEY: emu.apiKey, SVC_BASE_URL: emu.url },
    stderr: (l) => err.push(l),
    stdout: () => {},
  });
  return { code, err };
}

/** The model of `emu`'s environment with the kinds named. */
async function model(emu: Emulator, names: readonly string[]): Promise<ExportProject> {
  const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
  try {
    return await readEnvironment({
      client,
      project: "p",
      kinds: EXPORT_KINDS.filter((k) => names.includes(k.name)),
      withSubscriptions: false,
    });
  } finally {
    await client.close();
  }
}

/**
 * A resource's props with references resolved to the referred resource's literal property; a secret config
 * value (a workflow's `secretHeaders`) is left out, as the program leaves it out while its key is unset.
 */
function resolve(project: ExportProject, v: ExportValue): ExportValue {
  if (v instanceof Ref) {
    const referred = project.resources.find((r) => r.name === v.resource);
    return referred?.props[v.property] ?? null;
  }
  if (Array.isArray(v)) return v.map((x) => resolve(project, x));
  if (isPlainObject(v)) {
    const set = Object.entries(v).filter(([, x]) => !(x instanceof ConfigValue && x.shape !== "suffix"));
    return Object.fromEntries(set.map(([k, x]) => [k, resolve(project, x)]));
  }
  return v;
}

/** Declares the model's workflows, translations and settings on `emu` through the providers (check, create). */
async function apply(project: ExportProject, emu: Emulator): Promise<void> {
  const settings = { settings: { apiKey: emu.apiKey, baseUrl: emu.url } };
  const providers = {
    Workflow: new WorkflowProvider(settings),
    Translation: new TranslationProvider(settings),
    OrganizationSettings: new OrganizationSettingsProvider(settings),
  };
  try {
    for (const type of ["Workflow", "Translation", "OrganizationSettings"] as const) {
      for (const r of project.resources.filter((x) => x.type === type)) {
        const props = resolve(project, r.props) as Record<string, unknown>;
        const checked = await providers[type].check({}, props);
        expect(checked.failures, r.describe).toEqual([]);
        // biome-ignore lint/suspicious/noExplicitAny: each provider takes its own checked inputs
        await (providers[type].create as (i: any) => Promise<unknown>)(checked.inputs);
      }
    }
  } finally {
    for (const p of Object.values(providers)) await p.session.client().close();
  }
}

beforeAll(async () => {
  [source, target, community] = await Promise.all([
    startEmulator({ port: 0, edition: "enterprise", plan: "business" }),
    startEmulator({ port: 0, edition: "enterprise", plan: "business" }),
    startEmulator({ port: 0 }),
  ]);
  for (const emu of [source, community]) {
    const sibling = emu.keys.find((k) => k.apiKey !== emu.apiKey)?.apiKey as string;
    await seedDashboardEnvironment(emu, sibling);
  }
  await ok(source, "PATCH", "/v2/workflows/welcome", { isTranslationEnabled: true });
  await ok(source, "POST", "/v2/translations", {
    resourceId: "welcome",
    resourceType: "workflow",
    locale: "fr_FR",
    content: FR,
  });
  await ok(source, "POST", "/v2/translations", {
    resourceId: "brand",
    resourceType: "layout",
    locale: "de_DE",
    content: DE,
  });
  await ok(source, "PATCH", "/v1/organizations/settings", {
    defaultLocale: "en_US",
    targetLocales: ["fr_FR", "de_DE"],
    removeNovuBranding: true,
  });
  root = mkdtempSync(join(tmpdir(), "svc-export-enterprise-"));
});

afterAll(async () => {
  await Promise.all([source?.close(), target?.close(), community?.close()]);
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("svc-export on the enterprise edition", () => {
  it("translations by reference, isTranslationEnabled, settings only with --only settings", async () => {
    expect(DEFAULT_KINDS.map((k) => k.name)).not.toContain("settings");
    const all = await model(source, [...EXPORT_KINDS.map((k) => k.name)]);
    const translations = all.resources.filter((r) => r.type === "Translation");
    expect(translations.map((t) => t.name)).toEqual(["brandDeDe", "welcomeFrFr"]);
    expect(translations[1]?.props).toEqual({
      resourceType: "workflow",
      resourceId: new Ref("welcome", "workflowId"),
      locale: "fr_FR",
      content: FR,
    });
    expect(translations[0]?.props.resourceId).toEqual(new Ref("brand", "layoutId"));
    const welcome = all.resources.find((r) => r.name === "welcome");
    expect(welcome?.props.isTranslationEnabled).toBe(true);
    expect(all.resources.filter((r) => r.type === "OrganizationSettings").map((r) => r.props)).toEqual([
      { defaultLocale: "en_US", targetLocales: ["fr_FR", "de_DE"], removeNovuBranding: true },
    ]);

    // The command: TypeScript by default has the translations and no settings; --only settings adds them.
    const ts = join(root, "ts");
    expect((await run(["--language", "typescript", "--out", ts], source)).code).toBe(0);
    const program = readFileSync(join(ts, "index.ts"), "utf8");
    expect(program).toContain(
      'const welcomeFrFr = new svc.Translation("welcomeFrFr", {\n    resourceType: "workflow",\n    resourceId: welcome.workflowId,\n',
    );
    expect(program.indexOf("new svc.Translation(")).toBeGreaterThan(program.indexOf("new svc.Workflow("));
    expect(program).not.toContain("OrganizationSettings");
    const yaml = join(root, "yaml");
    const only = await run(
      ["--language", "yaml", "--out", yaml, "--only", "workflows,layouts,translations,settings"],
      source,
    );
    expect(only.code).toBe(0);
    const pulumiYaml = readFileSync(join(yaml, "Pulumi.yaml"), "utf8");
    expect(pulumiYaml).toMatch(
      /type: svc:index:OrganizationSettings\n {4}properties:\n {6}defaultLocale: en_US\n {6}targetLocales:\n {8}- fr_FR\n {8}- de_DE\n {6}removeNovuBranding: true\n/,
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's interpolation, literally
    expect(pulumiYaml).toContain("resourceId: ${brand.layoutId}");
    expect(readFileSync(join(yaml, "README.md"), "utf8")).toContain("## Organization settings");
  });

  it("adopting the model writes nothing; on another enterprise service it creates the translations and settings, equal", async () => {
    const project = await model(source, ["workflows", "layouts", "translations", "settings"]);
    source.resetRequests();
    await apply(project, source);
    expect(source.requests.filter((r) => WRITES.has(r.method)).map((r) => `${r.method} ${r.path}`)).toEqual(
      [],
    );

    // The target needs the layout first (the workflows' email step names it); the providers do the rest.
    await ok(target, "POST", "/v2/layouts", { layoutId: "brand", name: "Brand" });
    await apply(project, target);
    const fr = await call(target, "GET", "/v2/translations/workflow/welcome/fr_FR");
    expect(fr.body.data?.content ?? fr.body.content).toEqual(FR);
    const de = await call(target, "GET", "/v2/translations/layout/brand/de_DE");
    expect(de.body.data?.content ?? de.body.content).toEqual(DE);
    const settings = await call(target, "GET", "/v1/organizations/settings");
    expect(settings.body.data).toMatchObject({ defaultLocale: "en_US", targetLocales: ["fr_FR", "de_DE"] });
    expect((await call(target, "GET", "/v2/workflows/welcome")).body.data.isTranslationEnabled).toBe(true);
  });

  it("a community service: one line each for translations and settings, no resource", async () => {
    const dir = join(root, "community");
    const { code, err } = await run(
      ["--language", "yaml", "--out", dir, "--only", "workflows,translations,settings"],
      community,
    );
    expect(code).toBe(0);
    expect(err.filter((l) => /no (translations|organization settings)/.test(l))).toEqual([
      expect.stringMatching(/^svc-export: (translations|settings): the service has no /),
      expect.stringMatching(/^svc-export: (translations|settings): the service has no /),
    ]);
    const program = readFileSync(join(dir, "Pulumi.yaml"), "utf8");
    expect(program).not.toMatch(/svc:index:(Translation|OrganizationSettings)/);
    expect(program).toContain("svc:index:Workflow");
    // One request found the missing translations route: no read per workflow.
    expect(community.requests.filter((r) => r.path.startsWith("/v2/translations"))).toHaveLength(1);
  });
});
