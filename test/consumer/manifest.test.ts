/**
 * The published package: package.json is publishable (not private, a license file, no Node.js binary among
 * the runtime dependencies, engines and README agreeing) and `npm pack` ships built code, types, the
 * emulator's fixture data, README and LICENSE only. Pack after `npm run build` (npm test does).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { packedFiles } from "../../testkit/consumer/pack";
import { repoRoot } from "../../testkit/harness/index";

interface Manifest {
  private?: boolean;
  license?: string;
  main: string;
  types: string;
  bin?: Record<string, string>;
  engines?: { node?: string };
  exports: Record<string, string | Record<string, string>>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  typesVersions?: Record<string, Record<string, string[]>>;
}

const root = repoRoot();
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Manifest;
const readme = readFileSync(join(root, "README.md"), "utf8");

/** The README's `## ` sections, each starting with its title. */
function sections(): string[] {
  return readme.split(/^## /m).slice(1);
}

function section(title: string): string {
  const found = sections().find((s) => s.startsWith(`${title}\n`));
  if (!found) throw new Error(`README has no section "${title}"`);
  return found;
}

/** `>=22.19.0` -> [22, 19, 0]. */
function minimum(range: string | undefined): number[] {
  const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range?.trim() ?? "");
  if (!m) throw new Error(`engines.node must be a ">=x.y.z" range, not ${range}`);
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

function atLeast(a: number[], b: number[]): boolean {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

function installedManifest(name: string): {
  bin?: string | Record<string, string>;
  engines?: { node?: string };
} {
  return JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8"));
}

describe("package.json", () => {
  it("is publishable: not private, Apache-2.0 with the license text beside it", () => {
    expect(manifest.private).toBeUndefined();
    expect(manifest.license).toBe("Apache-2.0");
    const license = readFileSync(join(root, "LICENSE"), "utf8");
    expect(license).toMatch(/Apache License\s+Version 2\.0, January 2004/);
    expect(license).toContain("END OF TERMS AND CONDITIONS");
  });

  it("installs no Node.js binary into a user's project; the repo keeps its Node 22 bootstrap as a devDependency", () => {
    for (const name of Object.keys(manifest.dependencies)) {
      const bin = installedManifest(name).bin;
      const bins = typeof bin === "string" ? [name] : Object.keys(bin ?? {});
      expect(bins, `dependency ${name} provides a node binary`).not.toContain("node");
      expect(name).not.toBe("node");
    }
    expect(Object.keys(manifest.devDependencies)).toContain("node");
  });

  it("engines.node covers every runtime dependency's engines, and the README states the same version", () => {
    const ours = minimum(manifest.engines?.node);
    for (const name of Object.keys(manifest.dependencies)) {
      const theirs = installedManifest(name).engines?.node;
      if (theirs?.startsWith(">="))
        expect(atLeast(ours, minimum(theirs)), `${name} needs ${theirs}`).toBe(true);
    }
    // Every Node.js requirement the README states for users is the engines one (the repository's own
    // bootstrap, which installs Node 22 itself, is the one exception).
    const userSections = sections().filter((s) => !s.startsWith("Working on this repository"));
    const stated = userSections.flatMap((s) =>
      [...s.matchAll(/Node\.js (\d+(?:\.\d+)*) or later/g)].map((m) => m[1]),
    );
    const [major, minor] = ours;
    expect(stated).toContain(`${major}.${minor}`);
    expect(new Set(stated)).toEqual(new Set([`${major}.${minor}`]));
    expect(section("Install in your Pulumi project")).toContain(`Node.js ${major}.${minor} or later`);
  });

  it("the README tells a new user how to install it in a Pulumi project", () => {
    const install = section("Install in your Pulumi project");
    expect(install).toContain("npm install pulumi-svc");
    expect(install).toContain("pulumi config set --secret svc:apiKey");
    expect(install).toContain("pulumi config set svc:baseUrl");
    expect(install).toContain("new svc.Integration(");
  });
});

describe("npm pack", () => {
  let files: string[];
  beforeAll(async () => {
    files = await packedFiles();
  }, 120_000);

  it("ships built code, types, the emulator's fixture data, the plugin's schema, README and LICENSE only", () => {
    const allowed =
      /^(package\.json|README\.md|LICENSE|dist\/(sdk|provider|emulator|node-support)\/.+\.(js|d\.ts)|dist\/legacy-types\/[^/]+\.d\.ts|dist\/emulator\/fixtures\/[^/]+\.json|dist\/provider\/plugin\/schema\.json)$/;
    expect(files.filter((f) => !allowed.test(f))).toEqual([]);
    for (const banned of [/^test\//, /^bench\//, /testkit/, /^dist\/(bench|examples|testkit)\//, /\.map$/]) {
      expect(files.filter((f) => banned.test(f))).toEqual([]);
    }
    expect(files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
  });

  it("ships every entry point the manifest names (main, types, typesVersions, exports, bin)", () => {
    const targets = [manifest.main, manifest.types, ...Object.values(manifest.bin ?? {})];
    for (const paths of Object.values(manifest.typesVersions ?? {}))
      targets.push(...Object.values(paths).flat());
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (subpath === "./package.json") continue;
      targets.push(...(typeof target === "string" ? [target] : Object.values(target)));
    }
    for (const t of targets) expect(files, `${t} is not packed`).toContain(t.replace(/^\.\//, ""));
    expect(manifest.exports["./internal/provider-runtime"]).toBeDefined(); // stored in every stack's state
  });

  it("the emulator CLI ships as the bin svc-emulator, runnable by npx", () => {
    const cli = manifest.bin?.["svc-emulator"];
    expect(cli).toBe("dist/emulator/cli.js");
    expect(existsSync(join(root, cli ?? ""))).toBe(true);
    expect(readFileSync(join(root, cli ?? ""), "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  it("the export command ships as the bin svc-export, runnable by npx", () => {
    const cli = manifest.bin?.["svc-export"];
    expect(cli).toBe("dist/provider/export/main.js");
    expect(existsSync(join(root, cli ?? ""))).toBe(true);
    expect(readFileSync(join(root, cli ?? ""), "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });
});
