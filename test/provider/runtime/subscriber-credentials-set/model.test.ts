/**
 * The pure parts of SubscriberCredentialsSet (test layer 1): check (every entry, failures naming the
 * subscriberId and field), the engine diff, per-entry changes, the read-before-write plan, the read
 * strategy (the fingerprints: ../model/subscriber-credentials-set-fingerprint.test.ts).
 */
import { describe, expect, it } from "vitest";
import {
  decodeCredentials,
  encodeCredentials,
} from "../../../../provider/model/subscriber-credentials-set-schema";
import { UNKNOWN } from "../../../../provider/model/values";
import {
  IntegrationIndex,
  type Ownership,
} from "../../../../provider/runtime/channel-entries/channel-entry-rules";
import {
  credentialsOf,
  diffSubscriberCredentialsSet,
  entryChanges,
  planSync,
} from "../../../../provider/runtime/subscriber-credentials-set/diff";
import {
  checkSubscriberCredentialsSet,
  credentialsSetId,
  decodeSet,
  encodeSet,
  MAX_LISTED_FAILURES,
} from "../../../../provider/runtime/subscriber-credentials-set/model";
import { chooseReadStrategy } from "../../../../provider/runtime/subscriber-credentials-set/reader";
import type { Subscriber } from "../../../../sdk/schemas";
import { integrationRecord, subscriberRecord } from "../../../../testkit/subscriber-record";

const SECRET = "tok-secret-set-unit-1111";

const subscriber = subscriberRecord;

const fcm = (tokens: string[], integrationIdentifier = "fcm-main") => ({
  providerId: "fcm" as const,
  _integrationId: `int-${integrationIdentifier}`,
  credentials: { deviceTokens: tokens },
});

const liveIntegration = integrationRecord;

describe("check", () => {
  it("validates every entry and names the subscriberId and the field, echoing no credential", () => {
    const r = checkSubscriberCredentialsSet({
      providerId: "fcm",
      credentials: {
        "user-1": { deviceTokens: ["ok-1"] },
        "user-2": { deviceTokens: [SECRET, SECRET] },
        "user-3": { deviceTokens: ["has space"], colour: "red" },
        "user-4": { webhookUrl: `not a url ${SECRET}` },
        "": { deviceTokens: ["x"] },
      },
    });
    const reasons = (r.failures ?? []).map((f) => f.reason);
    expect(reasons).toContain('credentials["user-2"].deviceTokens[1]: duplicates deviceTokens[0]');
    expect(reasons.find((x) => x.startsWith('credentials["user-3"].deviceTokens[0]'))).toMatch(/spaces/);
    expect(reasons.find((x) => x.startsWith('credentials["user-3"].colour'))).toMatch(/unknown field/);
    expect(reasons.find((x) => x.startsWith('credentials["user-4"].webhookUrl'))).toMatch(/URL/);
    expect(reasons.some((x) => x.startsWith("credentials") && !/user-\d/.test(x))).toBe(true); // the empty id
    expect(reasons.some((x) => x.includes("user-1"))).toBe(false);
    expect(JSON.stringify(r.failures)).not.toContain(SECRET);
  });

  it("rejects tokens on a chat provider per entry, unknown fields and bad provider ids", () => {
    const r = checkSubscriberCredentialsSet({
      providerId: "slack",
      credentials: { alice: { deviceTokens: ["t"] } },
      extra: 1,
    });
    expect(r.failures?.map((f) => f.reason)).toEqual([
      expect.stringMatching(/^extra: unknown field/),
      expect.stringMatching(/^credentials\.alice\.deviceTokens: provider "slack" is a chat provider/),
    ]);
    const bad = checkSubscriberCredentialsSet({ providerId: "sendgrid", credentials: {} });
    expect(bad.failures?.[0]?.reason).toMatch(/^providerId: must be one of .*fcm/);
  });

  it("caps the failures listed, counting the rest", () => {
    const credentials = Object.fromEntries(
      Array.from({ length: 150 }, (_, i) => [`u${i}`, { deviceTokens: ["dup", "dup"] }]),
    );
    const r = checkSubscriberCredentialsSet({ providerId: "fcm", credentials });
    expect(r.failures).toHaveLength(MAX_LISTED_FAILURES + 1);
    expect(r.failures?.at(-1)?.reason).toBe("... and 50 more problems");
  });

  it("accepts unknowns (whole map or one entry) and drops nulls; normalizes entries", () => {
    expect(
      checkSubscriberCredentialsSet({ providerId: "fcm", integrationIdentifier: null, credentials: UNKNOWN }),
    ).toEqual({ inputs: { providerId: "fcm", credentials: UNKNOWN }, failures: [] });
    const r = checkSubscriberCredentialsSet({
      providerId: "fcm",
      credentials: { b: UNKNOWN, a: { deviceTokens: ["t"], webhookUrl: null } },
      __provider: "serialized",
    });
    expect(r.failures).toEqual([]);
    expect(JSON.stringify(r.inputs)).toBe(
      JSON.stringify({ credentials: { a: { deviceTokens: ["t"] }, b: UNKNOWN }, providerId: "fcm" }),
    );
  });

  it("fingerprints must cover exactly the declared subscribers and look like fingerprints", () => {
    const r = checkSubscriberCredentialsSet({
      providerId: "fcm",
      credentials: { a: {}, b: {} },
      fingerprints: { a: "0123456789abcdef", c: "nope" },
    });
    const reasons = r.failures?.map((f) => f.reason) ?? [];
    expect(reasons).toContain("fingerprints.c: must be 16 lower-case hex digits");
    expect(reasons).toContain('fingerprints: no fingerprint for "b"');
    expect(reasons).toContain('fingerprints: not in credentials: "c"');
  });

  it("id", () => {
    expect(credentialsSetId({ providerId: "fcm" })).toBe("fcm");
    expect(credentialsSetId({ providerId: "fcm", integrationIdentifier: "fcm-main" })).toBe("fcm/fcm-main");
  });
});

describe("the credentials as one JSON text (what the resource sends)", () => {
  const map = { b: { deviceTokens: ["2"], webhookUrl: null }, a: { deviceTokens: ["1"] } };

  it("check validates the entries inside the text and answers with the canonical text", () => {
    const r = checkSubscriberCredentialsSet({ providerId: "fcm", credentials: JSON.stringify(map) });
    expect(r.failures).toEqual([]);
    expect(r.inputs.credentials).toBe('{"a":{"deviceTokens":["1"]},"b":{"deviceTokens":["2"]}}');
    const bad = checkSubscriberCredentialsSet({
      providerId: "fcm",
      credentials: encodeCredentials({ a: { deviceTokens: [SECRET, SECRET] } }),
    });
    expect(bad.failures?.map((f) => f.reason)).toEqual([
      "credentials.a.deviceTokens[1]: duplicates deviceTokens[0]",
    ]);
    expect(JSON.stringify(bad.failures)).not.toContain(SECRET);
    const notJson = checkSubscriberCredentialsSet({ providerId: "fcm", credentials: "{nope" });
    expect(notJson.failures?.length).toBeGreaterThan(0);
  });

  it("the unknown marker is not a text; either form decodes to the map and answers in its own form", () => {
    expect(decodeCredentials(UNKNOWN)).toBe(UNKNOWN);
    expect(decodeCredentials(map)).toBe(map);
    expect(decodeCredentials(encodeCredentials(map))).toEqual(JSON.parse(JSON.stringify(map)));
    const asText = decodeSet({ providerId: "fcm", credentials: encodeCredentials({ a: {} }) });
    expect(asText).toEqual({ props: { providerId: "fcm", credentials: { a: {} } }, encoded: true });
    expect(encodeSet(asText.props, asText.encoded).credentials).toBe('{"a":{}}');
    expect(decodeSet({ credentials: { a: {} } }).encoded).toBe(false);
  });

  it("diff: the same map as a map (an older state) and as text is no change; equal texts are no change", () => {
    const olds = { providerId: "fcm", credentials: { a: { deviceTokens: ["1"] } } };
    const news = { providerId: "fcm", credentials: encodeCredentials(olds.credentials) };
    expect(diffSubscriberCredentialsSet(olds, news).changes).toBe(false);
    expect(diffSubscriberCredentialsSet(news, { ...news }).changes).toBe(false);
    const changed = { ...news, credentials: encodeCredentials({ a: { deviceTokens: ["2"] } }) };
    expect(diffSubscriberCredentialsSet(news, changed).changes).toBe(true);
    expect(diffSubscriberCredentialsSet(olds, changed).changes).toBe(true);
  });
});

describe("entry changes and diff", () => {
  const olds = {
    providerId: "fcm",
    credentials: { a: { deviceTokens: ["1", "2"] }, b: { deviceTokens: ["3"] }, c: { deviceTokens: ["4"] } },
  };

  it("per entry: token order does not matter; added, changed, removed", () => {
    const news = { a: { deviceTokens: ["2", "1"] }, b: { deviceTokens: ["5"] }, d: { deviceTokens: ["6"] } };
    expect(entryChanges(olds.credentials, news)).toEqual({ added: ["d"], changed: ["b"], removed: ["c"] });
    expect(entryChanges(undefined, { a: {} })).toEqual({ added: ["a"], changed: [], removed: [] });
  });

  it("no change, an entry change, an unknown map, and replacements", () => {
    expect(diffSubscriberCredentialsSet(olds, { ...olds })).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
    const one = { ...olds, credentials: { ...olds.credentials, c: { deviceTokens: ["9"] } } };
    expect(diffSubscriberCredentialsSet(olds, one).changes).toBe(true);
    const entryUnknown = { ...olds, credentials: { ...olds.credentials, c: UNKNOWN } };
    expect(diffSubscriberCredentialsSet(olds, entryUnknown).changes).toBe(true);
    expect(diffSubscriberCredentialsSet(olds, { ...olds, credentials: UNKNOWN }).changes).toBe(true);
    expect(diffSubscriberCredentialsSet(olds, { ...olds, fingerprints: { a: "x" } }).changes).toBe(true);
    expect(diffSubscriberCredentialsSet(olds, { ...olds, integrationIdentifier: "fcm-eu" })).toEqual({
      changes: true,
      replaces: ["integrationIdentifier"],
      deleteBeforeReplace: true,
    });
    expect(diffSubscriberCredentialsSet(olds, { ...olds, providerId: "apns" })).toEqual({
      changes: true,
      replaces: ["providerId"],
      deleteBeforeReplace: false,
    });
  });
});

describe("read-before-write plan", () => {
  // "int-fcm-main" is the set's integration; "int-fcm-eu" another active fcm integration (not the set's).
  const index = new IntegrationIndex([
    liveIntegration("int-fcm-main", "fcm-main", "2026-01-01T00:00:00Z"),
    liveIntegration("int-fcm-eu", "fcm-eu", "2026-01-02T00:00:00Z"),
  ]);
  const main = index.live("int-fcm-main");
  const own: Ownership = { providerId: "fcm", owned: new Set(["int-fcm-main"]), index };
  const stored = new Map<string, Subscriber>([
    ["same", subscriber("same", [fcm(["t2", "t1"])])],
    ["other", subscriber("other", [fcm(["old"])])],
    ["none", subscriber("none", [])],
    ["emptied", subscriber("emptied", [fcm([])])],
    ["two", subscriber("two", [fcm(["x"]), fcm(["y"], "fcm-eu")])],
    ["only", subscriber("only", [fcm(["z"])])],
  ]);
  const put = (deviceTokens: string[], integrationIdentifier = "fcm-main") => ({
    kind: "put",
    integrationIdentifier,
    credentials: { deviceTokens },
  });

  it("writes only entries that differ from what is stored; a missing subscriber gets no request", () => {
    const desired = {
      same: { deviceTokens: ["t1", "t2"] },
      other: { deviceTokens: ["new"] },
      none: { deviceTokens: ["n"] },
      ghost: { deviceTokens: ["g"] },
    };
    expect(planSync(own, main, desired, Object.keys(desired), [], stored)).toEqual({
      write: [
        { subscriberId: "other", plan: { steps: [put(["new"])], left: [] }, desired: desired.other },
        { subscriberId: "none", plan: { steps: [put(["n"])], left: [] }, desired: desired.none },
      ],
      clear: [],
      missing: ["ghost"],
      upToDate: 1,
      left: 0,
      stranded: [],
    });
  });

  it("removes only entries still holding something: DELETE when alone, cleared in place beside another's", () => {
    expect(planSync(own, main, {}, [], ["emptied", "none", "ghost", "two", "only"], stored)).toEqual({
      write: [],
      clear: [
        { subscriberId: "two", plan: { steps: [put([])], left: [] } },
        { subscriberId: "only", plan: { steps: [{ kind: "delete-all" }], left: [] } },
      ],
      missing: [],
      upToDate: 3,
      left: 0,
      stranded: [],
    });
  });

  it("with no active integration to write to, every subscriber to write fails without a request", () => {
    const plan = planSync(own, undefined, { same: { deviceTokens: ["a"] } }, ["same"], [], stored);
    expect(plan.missing).toEqual(["same"]);
    expect(plan.write).toEqual([]);
  });

  it("credentialsOf: an entry holding nothing counts as none", () => {
    expect(credentialsOf(fcm([]))).toBeUndefined();
    expect(credentialsOf(fcm(["b", "a"]))).toEqual({ deviceTokens: ["b", "a"] });
  });
});

describe("read strategy", () => {
  it("scans when the remaining pages cost no more than the lookups", () => {
    expect(chooseReadStrategy(10_000, 10_000)).toBe("scan"); // 99 pages left
    expect(chooseReadStrategy(99, 10_000)).toBe("scan");
    expect(chooseReadStrategy(98, 10_000)).toBe("lookup");
    expect(chooseReadStrategy(5, 50)).toBe("scan"); // one page holds everything
    expect(chooseReadStrategy(50, 1_000_000)).toBe("lookup");
  });
});
