/**
 * Cursor pagination over a sorted list, as search-subscribers does it. A cursor encodes the sort key and
 * `_id` of the boundary item (base64url JSON), so a page is found by binary search, and it stays valid
 * when that item changes or disappears. A bare `_id` is also accepted as a cursor.
 */

/** Position of an item in an ordering: its sort value and its `_id` (the tie-break). */
export interface CursorKey {
  value: string;
  id: string;
}

/** Encodes a cursor. */
export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.value, key.id]), "utf8").toString("base64url");
}

/** Decodes a cursor; undefined when it is not one of ours. */
export function decodeCursor(cursor: string): CursorKey | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === "string" &&
      typeof parsed[1] === "string"
    ) {
      return { value: parsed[0], id: parsed[1] };
    }
  } catch {
    // not ours: fall through
  }
  return undefined;
}

/** One page request over a list sorted ascending by (value, id). */
interface CursorPageRequest {
  after?: CursorKey;
  before?: CursorKey;
  includeCursor: boolean;
  limit: number;
  descending: boolean;
}

/** One page: the items in requested order and whether items exist beyond each end. */
interface CursorPage<T> {
  items: T[];
  hasNext: boolean;
  hasPrevious: boolean;
}

function compareKey(a: CursorKey, b: CursorKey): number {
  if (a.value !== b.value) return a.value < b.value ? -1 : 1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}

/**
 * Reads one page of `list` (sorted ascending by `keyOf`) in O(log n + limit). `after` pages forward from
 * the cursor, `before` pages backward to it; `includeCursor` keeps the cursor item itself.
 */
export function cursorPage<T>(
  list: readonly T[],
  keyOf: (item: T) => CursorKey,
  req: CursorPageRequest,
): CursorPage<T> {
  const n = list.length;
  const cursor = req.after ?? req.before;
  // Logical order is ascending, or descending read from the end.
  let start = 0;
  let end = n;
  if (cursor) {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareKey(keyOf(list[mid] as T), cursor) < 0) lo = mid + 1;
      else hi = mid;
    }
    const eq = lo < n && compareKey(keyOf(list[lo] as T), cursor) === 0 ? 1 : 0;
    // Items strictly before the cursor in logical order.
    const before = req.descending ? n - lo - eq : lo;
    if (req.after) {
      start = before + (req.includeCursor ? 0 : eq);
      end = Math.min(n, start + req.limit);
    } else {
      end = before + (req.includeCursor ? eq : 0);
      start = Math.max(0, end - req.limit);
    }
  } else {
    end = Math.min(n, req.limit);
  }
  const items: T[] = [];
  for (let p = start; p < end; p++) items.push(list[req.descending ? n - 1 - p : p] as T);
  return { items, hasNext: end < n, hasPrevious: start > 0 };
}
