import { describe, expect, it } from "vitest";
import {
  carryWriteId,
  ReplacementGuard,
  writeIdOf,
} from "../../../../provider/runtime/shared/replacement-guard";

describe("ReplacementGuard", () => {
  it("a delete of what this deployment created is a plain delete", () => {
    const guard = new ReplacementGuard<string[]>();
    const outs = guard.stamp("alice/fcm", { subscriberId: "alice" }, ["alice"]);
    expect(writeIdOf(outs)).toMatch(/^[0-9a-f-]{36}$/);
    expect(guard.supersededBy("alice/fcm", outs)).toBeUndefined();
    expect(guard.supersededBy("alice/fcm", carryWriteId({ subscriberId: "alice" }, outs))).toBeUndefined();
  });

  it("a delete of older state of an id this deployment created again is the old half of a replacement", () => {
    const older = new ReplacementGuard().stamp("alice/fcm", {}, undefined);
    const guard = new ReplacementGuard<string[]>();
    guard.stamp("alice/fcm", {}, ["alice"]);
    expect(guard.supersededBy("alice/fcm", older)).toEqual({ payload: ["alice"] });
    expect(guard.supersededBy("alice/fcm", {})).toEqual({ payload: ["alice"] }); // state from before stamps
    expect(guard.supersededBy("bob/fcm", older)).toBeUndefined();
  });

  it("read and update carry the stamp over, and add none where there was none", () => {
    expect(carryWriteId({ a: 1 }, { writeId: "w-1" })).toEqual({ a: 1, writeId: "w-1" });
    expect(carryWriteId({ a: 1 }, { writeId: 7 })).toEqual({ a: 1 });
    expect(carryWriteId({ a: 1 }, undefined)).toEqual({ a: 1 });
  });
});
