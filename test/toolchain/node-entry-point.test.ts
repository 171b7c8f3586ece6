/**
 * The module the official Pulumi CLI runs for each `runtime: nodejs` project of this repository, found as the
 * CLI and @pulumi/pulumi's cmd/run find it (testkit/pulumi-cli/node-entry-point.ts; the engine tests load the
 * same one): each runs its own program, never the package's entry (dist/provider/index.js) that the root
 * package.json exports, which `main: examples/quickstart` (a directory) once ran at the root (issue 50, item
 * 9). Also the finder's own rules on scratch layouts. Fast: reads files only.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../../testkit/harness/repo-root";
import { nodeEntryPoint } from "../../testkit/pulumi-cli/node-entry-point";
import { projectMain, projectRuntime } from "../../testkit/pulumi-cli/stack";

describe("the module `pulumi up` runs in each nodejs project of the repository", () => {
  it("the root Pulumi.yaml runs examples/quickstart/index.js", () => {
    const root = repoRoot();
    expect(nodeEntryPoint(root, projectMain(root))).toBe(join(root, "examples", "quickstart", "index.js"));
  });

  it("every examples/* nodejs project runs its own index.js", () => {
    const dirs = readdirSync(join(repoRoot(), "examples"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join(repoRoot(), "examples", d.name))
      .filter((dir) => {
        try {
          return projectRuntime(dir) === "nodejs";
        } catch {
          return false;
        }
      });
    expect(dirs.length).toBeGreaterThan(4);
    for (const dir of dirs) expect(nodeEntryPoint(dir, projectMain(dir))).toBe(join(dir, "index.js"));
  });
});

describe("nodeEntryPoint", () => {
  let dir: string;
  const put = (path: string, text: string) => {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "node-entry-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("main naming a directory: the nearest package.json's export wins over the directory's index.js", () => {
    put("package.json", JSON.stringify({ exports: { ".": { default: "./lib/main.js" } }, main: "x.js" }));
    put("lib/main.js", "");
    put("app/index.js", "");
    expect(nodeEntryPoint(dir, "app")).toBe(join(dir, "lib", "main.js"));
  });

  it("then `main` of package.json, then the directory's index.js", () => {
    put("package.json", JSON.stringify({ main: "lib/main.js" }));
    put("lib/main.js", "");
    put("app/index.js", "");
    expect(nodeEntryPoint(dir, "app")).toBe(join(dir, "lib", "main.js"));
    put("package.json", JSON.stringify({ name: "p" }));
    expect(nodeEntryPoint(dir, "app")).toBe(join(dir, "app", "index.js"));
  });

  it("main naming a file runs that file, whatever package.json says", () => {
    put("package.json", JSON.stringify({ exports: "./lib/main.js" }));
    put("lib/main.js", "");
    put("app/index.js", "");
    expect(nodeEntryPoint(dir, "app/index.js")).toBe(join(dir, "app", "index.js"));
  });
});
