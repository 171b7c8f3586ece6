/** Needs `npm run build` first: the examples and the provider runtime run from dist. */
import { describe, expect, it } from "vitest";
import { secretsExamples } from "../../testkit/scenarios/secrets-examples";

describe("secrets across the example programs", () => {
  it("every example program's lifecycle (preview, up, no-op, rotated secrets, refresh, destroy) keeps no plaintext secret", async () => {
    const rows = await secretsExamples();
    expect(rows.map((r) => r.example)).toEqual(["quickstart", "environments-stacks", "device-token-sync"]);
    for (const r of rows) {
      expect(r.firstFailure, r.example).toBeUndefined();
      expect(r.resources, r.example).toBeGreaterThan(0);
      expect(r.controlHits, r.example).toBeGreaterThan(0);
      expect(r.hits, r.example).toEqual({
        state: 0,
        "unsecret outputs": 0,
        "errors and program stderr": 0,
        "host stdout/stderr": 0,
        "engine Log": 0,
      });
    }
  }, 240_000);
});
