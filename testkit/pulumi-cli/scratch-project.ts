import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../harness/repo-root";

/** The runtime of a {@link ScratchProject}: a JavaScript program (index.js) or a Pulumi YAML one (Main.yaml). */
export type ScratchRuntime = "nodejs" | "yaml";

/**
 * A throwaway Pulumi project in a temp directory: Pulumi.yaml (runtime nodejs, main index.js), a JavaScript
 * program you write, and `node_modules` linked to this repository's (so `require("pulumi-svc")` and
 * `@pulumi/pulumi` resolve as in a user's project, and the dynamic-provider plugin finds its host there).
 * With runtime `yaml`: Pulumi.yaml (runtime yaml) and the YAML program you write as Main.yaml.
 *
 * ```ts
 * const project = ScratchProject.create("svc-order");
 * project.writeProgram(`const svc = require("pulumi-svc"); new svc.Integration("a", { ... });`);
 * const stack = await PulumiStack.init({ projectDir: project.dir });
 * const yaml = ScratchProject.create("svc-yaml", "yaml");
 * yaml.writeProgram("outputs:\n  greeting: hello\n");                      // Main.yaml
 * ```
 */
export class ScratchProject {
  private constructor(
    /** The project directory. */
    readonly dir: string,
    /** The project's runtime. */
    readonly runtime: ScratchRuntime,
  ) {}

  /** Creates the project `name` (its config namespace) of `runtime` (default nodejs). */
  static create(name: string, runtime: ScratchRuntime = "nodejs"): ScratchProject {
    const dir = mkdtempSync(join(tmpdir(), `${name}-`));
    if (runtime === "yaml") {
      writeFileSync(join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: yaml\n`);
    } else {
      writeFileSync(join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: nodejs\nmain: index.js\n`);
      symlinkSync(join(repoRoot(), "node_modules"), join(dir, "node_modules"), "dir");
    }
    return new ScratchProject(dir, runtime);
  }

  /**
   * (Re)writes the program: index.js (nodejs; a language server loads it once per CLI command) or Main.yaml
   * (yaml: `resources:`, `variables:`, `outputs:` ...); the next CLI command runs it.
   */
  writeProgram(source: string): void {
    if (this.runtime === "yaml") writeFileSync(join(this.dir, "Main.yaml"), `${source}\n`);
    else writeFileSync(join(this.dir, "index.js"), `"use strict";\n${source}\n`);
  }

  /** Removes the directory. */
  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
