/**
 * The checked-in Python SDK (sdks/python, package `pulumi_svc`): regenerating it from provider/plugin/schema.json
 * with scripts/gen-sdk.sh -language python (the Python codegen of pkg/v3 at the pinned CLI version) and
 * package.json's version gives exactly the files in the repository (so a schema or version change without `npm
 * run sdk:python` fails here), and `pip install ./sdks/python` builds a wheel of that version that imports in
 * the cached environment with the pinned `pulumi` (scripts/python-venv.sh), every property of its input and output
 * types documented by the schema's description as a docstring (what IDEs show on hover). Running it is
 * test/engine/python-program.test.ts. Needs go and python3 (skipped without them, unless
 * PULUMI_SVC_REQUIRE_ENGINE=1).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runTimed, skipWithoutGo } from "../../testkit/go-toolchain";
import { repoRoot } from "../../testkit/harness/repo-root";
import { ENGINE_TIMEOUT_MS } from "../../testkit/pulumi-cli";
import {
  installPythonSdk,
  PYTHON_SDK_DIR,
  pythonVenv,
  skipWithoutPython,
  venvPython,
} from "../../testkit/python-toolchain";
import { filesUnder, packageVersion, regenerate } from "../../testkit/sdk-regeneration";

const ROOT = repoRoot();
/** Prints what the installed package says about itself, as JSON. */
const PROBE = `
import importlib.metadata, json, pulumi_svc
print(json.dumps({
    "version": importlib.metadata.version("pulumi_svc"),
    "names": sorted(n for n in ("Integration", "SubscriberCredentials", "SubscriberCredentialsSet", "Provider",
                                "get_active_integrations_output") if hasattr(pulumi_svc, n)),
    "file": pulumi_svc.__file__,
}))
`;

/**
 * Prints the docstring of every property of the package's input and output types (`_inputs`, `outputs`), as
 * JSON `{ "Class.property": docstring }`: `inspect.cleandoc`'ed, `""` when there is none.
 */
const DOCSTRINGS = `
import inspect, json
from pulumi_svc import _inputs, outputs
docs = {}
for module in (_inputs, outputs):
    for cls_name, cls in vars(module).items():
        if not inspect.isclass(cls) or cls.__module__ != module.__name__:
            continue
        for prop_name, prop in vars(cls).items():
            if isinstance(prop, property):
                docs[cls_name + "." + prop_name] = inspect.cleandoc(prop.__doc__ or "")
print(json.dumps(docs))
`;

/** The description of a property of a type of the pinned schema, as a docstring shows it. */
function schemaDescription(type: string, property: string): string {
  const schema = JSON.parse(readFileSync(join(ROOT, "provider", "plugin", "schema.json"), "utf8")) as {
    types: Record<string, { properties: Record<string, { description?: string }> }>;
  };
  return schema.types[`svc:index:${type}`]?.properties[property]?.description ?? "";
}

let site: string | undefined;

describe.skipIf(skipWithoutGo("python-sdk-svc") || skipWithoutPython("python-sdk-svc"))(
  "the checked-in Python SDK",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    afterAll(() => {
      if (site) rmSync(site, { recursive: true, force: true });
    });

    it("regenerating sdks/python from provider/plugin/schema.json gives the same files", async () => {
      const { files: generated, seconds } = await regenerate("gen-sdk.sh", [
        "-language",
        "python",
        "-version",
        packageVersion(),
        "-schema",
        join(ROOT, "provider", "plugin", "schema.json"),
      ]);
      process.stderr.write(`python-sdk-svc: gen-sdk -language python ${seconds.toFixed(1)} s\n`);
      const checkedIn = filesUnder(PYTHON_SDK_DIR);
      expect(generated.has("pulumi_svc/integration.py")).toBe(true);
      expect(generated.get("pyproject.toml")).toContain(`version = "${packageVersion()}"`);
      expect([...checkedIn.keys()].sort(), "run `npm run sdk:python`").toEqual([...generated.keys()].sort());
      for (const [path, text] of generated)
        expect(checkedIn.get(path), `${path}: run \`npm run sdk:python\``).toBe(text);
    });

    it("pip install ./sdks/python builds pulumi_svc at package.json's version; it imports beside the pinned pulumi", async () => {
      const venv = await pythonVenv();
      site = mkdtempSync(join(tmpdir(), "svc-python-site-"));
      const seconds = await installPythonSdk(venv, site);
      process.stderr.write(`python-sdk-svc: pip install ./sdks/python ${seconds.toFixed(1)} s\n`);
      const probe = await runTimed(venvPython(venv), ["-c", PROBE], {
        cwd: site,
        env: { ...process.env, PYTHONPATH: site },
      });
      expect(JSON.parse(probe.stdout)).toEqual({
        version: packageVersion(),
        names: [
          "Integration",
          "Provider",
          "SubscriberCredentials",
          "SubscriberCredentialsSet",
          "get_active_integrations_output",
        ],
        file: join(site, "pulumi_svc", "__init__.py"),
      });
    });

    it("documents every property of its input and output types with the schema's description, as a docstring", async () => {
      if (!site) throw new Error("the install test did not run");
      const venv = await pythonVenv();
      const probe = await runTimed(venvPython(venv), ["-c", DOCSTRINGS], {
        cwd: site,
        env: { ...process.env, PYTHONPATH: site },
      });
      const docs = JSON.parse(probe.stdout) as Record<string, string>;
      // A step filter (an Integration's conditions), the credentials and a data source's result type.
      expect(docs["StepFilterArgs.is_negated"]).toBe(schemaDescription("StepFilter", "isNegated"));
      expect(docs["StepFilterConditionArgs.operator"]).toMatch(/^Comparison: `EQUAL`/);
      expect(docs["IntegrationCredentialsArgs.service_account"]).toMatch(/^Service account JSON/);
      expect(docs["GetActiveIntegrationsResultItems.identifier"]).toBe(
        schemaDescription("GetActiveIntegrationsResultItems", "identifier"),
      );
      expect(Object.keys(docs).length).toBeGreaterThan(400);
      expect(
        Object.entries(docs)
          .filter(([, doc]) => !doc)
          .map(([name]) => name),
      ).toEqual([]);
    });
  },
);
