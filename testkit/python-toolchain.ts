/**
 * Python for the tests that install or run the generated Python SDK (test/toolchain/python-sdk-svc.test.ts,
 * test/engine/python-program.test.ts): the skip rule, the cached virtual environment with Pulumi's Python SDK
 * (scripts/python-venv.sh), and the SDK (sdks/python) installed by pip into a folder of the test's own.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runTimed } from "./go-toolchain";
import { repoRoot } from "./harness/repo-root";
import { REQUIRE_ENGINE_ENV } from "./pulumi-cli/engine-suite";

/** scripts/python-venv.sh. */
export const PYTHON_VENV_SCRIPT = join(repoRoot(), "scripts", "python-venv.sh");

/** The generated Python SDK (package `pulumi_svc`). */
export const PYTHON_SDK_DIR = join(repoRoot(), "sdks", "python");

/**
 * Whether a suite that needs Python must be skipped: `python3 -m venv --help` does not run (no Python 3, or no
 * venv module). It says so on stderr, or, with PULUMI_SVC_REQUIRE_ENGINE=1 (CI), throws. Synchronous, for
 * `describe.skipIf`.
 */
export function skipWithoutPython(suite: string): boolean {
  if (spawnSync("python3", ["-m", "venv", "--help"], { stdio: "ignore" }).status === 0) return false;
  if (process.env[REQUIRE_ENGINE_ENV] === "1")
    throw new Error(`${suite}: python3 with its venv module is not on PATH`);
  process.stderr.write(`SKIPPED: ${suite}: python3 with its venv module is not on PATH\n`);
  return true;
}

let venv: Promise<string> | undefined;

/**
 * The directory of the cached virtual environment holding the pinned `pulumi` (package.json
 * pulumiSvc.pulumiPython), made by scripts/python-venv.sh on first use (pip from PyPI); memoized per process.
 * Its bin/python runs the programs. Never changed after it is made: the SDK goes elsewhere
 * ({@link installPythonSdk}).
 */
export function pythonVenv(): Promise<string> {
  venv ??= runTimed("bash", [PYTHON_VENV_SCRIPT], { cwd: repoRoot(), env: process.env }).then((run) => {
    process.stderr.write(run.stderr);
    const dir = run.stdout.trim().split("\n").pop() ?? "";
    if (!dir) throw new Error(`${PYTHON_VENV_SCRIPT} printed no directory`);
    process.stderr.write(`python-venv: ready in ${run.seconds.toFixed(1)} s\n`);
    return dir;
  });
  return venv;
}

/** The python of the virtual environment `venvDir`. */
export function venvPython(venvDir: string): string {
  return join(venvDir, "bin", "python");
}

/**
 * `pip install ./sdks/python` (a wheel built from the generated pyproject.toml) into `target`, a folder the
 * caller puts on PYTHONPATH: the cached environment stays as it was, so parallel tests can share it. Builds
 * from a copy (setuptools writes build/ and *.egg-info beside the sources), without build isolation (the
 * environment has setuptools: no PyPI round trip) and without dependencies (the environment has them).
 * Returns pip's wall time in seconds.
 */
export async function installPythonSdk(venvDir: string, target: string): Promise<number> {
  const source = mkdtempSync(join(tmpdir(), "svc-python-sdk-src-"));
  try {
    cpSync(PYTHON_SDK_DIR, source, { recursive: true });
    const pip = await runTimed(
      venvPython(venvDir),
      [
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
        "--no-deps",
        "--no-build-isolation",
        "--target",
        target,
        source,
      ],
      { cwd: source, env: process.env },
    );
    return pip.seconds;
  } finally {
    rmSync(source, { recursive: true, force: true });
  }
}
