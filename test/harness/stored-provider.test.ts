/**
 * The serialized-provider contract (provider/runtime/index.ts): providers serialized by older versions of
 * pulumi-svc sit in every stack's state and must keep working with this runtime. The fixtures are the
 * exact `__provider` texts the first published shape produced (contract v1, saved from main at c5c3e33);
 * the real dynamic-provider host runs both kinds with them through create, update, refresh and destroy.
 * Needs `npm run build` first (the host loads dist).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { BOTH_KINDS_EXPECTED, BOTH_KINDS_FIXTURES, runBothKinds } from "../../testkit/consumer/both-kinds";
import { captureRegistrations, repoRoot, secret, startHarness } from "../../testkit/harness/index";

const FIXTURES = join(repoRoot(), "test/harness/fixtures");
const STORED: Record<string, string> = {
  "pulumi-nodejs:dynamic/svc:Integration": readFileSync(
    join(FIXTURES, "provider-v1-integration.js.txt"),
    "utf8",
  ),
  "pulumi-nodejs:dynamic/svc:SubscriberCredentials": readFileSync(
    join(FIXTURES, "provider-v1-subscriber-credentials.js.txt"),
    "utf8",
  ),
};
const PROGRAM = join(repoRoot(), "test/consumer/programs/javascript/index.js");

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, fixtures: BOTH_KINDS_FIXTURES });
});
afterAll(async () => {
  await emu.close();
});

describe("providers serialized by older versions (contract v1)", () => {
  it("the fixtures are v1 texts: the runtime path, createProvider and a kind", () => {
    for (const text of Object.values(STORED)) {
      expect(text).toContain('require("pulumi-svc/internal/provider-runtime").createProvider(this.kind)');
      expect(text).toMatch(/kind: "(integration|subscriber-credentials)"/);
    }
  });

  it("run both kinds through create, update, refresh and destroy in the real host", async () => {
    const report = await runBothKinds({
      emu,
      capture: async (config) => {
        const regs = await captureRegistrations({
          config,
          program: `const m = require(${JSON.stringify(PROGRAM)}); return [m.email, m.phone];`,
        });
        return regs.map((r) => ({ ...r, inputs: { ...r.inputs, __provider: STORED[r.type] ?? "" } }));
      },
      startHost: () => startHarness({ config: { "svc:apiKey": secret(emu.apiKey), "svc:baseUrl": emu.url } }),
    });
    const { hostOutput: _output, ...steps } = report;
    expect(steps).toEqual(BOTH_KINDS_EXPECTED);
  }, 120_000);
});
