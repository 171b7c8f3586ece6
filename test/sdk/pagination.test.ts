import { describe, expect, it } from "vitest";
import { SvcError } from "../../sdk";
import { paginateCursor, paginatePages } from "../../sdk/pagination";

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe("paginateCursor", () => {
  it("follows next until null, asking with the previous cursor", async () => {
    const asked: (string | undefined)[] = [];
    const pages: Record<string, { data: number[]; next: string | null }> = {
      start: { data: [1, 2], next: "c1" },
      c1: { data: [3, 4], next: "c2" },
      c2: { data: [5], next: null },
    };
    const items = await collect(
      paginateCursor("op", async (after) => {
        asked.push(after);
        return pages[after ?? "start"]!;
      }),
    );
    expect(items).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([undefined, "c1", "c2"]);
  });

  it("fetches lazily: one page in memory, nothing ahead", async () => {
    let fetched = 0;
    const it = paginateCursor("op", async (after) => {
      fetched++;
      return { data: [Number(after ?? 0)], next: String(Number(after ?? 0) + 1) };
    });
    let n = 0;
    for await (const _ of it) if (++n === 3) break;
    expect(fetched).toBe(3);
  });

  it("fails instead of looping when a cursor repeats", async () => {
    const p = collect(paginateCursor("subscribers.searchAll", async () => ({ data: [1], next: "same" })));
    await expect(p).rejects.toThrow(SvcError);
    await expect(p).rejects.toThrow(/cursor "same" twice/);
  });

  it("stops on an empty page even if next is set", async () => {
    expect(await collect(paginateCursor("op", async () => ({ data: [], next: "x" })))).toEqual([]);
  });
});

describe("paginatePages", () => {
  it("walks pages from start until hasMore is false", async () => {
    const asked: number[] = [];
    const items = await collect(
      paginatePages(async (page) => {
        asked.push(page);
        return { data: [page * 10, page * 10 + 1], hasMore: page < 3 };
      }, 1),
    );
    expect(asked).toEqual([1, 2, 3]);
    expect(items).toEqual([10, 11, 20, 21, 30, 31]);
  });

  it("stops on an empty page even if hasMore is true", async () => {
    let calls = 0;
    const items = await collect(
      paginatePages(async () => {
        calls++;
        return { data: [], hasMore: true };
      }),
    );
    expect(items).toEqual([]);
    expect(calls).toBe(1);
  });
});
