import { SvcError } from "./errors";

/** One page of a cursor-paginated list (search subscribers). */
interface CursorPage<T> {
  data: readonly T[];
  /** Cursor of the next page; null on the last page. */
  next: string | null;
}

/** One page of a page-numbered list (messages, notifications). */
interface NumberedPage<T> {
  data: readonly T[];
  /** Whether another page follows. */
  hasMore: boolean;
}

/**
 * Iterates every item of a cursor-paginated list: fetches one page, yields its items, then asks for the
 * page after `next`, until `next` is null. Holds one page at a time. Fails (rather than looping forever)
 * if the server hands back a cursor it already gave.
 */
export async function* paginateCursor<T>(
  operation: string,
  fetchPage: (after: string | undefined) => Promise<CursorPage<T>>,
  start?: string,
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let after = start;
  for (;;) {
    const page = await fetchPage(after);
    yield* page.data;
    const next = page.next;
    if (next === null || next === undefined || next === "" || page.data.length === 0) return;
    if (seen.has(next))
      throw new SvcError(`${operation}: the service returned cursor "${next}" twice`, { operation });
    seen.add(next);
    after = next;
  }
}

/**
 * Iterates every item of a page-numbered list: page `start`, `start + 1`, ... until `hasMore` is false
 * (or a page comes back empty). Holds one page at a time.
 */
export async function* paginatePages<T>(
  fetchPage: (page: number) => Promise<NumberedPage<T>>,
  start = 0,
): AsyncGenerator<T, void, undefined> {
  for (let page = start; ; page++) {
    const result = await fetchPage(page);
    yield* result.data;
    if (!result.hasMore || result.data.length === 0) return;
  }
}

/** One page of an offset-paginated list (workflows). */
interface OffsetPage<T> {
  data: readonly T[];
  /** Items in the whole list. */
  totalCount: number;
}

/**
 * Iterates every item of an offset-paginated list: the page at `start`, then at `start + page size`, ...
 * until the offsets reach `totalCount` (or a page comes back empty). Holds one page at a time.
 */
export async function* paginateOffset<T>(
  fetchPage: (offset: number) => Promise<OffsetPage<T>>,
  start = 0,
): AsyncGenerator<T, void, undefined> {
  for (let offset = start; ; ) {
    const page = await fetchPage(offset);
    yield* page.data;
    offset += page.data.length;
    if (page.data.length === 0 || offset >= page.totalCount) return;
  }
}
