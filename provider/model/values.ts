/**
 * Helpers for plain JSON values, used on both sides: the engine's unknown marker, canonical form, null
 * stripping. Those only the host needs are in provider/runtime/shared/engine-values.ts.
 */

/** The string the engine sends for a value not known yet (`pulumi.runtime.unknownValue`). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True for the engine's unknown marker. */
export function isUnknown(v: unknown): boolean {
  return v === UNKNOWN;
}

/** True for a JSON object (not null, not an array). */
export function isJsonObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** True when the value is, or contains, an unknown. */
export function containsUnknown(v: unknown): boolean {
  if (isUnknown(v)) return true;
  if (Array.isArray(v)) return v.some(containsUnknown);
  if (v !== null && typeof v === "object") return Object.values(v).some(containsUnknown);
  return false;
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
