/** The public surface of `pulumi-svc/emulator`: the exact export list, values and types. */
import { describe, expect, it } from "vitest";
import * as emulator from "../../emulator";
import { PublicSurface } from "../../testkit/public-surface";

describe("public surface of pulumi-svc/emulator", () => {
  it("exports startEmulator and the default keys, nothing internal", () => {
    expect(Object.keys(emulator).sort()).toEqual(["DEFAULT_DEV_KEY", "DEFAULT_PROD_KEY", "startEmulator"]);
  });

  it("exports exactly these types", () => {
    const types = new PublicSurface("emulator/index.ts").exportNames().filter((n) => !(n in emulator));
    expect(types).toEqual(
      [
        "Edition",
        "Emulator",
        "EmulatorKey",
        "EmulatorModes",
        "EmulatorOptions",
        "Faults",
        "FixtureSet",
        "Fixtures",
        "GenerateSubscribersOptions",
        "Plan",
        "RateLimitCategory",
        "RateLimitOptions",
        "RequestRecord",
        "ServiceVersion",
        "StoredEnvironmentVariable",
      ].sort(),
    );
  });
});
