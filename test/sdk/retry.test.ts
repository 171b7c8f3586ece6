import { describe, expect, it } from "vitest";
import { decideRetry, isInFlightConflict, type RetryInput, type RetryOptions } from "../../sdk/retry";

const options: RetryOptions = {
  maxRetries: 5,
  baseRetryDelayMs: 100,
  maxRetryDelayMs: 10_000,
  totalRetryBudgetMs: 60_000,
};

function input(over: Partial<RetryInput>): RetryInput {
  return {
    method: "GET",
    hasIdempotencyKey: false,
    attempt: 1,
    elapsedMs: 0,
    options,
    random: () => 0.5,
    now: Date.UTC(2025, 0, 1),
    ...over,
  };
}

const IN_FLIGHT_BODY = {
  statusCode: 409,
  message: 'Request with key "k1" is currently being processed. Please retry after 1 second',
};
const CONFLICT_BODY = { statusCode: 409, message: 'Integration with identifier "x" already exists' };

describe("decideRetry: what is retried", () => {
  const retriedStatuses = [429, 500, 502, 503, 504];
  const neverStatuses = [400, 401, 403, 404, 405, 409, 410, 412, 413, 422, 501, 505];

  for (const method of ["GET", "PUT", "DELETE", "HEAD", "OPTIONS"]) {
    for (const status of retriedStatuses) {
      it(`${method} ${status} is retried`, () => {
        expect(decideRetry(input({ method, status })).retry).toBe(true);
      });
    }
    for (const status of neverStatuses) {
      it(`${method} ${status} is not retried`, () => {
        const d = decideRetry(input({ method, status }));
        expect(d.retry).toBe(false);
        expect(d.reason).toContain(String(status));
      });
    }
    it(`${method} connection error and timeout are retried`, () => {
      expect(decideRetry(input({ method, error: "connection" })).retry).toBe(true);
      expect(decideRetry(input({ method, error: "timeout" })).retry).toBe(true);
    });
  }

  for (const method of ["POST", "PATCH"]) {
    it(`${method} without idempotency key is never retried`, () => {
      for (const status of retriedStatuses) {
        const d = decideRetry(input({ method, status }));
        expect(d.retry).toBe(false);
        expect(d.reason).toMatch(/idempotency key/);
      }
      expect(decideRetry(input({ method, error: "connection" })).retry).toBe(false);
      expect(decideRetry(input({ method, error: "timeout" })).retry).toBe(false);
    });
    it(`${method} with idempotency key is retried on 429/5xx/connection/timeout`, () => {
      for (const status of retriedStatuses) {
        expect(decideRetry(input({ method, status, hasIdempotencyKey: true })).retry).toBe(true);
      }
      expect(decideRetry(input({ method, error: "connection", hasIdempotencyKey: true })).retry).toBe(true);
      expect(decideRetry(input({ method, error: "timeout", hasIdempotencyKey: true })).retry).toBe(true);
    });
    it(`${method} with idempotency key is not retried on other 4xx`, () => {
      for (const status of neverStatuses) {
        if (status === 409) continue;
        expect(decideRetry(input({ method, status, hasIdempotencyKey: true })).retry).toBe(false);
      }
    });
  }

  it("a caller abort is never retried", () => {
    const d = decideRetry(input({ error: "abort" }));
    expect(d).toEqual({ retry: false, reason: "aborted by caller" });
  });

  it("a failure without status or error is not retried", () => {
    expect(decideRetry(input({})).retry).toBe(false);
  });
});

describe("decideRetry: 409", () => {
  it("retries the idempotency in-flight 409 (message), waiting Retry-After", () => {
    const d = decideRetry(
      input({
        method: "POST",
        hasIdempotencyKey: true,
        status: 409,
        body: IN_FLIGHT_BODY,
        headers: { "retry-after": "1" },
      }),
    );
    expect(d.retry).toBe(true);
    if (d.retry) {
      expect(d.delayMs).toBeGreaterThanOrEqual(1000);
      expect(d.reason).toMatch(/in flight/);
    }
  });

  it("retries a 409 with Retry-After and a neutral message", () => {
    const d = decideRetry(
      input({
        method: "POST",
        hasIdempotencyKey: true,
        status: 409,
        body: { message: "Conflict" },
        headers: { "retry-after": "2" },
      }),
    );
    expect(d.retry).toBe(true);
  });

  it("never retries an identifier conflict, even with Retry-After", () => {
    for (const headers of [{}, { "retry-after": "1" }]) {
      const d = decideRetry(
        input({ method: "POST", hasIdempotencyKey: true, status: 409, body: CONFLICT_BODY, headers }),
      );
      expect(d.retry).toBe(false);
    }
  });

  it("never retries a 409 on a request without idempotency key", () => {
    expect(
      decideRetry(
        input({ method: "PUT", status: 409, body: IN_FLIGHT_BODY, headers: { "retry-after": "1" } }),
      ).retry,
    ).toBe(false);
  });

  it("a plain 409 without Retry-After or in-progress wording is a conflict", () => {
    expect(isInFlightConflict({ status: 409, hasIdempotencyKey: true, body: { message: "Conflict" } })).toBe(
      false,
    );
    expect(isInFlightConflict({ status: 409, hasIdempotencyKey: true, body: "request in progress" })).toBe(
      true,
    );
    expect(isInFlightConflict({ status: 400, hasIdempotencyKey: true, body: IN_FLIGHT_BODY })).toBe(false);
  });
});

describe("decideRetry: delays", () => {
  it("uses exponential backoff with full jitter when the server gives no hint", () => {
    const delays = [1, 2, 3, 4, 5].map((attempt) => {
      const d = decideRetry(input({ status: 503, attempt, random: () => 0.999999 }));
      return d.retry ? d.delayMs : -1;
    });
    expect(delays).toEqual([99, 199, 399, 799, 1599]);
    const low = decideRetry(input({ status: 503, attempt: 3, random: () => 0 }));
    expect(low.retry && low.delayMs).toBe(0);
  });

  it("caps a backoff step at maxRetryDelayMs", () => {
    const d = decideRetry(
      input({
        status: 503,
        attempt: 5,
        random: () => 0.999999,
        options: { ...options, maxRetries: 50, baseRetryDelayMs: 5_000 },
      }),
    );
    expect(d.retry && d.delayMs).toBeLessThanOrEqual(options.maxRetryDelayMs);
    expect(d.retry && d.delayMs).toBeGreaterThan(9_000);
  });

  it("never waits less than Retry-After in seconds", () => {
    for (const r of [0, 0.3, 0.99]) {
      const d = decideRetry(input({ status: 429, headers: { "retry-after": "3" }, random: () => r }));
      expect(d.retry).toBe(true);
      if (d.retry) {
        expect(d.delayMs).toBeGreaterThanOrEqual(3000);
        expect(d.delayMs).toBeLessThan(3000 + options.baseRetryDelayMs);
      }
    }
  });

  it("honours Retry-After as an HTTP date", () => {
    const now = Date.UTC(2025, 0, 1, 12, 0, 0);
    const date = new Date(now + 4_000).toUTCString();
    const d = decideRetry(input({ status: 503, headers: { "retry-after": date }, now, random: () => 0 }));
    expect(d.retry && d.delayMs).toBe(4000);
  });

  it("honours RateLimit-Reset on 429 without Retry-After", () => {
    const d = decideRetry(input({ status: 429, headers: { "ratelimit-reset": "2" }, random: () => 0 }));
    expect(d.retry && d.delayMs).toBe(2000);
  });

  it("ignores RateLimit-Reset on a 503 while the bucket is not empty", () => {
    const d = decideRetry(
      input({
        status: 503,
        headers: { "ratelimit-reset": "4", "ratelimit-remaining": "10" },
        random: () => 0,
      }),
    );
    expect(d.retry && d.delayMs).toBe(0);
    const empty = decideRetry(
      input({
        status: 503,
        headers: { "ratelimit-reset": "4", "ratelimit-remaining": "0" },
        random: () => 0,
      }),
    );
    expect(empty.retry && empty.delayMs).toBe(4000);
  });

  it("prefers Retry-After over RateLimit-Reset", () => {
    const d = decideRetry(
      input({ status: 429, headers: { "retry-after": "1", "ratelimit-reset": "5" }, random: () => 0 }),
    );
    expect(d.retry && d.delayMs).toBe(1000);
  });

  it("gives up when the server asks for more than maxRetryDelayMs rather than waiting less", () => {
    const d = decideRetry(input({ status: 429, headers: { "retry-after": "120" } }));
    expect(d.retry).toBe(false);
    expect(d.reason).toMatch(/120000 ms/);
  });

  it("reads header arrays", () => {
    const d = decideRetry(input({ status: 429, headers: { "retry-after": ["2", "9"] }, random: () => 0 }));
    expect(d.retry && d.delayMs).toBe(2000);
  });
});

describe("decideRetry: bounds", () => {
  it("stops after maxRetries", () => {
    expect(decideRetry(input({ status: 503, attempt: 5 })).retry).toBe(true);
    const d = decideRetry(input({ status: 503, attempt: 6 }));
    expect(d.retry).toBe(false);
    expect(d.reason).toMatch(/6 attempts/);
  });

  it("maxRetries 0 disables retries", () => {
    expect(decideRetry(input({ status: 503, options: { ...options, maxRetries: 0 } })).retry).toBe(false);
  });

  it("stops when the wait would exceed the total budget", () => {
    const d = decideRetry(input({ status: 429, headers: { "retry-after": "2" }, elapsedMs: 59_000 }));
    expect(d.retry).toBe(false);
    expect(d.reason).toMatch(/budget/);
    expect(
      decideRetry(input({ status: 429, headers: { "retry-after": "2" }, elapsedMs: 50_000 })).retry,
    ).toBe(true);
  });

  it("is pure: same input, same verdict", () => {
    const i = input({ status: 503, attempt: 3, random: () => 0.42 });
    expect(decideRetry(i)).toEqual(decideRetry(i));
  });
});
