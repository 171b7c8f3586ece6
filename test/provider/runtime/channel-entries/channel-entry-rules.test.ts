/**
 * The service's rules for channel entries and what a resource plans from them
 * (provider/runtime/channel-entries/channel-entry-rules.ts), pure: which integration a write lands on, what a PUT must carry
 * for the merge to end at the declared credentials, and how a resource removes its entry beside others'.
 */
import { describe, expect, it } from "vitest";
import {
  credentialValues,
  IntegrationIndex,
  isInert,
  type Ownership,
  planRemoval,
  planWrite,
  writeBodyCredentials,
  writeTarget,
} from "../../../../provider/runtime/channel-entries/channel-entry-rules";
import type { ChannelSettings, Subscriber } from "../../../../sdk/schemas";
import { integrationRecord, subscriberRecord } from "../../../../testkit/subscriber-record";

const integration = integrationRecord;

const OLD = integration("int-old", "fcm-old", "2026-01-01T00:00:00Z");
const NEW = integration("int-new", "fcm-new", "2026-02-01T00:00:00Z");
const APP = integration("int-app", "fcm-app", "2026-01-15T00:00:00Z");
const OFF = integration("int-off", "fcm-off", "2026-03-01T00:00:00Z", { active: false });
const OTHER_ENV = integration("int-env2", "fcm-env2", "2026-04-01T00:00:00Z", { _environmentId: "e2" });
const index = new IntegrationIndex([OLD, NEW, APP, OFF, OTHER_ENV]);

const entry = (integrationId: string, credentials: ChannelSettings["credentials"]): ChannelSettings => ({
  providerId: "fcm",
  _integrationId: integrationId,
  credentials,
});
const subscriber = (...channels: ChannelSettings[]): Subscriber => subscriberRecord("alice", channels);
const owning = (...ids: string[]): Ownership => ({ providerId: "fcm", owned: new Set(ids), index });

describe("which integration a write lands on", () => {
  it("the newest active one of the provider in the environment, narrowed by identifier", () => {
    expect(writeTarget(index, "e", { providerId: "fcm" })?._id).toBe("int-new");
    expect(writeTarget(index, "e2", { providerId: "fcm" })?._id).toBe("int-env2");
    expect(writeTarget(index, "e", { providerId: "fcm", integrationIdentifier: "fcm-old" })?._id).toBe(
      "int-old",
    );
    expect(writeTarget(index, "e", { providerId: "fcm", integrationIdentifier: "fcm-off" })).toBeUndefined();
    expect(writeTarget(index, "e", { providerId: "apns" })).toBeUndefined();
  });

  it("a deleted integration is not live: its entries are inert", () => {
    const gone = new IntegrationIndex([{ ...NEW, deleted: true }]);
    expect(writeTarget(gone, "e", { providerId: "fcm" })).toBeUndefined();
    expect(isInert(entry("int-new", { deviceTokens: ["t"] }), gone)).toBe(true);
    expect(isInert(entry("int-new", { deviceTokens: ["t"] }), index)).toBe(false);
    expect(isInert(entry("int-new", { deviceTokens: [], webhookUrl: "" }), index)).toBe(true);
  });
});

describe("what a PUT carries (the service merges the keys it leaves out)", () => {
  it("a held key the program dropped is sent empty; tokens are always sent; dropped fields never", () => {
    const held = entry("int-new", { webhookUrl: "https://hooks.test/a", channel: "ops" });
    expect(writeBodyCredentials({ channel: "dev" }, held)).toEqual({
      channel: "dev",
      webhookUrl: "",
      deviceTokens: [],
    });
    expect(writeBodyCredentials({ deviceTokens: ["a"], alertUid: "u" }, undefined)).toEqual({
      deviceTokens: ["a"],
    });
  });
});

describe("writing", () => {
  it("nothing when the target's entry already holds the declared credentials (token order aside)", () => {
    const s = subscriber(entry("int-new", { deviceTokens: ["b", "a"] }));
    expect(planWrite(s, owning("int-new"), NEW, { deviceTokens: ["a", "b"] }).steps).toEqual([]);
    expect(planWrite(s, owning("int-new"), NEW, { deviceTokens: ["a"] }).steps).toEqual([
      { kind: "put", integrationIdentifier: "fcm-new", credentials: { deviceTokens: ["a"] } },
    ]);
  });

  it("a binding that moved beside an application's entry: written anew, the old entry cleared in place", () => {
    const app = entry("int-app", { deviceTokens: ["app-token"] });
    const s = subscriber(entry("int-old", { deviceTokens: ["mine"] }), app);
    expect(planWrite(s, owning("int-old", "int-new"), NEW, { deviceTokens: ["mine"] })).toEqual({
      steps: [
        { kind: "put", integrationIdentifier: "fcm-new", credentials: { deviceTokens: ["mine"] } },
        { kind: "put", integrationIdentifier: "fcm-old", credentials: { deviceTokens: [] } },
      ],
      left: [],
    });
  });

  it("a binding that moved with no one else's entry: one DELETE, then the write", () => {
    const s = subscriber(
      entry("int-old", { deviceTokens: ["mine"] }),
      entry("int-app", { deviceTokens: [] }),
    );
    expect(planWrite(s, owning("int-old", "int-new"), NEW, { deviceTokens: ["mine"] }).steps).toEqual([
      { kind: "delete-all" },
      { kind: "put", integrationIdentifier: "fcm-new", credentials: { deviceTokens: ["mine"] } },
    ]);
  });
});

describe("removing", () => {
  it("one DELETE when every other entry of the provider is inert (empty, or its integration deleted)", () => {
    const s = subscriber(
      entry("int-new", { deviceTokens: ["mine"] }),
      entry("int-app", { deviceTokens: [], webhookUrl: "" }),
      entry("int-deleted", { deviceTokens: ["orphan"] }),
    );
    expect(planRemoval(s, owning("int-new")).steps).toEqual([{ kind: "delete-all" }]);
  });

  it("beside an entry holding credentials: cleared in place, never a DELETE", () => {
    const s = subscriber(
      entry("int-new", { deviceTokens: ["mine"], webhookUrl: "https://hooks.test/x" }),
      entry("int-app", { deviceTokens: ["app-token"] }),
    );
    expect(planRemoval(s, owning("int-new"))).toEqual({
      steps: [
        {
          kind: "put",
          integrationIdentifier: "fcm-new",
          credentials: { deviceTokens: [], webhookUrl: "" },
        },
      ],
      left: [],
    });
  });

  it("an owned entry whose integration is inactive or deleted is left, beside someone else's", () => {
    const app = entry("int-app", { deviceTokens: ["app-token"] });
    const off = entry("int-off", { deviceTokens: ["mine"] });
    const dead = entry("int-dead", { deviceTokens: ["mine-too"] });
    const plan = planRemoval(subscriber(off, dead, app), owning("int-off", "int-dead"));
    expect(plan).toEqual({ steps: [], left: [off, dead] });
  });

  it("nothing when the resource's entry is gone or already holds nothing", () => {
    const app = entry("int-app", { deviceTokens: ["app-token"] });
    expect(planRemoval(subscriber(app), owning("int-new")).steps).toEqual([]);
    const cleared = entry("int-new", { deviceTokens: [] });
    expect(planRemoval(subscriber(cleared, app), owning("int-new")).steps).toEqual([]);
  });
});

describe("what a plan leaves holding the resource's credentials (issue 33: the providers warn about it)", () => {
  const app = entry("int-app", { deviceTokens: ["app-token"] });
  const dead = entry("int-dead", { deviceTokens: ["mine"] });
  const moved = entry("int-new", { deviceTokens: ["mine"] });
  const withValues = (...ids: string[]): Ownership => ({
    ...owning(...ids),
    values: credentialValues({ deviceTokens: ["mine"] }, { webhookUrl: "https://hooks.test/mine" }),
  });

  it("an entry on a deleted integration that holds one of its values, though no longer owned, beside someone else's", () => {
    expect(planRemoval(subscriber(dead, moved, app), withValues("int-new")).left).toEqual([dead]);
    const write = planWrite(subscriber(dead, moved, app), withValues("int-new"), NEW, {
      deviceTokens: ["mine"],
    });
    expect(write).toEqual({ steps: [], left: [dead] });
    const hook = entry("int-dead", { webhookUrl: "https://hooks.test/mine" });
    expect(planRemoval(subscriber(hook, moved, app), withValues("int-new")).left).toEqual([hook]);
  });

  it("nothing when a DELETE removes it, when it holds none of the values, or is someone else's on a live integration", () => {
    expect(planRemoval(subscriber(dead, moved), withValues("int-new"))).toEqual({
      steps: [{ kind: "delete-all" }],
      left: [],
    });
    const foreign = entry("int-dead", { deviceTokens: ["someone-else"] });
    expect(planRemoval(subscriber(foreign, moved, app), withValues("int-new")).left).toEqual([]);
    const live = entry("int-app", { deviceTokens: ["mine"] });
    expect(planRemoval(subscriber(live, moved), withValues("int-new")).left).toEqual([]);
  });
});
