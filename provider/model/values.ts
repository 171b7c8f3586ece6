/** Helpers for the plain JSON values the dynamic-provider host hands us. */
import type { z } from "zod";

/** The string the engine sends for a value not known yet (`pulumi.runtime.unknownValue`). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True for the engine's unknown marker. */
export function isUnknown(v: unknown): boolean {
  return v === UNKNOWN;
}

/** True when the value is, or contains, an unknown. */
export function containsUnknown(v: unknown): boolean {
  if (isUnknown(v)) return true;
  if (Array.isArray(v)) return v.some(containsUnknown);
  if (v !== null && typeof v === "object") return Object.values(v).some(containsUnknown);
  return false;
}

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

/** A copy with object keys sorted and `undefined` members dropped (arrays keep their order). */
export function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined) out[k] = canonical(x);
    }
    return out;
  }
  return v;
}

/** A copy without top-level null or undefined members (the SDK sends absent optional inputs that way). */
export function stripNulls(v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (x !== null && x !== undefined) out[k] = x;
  return out;
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
