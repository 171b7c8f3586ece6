/**
 * The pure rules of TopicSubscriptions' subscriptions with identifiers: the stored form (what check and a
 * read both make, so that they compare equal), the plan, and the preview's lines, one per changed field.
 */
import { describe, expect, it } from "vitest";
import {
  planSubscriptions,
  storedSubscriptions,
  subscriptionFromService,
  subscriptionsChanges,
  wirePreferences,
} from "../../../../provider/runtime/topic-subscriptions/declared-subscriptions";

const gold = { "==": [{ var: "payload.tier" }, "gold"] };

describe("declared subscriptions", () => {
  it("the stored form: sorted by identifier and workflow, enabled filled in, an empty name or list left out", () => {
    const stored = storedSubscriptions([
      { identifier: "b", subscriberId: "bob", name: "", preferences: [] },
      {
        identifier: "a",
        subscriberId: "alice",
        preferences: [
          { workflowId: "z", condition: gold },
          { workflowId: "m", enabled: false },
        ],
      },
    ]);
    expect(stored).toEqual([
      {
        identifier: "a",
        subscriberId: "alice",
        preferences: [
          { workflowId: "m", enabled: false },
          { workflowId: "z", enabled: true, condition: gold },
        ],
      },
      { identifier: "b", subscriberId: "bob" },
    ]);
    const read = subscriptionFromService("a", "alice", {
      preferences: [
        { workflow: { id: "1", identifier: "z" }, enabled: true, condition: gold },
        { workflow: { id: "2", identifier: "m" }, enabled: false },
      ],
    });
    expect(read).toEqual(stored[0]);
  });

  it("sends each preference as a filter of its one workflow, enabled set (the service drops it otherwise)", () => {
    expect(
      wirePreferences({ identifier: "a", subscriberId: "s", preferences: [{ workflowId: "w" }] }),
    ).toEqual([{ filter: { workflowIds: ["w"] }, enabled: true }]);
  });

  it("plans adds, removes, edits; a new subscriber for an identifier is a remove and an add", () => {
    const before = storedSubscriptions([
      { identifier: "keep", subscriberId: "a" },
      { identifier: "edit", subscriberId: "a", name: "Old" },
      { identifier: "move", subscriberId: "a" },
      { identifier: "gone", subscriberId: "a" },
    ]);
    const after = storedSubscriptions([
      { identifier: "keep", subscriberId: "a" },
      { identifier: "edit", subscriberId: "a", name: "New" },
      { identifier: "move", subscriberId: "b" },
      { identifier: "new", subscriberId: "a" },
    ]);
    const plan = planSubscriptions(before, after);
    expect(plan.add.map((s) => s.identifier)).toEqual(["move", "new"]);
    expect(plan.remove.map((s) => s.identifier)).toEqual(["move", "gone"]);
    expect(plan.edit.map((s) => s.identifier)).toEqual(["edit"]);
  });

  it("names each changed field: a name, an enabled, a condition, a preference added or removed", () => {
    const before = storedSubscriptions([
      {
        identifier: "a",
        subscriberId: "s",
        name: "A",
        preferences: [{ workflowId: "w1", condition: gold }, { workflowId: "w2" }],
      },
    ]);
    const after = storedSubscriptions([
      {
        identifier: "a",
        subscriberId: "s",
        preferences: [{ workflowId: "w1", enabled: false }, { workflowId: "w3" }],
      },
    ]);
    expect(subscriptionsChanges(before, after).map((c) => `${c.kind} ${c.property}`)).toEqual([
      "delete subscriptions[0].name",
      "update subscriptions[0].preferences[0].enabled",
      "delete subscriptions[0].preferences[0].condition",
      "add subscriptions[0].preferences[1]",
      "delete subscriptions[0].preferences[1]",
    ]);
  });
});
