/**
 * The items a set sync could not do, grouped by cause: every item is attempted, then one error names each
 * cause with the ids it hit (never a credential).
 */
import { listIds } from "./list-ids";

/** A failed item: its id (a subscriberId) and why, the same text for every item the cause hit. */
export interface ItemFailure {
  id: string;
  cause: string;
}

/** The failures of one sync, by cause, in the order first seen. */
export class SyncFailures {
  private readonly byCause = new Map<string, string[]>();
  private total = 0;

  /** Records that `id` failed because of `cause`. */
  add(cause: string, id: string): void {
    const ids = this.byCause.get(cause);
    if (ids) ids.push(id);
    else this.byCause.set(cause, [id]);
    this.total++;
  }

  /** Items failed so far. */
  get count(): number {
    return this.total;
  }

  /** One line per cause: `  <cause>: "a", "b" and 3 more`. */
  lines(): string[] {
    return [...this.byCause].map(([cause, ids]) => `  ${cause}: ${listIds(ids)}`);
  }
}

/** What a failed sync did, for its error. */
export interface FailedSyncSummary {
  /** The operation: create, update, delete. */
  operation: string;
  /** What the items are, plural: `subscribers`. */
  noun: string;
  /** Items the sync was about (done, failed, and already as wanted). */
  total: number;
  /** What was done, e.g. `12 written now, 3 already up to date`. */
  done: string;
  /** What to do next. */
  advice: string;
}

/** The error of a sync with failed items: counts, then each cause with the ids it hit, then the advice. */
export function failedSyncError(summary: FailedSyncSummary, failures: SyncFailures): Error {
  const { operation, noun, total, done, advice } = summary;
  return new Error(
    `svc: ${operation}: ${failures.count} of ${total} ${noun} failed (${done}):\n` +
      `${failures.lines().join("\n")}\n${advice}`,
  );
}
