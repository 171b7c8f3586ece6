/**
 * The pure rules of Topic and TopicSubscriptions: a set of subscriberIds (order and repeats are no change),
 * the diff by set naming each added and removed subscriber for the plugin, the identifiers that tell the
 * resource's subscriptions from the application's, and the plugin's defaults (default key, owner origin).
 */
import { describe, expect, it } from "vitest";
import { defaultIdentifier } from "../../../../provider/default-identifier";
import { withProgramDefaults } from "../../../../provider/plugin/resource-defaults";
import { checkTopic, diffTopic } from "../../../../provider/runtime/topic/model";
import {
  checkTopicSubscriptions,
  diffTopicSubscriptions,
  ownerTag,
  parseTopicSubscriptionsId,
  subscriptionIdentifier,
  topicSubscriptionsChanges,
  topicSubscriptionsId,
} from "../../../../provider/runtime/topic-subscriptions/model";

const urn = { project: "p", stack: "dev", type: "svc:index:Topic", name: "beta" };

describe("TopicSubscriptions rules", () => {
  it("check makes the subscriberIds a sorted set and names bad inputs", () => {
    const r = checkTopicSubscriptions({ topicKey: "beta", subscriberIds: ["c", "a", "c", "b"] });
    expect(r.failures).toEqual([]);
    expect(r.inputs.subscriberIds).toEqual(["a", "b", "c"]);
    const bad = checkTopicSubscriptions({ topicKey: "has space", subscriberIds: [""] });
    expect(bad.failures.map((f) => f.property).sort()).toEqual(["subscriberIds", "topicKey"]);
  });

  it("diff is by set: reorder is no change; a new topic key replaces", () => {
    const olds = { topicKey: "beta", subscriberIds: ["a", "b", "c"] };
    expect(diffTopicSubscriptions(olds, { topicKey: "beta", subscriberIds: ["c", "b", "a"] }).changes).toBe(
      false,
    );
    expect(diffTopicSubscriptions(olds, { topicKey: "beta", subscriberIds: ["a", "b", "d"] })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    expect(
      diffTopicSubscriptions(olds, { topicKey: "gamma", subscriberIds: ["a", "b", "c"] }).replaces,
    ).toEqual(["topicKey"]);
  });

  it("the plugin's detailed diff names each added subscriber (new list) and removed one (old list)", () => {
    const changes = topicSubscriptionsChanges(
      { topicKey: "beta", subscriberIds: ["a", "b", "c"] },
      { topicKey: "beta", subscriberIds: ["a", "c", "d"] },
    );
    expect(changes).toEqual([
      { property: "subscriberIds[2]", kind: "add", replace: false },
      { property: "subscriberIds[1]", kind: "delete", replace: false },
    ]);
  });

  it("identifiers carry the owner tag; ids round-trip", () => {
    const owner = ownerTag({ project: "p", stack: "dev", name: "subs" });
    expect(owner).toMatch(/^pulumi-[0-9a-f]{8}$/);
    expect(ownerTag({ project: "p", stack: "prod", name: "subs" })).not.toBe(owner);
    expect(subscriptionIdentifier("beta", "alice", owner)).toBe(`tk_beta:si_alice:${owner}`);
    expect(subscriptionIdentifier("beta", "alice", owner)).not.toBe("tk_beta:si_alice");
    expect(parseTopicSubscriptionsId(topicSubscriptionsId("a:b.c", owner))).toEqual({
      topicKey: "a:b.c",
      owner,
    });
    expect(parseTopicSubscriptionsId("no-owner")).toBeUndefined();
  });
});

describe("Topic rules", () => {
  it("a new key replaces; a new name or forceDestroy updates", () => {
    const olds = { key: "beta", name: "Beta" };
    expect(diffTopic(olds, { key: "beta", name: "Beta" }).changes).toBe(false);
    expect(diffTopic(olds, { key: "beta", name: "Beta 2" })).toMatchObject({ changes: true, replaces: [] });
    expect(diffTopic(olds, { key: "beta", name: "Beta", forceDestroy: true }).changes).toBe(true);
    expect(diffTopic(olds, { key: "gamma", name: "Beta" }).replaces).toEqual(["key"]);
  });

  it("check keeps a default key across a rename; the plugin computes the same default key", () => {
    const before = { project: "p", stack: "dev", name: "beta" };
    const after = { project: "p", stack: "dev", name: "beta-renamed" };
    const r = checkTopic(
      { key: defaultIdentifier(before), defaultIdentifierOf: before },
      { key: defaultIdentifier(after), defaultIdentifierOf: after, name: "Beta" },
    );
    expect(r.inputs.key).toBe(defaultIdentifier(before));
    const plugin = withProgramDefaults("topic", { name: "Beta" }, urn, undefined);
    expect(plugin.key).toBe(defaultIdentifier({ project: "p", stack: "dev", name: "beta" }));
    const subs = withProgramDefaults(
      "topic-subscriptions",
      { topicKey: "k", subscriberIds: [] },
      urn,
      undefined,
    );
    expect(subs.ownerOf).toEqual({ project: "p", stack: "dev", name: "beta" });
  });
});
