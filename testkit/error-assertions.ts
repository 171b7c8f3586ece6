/**
 * Checks tests make of errors: the error a call fails with, and that no rendering of an error shows a key.
 * Test-only (uses vitest's `expect`).
 */
import { inspect } from "node:util";
import { expect } from "vitest";

/** The error a promise rejects with; throws (failing the test) when it resolves. */
export async function failure<E extends Error = Error>(p: Promise<unknown>): Promise<E> {
  try {
    await p;
  } catch (e) {
    return e as E;
  }
  throw new Error("expected the call to fail");
}

/** Asserts that `key` appears in none of the ways an error is shown: message, string, JSON, inspect, stack. */
export function expectNoKey(err: Error, key: string): void {
  for (const text of [
    err.message,
    String(err),
    JSON.stringify(err),
    inspect(err, { depth: 10 }),
    err.stack ?? "",
  ]) {
    expect(text).not.toContain(key);
  }
}
