import { readdirSync, readFileSync } from "node:fs";

/** What a {@link ProcessWatch} saw of one group of processes. */
export interface ProcessFigures {
  /** The highest VmHWM (peak resident set) read from any process of the group, bytes; 0 when none was seen. */
  peakBytes: number;
  /** How many distinct processes of the group were seen. */
  processes: number;
  /**
   * CPU seconds (user + system) the group's processes had used when last read, summed over them: a figure
   * the machine's load barely moves, unlike wall time. Up to one interval of a process's last CPU is missed.
   */
  cpuS: number;
}

/** Which processes make a group of a {@link ProcessWatch}. */
export interface ProcessMatch {
  /** Substrings of the process's command line (arguments joined by spaces), any of which marks it. */
  cmdline: readonly string[];
  /** An entry its environment must hold exactly (`NAME=value`), to tell our processes from other users' alike ones. */
  envEntry: string;
}

/** The kernel's clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

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

/** utime + stime of `/proc/<pid>/stat` in seconds, or undefined. */
function cpuSeconds(pid: string): number | undefined {
  const stat = procFile(pid, "stat");
  // The fields after the command name (which may hold spaces and parentheses): state is field 3, utime 14.
  const fields = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
  if (!fields || fields.length < 13) return undefined;
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
}

interface GroupState {
  peakBytes: number;
  cpuByPid: Map<string, number>;
}

/**
 * Follows short-lived processes another program starts (e.g. the Pulumi CLI and its dynamic-provider
 * plugin), in named groups: every `intervalMs` it scans /proc once for processes whose command line and
 * environment match a group, and keeps per group the highest VmHWM read and each process's CPU time. VmHWM
 * is the kernel's own high-water mark, so a peak between two polls is still counted as long as the process
 * is read once after it (a process that lives shorter than one interval may be missed:
 * {@link ProcessFigures.processes} tells). Linux only.
 */
export class ProcessWatch<K extends string> {
  private readonly groups = new Map<K, GroupState>();
  /** The group of each process already matched (a process's command line is read until it matches). */
  private readonly groupOf = new Map<string, K>();
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly matches: Readonly<Record<K, ProcessMatch>>,
    intervalMs: number,
  ) {
    for (const name of Object.keys(matches) as K[])
      this.groups.set(name, { peakBytes: 0, cpuByPid: new Map() });
    this.timer = setInterval(() => this.poll(), intervalMs);
  }

  /** Starts watching now. */
  static start<K extends string>(
    matches: Readonly<Record<K, ProcessMatch>>,
    intervalMs = 100,
  ): ProcessWatch<K> {
    const watch = new ProcessWatch(matches, intervalMs);
    watch.poll();
    return watch;
  }

  /** Reads once more, stops, and returns what was seen, per group. */
  stop(): Record<K, ProcessFigures> {
    this.poll();
    clearInterval(this.timer);
    const out = {} as Record<K, ProcessFigures>;
    for (const [name, g] of this.groups) {
      const cpuS = [...g.cpuByPid.values()].reduce((sum, s) => sum + s, 0);
      out[name] = { peakBytes: g.peakBytes, processes: g.cpuByPid.size, cpuS };
    }
    return out;
  }

  private poll(): void {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      const name = this.groupOf.get(pid) ?? this.match(pid);
      const group = name === undefined ? undefined : this.groups.get(name);
      if (name === undefined || !group) continue;
      this.groupOf.set(pid, name);
      const hwm = highWaterMark(pid);
      const cpu = cpuSeconds(pid);
      if (hwm === undefined || cpu === undefined) continue;
      group.peakBytes = Math.max(group.peakBytes, hwm);
      group.cpuByPid.set(pid, cpu);
    }
  }

  /** The group the process belongs to, if any. */
  private match(pid: string): K | undefined {
    const cmdline = procFile(pid, "cmdline")?.split("\0").join(" ");
    if (!cmdline) return undefined;
    for (const [name, m] of Object.entries(this.matches) as [K, ProcessMatch][]) {
      if (!m.cmdline.some((c) => cmdline.includes(c))) continue;
      if ((procFile(pid, "environ") ?? "").split("\0").includes(m.envEntry)) return name;
    }
    return undefined;
  }
}
