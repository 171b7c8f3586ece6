import { ensurePulumiCli, PulumiCliUnavailable } from "./install";

/** Set to 1 (CI does, in .ci/run): a machine with neither pulumi nor go fails the engine tests instead of skipping them. */
export const REQUIRE_ENGINE_ENV = "PULUMI_SVC_REQUIRE_ENGINE";

/** Timeout of an engine test or hook: each CLI command takes seconds, and a first run may build the CLI. */
export const ENGINE_TIMEOUT_MS = 15 * 60_000;

/**
 * The CLI bin directory for a suite of real-engine tests, or undefined when the suite must be skipped: there is
 * neither a `pulumi` nor `go` on PATH (then it says so loudly on stderr). With {@link REQUIRE_ENGINE_ENV}=1 that
 * case throws instead. Builds the CLI on first use (minutes; progress on stderr).
 *
 * ```ts
 * const cli = await engineCliOrSkip("quickstart");
 * describe.skipIf(cli === undefined)("quickstart under the real engine", { timeout: ENGINE_TIMEOUT_MS }, () => { ... });
 * ```
 */
export async function engineCliOrSkip(suite: string): Promise<string | undefined> {
  try {
    return await ensurePulumiCli();
  } catch (err) {
    if (!(err instanceof PulumiCliUnavailable) || process.env[REQUIRE_ENGINE_ENV] === "1") throw err;
    const line = "!".repeat(100);
    process.stderr.write(
      `\n${line}\nSKIPPED: real-engine tests "${suite}": ${err.message}\n(set ${REQUIRE_ENGINE_ENV}=1 to make this a failure; .ci/run does)\n${line}\n\n`,
    );
    return undefined;
  }
}
