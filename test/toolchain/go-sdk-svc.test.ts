/**
 * The checked-in Go SDK (sdks/go, module github.com/pulumi-svc/pulumi-svc/sdks/go, package svc): regenerating it
 * from provider/plugin/schema.json with scripts/gen-sdk.sh -language go gives exactly the files in the repository (so a
 * schema change without `npm run sdk:go` fails here), and the Go modules of the repository (sdks/go, examples/go)
 * compile every dependency at the version the CLI wrapper module (scripts/pulumi-cli/go.mod) selects, so the Go
 * build cache the CLI build filled serves their builds. The SDK compiling and running is
 * test/engine/go-program.test.ts. Needs go (skipped without it, unless PULUMI_SVC_REQUIRE_ENGINE=1).
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { goReplacements, runTimed, skipWithoutGo } from "../../testkit/go-toolchain";
import { repoRoot } from "../../testkit/harness/repo-root";
import { ENGINE_TIMEOUT_MS } from "../../testkit/pulumi-cli";
import { readPins } from "../../testkit/pulumi-cli/pins";
import { filesUnder, regenerate } from "../../testkit/sdk-regeneration";

const ROOT = repoRoot();
const SDK = join(ROOT, "sdks", "go");
/** Files of sdks/go that are not generated. */
const NOT_GENERATED = new Set(["go.mod", "go.sum", "README.md"]);
/** The module path prefix of this repository's Go modules. */
const OWN = "github.com/pulumi-svc/pulumi-svc/";

const goMod = (dir: string): string => readFileSync(join(dir, "go.mod"), "utf8");

describe.skipIf(skipWithoutGo("go-sdk-svc"))("the checked-in Go SDK", { timeout: ENGINE_TIMEOUT_MS }, () => {
  it("regenerating sdks/go from provider/plugin/schema.json gives the same files", async () => {
    const { files: generated, seconds } = await regenerate("gen-sdk.sh", [
      "-language",
      "go",
      "-schema",
      join(ROOT, "provider", "plugin", "schema.json"),
    ]);
    process.stderr.write(`go-sdk-svc: gen-sdk -language go (build + generate) ${seconds.toFixed(1)} s\n`);
    const checkedIn = new Map([...filesUnder(SDK)].filter(([path]) => !NOT_GENERATED.has(path)));
    expect(generated.has("svc/integration.go")).toBe(true);
    expect([...checkedIn.keys()].sort(), "run `npm run sdk:go`").toEqual([...generated.keys()].sort());
    for (const [path, text] of generated)
      expect(checkedIn.get(path), `${path}: run \`npm run sdk:go\``).toBe(text);
  });

  it("the Go code of the repository is gofmt'ed", async () => {
    const dirs = [
      SDK,
      join(ROOT, "examples", "go"),
      join(ROOT, "testkit", "example-drivers"),
      join(ROOT, "scripts", "pulumi-cli"),
      join(ROOT, "scripts", "pulumi-dotnet-gen"),
    ];
    const listed = await runTimed("gofmt", ["-l", ...dirs], { cwd: ROOT });
    expect(listed.stdout.split("\n").filter(Boolean)).toEqual([]);
  });

  it("every module sdks/go and examples/go compile is at the version the CLI wrapper module selects", async () => {
    const wrapperDir = join(ROOT, "scripts", "pulumi-cli");
    const wrapperGo = /^go (\S+)$/m.exec(goMod(wrapperDir))?.[1];
    for (const dir of [SDK, join(ROOT, "examples", "go")]) {
      const name = relative(ROOT, dir);
      expect(/^go (\S+)$/m.exec(goMod(dir))?.[1], `${name}/go.mod go directive`).toBe(wrapperGo);
      // The modules of the packages a build compiles (not this repository's own), as `path version` lines.
      const listed = await runTimed(
        "go",
        [
          "list",
          "-deps",
          "-f",
          "{{with .Module}}{{if not .Main}}{{.Path}} {{.Version}}{{end}}{{end}}",
          "./...",
        ],
        { cwd: dir },
      );
      const compiled = [...new Set(listed.stdout.split("\n").filter((l) => l && !l.startsWith(OWN)))].sort();
      expect(compiled, name).toContain(`github.com/pulumi/pulumi/sdk/v3 v${readPins().cli}`);
      const selected = await runTimed(
        "go",
        ["list", "-m", "-f", "{{.Path}} {{.Version}}", ...compiled.map((l) => l.split(" ")[0] ?? l)],
        { cwd: wrapperDir },
      );
      expect(compiled, `${name}: versions other than the CLI wrapper module's`).toEqual(
        selected.stdout.split("\n").filter(Boolean).sort(),
      );
    }
    // The example builds on the SDK in this repository, not a published one.
    expect(goReplacements(goMod(join(ROOT, "examples", "go"))).get(`${OWN}sdks/go`)).toBe("../../sdks/go");
  });
});
