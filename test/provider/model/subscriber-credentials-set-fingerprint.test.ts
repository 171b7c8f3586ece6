/** The keyed fingerprints a SubscriberCredentialsSet shows in previews (provider/model/subscriber-credentials-set-fingerprint.ts). */
import { describe, expect, it } from "vitest";
import {
  FINGERPRINT_HEX_DIGITS,
  fingerprintKey,
  fingerprintOf,
  fingerprintsOf,
} from "../../../provider/model/subscriber-credentials-set-fingerprint";

describe("fingerprints", () => {
  const key = fingerprintKey("stack-secret", "proj", "dev");

  it("keyed, per stack, per subscriber, token order ignored", () => {
    const f = fingerprintOf(key, "alice", { deviceTokens: ["a", "b"] });
    expect(f).toMatch(new RegExp(`^[0-9a-f]{${FINGERPRINT_HEX_DIGITS}}$`));
    expect(fingerprintOf(key, "alice", { deviceTokens: ["b", "a"] })).toBe(f);
    expect(fingerprintOf(key, "bob", { deviceTokens: ["a", "b"] })).not.toBe(f);
    expect(fingerprintOf(key, "alice", { deviceTokens: ["a", "c"] })).not.toBe(f);
    expect(
      fingerprintOf(fingerprintKey("stack-secret", "proj", "prod"), "alice", { deviceTokens: ["a", "b"] }),
    ).not.toBe(f);
    expect(
      fingerprintOf(fingerprintKey("other-secret", "proj", "dev"), "alice", { deviceTokens: ["a", "b"] }),
    ).not.toBe(f);
  });

  it("one per entry", () => {
    const all = fingerprintsOf(key, { b: { deviceTokens: ["1"] }, a: {} });
    expect(Object.keys(all)).toEqual(["a", "b"]);
    expect(all.b).toBe(fingerprintOf(key, "b", { deviceTokens: ["1"] }));
  });
});
