import { SortedIndex, unionSorted } from "./sorted-index";

/** The fields every listed record (message, notification event) has. */
interface EventRecord {
  _id: string;
  createdAt: string;
}

/** One page of a page-numbered list. */
interface NumberedPage<T> {
  data: T[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  totalCount: number;
}

/** Which records a list query wants: indexed candidate lists plus a predicate over the record. */
export interface EventQuery<T> {
  /** Stable text identifying the filters (cache key). */
  key: string;
  /** For each indexed filter, the values wanted (a record matches one of them). */
  indexed: { index: string; values: readonly string[] }[];
  /** Every filter, indexed or not, checked on the candidates. */
  predicate?: (record: T) => boolean;
}

const CACHE_ENTRIES = 64;
const cmpStr = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Newest-first records of one environment (messages or notification events) with secondary indexes
 * (`index name -> value -> sorted records`). An unfiltered page is an array slice; a filtered list is
 * computed once per data version from the smallest indexed candidate set and reused for later pages.
 */
export class EventTable<T extends EventRecord> {
  private readonly byId = new Map<string, T>();
  private readonly newestFirst: SortedIndex<T>;
  private readonly indexes = new Map<string, Map<string, SortedIndex<T>>>();
  private readonly cache = new Map<string, { version: number; list: readonly T[] }>();
  private readonly compare = (a: T, b: T) => cmpStr(b.createdAt, a.createdAt) || cmpStr(b._id, a._id);
  private version = 0;

  constructor(private readonly keyers: Readonly<Record<string, (record: T) => readonly string[]>>) {
    this.newestFirst = new SortedIndex<T>(this.compare);
    for (const name of Object.keys(keyers)) this.indexes.set(name, new Map());
  }

  /** Number of records. */
  get size(): number {
    return this.byId.size;
  }

  /** Every record, newest first. */
  all(): readonly T[] {
    return this.newestFirst.view;
  }

  /** Epoch milliseconds of the newest record's `createdAt` (-Infinity when empty). */
  latestCreatedAt(): number {
    const newest = this.newestFirst.view[0];
    return newest ? Date.parse(newest.createdAt) : Number.NEGATIVE_INFINITY;
  }

  /** The record with this `_id`. */
  get(id: string): T | undefined {
    return this.byId.get(id);
  }

  /** Adds records (replacing same `_id`); big batches are sorted once per index. */
  load(records: readonly T[]): void {
    const bulk = records.length >= 64;
    const pending = new Map<SortedIndex<T>, T[]>();
    for (const r of records) {
      const existing = this.byId.get(r._id);
      if (existing) this.unindex(existing);
      this.byId.set(r._id, r);
      if (!bulk) this.newestFirst.insert(r);
      for (const [name, keyer] of Object.entries(this.keyers)) {
        const map = this.indexes.get(name) as Map<string, SortedIndex<T>>;
        for (const value of new Set(keyer(r))) {
          let idx = map.get(value);
          if (!idx) {
            idx = new SortedIndex<T>(this.compare);
            map.set(value, idx);
          }
          if (!bulk) idx.insert(r);
          else {
            const batch = pending.get(idx);
            if (batch) batch.push(r);
            else pending.set(idx, [r]);
          }
        }
      }
    }
    if (bulk) {
      this.newestFirst.load(records.filter((r) => this.byId.get(r._id) === r));
      for (const [idx, batch] of pending) idx.load(batch);
    }
    this.version++;
  }

  /** Removes every record `match` selects (a subscriber's messages when it is deleted). */
  removeWhere(match: (r: T) => boolean): void {
    const gone = this.newestFirst.view.filter(match);
    for (const r of gone) this.unindex(r);
    if (gone.length > 0) this.version++;
  }

  private unindex(r: T): void {
    this.byId.delete(r._id);
    this.newestFirst.remove(r);
    for (const [name, keyer] of Object.entries(this.keyers)) {
      const map = this.indexes.get(name) as Map<string, SortedIndex<T>>;
      for (const value of new Set(keyer(r))) map.get(value)?.remove(r);
    }
  }

  private select(q: EventQuery<T>): readonly T[] {
    if (q.indexed.length === 0 && !q.predicate) return this.newestFirst.view;
    const candidates = q.indexed.map(({ index, values }) => {
      const map = this.indexes.get(index);
      if (!map) throw new Error(`unknown index ${index}`);
      return unionSorted(
        values.map((v) => map.get(v)?.view ?? []),
        this.compare,
      );
    });
    if (candidates.length === 1 && !q.predicate) return candidates[0] as readonly T[];
    const hit = this.cache.get(q.key);
    if (hit && hit.version === this.version) return hit.list;
    const base =
      candidates.length > 0 ? candidates.sort((a, b) => a.length - b.length)[0] : this.newestFirst.view;
    const sets = candidates.slice(1).map((c) => new Set(c));
    const list = (base ?? []).filter((r) => sets.every((s) => s.has(r)) && (!q.predicate || q.predicate(r)));
    if (this.cache.size >= CACHE_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(q.key, { version: this.version, list });
    return list;
  }

  /** One page-numbered page (page from 0), newest first. */
  page(q: EventQuery<T>, page: number, limit: number): NumberedPage<T> {
    const list = this.select(q);
    const start = page * limit;
    return {
      data: list.slice(start, start + limit),
      page,
      pageSize: limit,
      hasMore: start + limit < list.length,
      totalCount: list.length,
    };
  }
}
