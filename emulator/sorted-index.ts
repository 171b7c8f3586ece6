/**
 * A sorted array with binary-search insert, remove and seek: the emulator's ordered indexes. Lists and
 * cursor pages read it by position, so a page costs O(log n + page size) whatever the collection size.
 * The comparator must be total (tie-break on `_id`) and an item's sort key must not change while indexed:
 * remove it, change it, insert it again.
 */
export class SortedIndex<T> {
  private items: T[] = [];

  constructor(private readonly compare: (a: T, b: T) => number) {}

  /** Number of indexed items. */
  get size(): number {
    return this.items.length;
  }

  /** The items in index order (read only; do not keep across writes). */
  get view(): readonly T[] {
    return this.items;
  }

  /** First position whose item is >= `probe` (the comparator returns item-vs-probe order). */
  seek(cmp: (item: T) => number): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(this.items[mid] as T) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Inserts one item at its place. */
  insert(item: T): void {
    const at = this.seek((x) => this.compare(x, item));
    this.items.splice(at, 0, item);
  }

  /** Removes one item (by identity, found by binary search); false when absent. */
  remove(item: T): boolean {
    const at = this.seek((x) => this.compare(x, item));
    for (let i = at; i < this.items.length && this.compare(this.items[i] as T, item) === 0; i++) {
      if (this.items[i] === item) {
        this.items.splice(i, 1);
        return true;
      }
    }
    return false;
  }

  /** Bulk load: appends then sorts once (fast path for fixtures and generators). */
  load(items: Iterable<T>): void {
    for (const item of items) this.items.push(item);
    this.items.sort(this.compare);
  }
}

/** Merges several sorted lists (sharing `compare`) into one sorted list without duplicates. */
export function unionSorted<T>(
  lists: readonly (readonly T[])[],
  compare: (a: T, b: T) => number,
): readonly T[] {
  const nonEmpty = lists.filter((l) => l.length > 0);
  if (nonEmpty.length === 0) return [];
  if (nonEmpty.length === 1) return nonEmpty[0] as readonly T[];
  const seen = new Set<T>();
  const out: T[] = [];
  for (const list of nonEmpty) {
    for (const item of list) {
      if (!seen.has(item)) {
        seen.add(item);
        out.push(item);
      }
    }
  }
  return out.sort(compare);
}
