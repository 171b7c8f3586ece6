/**
 * The one way a set resource applies its plan (SubscriberCredentialsSet, TopicSubscriptions): phases run
 * one after the other (e.g. written, then cleared), each in batches of at most `batchSize` items (one
 * request each), with at most `concurrency` requests in flight; every item is attempted, a failed item is
 * recorded with its cause and the sync goes on; an answer after which every request would fail the same
 * way (401, 403) stops it at once. Progress shows in the engine's display on long syncs.
 */
import { forEachLimited } from "../shared/for-each-limited";
import type { ItemFailure, SyncFailures } from "./sync-failures";
import { SyncProgress } from "./sync-progress";

/** One kind of request of a sync. */
export interface SyncPhase<T> {
  /** Past participle for the progress: `written`, `cleared`, `added`, `removed`. */
  verb: string;
  /** The items to do. */
  items: readonly T[];
  /** Most items one request carries (1: one request per item). */
  batchSize: number;
  /** The id an item's failure is recorded under (a subscriberId). */
  idOf(item: T): string;
  /**
   * Sends one batch; resolves with the items of it that failed (nothing: all done). A throw fails every item
   * of the batch, with the cause {@link SetSyncSpec.causeOf} gives, unless it is fatal.
   */
  apply(batch: readonly T[]): Promise<readonly ItemFailure[] | undefined>;
}

/** How a sync runs and where its failures go. */
export interface SetSyncSpec {
  /** What the set is, for the progress (e.g. `TopicSubscriptions beta-users`; no item id). */
  label: string;
  /** The engine operation: create, update, delete. */
  operation: string;
  /** Requests in flight at most. */
  concurrency: number;
  /** Where failed items are recorded (it may hold failures found before the run, e.g. unknown items). */
  failures: SyncFailures;
  /** Errors after which nothing more is attempted (rethrown). */
  isFatal(err: unknown): boolean;
  /** A failed request's cause for one item of it. */
  causeOf(err: unknown, id: string): string;
}

/** Splits `items` into runs of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += Math.max(1, size)) out.push(items.slice(i, i + Math.max(1, size)));
  return out;
}

/** Runs the phases in order; resolves with the items done in each (failures are in `spec.failures`). */
export async function runSetSync<T>(spec: SetSyncSpec, phases: readonly SyncPhase<T>[]): Promise<number[]> {
  const done = phases.map(() => 0);
  const standing = () => ({
    parts: phases.map((p, i) => ({ verb: p.verb, total: p.items.length, done: done[i] ?? 0 })),
    failed: spec.failures.count,
  });
  const progress = new SyncProgress(spec.label, standing);
  try {
    for (const [i, phase] of phases.entries()) {
      await forEachLimited(batches(phase.items, phase.batchSize), spec.concurrency, async (batch) => {
        const failed = await applyBatch(spec, phase, batch);
        done[i] = (done[i] ?? 0) + batch.length - failed;
      });
    }
  } finally {
    await progress.finish(spec.operation);
  }
  return done;
}

/** One batch: its failed items recorded; resolves with how many failed. */
async function applyBatch<T>(spec: SetSyncSpec, phase: SyncPhase<T>, batch: readonly T[]): Promise<number> {
  try {
    const failed = (await phase.apply(batch)) ?? [];
    for (const f of failed) spec.failures.add(f.cause, f.id);
    return failed.length;
  } catch (err) {
    if (spec.isFatal(err)) throw err;
    for (const item of batch) {
      const id = phase.idOf(item);
      spec.failures.add(spec.causeOf(err, id), id);
    }
    return batch.length;
  }
}
