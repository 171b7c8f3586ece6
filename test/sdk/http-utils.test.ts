import { describe, expect, it } from "vitest";
import {
  errorMessageOf,
  headerNumber,
  headerValue,
  parseRateLimitPolicy,
  parseRateLimitReset,
  parseRetryAfter,
  requestIdOf,
} from "../../sdk/http-utils";

const now = Date.UTC(2025, 0, 1);

describe("headers", () => {
  it("headerValue takes the first of a repeated header and tolerates no headers", () => {
    expect(headerValue({ "retry-after": ["2", "5"] }, "retry-after")).toBe("2");
    expect(headerValue({ "retry-after": "3" }, "retry-after")).toBe("3");
    expect(headerValue({}, "retry-after")).toBeUndefined();
    expect(headerValue(undefined, "retry-after")).toBeUndefined();
  });

  it("requestIdOf reads the first request-id header present", () => {
    expect(requestIdOf({ "x-request-id": "a", "request-id": "b" })).toBe("a");
    expect(requestIdOf({ "x-correlation-id": "c" })).toBe("c");
    expect(requestIdOf({ "x-request-id": "" })).toBeUndefined();
  });

  it("headerNumber accepts non-negative decimals only", () => {
    expect(headerNumber(" 500 ")).toBe(500);
    expect(headerNumber("1.25")).toBe(1.25);
    expect(headerNumber("-1")).toBeUndefined();
    expect(headerNumber("1e3")).toBeUndefined();
    expect(headerNumber(undefined)).toBeUndefined();
  });
});

describe("one rounding rule: seconds become whole ms, rounded up", () => {
  it("parseRetryAfter", () => {
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter("")).toBeUndefined();
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter("0")).toBe(0);
    expect(parseRetryAfter("1")).toBe(1000);
    expect(parseRetryAfter(" 1.5 ")).toBe(1500);
    // A fraction of a millisecond never shortens the wait.
    expect(parseRetryAfter("0.0001")).toBe(1);
    expect(parseRetryAfter("1.0005")).toBe(1001);
    expect(parseRetryAfter(new Date(now + 10_000).toUTCString(), now)).toBe(10_000);
    expect(parseRetryAfter(new Date(now - 10_000).toUTCString(), now)).toBe(0);
  });

  it("parseRateLimitReset: delta seconds or an epoch timestamp", () => {
    expect(parseRateLimitReset(undefined)).toBeUndefined();
    expect(parseRateLimitReset("x")).toBeUndefined();
    expect(parseRateLimitReset("3")).toBe(3000);
    expect(parseRateLimitReset("0.0001")).toBe(1);
    expect(parseRateLimitReset(String(now / 1000 + 5), now)).toBe(5000);
    expect(parseRateLimitReset(String(now / 1000 - 5), now)).toBe(0);
  });

  it("parseRateLimitPolicy reads window and category, ignores the rest", () => {
    expect(parseRateLimitPolicy('500;w=5;comment="x";category="global"')).toEqual({
      windowS: 5,
      category: "global",
    });
    expect(parseRateLimitPolicy("60;w=1.5")).toEqual({ windowS: 1.5 });
    expect(parseRateLimitPolicy("category=trigger")).toEqual({ category: "trigger" });
    expect(parseRateLimitPolicy(undefined)).toEqual({});
  });
});

describe("errorMessageOf", () => {
  it("reads message, a validation list, error, or a text body", () => {
    expect(errorMessageOf({ statusCode: 409, message: "already exists", error: "Conflict" })).toBe(
      "already exists",
    );
    expect(errorMessageOf({ message: ["a must be set", 2] })).toBe("a must be set; 2");
    expect(errorMessageOf({ message: "", error: "Conflict" })).toBe("Conflict");
    expect(errorMessageOf({ message: [], error: "Bad Request" })).toBe("Bad Request");
    expect(errorMessageOf("plain text")).toBe("plain text");
  });

  it("is undefined when the body has no message", () => {
    expect(errorMessageOf({ statusCode: 500 })).toBeUndefined();
    expect(errorMessageOf(["x"])).toBeUndefined();
    expect(errorMessageOf(null)).toBeUndefined();
    expect(errorMessageOf(undefined)).toBeUndefined();
  });
});
