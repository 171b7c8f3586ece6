/**
 * The rate pacer on its own, on vitest's fake clock: what it learns from headers, when it lets a request go,
 * pauses after 429, in-flight accounting and aborts. No HTTP, no real time.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULTS } from "../../sdk/defaults";
import { type Headers, RatePacer, routeKey } from "../../sdk/rate-pacer";

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2025, 0, 1) });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The service's headers for a bucket of `limit` per `windowS` seconds with `remaining` left. */
function limits(limit: number, windowS: number, remaining: number, category = "global"): Headers {
  return {
    "ratelimit-limit": String(limit),
    "ratelimit-remaining": String(remaining),
    "ratelimit-reset": String(windowS),
    "ratelimit-policy": `${limit};w=${windowS};category="${category}"`,
  };
}

/** Whether `p` has settled after the microtasks queued so far. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

/** One request through the pacer: acquire, then answer with `headers`. */
async function answered(pacer: RatePacer, status: number, headers: Headers, path = "/v1/x"): Promise<void> {
  await pacer.acquire("GET", path);
  pacer.release();
  pacer.observe("GET", path, status, headers);
}

describe("RatePacer", () => {
  it("lets everything through before it knows any bucket", async () => {
    const pacer = new RatePacer();
    const all = Promise.all(Array.from({ length: 100 }, () => pacer.acquire("GET", "/v1/x")));
    expect(await settled(all)).toBe(true);
    expect(pacer.snapshot()).toEqual({ waited: 0, rateLimited: 0, rates: {} });
  });

  it("spends what the server says remains, then waits one refill interval per request", async () => {
    const pacer = new RatePacer({ safety: 1 });
    await answered(pacer, 200, limits(10, 1, 2)); // 10 per second, 2 left
    expect(await settled(pacer.acquire("GET", "/v1/x"))).toBe(true);
    expect(await settled(pacer.acquire("GET", "/v1/x"))).toBe(true);
    const third = pacer.acquire("GET", "/v1/x");
    expect(await settled(third)).toBe(false);
    await vi.advanceTimersByTimeAsync(95);
    expect(await settled(third)).toBe(false);
    await vi.advanceTimersByTimeAsync(10); // 100 ms: one token refilled
    expect(await settled(third)).toBe(true);
    expect(pacer.snapshot()).toEqual({ waited: 1, rateLimited: 0, rates: { global: 10 } });
  });

  it("uses only the safety share of the announced rate", async () => {
    const pacer = new RatePacer(); // DEFAULTS.pacingSafety
    await answered(pacer, 200, limits(10, 1, 0));
    const next = pacer.acquire("GET", "/v1/x");
    const interval = 100 / DEFAULTS.pacingSafety;
    await vi.advanceTimersByTimeAsync(Math.floor(interval) - 1);
    expect(await settled(next)).toBe(false);
    await vi.advanceTimersByTimeAsync(3);
    expect(await settled(next)).toBe(true);
    expect(pacer.snapshot().rates).toEqual({ global: 10 });
  });

  it("counts requests still in flight against the server's Remaining", async () => {
    const pacer = new RatePacer({ safety: 1 });
    // Three requests go out before any answer; the first answer says 3 remain, which the other two will use.
    for (let i = 0; i < 3; i++) await pacer.acquire("GET", "/v1/x");
    pacer.release();
    pacer.observe("GET", "/v1/x", 200, limits(10, 1, 3));
    expect(await settled(pacer.acquire("GET", "/v1/x"))).toBe(true);
    expect(await settled(pacer.acquire("GET", "/v1/x"))).toBe(false);
  });

  it("a 429 pauses every route until Retry-After has passed", async () => {
    const pacer = new RatePacer();
    await answered(pacer, 429, { "retry-after": "2" }, "/v1/a");
    const other = pacer.acquire("POST", "/v2/b");
    await vi.advanceTimersByTimeAsync(1_990);
    expect(await settled(other)).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(await settled(other)).toBe(true);
    expect(pacer.snapshot()).toMatchObject({ waited: 1, rateLimited: 1 });
  });

  it("a 429 without Retry-After pauses for DEFAULTS.rateLimitPauseMs", async () => {
    const pacer = new RatePacer();
    await answered(pacer, 429, {});
    const next = pacer.acquire("GET", "/v1/x");
    await vi.advanceTimersByTimeAsync(DEFAULTS.rateLimitPauseMs - 5);
    expect(await settled(next)).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(await settled(next)).toBe(true);
  });

  it("routes learn their bucket: an empty trigger bucket does not hold up global requests", async () => {
    const pacer = new RatePacer({ safety: 1 });
    await answered(pacer, 200, limits(5, 5, 0, "trigger"), "/v1/events/trigger");
    await answered(pacer, 200, limits(50, 5, 40, "global"), "/v1/subscribers/s1");
    const trigger = pacer.acquire("GET", "/v1/events/trigger");
    const global = pacer.acquire("GET", "/v1/subscribers/s2");
    expect(await settled(global)).toBe(true);
    expect(await settled(trigger)).toBe(false);
    await vi.advanceTimersByTimeAsync(1_001); // the trigger bucket refills one token per second
    expect(await settled(trigger)).toBe(true);
    expect(pacer.snapshot().rates).toEqual({ trigger: 1, global: 10 });
  });

  it("an abort while waiting rejects with the reason and gives up the place in the queue", async () => {
    const pacer = new RatePacer({ safety: 1 });
    await answered(pacer, 429, { "retry-after": "10" });
    const controller = new AbortController();
    const waiting = pacer.acquire("GET", "/v1/x", controller.signal);
    const caught = waiting.catch((e: unknown) => e);
    controller.abort(new Error("stop"));
    expect(((await caught) as Error).message).toBe("stop");
    // An already aborted signal never enters the queue.
    await expect(pacer.acquire("GET", "/v1/x", controller.signal)).rejects.toThrow("stop");
    await vi.advanceTimersByTimeAsync(10_001);
    // Nothing was left counted in flight: the server's Remaining is taken as is.
    pacer.observe("GET", "/v1/x", 200, limits(10, 1, 1));
    expect(await settled(pacer.acquire("GET", "/v1/x"))).toBe(true);
    expect(await settled(pacer.acquire("GET", "/v1/x"))).toBe(false);
  });

  it("ignores malformed rate-limit headers", async () => {
    const pacer = new RatePacer();
    await answered(pacer, 200, { "ratelimit-limit": "many", "ratelimit-remaining": "-1" });
    expect(await settled(pacer.acquire("GET", "/v1/x"))).toBe(true);
    expect(pacer.snapshot().rates).toEqual({});
  });
});

describe("routeKey", () => {
  it("is the method and the first two path segments", () => {
    expect(routeKey("get", "/v1/subscribers/abc/credentials?x=1")).toBe("GET /v1/subscribers");
    expect(routeKey("POST", "/v1/events/trigger")).toBe("POST /v1/events");
    expect(routeKey("GET", "/")).toBe("GET /");
  });
});
