/** Needs `npm run build` first for the last case (it runs dist/bench/run-all.js as `npm run bench` does). */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { syncFloorS } from "../../bench/credentials-sync";
import { readVerdict, target, verdictOf } from "../../bench/lib/verdict";
import { outcomeOf, run } from "../../bench/run-all";
import { repoRoot } from "../../testkit/harness";

const dir = mkdtempSync(join(tmpdir(), "bench-run-all-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeBench(name: string, body: string): void {
  writeFileSync(join(dir, `${name}.js`), `exports.run = async () => { ${body} };\n`);
}

describe("bench verdicts", () => {
  it("a missed target fails the bench and names the figure, value and target", () => {
    const v = verdictOf([
      target("creates per second", "120", ">= 100", true),
      target("paced sync: elapsed vs floor", "11.0 s (2.20x)", "<= 5.75 s (1.15x)", false, "slow"),
    ]);
    const o = outcomeOf("credentials-sync", { verdict: v }, 1);
    expect(o.ok).toBe(false);
    expect(o.missed).toEqual([
      "paced sync: elapsed vs floor: 11.0 s (2.20x) (target <= 5.75 s (1.15x)) - slow",
    ]);
  });

  it("a bench that returns no verdict, or claims ok over a missed check, or checks nothing, fails", () => {
    expect(outcomeOf("x", { ok: true }, 1).ok).toBe(false);
    expect(outcomeOf("x", undefined, 1).missed[0]).toMatch(/no verdict/);
    const lying = { verdict: { ok: true, checks: [target("f", "1", "0", false)] } };
    expect(readVerdict(lying)?.ok).toBe(false);
    expect(outcomeOf("x", { verdict: verdictOf([]) }, 1).ok).toBe(false);
    expect(outcomeOf("x", { verdict: verdictOf([target("f", "0", "0", true)]) }, 1).ok).toBe(true);
  });

  it("run-all runs every bench of its folder and reports each verdict", async () => {
    fakeBench(
      "good",
      `return { verdict: { ok: true, checks: [{ figure: "g", value: "1", target: "1", ok: true }] } };`,
    );
    fakeBench(
      "below",
      `return { verdict: { ok: false, checks: [{ figure: "ratio vs undici", value: "0.7x", target: ">= 0.8x", ok: false }] } };`,
    );
    fakeBench("silent", "return { rps: 5 };");
    fakeBench("throws", `throw new Error("boom");`);
    const outcomes = await run({ dir });
    const byName = Object.fromEntries(outcomes.map((o) => [o.name, o]));
    expect(byName["good"]?.ok).toBe(true);
    expect(byName["below"]?.ok).toBe(false);
    expect(byName["below"]?.missed).toEqual(["ratio vs undici: 0.7x (target >= 0.8x)"]);
    expect(byName["silent"]?.ok).toBe(false);
    expect(byName["throws"]?.ok).toBe(false);
    const unknown = await run({ dir, only: ["good", "nope"] });
    expect(unknown.map((o) => [o.name, o.ok])).toEqual([
      ["nope", false],
      ["good", true],
    ]);
  });

  it("`npm run bench` exits non-zero naming what failed", () => {
    const r = spawnSync(process.execPath, ["dist/bench/run-all.js", "--only", "no-such-bench"], {
      cwd: repoRoot(),
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/FAIL {2}bench\/no-such-bench/);
    expect(r.stdout).toMatch(/missed: no bench named no-such-bench/);
  });

  it("credentials-sync floor counts the bucket's initial burst", () => {
    // The bucket holds rate x 5 s plus the service's 10% burst.
    expect(syncFloorS(1000, 100)).toEqual({ burst: 550, floorS: 4.5 });
    expect(syncFloorS(400, 100)).toEqual({ burst: 550, floorS: 0 });
  });
});
