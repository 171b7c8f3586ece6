/**
 * Many SubscriberCredentials against a rate-limited emulator, through one provider instance (as the host
 * shares it), with the engine's parallelism: no failure, no hammering. Counts, not timings, are asserted.
 */

import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../../emulator";
import { SubscriberCredentialsProvider } from "../../../../provider/runtime/subscriber-credentials/provider";
import { exhaustConfigurationBucket } from "../../../../testkit/out-of-band";

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

async function start(count: number, perSecond: number): Promise<Emulator> {
  emu = await startEmulator({
    port: 0,
    rateLimit: { perSecond },
    fixtures: {
      integrations: [{ providerId: "fcm", channel: "push", active: true, identifier: "fcm-main" }],
      subscribers: Array.from({ length: count }, (_, i) => ({ subscriberId: `pace-${i}` })),
    },
  });
  return emu;
}

/** Creates `count` resources with `parallel` operations in flight; returns the failures. */
async function createAll(
  p: SubscriberCredentialsProvider,
  count: number,
  parallel: number,
): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const checked = await p.check(
        {},
        { subscriberId: `pace-${i}`, providerId: "fcm", credentials: { deviceTokens: [`t-${i}`] } },
      );
      try {
        await p.create(checked.inputs);
      } catch (e) {
        failures.push((e as Error).message);
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return failures;
}

function statuses(e: Emulator, method: string): number[] {
  return e.requests.filter((r) => r.method === method).map((r) => r.status);
}

describe("pacing by the service's rate-limit headers", () => {
  it("300 creates past the bucket's burst: every one succeeds, no 429, one PUT each and shared reads", async () => {
    const e = await start(300, 40); // bucket of 200, refilled at 40/s
    const p = new SubscriberCredentialsProvider({ settings: { apiKey: e.apiKey, baseUrl: e.url } });
    const failures = await createAll(p, 300, 48);
    expect(failures).toEqual([]);
    const puts = statuses(e, "PUT");
    expect(puts).toHaveLength(300);
    expect(puts.filter((s) => s === 429)).toHaveLength(0);
    // The credential routes are the service's `configuration` category, the integration list `global`.
    expect(p.session.pacer.snapshot().rates).toEqual({ configuration: 40, global: 40 });
    // Reads are shared by the whole process: the integration list (cached 2 s: at most one more while the
    // 300 creates take a little over 2 s) and, no identifier given, one subscriber read to learn the
    // environment (not one per create in flight).
    const gets = e.requests.filter((r) => r.method === "GET").map((r) => r.path.split("?")[0]);
    expect(gets.filter((path) => path === "/v2/subscribers")).toHaveLength(1);
    expect(gets.filter((path) => path === "/v1/integrations").length).toBeLessThanOrEqual(2);
    expect(gets.length + puts.length).toBe(e.requests.length);
    expect(
      e.subscriber(e.keys[0]!.environmentId, "pace-299")?.channels?.[0]?.credentials.deviceTokens,
    ).toEqual(["t-299"]);
    await p.session.client().close();
  });

  it("an exhausted bucket: 429s honour Retry-After, the provider pauses instead of hammering", async () => {
    const e = await start(60, 20); // bucket of 100
    // Someone else used the environment's whole bucket of the category the credential routes are in
    // (`configuration`): deletes of a provider no subscriber has an entry of.
    await exhaustConfigurationBucket(e, "pace-0");
    e.resetRequests();

    const p = new SubscriberCredentialsProvider({ settings: { apiKey: e.apiKey, baseUrl: e.url } });
    const parallel = 24;
    const failures = await createAll(p, 60, parallel);
    expect(failures).toEqual([]);
    const puts = statuses(e, "PUT");
    const limited = puts.filter((s) => s === 429).length;
    expect(limited).toBeGreaterThan(0); // the first wave found the bucket empty
    // After the first 429 everyone waits: at most the requests already in flight are refused.
    expect(limited).toBeLessThanOrEqual(parallel);
    expect(puts.filter((s) => s === 200)).toHaveLength(60);
    await p.session.client().close();
  });
});
