/** Needs `npm run build` first: the dynamic-provider host loads the provider runtime from dist. */
import { describe, expect, it } from "vitest";
import { secretsEcho } from "../../testkit/scenarios/secrets-echo";
import { secretsLifecycle } from "../../testkit/scenarios/secrets-lifecycle";

describe("secrets through the engine protocol", () => {
  it("after a full lifecycle of every resource kind, no API key or credential value is in plaintext anywhere kept", async () => {
    const f = await secretsLifecycle();
    // Counted from the steps that ran: both kinds were created, four resources (mail, sms, push, chat).
    expect(f.kinds).toEqual(["Integration", "SubscriberCredentials"]);
    expect(f.resources).toBe(4);
    // The raw wire was tapped and does carry the plaintext the engine sends (so the scan would see a leak).
    expect(f.wireCalls).toBeGreaterThan(20);
    expect(f.wireRequestHits).toBeGreaterThan(0);
    expect(f.wireWhere).toEqual([]);
    expect(f.firstUnexpected).toBeUndefined();
    expect(f.unexpectedFailures).toBe(0);
    // The failing steps did fail, and said why without the values.
    expect(f.expectedFailures).toBe(2);
    expect(f.failureMessages.join("\n")).toMatch(/nobody-/);
    expect(f.failureMessages.join("\n")).toMatch(/already exists/);
    // The scan looks for the right strings: the raw (unencrypted) state does hold them.
    expect(f.controlHits).toBeGreaterThan(0);
    expect(f.hits).toEqual({
      state: 0,
      "unsecret outputs": 0,
      "error messages": 0,
      "host stdout/stderr": 0,
      "engine Log": 0,
      "serialized providers": 0,
      "raw gRPC responses": 0,
      "raw gRPC errors": 0,
    });
    expect(f.providers).toBe(2);
  }, 120_000);

  it("a service that quotes the request body in its errors: provider errors still carry no secret (JSON-valued ones included)", async () => {
    const f = await secretsEcho();
    // The server did echo them (control), the errors the engine gets do not (regression: a service account
    // echoed JSON-escaped used to pass the scrubber, private key and all).
    expect(f.controlHits).toBeGreaterThan(0);
    expect(f.hits).toBe(0);
    expect(f.calls).toBe(4);
    for (const m of f.messages) expect(m).toMatch(/^svc: create: .* -> 400: /);
  });
});
