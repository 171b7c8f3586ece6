/**
 * The checked-in Go SDK (sdk/go, module github.com/pulumi-svc/pulumi-svc/sdk/go, package svc): regenerating it
 * from provider/plugin/schema.json with scripts/gen-go-sdk.sh gives exactly the files in the repository (so a
 * schema change without `npm run sdk:go` fails here), and the Go modules of the repository (sdk/go, examples/go)
 * compile every dependency at the version the CLI wrapper module (scripts/pulumi-cli/go.mod) selects, so the Go
 * build cache the CLI build filled serves their builds. The SDK compiling and running is
 * test/engine/go-program.test.ts. Needs go (skipped without it, unless PULUMI_SVC_REQUIRE_ENGINE=1).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goReplacements, runTimed, skipWithoutGo } from "../../testkit/go-toolchain";
import { repoRoot } from "../../testkit/harness/repo-root";
import { ENGINE_TIMEOUT_MS } from "../../testkit/pulumi-cli";
import { readPins } from "../../testkit/pulumi-cli/pins";

const ROOT = repoRoot();
const SDK = join(ROOT, "sdk", "go");
/** Files of sdk/go that are not generated. */
const NOT_GENERATED = new Set(["go.mod", "go.sum", "README.md"]);
/** The module path prefix of this repository's Go modules. */
const OWN = "github.com/pulumi-svc/pulumi-svc/";

/** Every file under `dir`, by path relative to it (forward slashes), with its text. */
function filesUnder(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.set(relative(dir, path).split("\\").join("/"), readFileSync(path, "utf8"));
  }
  return out;
}

const goMod = (dir: string): string => readFileSync(join(dir, "go.mod"), "utf8");

let out: string;

describe.skipIf(skipWithoutGo("go-sdk-svc"))("the checked-in Go SDK", { timeout: ENGINE_TIMEOUT_MS }, () => {
  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), "svc-go-sdk-regen-"));
  });
  afterAll(() => {
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it("regenerating sdk/go from provider/plugin/schema.json gives the same files", async () => {
    const run = await runTimed(
      "bash",
      [
        join(ROOT, "scripts", "gen-go-sdk.sh"),
        "-schema",
        join(ROOT, "provider", "plugin", "schema.json"),
        "-out",
        out,
      ],
      { cwd: out },
    );
    process.stderr.write(`go-sdk-svc: gen-go-sdk (build + generate) ${run.seconds.toFixed(1)} s\n`);
    const generated = filesUnder(out);
    const checkedIn = new Map([...filesUnder(SDK)].filter(([path]) => !NOT_GENERATED.has(path)));
    expect(generated.has("svc/integration.go")).toBe(true);
    expect([...checkedIn.keys()].sort(), "run `npm run sdk:go`").toEqual([...generated.keys()].sort());
    for (const [path, text] of generated)
      expect(checkedIn.get(path), `${path}: run \`npm run sdk:go\``).toBe(text);
  });

  it("the Go code of the repository is gofmt'ed", async () => {
    const dirs = [SDK, join(ROOT, "examples", "go"), join(ROOT, "scripts", "pulumi-cli")];
    const listed = await runTimed("gofmt", ["-l", ...dirs], { cwd: ROOT });
    expect(listed.stdout.split("\n").filter(Boolean)).toEqual([]);
  });

  it("every module sdk/go and examples/go compile is at the version the CLI wrapper module selects", async () => {
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
    expect(goReplacements(goMod(join(ROOT, "examples", "go"))).get(`${OWN}sdk/go`)).toBe("../../sdk/go");
  });
});
