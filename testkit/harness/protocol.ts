/**
 * Wire-level helpers shared by the engine-protocol harness: the special values of the Pulumi property
 * protocol (unknowns, secrets) and conversion between plain objects and protobuf Structs.
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";

/** The string the engine sends for a value that is not known yet (during preview). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
/** The key that marks special values (secrets, assets, resource references) on the wire. */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** The signature value of a secret. */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** A JSON value as carried in a protobuf Struct. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A property map: a JSON object. */
export type PropertyMap = { [key: string]: Json };

/** A secret on the wire: `{ <sig>: <secret sig>, value }`. */
export interface WireSecret {
  [SIG_KEY]: typeof SECRET_SIG;
  value: Json;
}

/** Wraps a value as the engine marks a secret. */
export function secret(value: Json): Json {
  const wire: { [key: string]: Json } = { [SIG_KEY]: SECRET_SIG, value };
  return wire;
}

/** True when the value is a wire secret. */
export function isSecret(value: unknown): value is WireSecret {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG
  );
}

/** Removes every secret marker, deeply (what the engine does for a provider that does not accept secrets). */
export function unwrapSecrets(value: Json): Json {
  if (isSecret(value)) return unwrapSecrets(value.value);
  if (Array.isArray(value)) return value.map(unwrapSecrets);
  if (value !== null && typeof value === "object") {
    const out: PropertyMap = {};
    for (const [k, v] of Object.entries(value)) out[k] = unwrapSecrets(v);
    return out;
  }
  return value;
}

/** Top-level keys whose value is, or contains, a secret. */
export function secretKeys(map: PropertyMap): string[] {
  return Object.keys(map).filter((k) => containsSecret(map[k] ?? null));
}

/** Whether the value is, or contains, a wire secret. */
export function containsSecret(value: Json): boolean {
  if (isSecret(value)) return true;
  if (Array.isArray(value)) return value.some(containsSecret);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsSecret);
  return false;
}

/**
 * The engine's `annotateSecrets` (pkg/resource/plugin/provider_plugin.go), for a provider that does not accept
 * secrets: each value of `outs` whose counterpart in `ins` is, or contains, a secret comes back marked secret;
 * where both are (non-secret) objects, it recurses, so a secret nested in a plain object stays nested. Returns
 * a new map; `outs` is not changed.
 */
export function annotateSecrets(outs: PropertyMap, ins: PropertyMap): PropertyMap {
  const out: PropertyMap = { ...outs };
  for (const [k, inValue] of Object.entries(ins)) {
    if (!(k in out)) continue;
    const outValue = out[k] ?? null;
    if (isPlainObject(outValue) && isPlainObject(inValue)) out[k] = annotateSecrets(outValue, inValue);
    else if (!isSecret(outValue) && containsSecret(inValue)) out[k] = secret(outValue);
  }
  return out;
}

/** A JSON object that is not a wire secret. */
function isPlainObject(value: Json | undefined): value is PropertyMap {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !isSecret(value);
}

/** The map with every secret (at any depth) replaced by `"[secret]"`: what a state file shows without the key. */
export function redactSecrets(value: Json): Json {
  if (isSecret(value)) return "[secret]";
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value !== null && typeof value === "object") {
    const out: PropertyMap = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactSecrets(v);
    return out;
  }
  return value;
}

/** Encodes a property map as a protobuf Struct (dropping `undefined`, as JSON would). */
export function toStruct(map: PropertyMap): Struct {
  return Struct.fromJavaScript(JSON.parse(JSON.stringify(map)) as PropertyMap);
}

/** Decodes a protobuf Struct (absent → `{}`). */
export function fromStruct(struct: Struct | undefined): PropertyMap {
  return (struct?.toJavaScript() ?? {}) as PropertyMap;
}
