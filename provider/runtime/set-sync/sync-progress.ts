/**
 * Progress of a long set sync in the `pulumi up` display: every {@link PROGRESS_INTERVAL_MS} an ephemeral
 * status such as `svc: SubscriberCredentialsSet fcm/fcm-main: 4,200 / 10,000 written, 0 failed`, updated in
 * place, then one final line. Only counts and the set's label appear: never an item's id, never a
 * credential. A sync done before the first interval says nothing.
 */
import { type EngineLog, engineLog } from "../shared/engine-log";

/** How often the status is refreshed. */
const PROGRESS_INTERVAL_MS = 2000;

/** One kind of request of a sync and how far it got: `4,200 / 10,000 written`. */
export interface SyncPart {
  /** Past participle shown after the counts: `written`, `cleared`, `added`, `removed`. */
  verb: string;
  /** Items to do. */
  total: number;
  /** Items done so far. */
  done: number;
}

/** Where a sync stands: its parts and the items that failed. */
export interface SyncStanding {
  parts: readonly SyncPart[];
  failed: number;
}

const n = (v: number) => v.toLocaleString("en-US");

/**
 * `4,200 / 10,000 written, 3 / 40 cleared, 0 failed`: a part with nothing to do is left out (the first
 * part stays when every one has nothing to do).
 */
export function progressText({ parts, failed }: SyncStanding): string {
  const busy = parts.filter((p, i) => p.total > 0 || (i === 0 && parts.every((q) => q.total === 0)));
  const shown = busy.map((p) => `${n(p.done)} / ${n(p.total)} ${p.verb}`);
  return [...shown, `${n(failed)} failed`].join(", ");
}

/** Reports one sync's progress until {@link SyncProgress.finish}. */
export class SyncProgress {
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly started = Date.now();
  private shown = false;

  /**
   * @param label what the sync is, e.g. `SubscriberCredentialsSet fcm/fcm-main` (no item id)
   * @param standing read at each interval
   */
  constructor(
    private readonly label: string,
    private readonly standing: () => SyncStanding,
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
    return progressText(this.standing());
  }
}
