/**
 * Property values between the engine and the runtime. The plugin answers Configure with `acceptSecrets`, so
 * the engine sends secrets as `{ <sig>: <secret sig>, value }` and keeps only what the plugin marks again:
 * the runtime sees plain values (the same it sees in the dynamic-provider host, where the engine unwraps
 * them), and everything it answers goes back through {@link markSecrets}. Unknowns (a preview's values not
 * known yet) are the engine's marker string on both paths.
 */
import { isSecretByPolicy } from "../model/secret-inputs";
import { Struct } from "./grpc";

/** A property map as the runtime handles it. */
export type Props = Record<string, unknown>;

/** The key that marks special values (secrets, assets, resource references) on the wire. */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** The signature value of a secret. */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** True when the value is a wire secret. */
export function isWireSecret(v: unknown): v is { value: unknown } {
  return typeof v === "object" && v !== null && !Array.isArray(v) && (v as Props)[SIG_KEY] === SECRET_SIG;
}

/** The value with every secret marker removed, deeply. */
export function unwrap(v: unknown): unknown {
  if (isWireSecret(v)) return unwrap(v.value);
  if (Array.isArray(v)) return v.map(unwrap);
  if (v !== null && typeof v === "object") {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, unwrap(x)]));
  }
  return v;
}

function containsSecret(v: unknown): boolean {
  if (isWireSecret(v)) return true;
  if (Array.isArray(v)) return v.some(containsSecret);
  if (v !== null && typeof v === "object") return Object.values(v).some(containsSecret);
  return false;
}

/** A property map as it came: its plain values, and the top-level keys that were, or held, a secret. */
export interface Unwrapped {
  props: Props;
  secretKeys: Set<string>;
}

/** Decodes a Struct (absent: `{}`) into plain values and the keys that were secret. */
export function fromWire(struct: Struct | undefined): Unwrapped {
  const raw = (struct?.toJavaScript() ?? {}) as Props;
  const secretKeys = new Set(Object.keys(raw).filter((k) => containsSecret(raw[k])));
  return { props: unwrap(raw) as Props, secretKeys };
}

/** Wraps a value as the engine marks a secret. */
export function wireSecret(value: unknown): Props {
  return { [SIG_KEY]: SECRET_SIG, value };
}

/**
 * `props` with each value that must stay secret wrapped: every value of the secret policy
 * (../model/secret-inputs.ts) that holds something, and each key in `alsoSecret` (values the engine sent as
 * secrets). Absent and null values are left as they are, and so is a policy value that is empty (`{}`, `[]`,
 * `""`: an integration without credentials): it holds nothing to hide, and each secret costs the engine an
 * encryption per resource at every checkpoint of an `up` (bench/plugin-vs-dynamic.ts).
 */
export function markSecrets(props: Props, alsoSecret: Iterable<string> = []): Props {
  const engineSecrets = new Set(alsoSecret);
  const out: Props = {};
  for (const [k, v] of Object.entries(props)) {
    const secret = engineSecrets.has(k) || (isSecretByPolicy(k, props) && !isEmpty(v));
    out[k] = secret && v !== undefined && v !== null && !isWireSecret(v) ? wireSecret(v) : v;
  }
  return out;
}

/** An empty object, array or string. */
function isEmpty(v: unknown): boolean {
  if (typeof v === "string" || Array.isArray(v)) return v.length === 0;
  return v !== null && typeof v === "object" && Object.keys(v).length === 0;
}

/** Encodes plain values as a Struct, dropping `undefined` members (as JSON does). */
export function toWire(props: Props): Struct {
  return Struct.fromJavaScript(
    JSON.parse(JSON.stringify(props)) as Parameters<typeof Struct.fromJavaScript>[0],
  );
}
