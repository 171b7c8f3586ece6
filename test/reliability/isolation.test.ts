import { describe, expect, it } from "vitest";
import { isolation } from "../../testkit/scenarios/isolation";

describe("isolation: two organizations × two environments, every operation", () => {
  it("0 reads or writes across environments or organizations where the spec scopes them", async () => {
    const f = await isolation();
    expect(f.leakDetails).toEqual([]);
    expect(f.leaks).toBe(0);
    expect(f.environments).toBe(4);
    expect(f.operations).toEqual([
      "integrations.create",
      "integrations.delete",
      "integrations.list",
      "integrations.listActive",
      "integrations.update",
      "messages.list",
      "notifications.get",
      "notifications.list",
      "subscribers.getPreferences",
      "subscribers.search",
      "subscribers.upsertCredentials",
      "workflows.get",
    ]);
    expect(f.checks).toBeGreaterThan(150);
  });
});
