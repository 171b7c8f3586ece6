/**
 * The checked-in SDKs under sdks/ against a regeneration (test/toolchain/{go,python,dotnet}-sdk-svc.test.ts): the
 * generator script is run into a temp folder, and the files it writes must be exactly the checked-in ones.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { runTimed } from "./go-toolchain";
import { repoRoot } from "./harness/repo-root";

/** Path segments of what building an SDK in place leaves (the generated .gitignore files name them). */
const BUILD_LEFTOVERS = [/^build$/, /^dist$/, /^bin$/, /^obj$/, /\.egg-info$/, /^__pycache__$/, /\.pyc$/];

/**
 * Every file under `dir`, by path relative to it (forward slashes), with its bytes as latin1 text (so binary
 * files such as logo.png compare exactly); leaves out what a build in place writes (build/, *.egg-info, ...).
 */
export function filesUnder(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name)).split("\\").join("/");
    if (path.split("/").some((segment) => BUILD_LEFTOVERS.some((re) => re.test(segment)))) continue;
    out.set(path, readFileSync(join(dir, path), "latin1"));
  }
  return out;
}

/** A regeneration: the files the generator wrote, and its wall time (build of the generator included). */
export interface Regenerated {
  files: Map<string, string>;
  seconds: number;
}

/**
 * Runs `bash scripts/<script> ...args -out <temp>` and returns what it wrote; the temp folder is removed.
 * The schema and the version are the caller's (as the npm script passes them).
 */
export async function regenerate(script: string, args: string[]): Promise<Regenerated> {
  const out = mkdtempSync(join(tmpdir(), "svc-sdk-regen-"));
  try {
    const run = await runTimed("bash", [join(repoRoot(), "scripts", script), ...args, "-out", out], {
      cwd: out,
    });
    return { files: filesUnder(out), seconds: run.seconds };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** package.json's version: the version of every generated SDK. */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(repoRoot(), "package.json"), "utf8")) as { version?: string };
  return pkg.version ?? "";
}
