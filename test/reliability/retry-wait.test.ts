/**
 * Regression test: a retry never starts before the server's Retry-After has elapsed. Node's timers may fire up
 * to ~1 ms early, which a retry wait of exactly the hint (no jitter) used to inherit. Fractional Retry-After
 * values make hundreds of waits quick; the server measures the gap on its own monotonic clock.
 */
import { describe, expect, it } from "vitest";
import { SvcClient } from "../../sdk";
import { startHttpServer } from "../../testkit/scenarios/raw-server";

describe("retry waits", () => {
  it("300 waits of a 4 ms Retry-After: every retry arrives at least 4 ms after its 429 was sent", async () => {
    const HINT_MS = 4;
    const REFUSALS = 15;
    let sentAt = 0;
    let refused = 0;
    const gaps: number[] = [];
    const server = await startHttpServer((_req, res) => {
      const arrived = performance.now();
      if (sentAt > 0) gaps.push(arrived - sentAt);
      if (refused < REFUSALS) {
        refused++;
        const text = JSON.stringify({ statusCode: 429, message: "API rate limit exceeded" });
        res.writeHead(429, { "content-type": "application/json", "retry-after": String(HINT_MS / 1000) });
        sentAt = performance.now();
        res.end(text);
        return;
      }
      refused = 0;
      sentAt = 0;
      const text = JSON.stringify({ data: [] });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(text);
    });
    // No jitter: the wait is exactly the hint, the worst case for an early timer.
    const client = new SvcClient({ apiKey: "rel_wait_key", baseUrl: server.url, baseRetryDelayMs: 0 });
    try {
      for (let i = 0; i < 20; i++) await client.integrations.listActive();
    } finally {
      await client.close();
      await server.close();
    }
    expect(gaps).toHaveLength(20 * REFUSALS);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(HINT_MS);
  });
});
