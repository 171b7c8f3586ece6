/**
 * The property paths in which two input maps differ, written as the engine writes them in a detailed diff
 * (`name`, `steps[1].controls.subject`): what `pulumi preview --diff` shows for a resource whose provider
 * reports no detailed diff (a dynamic resource), where the engine compares the old and new inputs itself.
 * Maps are compared key by key and lists of the same length item by item; anything else differs as a whole.
 */

type Props = Record<string, unknown>;

function isMap(v: unknown): v is Props {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function join(at: string, key: string | number): string {
  if (typeof key === "number") return `${at}[${key}]`;
  return at === "" ? key : `${at}.${key}`;
}

function walk(a: unknown, b: unknown, at: string, out: string[]): void {
  if (isMap(a) && isMap(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      walk(a[key], b[key], join(at, key), out);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (const [i, item] of a.entries()) walk(item, b[i], join(at, i), out);
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push(at);
}

/** The paths where `olds` and `news` differ, sorted; `ignore` lists top-level keys left out (e.g. `__provider`). */
export function changedPaths(olds: Props, news: Props, ignore: readonly string[] = []): string[] {
  const drop = (p: Props) => Object.fromEntries(Object.entries(p).filter(([k]) => !ignore.includes(k)));
  const out: string[] = [];
  walk(drop(olds), drop(news), "", out);
  return out;
}
