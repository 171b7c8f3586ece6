/**
 * The timeline of one `pulumi` operation from the phase marks the program and the dynamic-provider host
 * write with `SVC_PHASE_LOG` (provider/model/phase-log.ts), the emulator's first request, and the
 * operation's start and end: each gap between two consecutive marks is a phase, named by what runs in it.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { type PhaseMark, parsePhaseLog } from "../../provider/model/phase-log";

/** One phase of an operation. */
export interface Phase {
  /** `from → to` mark names. */
  span: string;
  /** What runs between the two marks. */
  what: string;
  /** Seconds from the operation's start to the phase's start. */
  atS: number;
  durationS: number;
}

/** What runs between two consecutive marks (keyed `from>to`; the `to` mark alone as a fallback). */
const WHAT: Record<string, string> = {
  "start>program:construct": "CLI start, language host, program (file read, parse)",
  "program:construct>program:fingerprints:start": "program: constructor, Output plumbing",
  "program:fingerprints:start>program:fingerprints:end": "fingerprints (keyed HMAC per entry)",
  "program:fingerprints:end>host:check:start":
    "SDK serialization, RegisterResource (Struct), engine, host Struct->JS of olds+news",
  "program:construct>host:check:start":
    "SDK serialization, RegisterResource (Struct), engine, host Struct->JS of olds+news",
  "host:check:start>host:check:end": "check over the entries (ours)",
  "host:check:end>host:diff:start":
    "host JS->Struct of the checked inputs, engine, host Struct->JS of olds+news",
  "host:diff:start>host:diff:end": "diff over the entries (ours)",
  "host:diff:end>host:update:start": "engine (checkpoint), host Struct->JS of olds+news",
  "host:check:end>host:create:start": "host JS->Struct, engine (checkpoint), host Struct->JS of the inputs",
  "start>host:read:start": "CLI start, engine, host Struct->JS of the state",
  "host:read:start>host:read:end": "read: paged scan and refreshed state (ours)",
  "host:read:end>end":
    "host JS->Struct of props and inputs, engine: secret encryption, state write, CLI exit",
  "host:update:end>program:registered":
    "host JS->Struct of the outputs, engine: secret encryption, state write, answer to the program",
  "host:create:end>program:registered":
    "host JS->Struct of the outputs, engine: secret encryption, state write, answer to the program",
  "program:registered>end": "program outputs (stack outputs), final state write, CLI exit",
};

function nameOf(m: PhaseMark): string {
  return `${m.who}:${m.phase}`;
}

function whatOf(from: string, to: string): string {
  const known = WHAT[`${from}>${to}`];
  if (known) return known;
  if (to === "service:first-request") return "before the first request (ours)";
  if (from === "service:first-request") return "requests (the service's rate)";
  if (/:plan$/.test(to)) return "entry changes over the entries (ours)";
  if (/:read-done$/.test(to)) return "read-before-write: paged scan, plan (ours)";
  if (/:(create|update):end$/.test(to)) return "writes (the service's rate)";
  return "";
}

/** Truncates (or creates) a phase-log file before an operation. */
export function resetPhaseLog(file: string): void {
  writeFileSync(file, "");
}

/**
 * The phases of an operation that started at `startedAt` and ended at `endedAt` (epoch ms), from the marks
 * in `file` and the emulator's first request (epoch ms; omit when there was none).
 */
export function phasesOf(file: string, startedAt: number, endedAt: number, firstRequest?: number): Phase[] {
  const marks = existsSync(file) ? parsePhaseLog(readFileSync(file, "utf8")) : [];
  const all: { name: string; t: number }[] = [
    { name: "start", t: startedAt },
    ...marks.map((m) => ({ name: nameOf(m), t: m.t })),
    ...(firstRequest !== undefined && Number.isFinite(firstRequest)
      ? [{ name: "service:first-request", t: firstRequest }]
      : []),
    { name: "end", t: endedAt },
  ].sort((a, b) => a.t - b.t);
  const out: Phase[] = [];
  for (let i = 1; i < all.length; i++) {
    const from = all[i - 1]!;
    const to = all[i]!;
    out.push({
      span: `${from.name} -> ${to.name}`,
      what: whatOf(from.name, to.name),
      atS: (from.t - startedAt) / 1000,
      durationS: (to.t - from.t) / 1000,
    });
  }
  return out;
}

/** Seconds between two marks of a phase list (by the `from` mark of the first and the `to` mark of the last). */
export function spanS(phases: readonly Phase[], from: string, to: string): number | undefined {
  const i = phases.findIndex((p) => p.span.startsWith(`${from} ->`));
  const j = phases.findIndex((p) => p.span.endsWith(`-> ${to}`));
  if (i < 0 || j < i) return undefined;
  return phases.slice(i, j + 1).reduce((s, p) => s + p.durationS, 0);
}

/** The phases as printed lines (`  at 3.2 s  +1.4 s  from -> to  what`). */
export function formatPhases(phases: readonly Phase[], indent = "    "): string {
  return phases
    .map(
      (p) =>
        `${indent}at ${p.atS.toFixed(2).padStart(6)} s  +${p.durationS.toFixed(2).padStart(6)} s  ${p.span}` +
        (p.what ? `  (${p.what})` : ""),
    )
    .join("\n");
}
