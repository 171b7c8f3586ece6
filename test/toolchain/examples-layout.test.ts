/**
 * examples/python and examples/go are plain Pulumi projects, what a user copies and runs with `pulumi up` in the
 * folder (the CLI's language host): a Pulumi.yaml with the language's runtime, the program file the host runs,
 * and (Python) a requirements.txt with the pinned `pulumi` and the SDK of this repository. No Automation API and
 * no environment variables in them: the engine tests (test/engine/python-program.test.ts, go-program.test.ts)
 * run these same files through testkit/example-drivers/. Fast: reads files only.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../testkit/harness/repo-root";
import { readPins } from "../../testkit/pulumi-cli/pins";

const read = (...path: string[]): string => readFileSync(join(repoRoot(), "examples", ...path), "utf8");

/** The `name:` and the runtime (`runtime: x` or `runtime:\n  name: x`) of a Pulumi.yaml text. */
function project(text: string): { name?: string; runtime?: string } {
  const name = /^name:\s*(\S+)\s*$/m.exec(text)?.[1];
  const runtime =
    /^runtime:\s*(\S+)\s*$/m.exec(text)?.[1] ?? /^runtime:\s*\n\s+name:\s*(\S+)/m.exec(text)?.[1];
  return { name, runtime };
}

describe("the examples are Pulumi projects", () => {
  it("examples/python: Pulumi.yaml with runtime python, __main__.py declaring resources, requirements.txt", () => {
    expect(project(read("python", "Pulumi.yaml"))).toEqual({ name: "svc-python", runtime: "python" });
    const main = read("python", "__main__.py");
    expect(main).toMatch(/^import pulumi_svc as svc$/m);
    expect(main).toMatch(/^push = svc\.Integration\(/m);
    expect(main).not.toMatch(/automation|os\.environ/);
    const requirements = read("python", "requirements.txt")
      .split("\n")
      .filter((l) => l.trim() && !l.startsWith("#"));
    expect(requirements).toEqual([`pulumi==${readPins().python}`, "../../sdks/python"]);
  });

  it("examples/go: Pulumi.yaml with runtime go, main.go whose main calls pulumi.Run with the program", () => {
    expect(project(read("go", "Pulumi.yaml"))).toEqual({ name: "svc-go", runtime: "go" });
    const main = read("go", "main.go");
    expect(main).toMatch(/^func main\(\) \{\n\tpulumi\.Run\(program\)\n\}$/m);
    expect(main).toMatch(/^func program\(ctx \*pulumi\.Context\) error \{$/m);
    expect(main).not.toMatch(/go\/auto|os\.Getenv/);
  });

  it("reads both forms of a Pulumi.yaml runtime", () => {
    expect(project("name: a\nruntime: go\n")).toEqual({ name: "a", runtime: "go" });
    expect(project("name: b\nruntime:\n  name: python\n  options:\n    toolchain: pip\n")).toEqual({
      name: "b",
      runtime: "python",
    });
    expect(project("name: c\n")).toEqual({ name: "c", runtime: undefined });
  });
});
