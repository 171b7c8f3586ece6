/**
 * Phase timings for benchmarks: with `SVC_PHASE_LOG=<file>` in the environment, the program and the
 * dynamic-provider host append one JSON line per mark to that file (`{"t": epoch ms, "who": "host",
 * "phase": "update:start", ...}`); without it nothing is written and a mark costs one property read.
 * bench/credentials-set reads the file to split an operation's wall time into phases. Never holds a value
 * of the inputs: only names, counts and times.
 */
import { appendFileSync } from "node:fs";

/** The environment variable naming the file the marks are appended to. */
export const PHASE_LOG_ENV = "SVC_PHASE_LOG";

/** One line of the phase log. */
export interface PhaseMark {
  /** Wall-clock time, epoch milliseconds. */
  t: number;
  /** Which process wrote it: `program` or `host`. */
  who: string;
  /** What happened, e.g. `check:start`, `update:first-write`. */
  phase: string;
  /** Figures of the mark (entry counts, CPU milliseconds). */
  [figure: string]: number | string;
}

/** Appends a mark when {@link PHASE_LOG_ENV} is set (a failed append is ignored: timing is never fatal). */
export function markPhase(who: string, phase: string, figures: Record<string, number | string> = {}): void {
  const file = process.env[PHASE_LOG_ENV];
  if (!file) return;
  const mark: PhaseMark = { ...figures, t: Date.now(), who, phase };
  try {
    appendFileSync(file, `${JSON.stringify(mark)}\n`);
  } catch {
    // a benchmark aid only
  }
}

/** Runs `fn` between a `<phase>:start` and a `<phase>:end` mark of the host (the end mark also on failure). */
export async function timedPhase<T>(phase: string, fn: () => Promise<T>): Promise<T> {
  markPhase("host", `${phase}:start`);
  try {
    return await fn();
  } finally {
    markPhase("host", `${phase}:end`);
  }
}

/** Marks of a phase-log file's text, in file order (lines that are not marks are skipped). */
export function parsePhaseLog(text: string): PhaseMark[] {
  const out: PhaseMark[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const v: unknown = JSON.parse(line);
      if (isMark(v)) out.push(v);
    } catch {
      // a torn line
    }
  }
  return out;
}

function isMark(v: unknown): v is PhaseMark {
  if (v === null || typeof v !== "object") return false;
  const r = v as Record<string, unknown>;
  return typeof r.t === "number" && typeof r.who === "string" && typeof r.phase === "string";
}
