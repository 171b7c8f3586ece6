/**
 * The channel-entry core shared by SubscriberCredentials and SubscriberCredentialsSet
 * (provider/model/channel-entry.ts): ids, comparable credentials, token rules, fields the service drops.
 * Which entries a resource owns and how it removes them: test/provider/runtime/channel-entries/channel-entry-rules.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  comparableCredentials,
  idSchema,
  normalizeCredentials,
  tokenFailures,
  unstoredFieldFailures,
} from "../../../provider/model/channel-entry";
import { UNKNOWN } from "../../../provider/model/values";

describe("channel entry", () => {
  it("ids: non-empty, at most 255 characters, no control characters or surrounding spaces", () => {
    expect(idSchema.safeParse("user-1").success).toBe(true);
    for (const bad of ["", "x".repeat(256), "a\u0000b", " padded"])
      expect(idSchema.safeParse(bad).success).toBe(false);
  });

  it("credentials compare with token order, duplicates and an empty list ignored; nulls dropped", () => {
    expect(comparableCredentials({ deviceTokens: ["b", "a", "a"] })).toBe(
      comparableCredentials({ deviceTokens: ["a", "b"] }),
    );
    expect(comparableCredentials({ deviceTokens: [] })).toBe(comparableCredentials({}));
    expect(comparableCredentials({ webhookUrl: "", channel: "" })).toBe(comparableCredentials({}));
    expect(comparableCredentials({ webhookUrl: "https://h.test" })).not.toBe(comparableCredentials({}));
    expect(normalizeCredentials({ webhookUrl: "https://h.test", channel: null })).toEqual({
      webhookUrl: "https://h.test",
    });
    expect(normalizeCredentials(UNKNOWN)).toBe(UNKNOWN);
  });

  it("token rules: chat providers take none; duplicates and spaces named by index, never echoed", () => {
    const chat = tokenFailures("slack", ["tok-1"]);
    expect(chat).toHaveLength(1);
    expect(chat[0]?.reason).toMatch(/chat provider/);
    const reasons = tokenFailures("fcm", ["tok-1", "tok 2", "tok-1"]).map((f) => f.reason);
    expect(reasons).toEqual([
      "credentials.deviceTokens[1]: must not contain spaces or control characters (a malformed token?)",
      "credentials.deviceTokens[2]: duplicates deviceTokens[0]",
    ]);
    expect(reasons.join()).not.toContain("tok-1");
  });

  it("fields the service drops (Grafana on-call's) are refused by name, never echoed", () => {
    const failures = unstoredFieldFailures({
      webhookUrl: "https://h.test",
      alertUid: "secret-uid",
      title: "t",
    });
    expect(failures.map((f) => f.reason)).toEqual([
      expect.stringMatching(/^credentials\.alertUid: the service does not store this field/),
      expect.stringMatching(/^credentials\.title: the service does not store this field/),
    ]);
    expect(JSON.stringify(failures)).not.toContain("secret-uid");
    expect(unstoredFieldFailures({ deviceTokens: ["a"] })).toEqual([]);
  });
});
