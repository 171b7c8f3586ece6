import { describe, expect, it } from "vitest";
import { roundOrder, settle, sliceOrder } from "../../bench/lib/rounds";

describe("bench rounds", () => {
  const pair = ["ours", "undici"] as const;
  const others = ["fetch", "novu"];
  const rounds = Array.from({ length: 6 }, (_, r) => roundOrder(pair, others, r));

  it("every client runs once per round, the pair back to back, first one then the other by turns", () => {
    for (const [r, order] of rounds.entries()) {
      expect([...order].sort()).toEqual(["fetch", "novu", "ours", "undici"]);
      const i = order.indexOf("ours");
      const j = order.indexOf("undici");
      expect(Math.abs(i - j)).toBe(1);
      expect(i < j).toBe(r % 2 === 0);
    }
  });

  it("over six rounds the pair and each other client hold every position alike, every arrangement once", () => {
    const firstOfRound = rounds.map((o) => o[0]);
    expect(firstOfRound.filter((c) => c === "ours" || c === "undici")).toHaveLength(2);
    expect(firstOfRound.filter((c) => c === "fetch")).toHaveLength(2);
    expect(firstOfRound.filter((c) => c === "novu")).toHaveLength(2);
    expect(new Set(rounds.map((o) => o.join(","))).size).toBe(6);
    expect(roundOrder(pair, others, 6)).toEqual(rounds[0]);
  });

  it("the pair's slices alternate A B B A, each client at the same mean position, the start by turns", () => {
    expect(sliceOrder(pair, 4, 0)).toEqual([
      "ours",
      "undici",
      "undici",
      "ours",
      "ours",
      "undici",
      "undici",
      "ours",
    ]);
    expect(sliceOrder(pair, 2, 1)).toEqual(["undici", "ours", "ours", "undici"]);
    const order = sliceOrder(pair, 6, 0);
    const mean = (c: string) =>
      order.reduce((sum, x, i) => sum + (x === c ? i : 0), 0) / order.filter((x) => x === c).length;
    expect(mean("ours")).toBe(mean("undici"));
  });

  it("settle waits", async () => {
    const t0 = performance.now();
    await settle(20);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(19);
  });
});
