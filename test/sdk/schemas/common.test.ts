import { describe, expect, expectTypeOf, it } from "vitest";
import {
  CHANNEL_TYPES,
  CHAT_PUSH_PROVIDER_IDS,
  channelTypeSchema,
  chatPushProviderIdSchema,
  idempotencyKeySchema,
  JOB_PROVIDER_IDS,
  JOB_TYPES,
  LIST_JOB_PROVIDER_IDS,
  LIST_JOB_TYPES,
  type OpenEnum,
  openChannelTypeSchema,
  openEnum,
  queryArray,
  queryBooleanSchema,
  queryNumber,
  TIME_UNITS,
  timeUnitSchema,
  without,
} from "../../../sdk/schemas";

describe("derived lists", () => {
  it("LIST_JOB_TYPES is JOB_TYPES without throttle, in order", () => {
    expect(LIST_JOB_TYPES).toEqual(JOB_TYPES.filter((t) => t !== "throttle"));
    expect(LIST_JOB_TYPES).toHaveLength(JOB_TYPES.length - 1);
    expectTypeOf<(typeof LIST_JOB_TYPES)[number]>().toEqualTypeOf<
      Exclude<(typeof JOB_TYPES)[number], "throttle">
    >();
  });
  it("without refuses to leave nothing", () => {
    expect(() => without(["a"] as const, "a")).toThrow(/nothing left of a/);
    expect(without(["a", "b", "c"] as const, "b")).toEqual(["a", "c"]);
  });
});

describe("enums", () => {
  it("has the spec's channel, time unit and provider id lists", () => {
    expect(CHANNEL_TYPES).toEqual(["in_app", "email", "sms", "chat", "push"]);
    expect(TIME_UNITS).toEqual(["seconds", "minutes", "hours", "days", "weeks", "months"]);
    expect(CHAT_PUSH_PROVIDER_IDS).toHaveLength(20);
    expect(new Set(CHAT_PUSH_PROVIDER_IDS).size).toBe(20);
    expect(JOB_PROVIDER_IDS).toHaveLength(77);
    expect(new Set(JOB_PROVIDER_IDS).size).toBe(77);
    expect(LIST_JOB_PROVIDER_IDS).toHaveLength(73);
    for (const gone of ["unifonic", "sinch", "appio", "novu-slack"]) {
      expect(JOB_PROVIDER_IDS).toContain(gone);
      expect(LIST_JOB_PROVIDER_IDS).not.toContain(gone);
    }
  });

  it("strict channel rejects unknown values and names the allowed ones", () => {
    expect(channelTypeSchema.parse("sms")).toBe("sms");
    const r = channelTypeSchema.safeParse("pager");
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('must be one of in_app, email, sms, chat, push (got "pager")');
  });

  it("strict enum truncates a long rejected value", () => {
    const r = chatPushProviderIdSchema.safeParse("x".repeat(500));
    expect(r.error?.issues[0]?.message.length).toBeLessThan(400);
    expect(r.error?.issues[0]?.message).toContain("…");
  });

  it("open enums accept unknown strings but not other types", () => {
    expect(openChannelTypeSchema.parse("carrier-pigeon")).toBe("carrier-pigeon");
    expect(timeUnitSchema.parse("fortnights")).toBe("fortnights");
    expect(openChannelTypeSchema.safeParse(3).success).toBe(false);
    const e = openEnum(["a", "b"]);
    expectTypeOf<ReturnType<typeof e.parse>>().toEqualTypeOf<OpenEnum<readonly ["a", "b"]>>();
  });
});

describe("query helpers", () => {
  it("numbers coerce from strings", () => {
    const n = queryNumber().int().min(1).max(50);
    expect(n.parse("7")).toBe(7);
    expect(n.parse(7)).toBe(7);
    expect(n.safeParse("abc").error?.issues[0]?.message).toBe("must be a number");
    expect(n.safeParse("51").success).toBe(false);
    expect(n.safeParse("1.5").success).toBe(false);
  });

  it("booleans accept true/false and their strings only", () => {
    expect(queryBooleanSchema.parse("true")).toBe(true);
    expect(queryBooleanSchema.parse("false")).toBe(false);
    expect(queryBooleanSchema.parse(false)).toBe(false);
    expect(queryBooleanSchema.safeParse("yes").error?.issues[0]?.message).toBe("must be true or false");
  });

  it("arrays accept one value or many and normalize to an array", () => {
    const a = queryArray(channelTypeSchema);
    expect(a.parse("email")).toEqual(["email"]);
    expect(a.parse(["email", "sms"])).toEqual(["email", "sms"]);
    const bad = a.safeParse(["email", "pager"]);
    expect(bad.error?.issues[0]?.path).toEqual([1]);
  });
});

describe("idempotencyKeySchema", () => {
  it("accepts 1..255 characters", () => {
    expect(idempotencyKeySchema.parse("k".repeat(255))).toHaveLength(255);
    expect(idempotencyKeySchema.safeParse("k".repeat(256)).success).toBe(false);
    expect(idempotencyKeySchema.safeParse("").success).toBe(false);
  });
});
