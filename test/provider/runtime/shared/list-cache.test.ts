import { describe, expect, it } from "vitest";
import { ListCache } from "../../../../provider/runtime/shared/list-cache";

function counter() {
  let calls = 0;
  let release: (() => void) | undefined;
  const load = () =>
    new Promise<number>((resolve) => {
      calls++;
      const n = calls;
      release = () => resolve(n);
    });
  return { load, calls: () => calls, release: () => release?.() };
}

describe("ListCache", () => {
  it("shares one in-flight load between concurrent callers, then reuses the answer", async () => {
    const c = counter();
    const cache = new ListCache(c.load, 60_000);
    const all = Promise.all([cache.get(), cache.get(), cache.get()]);
    c.release();
    expect(await all).toEqual([1, 1, 1]);
    expect(await cache.get()).toBe(1);
    expect(c.calls()).toBe(1);
  });

  it("loads again after invalidate, and a stale in-flight answer is not cached", async () => {
    const c = counter();
    const cache = new ListCache(c.load, 60_000);
    const first = cache.get();
    cache.invalidate();
    const second = cache.get();
    expect(c.calls()).toBe(2);
    c.release(); // resolves the second load
    expect(await second).toBe(2);
    expect(await cache.get()).toBe(2);
    void first;
  });

  it("does not cache failures", async () => {
    let n = 0;
    const cache = new ListCache(async () => {
      n++;
      if (n === 1) throw new Error("boom");
      return n;
    }, 60_000);
    await expect(cache.get()).rejects.toThrow("boom");
    expect(await cache.get()).toBe(2);
  });

  it("expires after the ttl", async () => {
    let n = 0;
    const cache = new ListCache(async () => ++n, 0);
    expect(await cache.get()).toBe(1);
    expect(await cache.get()).toBe(2);
  });
});
