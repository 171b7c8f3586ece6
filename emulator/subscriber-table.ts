import type { Subscriber } from "../sdk/schemas";
import { type CursorKey, cursorPage, decodeCursor, encodeCursor } from "./cursor";
import { badRequest } from "./errors";
import { SortedIndex } from "./sorted-index";
import type { SearchSubscribersQuery as ParsedSearchSubscribersQuery } from "./validation/subscriber-search";

/** A stored subscriber: always has its `_id`. */
export type StoredSubscriber = Subscriber & { _id: string };

/** Search results are counted up to this many (the real service's cap). */
const TOTAL_COUNT_CAP = 50_000;

/** One page of search-subscribers, in the real service's (bare) shape. */
interface SubscriberSearchPage {
  data: StoredSubscriber[];
  next: string | null;
  previous: string | null;
  totalCount: number;
  totalCountCapped: boolean;
}

type OrderBy = "_id" | "updatedAt";

const cmpStr = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byId = (a: StoredSubscriber, b: StoredSubscriber) => cmpStr(a._id, b._id);
const byUpdated = (a: StoredSubscriber, b: StoredSubscriber) =>
  cmpStr(a.updatedAt, b.updatedAt) || byId(a, b);
const keyOf =
  (orderBy: OrderBy) =>
  (s: StoredSubscriber): CursorKey => ({
    value: orderBy === "_id" ? s._id : s.updatedAt,
    id: s._id,
  });

const CACHE_ENTRIES = 64;

function addTo(
  map: Map<string, Set<StoredSubscriber>>,
  key: string | null | undefined,
  s: StoredSubscriber,
): void {
  if (key === undefined || key === null) return;
  const set = map.get(key);
  if (set) set.add(s);
  else map.set(key, new Set([s]));
}

function removeFrom(
  map: Map<string, Set<StoredSubscriber>>,
  key: string | null | undefined,
  s: StoredSubscriber,
) {
  if (key === undefined || key === null) return;
  const set = map.get(key);
  set?.delete(s);
  if (set?.size === 0) map.delete(key);
}

/**
 * The subscribers of one environment with their indexes: maps for the exact filters (subscriberId, email,
 * phone) and one sorted index per `orderBy`. An unfiltered search page is a binary search plus the page;
 * a filtered search computes its sorted matches once per data version and reuses them for later pages.
 * Deleted subscribers are kept by `_id` only: they are not found, listed or searched.
 */
export class SubscriberTable {
  private readonly byInternalId = new Map<string, StoredSubscriber>();
  private readonly bySubscriberId = new Map<string, StoredSubscriber>();
  private readonly byEmail = new Map<string, Set<StoredSubscriber>>();
  private readonly byPhone = new Map<string, Set<StoredSubscriber>>();
  private readonly orderById = new SortedIndex<StoredSubscriber>(byId);
  private readonly orderByUpdated = new SortedIndex<StoredSubscriber>(byUpdated);
  private readonly cache = new Map<string, { version: number; list: readonly StoredSubscriber[] }>();
  private version = 0;

  /** Number of live subscribers. */
  get size(): number {
    return this.orderById.size;
  }

  /** Every stored subscriber (including deleted), in `_id` order for live ones. */
  all(): StoredSubscriber[] {
    return [...this.byInternalId.values()];
  }

  /** The live subscriber with this `subscriberId`. */
  get(subscriberId: string): StoredSubscriber | undefined {
    return this.bySubscriberId.get(subscriberId);
  }

  /** The live subscribers with this exact email. */
  withEmail(email: string): StoredSubscriber[] {
    return [...(this.byEmail.get(email) ?? [])];
  }

  /** The subscriber with this `_id` (deleted ones too). */
  getById(id: string): StoredSubscriber | undefined {
    return this.byInternalId.get(id);
  }

  /** Adds or replaces (same `subscriberId` or `_id`) one subscriber. */
  put(s: StoredSubscriber): void {
    const existing = this.bySubscriberId.get(s.subscriberId) ?? this.byInternalId.get(s._id);
    if (existing) this.unindex(existing);
    this.index(s, true);
    this.version++;
  }

  /** Bulk load of new subscribers (sorted once); replaces same-id records. */
  load(list: readonly StoredSubscriber[]): void {
    if (list.length < 64) {
      for (const s of list) this.put(s);
      return;
    }
    const fresh: StoredSubscriber[] = [];
    for (const s of list) {
      const existing = this.bySubscriberId.get(s.subscriberId) ?? this.byInternalId.get(s._id);
      if (existing) this.unindex(existing);
      if (this.index(s, false)) fresh.push(s);
    }
    this.orderById.load(fresh);
    this.orderByUpdated.load(fresh);
    this.version++;
  }

  /** Changes a subscriber in place, keeping the indexes right (its `_id` and `subscriberId` must not change). */
  update(s: StoredSubscriber, change: (s: StoredSubscriber) => void): void {
    this.unindex(s);
    change(s);
    this.index(s, true);
    this.version++;
  }

  private index(s: StoredSubscriber, sorted: boolean): boolean {
    this.byInternalId.set(s._id, s);
    if (s.deleted) return false;
    this.bySubscriberId.set(s.subscriberId, s);
    addTo(this.byEmail, s.email, s);
    addTo(this.byPhone, s.phone, s);
    if (sorted) {
      this.orderById.insert(s);
      this.orderByUpdated.insert(s);
    }
    return true;
  }

  private unindex(s: StoredSubscriber): void {
    this.byInternalId.delete(s._id);
    if (s.deleted) return;
    this.bySubscriberId.delete(s.subscriberId);
    removeFrom(this.byEmail, s.email, s);
    removeFrom(this.byPhone, s.phone, s);
    this.orderById.remove(s);
    this.orderByUpdated.remove(s);
  }

  /** The subscribers matching the filters, sorted ascending by `orderBy` (cached per data version). */
  private matches(q: ParsedSearchSubscribersQuery): readonly StoredSubscriber[] {
    const index = q.orderBy === "updatedAt" ? this.orderByUpdated : this.orderById;
    const { email, phone, subscriberId, name } = q;
    if (email === undefined && phone === undefined && subscriberId === undefined && name === undefined) {
      return index.view;
    }
    const cacheKey = JSON.stringify([q.orderBy, email, phone, subscriberId, name]);
    const hit = this.cache.get(cacheKey);
    if (hit && hit.version === this.version) return hit.list;

    // Narrow with the smallest exact-filter set; only a name-only search scans the whole index.
    const candidates: Iterable<StoredSubscriber>[] = [];
    if (subscriberId !== undefined) {
      const s = this.bySubscriberId.get(subscriberId);
      candidates.push(s ? [s] : []);
    }
    if (email !== undefined) candidates.push(this.byEmail.get(email) ?? []);
    if (phone !== undefined) candidates.push(this.byPhone.get(phone) ?? []);
    const sizeOf = (c: Iterable<StoredSubscriber>) => (c instanceof Set ? c.size : (c as unknown[]).length);
    const base = candidates.length > 0 ? candidates.sort((a, b) => sizeOf(a) - sizeOf(b))[0] : index.view;
    const list: StoredSubscriber[] = [];
    for (const s of base ?? []) {
      if (subscriberId !== undefined && s.subscriberId !== subscriberId) continue;
      if (email !== undefined && s.email !== email) continue;
      if (phone !== undefined && s.phone !== phone) continue;
      if (name !== undefined && !matchesName(s, name)) continue;
      list.push(s);
    }
    if (candidates.length > 0) list.sort(q.orderBy === "updatedAt" ? byUpdated : byId);
    if (this.cache.size >= CACHE_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(cacheKey, { version: this.version, list });
    return list;
  }

  private cursorKey(cursor: string, field: string, orderBy: OrderBy): CursorKey {
    const decoded = decodeCursor(cursor);
    if (decoded) return decoded;
    // A bare subscriber _id, as the real service's cursors are.
    const s = this.byInternalId.get(cursor);
    if (s) return keyOf(orderBy)(s);
    throw badRequest([`${field}: must be a cursor returned by a previous page`]);
  }

  /** One page of search-subscribers. */
  search(q: ParsedSearchSubscribersQuery): SubscriberSearchPage {
    if (q.after !== undefined && q.before !== undefined) {
      throw badRequest(["after: cannot be combined with before"]);
    }
    const list = this.matches(q);
    const key = keyOf(q.orderBy);
    const page = cursorPage(list, key, {
      after: q.after === undefined ? undefined : this.cursorKey(q.after, "after", q.orderBy),
      before: q.before === undefined ? undefined : this.cursorKey(q.before, "before", q.orderBy),
      includeCursor: q.includeCursor ?? false,
      limit: q.limit,
      descending: q.orderDirection === "DESC",
    });
    const first = page.items[0];
    const last = page.items[page.items.length - 1];
    return {
      data: page.items,
      next: page.hasNext && last ? encodeCursor(key(last)) : null,
      previous: page.hasPrevious && first ? encodeCursor(key(first)) : null,
      totalCount: Math.min(list.length, TOTAL_COUNT_CAP),
      totalCountCapped: list.length > TOTAL_COUNT_CAP,
    };
  }
}

/** Case-sensitive substring match on first name, last name or "first last". */
function matchesName(s: StoredSubscriber, name: string): boolean {
  const first = s.firstName ?? "";
  const last = s.lastName ?? "";
  return first.includes(name) || last.includes(name) || `${first} ${last}`.includes(name);
}
