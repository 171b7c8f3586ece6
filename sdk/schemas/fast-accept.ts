/**
 * A fast path for checking response payloads: a predicate compiled once per zod schema that answers "the
 * schema accepts this parsed JSON as it is", without building zod's result objects or copying the value.
 *
 * The predicate is exact in one direction: when it returns `true`, `schema.safeParse(value)` would succeed
 * with an output deep-equal to `value` (so the value can be used as the parsed result). When it returns
 * `false` nothing is claimed: the caller asks zod, which gives the real verdict and the issues. Only shapes
 * whose zod output equals the input are compiled (objects loose, strict or without unknown keys, arrays,
 * records, optional, nullable, plain primitives); anything else (transforms, defaults, coercion, checks,
 * unions, ...) is handed to zod itself at that node, and accepted only when zod returns the very same value
 * (so a transformed or copied value always ends in the full zod parse).
 */
import type { z } from "zod";

/** True only when the schema accepts the value unchanged; false means "ask zod". */
export type Acceptor = (value: unknown) => boolean;

const compiled = new WeakMap<z.core.$ZodType, Acceptor>();

/**
 * The acceptor of `schema`, compiled on first use and cached (per node, so recursive schemas, whose shape
 * refers back to themselves, compile once: a node being compiled answers through a forward to itself).
 */
export function fastAcceptor(schema: z.core.$ZodType): Acceptor {
  const known = compiled.get(schema);
  if (known !== undefined) return known;
  let built: Acceptor | undefined;
  compiled.set(schema, (v) => (built as Acceptor)(v));
  try {
    built = compile(schema);
  } catch {
    built = viaZod(schema); // a shape zod itself cannot build yet: always ask zod
  }
  compiled.set(schema, built);
  return built;
}

/** Zod itself at one node: accepted only when it returns the very same value. */
function viaZod(schema: z.core.$ZodType): Acceptor {
  return (v) => {
    const r = (schema as z.ZodType).safeParse(v);
    return r.success && Object.is(r.data, v);
  };
}

/** A plain JSON object: not null, not an array, prototype Object.prototype or null. */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function compile(schema: z.core.$ZodType): Acceptor {
  const def = schema._zod.def;
  // Checks (refinements, lengths, formats) and coercion are zod's to run.
  if ((def.checks?.length ?? 0) > 0 || ("coerce" in def && def.coerce === true)) return viaZod(schema);
  switch (def.type) {
    case "string":
      return (v) => typeof v === "string";
    case "boolean":
      return (v) => typeof v === "boolean";
    case "number":
      return (v) => typeof v === "number" && Number.isFinite(v);
    case "unknown":
    case "any":
      return () => true;
    case "nullable": {
      const inner = fastAcceptor((def as z.core.$ZodNullableDef).innerType);
      return (v) => v === null || inner(v);
    }
    case "optional": {
      const inner = fastAcceptor((def as z.core.$ZodOptionalDef).innerType);
      return (v) => v === undefined || inner(v);
    }
    case "array":
      return arrayAcceptor(def as z.core.$ZodArrayDef);
    case "record":
      return recordAcceptor(def as z.core.$ZodRecordDef) ?? viaZod(schema);
    case "object":
      return objectAcceptor(def as z.core.$ZodObjectDef) ?? viaZod(schema);
    default:
      return viaZod(schema);
  }
}

function arrayAcceptor(def: z.core.$ZodArrayDef): Acceptor {
  const element = fastAcceptor(def.element);
  return (v) => {
    if (!Array.isArray(v)) return false;
    for (const item of v) if (!element(item)) return false;
    return true;
  };
}

/** Records with plain string keys only (what the response schemas use). */
function recordAcceptor(def: z.core.$ZodRecordDef): Acceptor | undefined {
  const key = def.keyType._zod.def;
  if (key.type !== "string" || (key.checks?.length ?? 0) > 0) return undefined;
  const value = fastAcceptor(def.valueType);
  return (v) => {
    if (!isPlainObject(v) || Object.hasOwn(v, "__proto__")) return false;
    for (const k of Object.keys(v)) if (!value(v[k])) return false;
    return true;
  };
}

/**
 * Objects: every declared key present and accepted (a missing key only where the field is optional), and
 * unknown keys only where zod keeps them as they are (loose objects); a strict object rejects them and a
 * plain one strips them, so their presence means "ask zod".
 */
function objectAcceptor(def: z.core.$ZodObjectDef): Acceptor | undefined {
  const catchall = def.catchall?._zod.def.type;
  if (catchall !== undefined && catchall !== "unknown" && catchall !== "never") return undefined;
  const loose = catchall === "unknown";
  const entries = Object.entries(def.shape);
  const names = entries.map(([name]) => name);
  const optional = entries.map(([, field]) => field._zod.def.type === "optional");
  const accepts = entries.map(([, field]) => fastAcceptor(field));
  // A value read as `undefined` is a missing key: JSON has no undefined, and a name that an object
  // inherits (`constructor`, ...) is looked up as an own key instead.
  const inherited = names.map((name) => name in Object.prototype);
  const n = names.length;
  return (v) => {
    if (!isPlainObject(v) || Object.hasOwn(v, "__proto__")) return false;
    let present = 0;
    for (let i = 0; i < n; i++) {
      const name = names[i] as string;
      const x = inherited[i] && !Object.hasOwn(v, name) ? undefined : v[name];
      if (x === undefined) {
        if (!optional[i] || Object.hasOwn(v, name)) return false;
        continue;
      }
      present++;
      if (!(accepts[i] as Acceptor)(x)) return false;
    }
    return loose || Object.keys(v).length === present;
  };
}
