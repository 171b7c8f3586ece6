/**
 * The channel-entry core shared by SubscriberCredentials and SubscriberCredentialsSet
 * (provider/model/channel-entry.ts): ids, comparable credentials, token rules, owned entries and removals.
 */
import { describe, expect, it } from "vitest";
import {
  comparableCredentials,
  entriesOf,
  idSchema,
  normalizeCredentials,
  ownEntries,
  removalsOf,
  tokenFailures,
} from "../../../provider/model/channel-entry";
import { UNKNOWN } from "../../../provider/model/values";
import type { ChannelSettings, Subscriber } from "../../../sdk/schemas";
import { subscriberRecord } from "../../../testkit/subscriber-record";

const entry = (integrationIdentifier: string, integrationId: string, tokens: string[]): ChannelSettings => ({
  providerId: "fcm",
  integrationIdentifier,
  _integrationId: integrationId,
  credentials: { deviceTokens: tokens },
});

const subscriber = (channels: ChannelSettings[]): Subscriber => subscriberRecord("alice", channels);

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

  it("owned entries split by the integration the identifier names now; removals scoped beside others'", () => {
    const current = entry("fcm-main", "int-new", ["a"]);
    const stale = entry("fcm-main", "int-old", ["b"]);
    const other = entry("fcm-other", "int-x", ["c"]);
    const s = subscriber([current, stale, other]);
    const target = { providerId: "fcm", integrationIdentifier: "fcm-main" };
    expect(ownEntries(s, target, "int-new")).toEqual({ current, stale: [stale] });
    expect(ownEntries(s, target, null)).toEqual({ current: undefined, stale: [current, stale] });
    expect(entriesOf(s, target)).toEqual([current, stale]);
    expect(removalsOf(s, "fcm", [current, stale])).toEqual([{ integrationIdentifier: "fcm-main" }]);
    expect(removalsOf(subscriber([current]), "fcm", [current])).toEqual([{}]);
  });
});
