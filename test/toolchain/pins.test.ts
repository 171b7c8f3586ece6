/**
 * The Pulumi pins in one place (package.json): the CLI that scripts/install-pulumi.sh builds is at least as new
 * as the @pulumi/pulumi SDK and the Python SDK (scripts/python-venv.sh), the Go wrapper modules require the
 * pinned versions, and the scripts read the same pins as the tests. Fast: no Go, no CLI.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { INSTALL_SCRIPT, scriptShell } from "../../testkit/pulumi-cli/install";
import { goModRequires, type Pins, pinProblems, rangeFloor, readPins } from "../../testkit/pulumi-cli/pins";
import { PYTHON_VENV_SCRIPT } from "../../testkit/python-toolchain";

describe("Pulumi pins", () => {
  const pins = readPins();

  it("agree: CLI >= SDK (range floor and locked version), go.mod files require the pinned versions", () => {
    expect(pinProblems(pins)).toEqual([]);
  });

  it("are the ones install-pulumi.sh reads", () => {
    const out = spawnSync(scriptShell(), [INSTALL_SCRIPT, "--pins"], { encoding: "utf8" });
    expect(out.stderr).toBe("");
    expect(out.status).toBe(0);
    expect(out.stdout).toBe(`pulumiCli=${pins.cli}\npulumiLanguageYaml=${pins.languageYaml}\n`);
  });

  it("are the ones python-venv.sh reads", () => {
    const out = spawnSync(scriptShell(), [PYTHON_VENV_SCRIPT, "--pins"], { encoding: "utf8" });
    expect(out.stderr).toBe("");
    expect(out.status).toBe(0);
    expect(out.stdout).toBe(`pulumiPython=${pins.python}\n`);
  });

  it("report a CLI older than the SDK, and a go.mod left behind", () => {
    const old: Pins = { ...pins, cli: "3.259.0" };
    expect(pinProblems(old)).toEqual([
      `the pinned CLI 3.259.0 is older than the SDK's range ${pins.sdkRange} (CLI >= SDK)`,
      `the pinned CLI 3.259.0 is older than the locked @pulumi/pulumi ${pins.sdkLocked} (CLI >= SDK)`,
      `the pinned CLI 3.259.0 is older than the pinned Python SDK ${pins.python} (CLI >= SDK)`,
      "scripts/pulumi-cli/go.mod does not require github.com/pulumi/pulumi/pkg/v3 v3.259.0",
      "scripts/pulumi-cli/go.mod does not require github.com/pulumi/pulumi/sdk/v3 v3.259.0",
    ]);
    const newerLock: Pins = { ...pins, sdkLocked: "9.0.0" };
    expect(pinProblems(newerLock)).toEqual([
      `the pinned CLI ${pins.cli} is older than the locked @pulumi/pulumi 9.0.0 (CLI >= SDK)`,
    ]);
    expect(pinProblems({ ...pins, python: "9.0.0" })).toEqual([
      `the pinned CLI ${pins.cli} is older than the pinned Python SDK 9.0.0 (CLI >= SDK)`,
    ]);
    expect(pinProblems({ ...pins, languageYaml: "1.24.0" })).toEqual([
      "scripts/pulumi-yaml/go.mod does not require github.com/pulumi/pulumi-yaml v1.24.0",
    ]);
  });

  it("read ranges and go.mod requirements", () => {
    expect(rangeFloor("^3.270.0")).toEqual([3, 270, 0]);
    expect(rangeFloor(">= 3.1.2")).toEqual([3, 1, 2]);
    expect(rangeFloor("3.x")).toBeUndefined();
    const goMod =
      "module m\n\nrequire a/b v1.2.3\n\nrequire (\n\tc/d v3.274.1 // indirect\n\te/f v3.274.10\n)\n";
    expect(goModRequires(goMod, "a/b", "1.2.3")).toBe(true);
    expect(goModRequires(goMod, "c/d", "3.274.1")).toBe(true);
    expect(goModRequires(goMod, "e/f", "3.274.1")).toBe(false);
  });
});
