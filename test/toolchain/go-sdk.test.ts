/**
 * The Go side of the package schema: scripts/gen-sdk.sh -language go (the Go codegen of pkg/v3 at the pinned CLI version)
 * writes the Go SDK of a hand-written stand-in schema (one resource with a secret input, one function) into a
 * temp module, and `go build` compiles it with an Automation API inline program (fixtures/go-program) against the
 * CLI wrapper module's go.mod and go.sum. Nothing runs: the program needs the svc provider plugin. Needs go
 * (skipped without it, unless PULUMI_SVC_REQUIRE_ENGINE=1); a minute or two once the CLI is built.
 */
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goEnv, skipWithoutGo } from "../../testkit/go-toolchain";
import { repoRoot } from "../../testkit/harness/repo-root";
import { ENGINE_TIMEOUT_MS } from "../../testkit/pulumi-cli";

const ROOT = repoRoot();
const FIXTURES = join(ROOT, "test", "toolchain", "fixtures");
const MODULE = "pulumisvc/gosdktest";
/** Runs `cmd args` in `cwd`; returns its wall time in seconds, or throws with its output. */
function timed(cmd: string, args: string[], cwd: string): number {
  const started = performance.now();
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", env: goEnv() });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(" ")} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return (performance.now() - started) / 1000;
}

let dir: string;

describe.skipIf(skipWithoutGo("go-sdk"))(
  "Go SDK generated from a schema",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), "svc-go-sdk-"));
    });
    afterAll(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("gen-sdk -language go writes package svc with the resource, its secret input and the function", () => {
      const seconds = timed(
        "bash",
        [
          join(ROOT, "scripts", "gen-sdk.sh"),
          "-language",
          "go",
          "-schema",
          join(FIXTURES, "svc-stand-in.schema.json"),
          "-out",
          dir,
          "-import-base-path",
          `${MODULE}/svc`,
        ],
        dir,
      );
      process.stderr.write(`go-sdk: gen-sdk (build + generate) ${seconds.toFixed(1)} s\n`);
      for (const f of [
        "svc/integration.go",
        "svc/getActiveIntegrations.go",
        "svc/provider.go",
        "svc/config/config.go",
      ])
        expect(existsSync(join(dir, f)), f).toBe(true);
      const integration = readFileSync(join(dir, "svc", "integration.go"), "utf8");
      // The generated constructor wraps the secret input, and marks the output secret.
      expect(integration).toMatch(/pulumi\.ToSecret\(args\.ApiKey\)/);
      expect(integration).toMatch(/AdditionalSecretOutputs/);
    });

    it("the SDK and an Automation API inline program compile against the CLI wrapper module's go.mod", () => {
      const wrapper = join(ROOT, "scripts", "pulumi-cli");
      const goMod = readFileSync(join(wrapper, "go.mod"), "utf8").replace(/^module .*$/m, `module ${MODULE}`);
      writeFileSync(join(dir, "go.mod"), goMod);
      copyFileSync(join(wrapper, "go.sum"), join(dir, "go.sum"));
      mkdirSync(join(dir, "program"));
      copyFileSync(join(FIXTURES, "go-program", "main.go"), join(dir, "program", "main.go"));
      // Every package of the module (svc, svc/config, svc/internal, program); the one command goes to bin/.
      const seconds = timed("go", ["build", "-buildvcs=false", "-o", `${join(dir, "bin")}/`, "./..."], dir);
      process.stderr.write(`go-sdk: go build of the SDK and the program ${seconds.toFixed(1)} s\n`);
      expect(existsSync(join(dir, "bin", "program"))).toBe(true);
    });
  },
);
