/**
 * Shared setup of the example-program tests: a ProgramRunner over the real dynamic-provider host configured
 * with one of the emulator's keys, and the checks every example makes.
 */
import { join } from "node:path";
import { expect } from "vitest";
import type { Emulator } from "../../emulator";
import { type PropertyMap, secret, startHarness } from "../harness";
import { repoRoot } from "../harness/repo-root";
import { type ProgramRun, ProgramRunner, type RunOptions } from "./program-runner";

/** Secret outputs per resource type (the resources' `additionalSecretOutputs`). */
export const SECRET_OUTPUTS: Record<string, string[]> = {
  "pulumi-nodejs:dynamic/svc:Integration": ["credentials"],
  "pulumi-nodejs:dynamic/svc:SubscriberCredentials": ["credentials"],
  "pulumi-nodejs:dynamic/svc:SubscriberCredentialsSet": ["credentials"],
};

/** Type tokens. */
export const INTEGRATION = "pulumi-nodejs:dynamic/svc:Integration";
export const CREDENTIALS = "pulumi-nodejs:dynamic/svc:SubscriberCredentials";

/** A runner for dist/examples/<name>/program.js whose host is configured as the engine would configure it. */
export function exampleRunner(
  emu: Emulator,
  name: string,
  project: string,
  opts: { apiKey?: string; cwd?: string } = {},
): ProgramRunner {
  const config: PropertyMap = { "svc:apiKey": secret(opts.apiKey ?? emu.apiKey), "svc:baseUrl": emu.url };
  return new ProgramRunner(() => startHarness({ config, ...(opts.cwd ? { cwd: opts.cwd } : {}) }), {
    program: join(repoRoot(), "dist/examples", name, "program.js"),
    project,
    secretOutputs: SECRET_OUTPUTS,
  });
}

/** The program's view of the stack config (PULUMI_CONFIG + secret keys). */
export function programConfig(
  emu: Emulator,
  extra: Record<string, string> = {},
  secretKeys: string[] = [],
  apiKey = emu.apiKey,
): Pick<RunOptions, "config" | "secretKeys"> {
  return {
    config: { "svc:apiKey": apiKey, "svc:baseUrl": emu.url, ...extra },
    secretKeys: ["svc:apiKey", ...secretKeys],
  };
}

/** `[resource name, op]` of each step, sorted by name (the engine's order of independent steps is free). */
export function ops(run: ProgramRun): [string, string][] {
  return run.steps.map((s): [string, string] => [s.urn.split("::").pop() ?? "", s.op]).sort();
}

/** Asserts the run succeeded. */
export function ok(run: ProgramRun): ProgramRun {
  expect(run.error, run.stderr).toBeUndefined();
  expect(run.steps.filter((s) => s.error).map((s) => s.error?.message)).toEqual([]);
  return run;
}

/** Requests that changed something on the emulator since the last reset. */
export function writes(emu: Emulator): string[] {
  return emu.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
}

/** Asserts that none of `values` appears in plaintext in the persisted state, host output/logs or `more`. */
export function expectNoPlaintext(runner: ProgramRunner, values: string[], more: unknown[] = []): void {
  const plain =
    JSON.stringify(runner.engine.persistedState()) +
    runner.engine.hostOutput +
    runner.engine.hostLogs.join("\n") +
    JSON.stringify(more);
  for (const v of values) expect(plain, "a secret in plaintext").not.toContain(v);
}
