import { spawnSync } from "node:child_process";
import { INSTALL_SCRIPT, NO_CLI_NO_GO_EXIT, scriptShell } from "./install";

/** Set to 1 (CI does, in .ci/run): a machine with neither pulumi nor go fails the engine tests instead of skipping them. */
export const REQUIRE_ENGINE_ENV = "PULUMI_SVC_REQUIRE_ENGINE";

/** Timeout of an engine test or hook: each CLI command takes seconds, and a first run may build the CLI. */
export const ENGINE_TIMEOUT_MS = 15 * 60_000;

/**
 * Whether a suite of real-engine tests must be skipped: there is neither a `pulumi` nor `go` on PATH (nor a
 * cached build). Then it says so loudly on stderr, or, with {@link REQUIRE_ENGINE_ENV}=1, throws. Synchronous,
 * for `describe.skipIf`; the suite's `beforeAll` then calls `ensurePulumiCli()` (which may build the CLI).
 *
 * ```ts
 * describe.skipIf(skipEngine("quickstart"))("quickstart under the real engine", { timeout: ENGINE_TIMEOUT_MS }, () => {
 *   beforeAll(async () => { binDir = await ensurePulumiCli(); ... }, ENGINE_TIMEOUT_MS);
 * });
 * ```
 */
export function skipEngine(suite: string): boolean {
  const check = spawnSync(scriptShell(), [INSTALL_SCRIPT, "--check"], { encoding: "utf8" });
  if (check.status === 0) return false;
  const reason = check.stderr.trim() || `${INSTALL_SCRIPT} --check: exit status ${check.status}`;
  if (check.status !== NO_CLI_NO_GO_EXIT || process.env[REQUIRE_ENGINE_ENV] === "1") {
    throw new Error(`real-engine tests "${suite}" cannot run: ${reason}`);
  }
  const line = "!".repeat(100);
  process.stderr.write(
    `\n${line}\nSKIPPED: real-engine tests "${suite}": ${reason}\n(set ${REQUIRE_ENGINE_ENV}=1 to make this a failure; .ci/run does)\n${line}\n\n`,
  );
  return true;
}
