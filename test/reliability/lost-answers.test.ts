import { describe, expect, it } from "vitest";
import { lostAnswers } from "../../testkit/scenarios/lost-answers";

describe("lost answers", () => {
  it("500 provider creates with 20% of answers dropped after commit: 500 integrations, 0 duplicates, 0 failures", async () => {
    const f = await lostAnswers({ creates: 500, dropRate: 0.2 });
    expect(f.firstError).toBeUndefined();
    expect(f.failed).toBe(0);
    expect(f.succeeded).toBe(500);
    expect(f.stored).toBe(500);
    expect(f.duplicates).toBe(0);
    expect(f.wrongIds).toBe(0);
    // The faults did happen, and every dropped create was answered on retry from the idempotency record.
    expect(f.dropped).toBeGreaterThan(50);
    expect(f.replayed).toBeGreaterThanOrEqual(f.dropped);
  }, 120_000);

  it("the same drops without retries do fail (the assertion above can fail)", async () => {
    // With retries off the client cannot recover a lost answer: this proves the faults bite.
    const f = await lostAnswers({ creates: 40, dropRate: 0.5, noRetries: true });
    expect(f.failed).toBeGreaterThan(0);
    expect(f.succeeded).toBe(40 - f.failed);
    expect(f.stored).toBe(40);
  });

  it("a server that ignores Idempotency-Key makes the retries create duplicates (the duplicates figure can fail)", async () => {
    // The emulator accepts duplicate identifiers in both runs; only the idempotency contract differs.
    const f = await lostAnswers({ creates: 60, dropRate: 0.3, brokenIdempotency: true });
    expect(f.dropped).toBeGreaterThan(0);
    expect(f.duplicates).toBeGreaterThan(0);
    expect(f.stored).toBeGreaterThan(60);
    expect(f.wrongIds).toBeGreaterThan(0);
  });
});
