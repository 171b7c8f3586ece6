/**
 * The module the official Pulumi CLI runs for a `runtime: nodejs` project, found as it finds it, so that our
 * language server (./language-server.js) loads the same one rather than what Node's `require` would pick.
 *
 * 1. The CLI (pkg/v3 engine/project.go `getPwdMain`): Pulumi.yaml's `main`, relative to the project, names a
 *    directory (the program's working directory, entry point `.`) or a file (its directory, entry point its
 *    base name); no `main` is the project directory with entry point `.`.
 * 2. pulumi-language-nodejs hands that to @pulumi/pulumi's cmd/run (`--pwd <dir> <entry point>`), which, for
 *    the entry point `.` only, takes the nearest package.json upwards from the directory (which may be a
 *    parent's, e.g. a repository's own) and runs its `exports` (a string, or `.`: string or `default`,
 *    `require`, `import`), else its `main`, when that file exists; a directory runs its index.js (.mjs, .ts,
 *    .mts) (cmd/run/run.js `run`).
 * The root Pulumi.yaml of this repository once said `main: examples/quickstart`: step 2 then ran the root
 * package.json's export (the provider's index), and `pulumi up` ran no program at all (issue 50, item 9).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The parts of a package.json cmd/run reads. */
interface PackageEntry {
  exports?: unknown;
  main?: unknown;
}

/** The working directory and entry point the CLI gives the language host (getPwdMain). */
function pwdMain(projectDir: string, main: string | undefined): { pwd: string; entry: string } {
  if (main === undefined || main === "") return { pwd: projectDir, entry: "." };
  const path = resolve(projectDir, main);
  if (statSync(path).isDirectory()) return { pwd: path, entry: "." };
  return { pwd: dirname(path), entry: path.slice(dirname(path).length + 1) };
}

/** The directory of the nearest package.json at or above `dir`, or undefined. */
function packageRoot(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, "package.json"))) return at;
    if (dirname(at) === at) return undefined;
  }
}

/** What a package.json declares as its entry, as cmd/run reads it (exports first, then main). */
function declaredEntry(pkg: PackageEntry): unknown {
  if (typeof pkg.exports === "string") return pkg.exports;
  if (typeof pkg.exports === "object" && pkg.exports !== null) {
    const dot: unknown = (pkg.exports as Record<string, unknown>)["."];
    if (typeof dot === "object" && dot !== null) {
      const d = dot as Record<string, unknown>;
      return d.default || d.require || d.import;
    }
    return dot;
  }
  return pkg.main;
}

/** A directory's index module as cmd/run picks it, or the path itself. */
function indexOf(path: string): string {
  if (!existsSync(path) || !statSync(path).isDirectory()) return path;
  const index = ["index.js", "index.mjs", "index.ts", "index.mts"].find((f) => existsSync(join(path, f)));
  return index === undefined ? path : join(path, index);
}

/**
 * The absolute path of the module the official CLI runs for the nodejs project in `projectDir` whose
 * Pulumi.yaml says `main` (undefined when it says none).
 */
export function nodeEntryPoint(projectDir: string, main: string | undefined): string {
  const { pwd, entry } = pwdMain(resolve(projectDir), main);
  let program = join(pwd, entry);
  if (entry === ".") {
    const root = packageRoot(pwd);
    if (root !== undefined) {
      const declared = declaredEntry(JSON.parse(readFileSync(join(root, "package.json"), "utf8")));
      if (typeof declared === "string" && declared !== "" && existsSync(join(root, declared)))
        program = join(root, declared);
    }
  }
  return indexOf(program);
}
