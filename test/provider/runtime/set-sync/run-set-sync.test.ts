/**
 * The one set-sync mechanism: phases in order, batches of at most `batchSize`, every item attempted, failed
 * items grouped by cause, a fatal answer stopping the sync, and the plan by set difference.
 */
import { describe, expect, it } from "vitest";
import { batches, runSetSync, type SyncPhase } from "../../../../provider/runtime/set-sync/run-set-sync";
import { setDifference } from "../../../../provider/runtime/set-sync/set-difference";
import { failedSyncError, SyncFailures } from "../../../../provider/runtime/set-sync/sync-failures";

const spec = (failures: SyncFailures) => ({
  label: "Test set",
  operation: "update",
  concurrency: 4,
  failures,
  isFatal: (e: unknown) => e instanceof Error && e.message === "fatal",
  causeOf: (e: unknown) => (e instanceof Error ? e.message : String(e)),
});

describe("set sync", () => {
  it("plans by set difference, in the order first seen", () => {
    expect(setDifference(["a", "b", "c"], ["c", "d", "a", "e"])).toEqual({
      added: ["d", "e"],
      removed: ["b"],
    });
    expect(setDifference([], [])).toEqual({ added: [], removed: [] });
  });

  it("splits into batches of at most the size", () => {
    const ids = Array.from({ length: 250 }, (_, i) => `s${i}`);
    expect(batches(ids, 100).map((b) => b.length)).toEqual([100, 100, 50]);
    expect(batches([], 100)).toEqual([]);
  });

  it("runs phases in order, in batches, records per-item failures and counts what was done", async () => {
    const sent: string[][] = [];
    const phase = (verb: string, items: string[]): SyncPhase<string> => ({
      verb,
      items,
      batchSize: 2,
      idOf: (id) => id,
      apply: async (batch) => {
        sent.push([verb, ...batch]);
        if (batch.includes("boom")) throw new Error("service said no");
        return batch.filter((id) => id.startsWith("x")).map((id) => ({ id, cause: "unknown subscriber" }));
      },
    });
    const failures = new SyncFailures();
    const done = await runSetSync(spec(failures), [
      phase("added", ["a", "x1", "b", "c", "x2"]),
      phase("removed", ["boom", "d", "e"]),
    ]);
    expect(sent.map((b) => b[0])).toEqual(["added", "added", "added", "removed", "removed"]);
    expect(sent.every((b) => b.length <= 3)).toBe(true);
    expect(done).toEqual([3, 1]);
    expect(failures.count).toBe(4);
    expect(failures.lines()).toEqual(['  unknown subscriber: "x1", "x2"', '  service said no: "boom", "d"']);
    const err = failedSyncError(
      {
        operation: "update",
        noun: "subscribers",
        total: 8,
        done: "4 done now",
        advice: "Fix and run again.",
      },
      failures,
    );
    expect(err.message).toBe(
      'svc: update: 4 of 8 subscribers failed (4 done now):\n  unknown subscriber: "x1", "x2"\n' +
        '  service said no: "boom", "d"\nFix and run again.',
    );
  });

  it("a fatal answer stops the sync and is thrown as it is", async () => {
    const seen: string[] = [];
    const failures = new SyncFailures();
    const phases: SyncPhase<string>[] = [
      {
        verb: "added",
        items: ["a", "b", "c"],
        batchSize: 1,
        idOf: (id) => id,
        apply: async ([id]) => {
          seen.push(String(id));
          throw new Error("fatal");
        },
      },
    ];
    await expect(runSetSync({ ...spec(failures), concurrency: 1 }, phases)).rejects.toThrow("fatal");
    expect(seen).toEqual(["a"]);
    expect(failures.count).toBe(0);
  });
});
