import { readdirSync, readFileSync } from "node:fs";

/** What a {@link PeakRssWatch} saw. */
export interface PeakRss {
  /** The highest VmHWM (peak resident set) read from any matching process, bytes; 0 when none was seen. */
  peakBytes: number;
  /** How many distinct matching processes were seen. */
  processes: number;
}

/** Which processes a {@link PeakRssWatch} follows. */
export interface PeakRssMatch {
  /** A substring of the process's command line (arguments joined by spaces). */
  cmdline: readonly string[];
  /** An entry its environment must hold exactly (`NAME=value`), to tell our processes from other users' alike ones. */
  envEntry: string;
}

/** Reads a /proc file, or undefined when the process is gone or not ours. */
function procFile(pid: string, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return undefined;
  }
}

/** VmHWM of `/proc/<pid>/status` in bytes, or undefined. */
function highWaterMark(pid: string): number | undefined {
  const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(procFile(pid, "status") ?? "")?.[1];
  return kb === undefined ? undefined : Number(kb) * 1024;
}

/**
 * Follows the peak memory of short-lived processes another program starts (e.g. the Pulumi CLI's
 * dynamic-provider plugin): every `intervalMs` it scans /proc for processes whose command line and
 * environment match, and keeps the highest VmHWM read. VmHWM is the kernel's own high-water mark, so a peak
 * between two polls is still counted as long as the process is read once after it (a process that lives
 * shorter than one interval may be missed: {@link PeakRss.processes} tells). Linux only.
 */
export class PeakRssWatch {
  private peakBytes = 0;
  private readonly seen = new Set<string>();
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly match: PeakRssMatch,
    intervalMs: number,
  ) {
    this.timer = setInterval(() => this.poll(), intervalMs);
  }

  /** Starts watching now. */
  static start(match: PeakRssMatch, intervalMs = 100): PeakRssWatch {
    const watch = new PeakRssWatch(match, intervalMs);
    watch.poll();
    return watch;
  }

  /** Reads once more, stops, and returns what was seen. */
  stop(): PeakRss {
    this.poll();
    clearInterval(this.timer);
    return { peakBytes: this.peakBytes, processes: this.seen.size };
  }

  private poll(): void {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid) || !this.matches(pid)) continue;
      const hwm = highWaterMark(pid);
      if (hwm === undefined) continue;
      this.seen.add(pid);
      this.peakBytes = Math.max(this.peakBytes, hwm);
    }
  }

  private matches(pid: string): boolean {
    const cmdline = procFile(pid, "cmdline")?.split("\0").join(" ");
    if (!cmdline || !this.match.cmdline.some((c) => cmdline.includes(c))) return false;
    return (procFile(pid, "environ") ?? "").split("\0").includes(this.match.envEntry);
  }
}
