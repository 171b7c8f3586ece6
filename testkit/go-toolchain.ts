/**
 * Go for the tests that generate, check or build Go code (test/toolchain/go-sdk*.test.ts, test/engine/go-program):
 * the environment with Go on PATH, the skip rule, commands run with their wall time, and the `replace`
 * directives of a go.mod.
 */
import { spawn, spawnSync } from "node:child_process";
import { delimiter } from "node:path";
import { REQUIRE_ENGINE_ENV } from "./pulumi-cli/engine-suite";

/** Where the official Go tarball puts go, which a non-login shell may not have on PATH (as in .ci/run). */
export const GO_BIN_DIR = "/usr/local/go/bin";

/** PATH with Go appended (a `go` already on PATH comes first). */
export function pathWithGo(path: string = process.env.PATH ?? ""): string {
  return [path, GO_BIN_DIR].join(delimiter);
}

/** The test process's environment with Go on PATH. */
export function goEnv(): NodeJS.ProcessEnv {
  return { ...process.env, PATH: pathWithGo() };
}

/**
 * Whether a suite that needs Go must be skipped: `go` does not run. It says so on stderr, or, with
 * PULUMI_SVC_REQUIRE_ENGINE=1 (CI), throws. Synchronous, for `describe.skipIf`.
 */
export function skipWithoutGo(suite: string): boolean {
  if (spawnSync("go", ["version"], { env: goEnv() }).status === 0) return false;
  if (process.env[REQUIRE_ENGINE_ENV] === "1") throw new Error(`${suite}: go is not on PATH`);
  process.stderr.write(`SKIPPED: ${suite}: go is not on PATH\n`);
  return true;
}

/** How a command ended, with its wall time. */
export interface TimedRun {
  stdout: string;
  stderr: string;
  seconds: number;
}

/**
 * Runs `cmd args` in `cwd` (environment: {@link goEnv} plus `env`) without blocking the event loop; resolves
 * with its output and wall time, or rejects with its output when it exits other than with status 0.
 */
export function runTimed(
  cmd: string,
  args: string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<TimedRun> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: opts.env ?? goEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.once("error", reject);
    child.once("close", (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) resolve({ stdout, stderr, seconds });
      else
        reject(
          new Error(`${cmd} ${args.join(" ")} failed (${signal ?? code}):\n${stdout}\n${stderr}`.trimEnd()),
        );
    });
  });
}

/** The `replace` directives of a go.mod text: module path -> replacement (path, or path and version). */
export function goReplacements(goMod: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of goMod.split("\n")) {
    const m = /^replace\s+(\S+)(?:\s+\S+)?\s+=>\s+(.+)$/.exec(raw.replace(/\/\/.*$/, "").trim());
    if (m?.[1] && m[2]) out.set(m[1], m[2].trim());
  }
  return out;
}
