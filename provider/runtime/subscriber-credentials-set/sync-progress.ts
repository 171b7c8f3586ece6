/**
 * Progress of a long SubscriberCredentialsSet sync in the `pulumi up` display: every {@link PROGRESS_INTERVAL_MS}
 * an ephemeral status such as `svc: SubscriberCredentialsSet fcm/fcm-main: 4,200 / 10,000 written, 0 failed`,
 * updated in place, then one final line. Only counts and the set's id (`providerId[/integrationIdentifier]`)
 * appear: never a subscriberId, never a credential. A sync done before the first interval says nothing.
 */
import { type EngineLog, engineLog } from "../shared/engine-log";
import type { SetTarget, SyncPlan } from "./diff";
import { credentialsSetId } from "./model";

/** How often the status is refreshed. */
const PROGRESS_INTERVAL_MS = 2000;

/** What a sync has to do. */
export interface SyncTotals {
  /** Entries to write. */
  write: number;
  /** Entries to clear. */
  clear: number;
}

/** What a sync has done so far. */
export interface SyncCounts {
  written: number;
  cleared: number;
  failed: number;
}

const n = (v: number) => v.toLocaleString("en-US");

/** `4,200 / 10,000 written, 3 / 40 cleared, 0 failed` (a part with nothing to do is left out). */
export function progressText(totals: SyncTotals, counts: SyncCounts): string {
  const parts: string[] = [];
  if (totals.write > 0 || totals.clear === 0) parts.push(`${n(counts.written)} / ${n(totals.write)} written`);
  if (totals.clear > 0) parts.push(`${n(counts.cleared)} / ${n(totals.clear)} cleared`);
  return `${parts.join(", ")}, ${n(counts.failed)} failed`;
}

/** Reports one sync's progress until {@link SyncProgress.finish}. */
export class SyncProgress {
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly started = Date.now();
  private shown = false;

  /**
   * @param label what the sync is, e.g. `SubscriberCredentialsSet fcm/fcm-main` (no subscriberId)
   * @param counts read at each interval
   */
  constructor(
    private readonly label: string,
    private readonly totals: SyncTotals,
    private readonly counts: () => SyncCounts,
    private readonly log: EngineLog | undefined = engineLog(),
    intervalMs = PROGRESS_INTERVAL_MS,
  ) {
    if (!log) return;
    this.timer = setInterval(() => this.report(), intervalMs);
    this.timer.unref();
  }

  /** Stops the updates; after a sync that showed progress, sends the final line (and waits for it). */
  async finish(operation: string): Promise<void> {
    clearInterval(this.timer);
    if (!this.log || !this.shown) return;
    const seconds = Math.round((Date.now() - this.started) / 1000);
    await this.log.info(`svc: ${this.label}: ${operation} took ${seconds}s: ${this.text()}`);
  }

  private report(): void {
    this.shown = true;
    this.log?.status(`svc: ${this.label}: ${this.text()}`);
  }

  private text(): string {
    return progressText(this.totals, this.counts());
  }
}

/** The progress of a set's sync of `plan` (purges count as clears: each is a DELETE). */
export function setSyncProgress(target: SetTarget, plan: SyncPlan, counts: () => SyncCounts): SyncProgress {
  const totals = { write: plan.write.length, clear: plan.clear.length };
  return new SyncProgress(`SubscriberCredentialsSet ${credentialsSetId(target)}`, totals, counts);
}
