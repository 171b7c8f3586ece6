/**
 * Go composite literals as gofmt prints them: one entry per line, each followed by a comma, the closing brace
 * at the literal's own indentation. In a run of consecutive one-line `key: value` entries, gofmt aligns the
 * values in one column (its tabwriter cell after `key:`); an entry that spans lines breaks the run, and so
 * does a key whose length is out of proportion with the keys before it in its section (go/printer,
 * nodes.go, exprList: keys over 40 characters whose ratio to the geometric mean of the section's previous
 * keys is 2.5 or more, or 1/2.5 or less; each new section restarts the mean).
 */

/** One entry of a composite literal: `key: value` (a struct field or a map key) or a bare element. */
export interface Entry {
  /** The key as written (`Name`, `"subject"`); absent for an array's element. */
  key?: string;
  /** The value's lines: the first continues the entry's line, the others carry their own indentation. */
  value: string[];
}

/** gofmt's limit on a key's length under which consecutive keys always align. */
const SMALL_KEY = 40;
/** gofmt's ratio between a key and the mean of the previous ones beyond which alignment breaks. */
const KEY_RATIO = 2.5;

/** A Go interpreted string literal (JSON's escapes are Go's; a lone surrogate, invalid in Go, becomes U+FFFD). */
export function goString(text: string): string {
  return JSON.stringify(text.replace(/[\uD800-\uDFFF]/gu, "\uFFFD"));
}

/** Whether gofmt starts a new alignment section before an entry whose key length is `size` (0: spans lines). */
function breaksAlignment(prevSize: number, size: number, lnsum: number, count: number): boolean {
  if (prevSize === 0 || size === 0) return true;
  if (count === 0 || (prevSize <= SMALL_KEY && size <= SMALL_KEY)) return false;
  const ratio = size / Math.exp(lnsum / count);
  return KEY_RATIO * ratio <= 1 || KEY_RATIO <= ratio;
}

/** `type{ ... }` with `entries`, its first line continuing the line it starts on, which is at `depth` tabs. */
export function composite(type: string, entries: Entry[], depth: number): string[] {
  if (entries.length === 0) return [`${type}{}`];
  const pad = "\t".repeat(depth + 1);
  const lines = [`${type}{`];
  let run: { key: string; value: string }[] = [];
  const flush = () => {
    const width = Math.max(...run.map((e) => e.key.length + 1));
    for (const e of run) lines.push(`${pad}${`${e.key}:`.padEnd(width)} ${e.value},`);
    run = [];
  };
  let prevSize = 0;
  let lnsum = 0;
  let count = 0;
  for (const { key, value } of entries) {
    const single = value.length === 1;
    if (key === undefined) {
      flush();
      lines.push(`${pad}${value[0]}`, ...value.slice(1));
      lines[lines.length - 1] += ",";
      continue;
    }
    const size = single ? key.length : 0;
    if (breaksAlignment(prevSize, size, lnsum, count)) {
      // A new section: gofmt restarts the mean of the key sizes with it.
      if (run.length > 0) flush();
      lnsum = 0;
      count = 0;
    }
    if (single) run.push({ key, value: value[0]! });
    else {
      lines.push(`${pad}${key}: ${value[0]}`, ...value.slice(1));
      lines[lines.length - 1] += ",";
    }
    if (size > 0) {
      lnsum += Math.log(size);
      count++;
    }
    prevSize = size;
  }
  if (run.length > 0) flush();
  lines.push(`${"\t".repeat(depth)}}`);
  return lines;
}
