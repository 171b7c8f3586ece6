import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../harness/repo-root";

/**
 * A throwaway Pulumi project in a temp directory: Pulumi.yaml (runtime nodejs, main index.js), a JavaScript
 * program you write, and `node_modules` linked to this repository's (so `require("pulumi-svc")` and
 * `@pulumi/pulumi` resolve as in a user's project, and the dynamic-provider plugin finds its host there).
 *
 * ```ts
 * const project = ScratchProject.create("svc-order");
 * project.writeProgram(`const svc = require("pulumi-svc"); new svc.Integration("a", { ... });`);
 * const stack = await PulumiStack.init({ projectDir: project.dir });
 * ```
 */
export class ScratchProject {
  private constructor(
    /** The project directory. */
    readonly dir: string,
  ) {}

  /** Creates the project `name` (its config namespace). */
  static create(name: string): ScratchProject {
    const dir = mkdtempSync(join(tmpdir(), `${name}-`));
    writeFileSync(join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: nodejs\nmain: index.js\n`);
    symlinkSync(join(repoRoot(), "node_modules"), join(dir, "node_modules"), "dir");
    return new ScratchProject(dir);
  }

  /** (Re)writes index.js; the next CLI command runs it (a language server loads the program once per command). */
  writeProgram(source: string): void {
    writeFileSync(join(this.dir, "index.js"), `"use strict";\n${source}\n`);
  }

  /** Removes the directory. */
  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
