/**
 * The checked-in .NET SDK (sdks/dotnet, namespace PulumiSvc): regenerating it from provider/plugin/schema.json with
 * scripts/gen-dotnet-sdk.sh (the .NET codegen of pkg/v3 v3.224.0, scripts/pulumi-dotnet-gen) and package.json's
 * version gives exactly the files in the repository (so a schema or version change without `npm run sdk:dotnet`
 * fails here). Not compiled: no .NET SDK is available here. Needs go (skipped without it, unless
 * PULUMI_SVC_REQUIRE_ENGINE=1); the first run builds the generator (a minute or two).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { skipWithoutGo } from "../../testkit/go-toolchain";
import { repoRoot } from "../../testkit/harness/repo-root";
import { ENGINE_TIMEOUT_MS } from "../../testkit/pulumi-cli";
import { filesUnder, packageVersion, regenerate } from "../../testkit/sdk-regeneration";

const ROOT = repoRoot();

describe.skipIf(skipWithoutGo("dotnet-sdk-svc"))(
  "the checked-in .NET SDK",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    it("regenerating sdks/dotnet from provider/plugin/schema.json gives the same files", async () => {
      const { files: generated, seconds } = await regenerate("gen-dotnet-sdk.sh", [
        "-version",
        packageVersion(),
        "-schema",
        join(ROOT, "provider", "plugin", "schema.json"),
      ]);
      process.stderr.write(`dotnet-sdk-svc: gen-dotnet-sdk (build + generate) ${seconds.toFixed(1)} s\n`);
      const checkedIn = filesUnder(join(ROOT, "sdks", "dotnet"));
      expect(generated.has("Integration.cs")).toBe(true);
      expect(generated.get("PulumiSvc.Svc.csproj") ?? "").toContain(`<Version>${packageVersion()}</Version>`);
      expect([...checkedIn.keys()].sort(), "run `npm run sdk:dotnet`").toEqual([...generated.keys()].sort());
      for (const [path, text] of generated)
        expect(checkedIn.get(path), `${path}: run \`npm run sdk:dotnet\``).toBe(text);
    });
  },
);
