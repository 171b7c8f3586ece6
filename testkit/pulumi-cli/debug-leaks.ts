/**
 * Which secrets the CLI's debug output and the engine's event log carry in plaintext, and from where
 * (issue 34): every message (of the output) or event (of `--event-log`) holding a secret is attributed to the
 * code that printed it by a known message of that code, else left "unattributed" (then it is ours until
 * shown otherwise). Used by test/engine/debug-leaks.test.ts.
 */

/** A secret to look for, under the name the report shows (e.g. "device token"). */
export interface NamedSecret {
  kind: string;
  value: string;
}

/** Where a debug text came from: the CLI's stdout and stderr, or the `--event-log` file. */
export type LeakChannel = "output" | "event log";

/** One kind of secret found in one channel, attributed to one source, with its count of occurrences. */
export interface Leak {
  kind: string;
  channel: LeakChannel;
  source: string;
  count: number;
}

/**
 * Messages of upstream code that print values: @pulumi/pulumi's `runtime/resource.js` logs each
 * RegisterResource (and ReadResource) response at debug level with the resource's outputs, secrets
 * unwrapped; the "RPC prepared" lines print the inputs only with excessive debug output (not set here).
 */
export const KNOWN_SOURCES: readonly { source: string; marker: string }[] = [
  { source: "@pulumi/pulumi: RegisterResource RPC finished", marker: "RegisterResource RPC finished" },
  { source: "@pulumi/pulumi: ReadResource RPC finished", marker: "ReadResource RPC finished" },
  { source: "@pulumi/pulumi: RegisterResource RPC prepared", marker: "RegisterResource RPC prepared" },
  { source: "@pulumi/pulumi: Invoke RPC finished", marker: "Invoke RPC finished" },
];

/** The length of the excerpt an unattributed message is named by (its secrets masked). */
const EXCERPT_CHARS = 100;

function occurrences(text: string, value: string): number {
  return value.length < 4 ? 0 : text.split(value).length - 1;
}

/** The source a message is attributed to: a known message, else "unattributed: <excerpt, secrets masked>". */
export function sourceOf(message: string, secrets: readonly NamedSecret[]): string {
  const known = KNOWN_SOURCES.find((k) => message.includes(k.marker));
  if (known !== undefined) return known.source;
  let masked = message;
  for (const s of secrets) masked = masked.split(s.value).join(`<${s.kind}>`);
  const marks = secrets.map((s) => masked.indexOf(`<${s.kind}>`)).filter((i) => i >= 0);
  const at = Math.max(0, Math.min(masked.length, ...marks) - EXCERPT_CHARS / 2);
  return `unattributed: ${masked.slice(at, at + EXCERPT_CHARS)}`;
}

/** A line that starts a message of the CLI's output: a severity prefix, or a line not indented (a heading). */
const MESSAGE_START = /(^|\s)(debug|info|warning|error): |^\S/;

/**
 * The messages of a text: for the output, a message runs from its severity prefix to the next one (a
 * debug message holding a serialized `__provider` spans many lines); for the event log, each line is one
 * JSON event.
 */
export function messagesOf(text: string, channel: LeakChannel): string[] {
  const lines = text.split("\n");
  if (channel === "event log") return lines;
  const messages: string[] = [];
  for (const line of lines) {
    if (messages.length === 0 || MESSAGE_START.test(line)) messages.push(line);
    else messages[messages.length - 1] += `\n${line}`;
  }
  return messages;
}

/** Every secret found in `text`, by kind and source (the message holding it attributed by {@link sourceOf}). */
export function leaksIn(text: string, channel: LeakChannel, secrets: readonly NamedSecret[]): Leak[] {
  const byKey = new Map<string, Leak>();
  for (const message of messagesOf(text, channel)) {
    for (const s of secrets) {
      const count = occurrences(message, s.value);
      if (count === 0) continue;
      const source = sourceOf(message, secrets);
      const key = `${s.kind}\u0000${source}`;
      const seen = byKey.get(key);
      if (seen !== undefined) seen.count += count;
      else byKey.set(key, { kind: s.kind, channel, source, count });
    }
  }
  return [...byKey.values()];
}

/** One run's findings: the path (javascript, yaml), the run's name and what leaked. */
export interface LeakRun {
  path: string;
  run: string;
  leaks: Leak[];
}

/** `kind` count in `channel` of a run, summed over sources. */
function countOf(run: LeakRun, kind: string, channel: LeakChannel): number {
  return run.leaks.filter((l) => l.kind === kind && l.channel === channel).reduce((n, l) => n + l.count, 0);
}

/**
 * A text table: a row per path and run, a column per secret kind, each cell `output / event log`
 * occurrences (`-` for none).
 */
export function leakTable(runs: readonly LeakRun[], kinds: readonly string[]): string {
  const header = ["path", "run", ...kinds];
  const rows = runs.map((r) => [
    r.path,
    r.run,
    ...kinds.map((k) => {
      const out = countOf(r, k, "output");
      const log = countOf(r, k, "event log");
      return out + log === 0 ? "-" : `${out} / ${log}`;
    }),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** The kinds a run leaked through a source, in `channel`, sorted: what an expected list names. */
export function kindsBySource(run: LeakRun, source: string, channel: LeakChannel): string[] {
  return [
    ...new Set(run.leaks.filter((l) => l.source === source && l.channel === channel).map((l) => l.kind)),
  ].sort();
}
