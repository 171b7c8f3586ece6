/** Helpers for the values the dynamic-provider host receives: inputs from the engine, paths under unknowns. */
import type { z } from "zod";
import { isUnknown, stripNulls } from "../../model/values";

/**
 * True when `path` (a zod issue path) crosses a value that is unknown in `value`: its validation is deferred
 * to `up`, where the value is known.
 */
export function underUnknown(value: unknown, path: readonly PropertyKey[]): boolean {
  let cur: unknown = value;
  for (const seg of path) {
    if (isUnknown(cur)) return true;
    if (cur === null || typeof cur !== "object") return false;
    cur = (cur as Record<PropertyKey, unknown>)[seg];
  }
  return isUnknown(cur);
}

/** Every string inside a value (used to scrub credential values out of error messages). */
export function stringsIn(v: unknown, into: string[] = []): string[] {
  if (typeof v === "string") into.push(v);
  else if (Array.isArray(v)) for (const x of v) stringsIn(x, into);
  else if (v !== null && typeof v === "object") for (const x of Object.values(v)) stringsIn(x, into);
  return into;
}

/** A resource's new inputs without the engine's `__provider` and without null or undefined members. */
export function engineInputs(news: Record<string, unknown>): Record<string, unknown> {
  const { __provider: _provider, ...rest } = news;
  return stripNulls(rest);
}

/** `raw` with the default of each absent field of `shape` filled in (the schema is the one source of defaults). */
export function withDefaults(
  shape: Readonly<Record<string, z.ZodType>>,
  raw: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...raw };
  for (const [key, field] of Object.entries(shape)) {
    if (out[key] !== undefined) continue;
    const absent = field.safeParse(undefined);
    if (absent.success && absent.data !== undefined) out[key] = absent.data;
  }
  return out;
}
