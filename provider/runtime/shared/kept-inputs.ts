/**
 * What a refresh keeps of the declared inputs, the same for every resource kind and on both paths.
 *
 * After `pulumi refresh` the engine stores the inputs read answers, and the next preview shows the
 * difference between those and the program's checked inputs (the dynamic-provider host reports no detailed
 * diff; the plugin's detailed diff probes from them). Read can only describe what the service returns, so
 * without help the refreshed inputs lose what it never returns or rewrites: an Integration's declared
 * `credentials: {}` and `defaultIdentifierOf`, `check` and `adopt`, fields a program left out (which read
 * fills in), a workflow's controls as declared. The next one-field edit then previews as that field plus
 * every one of those.
 *
 * The dynamic-provider host hands read the outputs in state only (not the inputs), so the outputs carry the
 * difference: each create, update and read stores, under {@link KEPT_INPUTS_KEY} (state only: no resource
 * publishes it), the entries that turn the inputs the service's answer describes into the inputs in state,
 * path by path. Read applies each entry again where the service still holds what it held when the entry was
 * made (the described value at its path is unchanged); where the service changed, the refreshed inputs take
 * the service's value, so the next preview shows that change. A state without the key (written by an older
 * version, or an import) is read as before.
 *
 * No secret enters an entry: under a secret input (../../model/secret-inputs.ts) an entry is kept only when it
 * holds no value (a key left out, an empty `{}` or `[]`); others are left out, and the refreshed inputs then
 * show the service's form there.
 */
import { SECRET_INPUTS } from "../../model/secret-inputs";
import { canonical, isJsonObject } from "../../model/values";
import { engineInputs } from "./engine-values";
import type { TargetedProvider } from "./with-target";

type Props = Record<string, unknown>;

/** The state-only output holding the kept entries (absent when there are none). */
export const KEPT_INPUTS_KEY = "keptInputs";

/** One step of a path into the inputs: a key, or an index into a list. */
type Segment = string | number;

/** One kept entry: at `path` the inputs in state hold `value`, or nothing (`absent`). */
export interface KeptInput {
  path: Segment[];
  value?: unknown;
  absent?: true;
}

/** The inputs a kind's service answer describes, from its outputs (each kind's `inputsOf`). */
export type DescribeInputs = (outputs: Props) => Props;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));
}

/** True when a value holds a string, number or boolean somewhere (empty containers hold nothing). */
function holdsValue(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(holdsValue);
  if (isJsonObject(v)) return Object.values(v).some(holdsValue);
  return v !== null && v !== undefined;
}

/** Whether an entry may be stored: nothing of a secret input's value enters it. */
function storable(entry: KeptInput): boolean {
  return !SECRET_INPUTS.has(String(entry.path[0])) || !holdsValue(entry.value);
}

function entryAt(path: Segment[], declared: unknown): KeptInput {
  return declared === undefined ? { path, absent: true } : { path, value: declared };
}

/** The entries that turn `described` into `declared`, at the deepest paths where they differ. */
function differences(described: unknown, declared: unknown, path: Segment[], out: KeptInput[]): void {
  if (same(described, declared) && (described === undefined) === (declared === undefined)) return;
  if (isJsonObject(described) && isJsonObject(declared)) {
    for (const key of new Set([...Object.keys(described), ...Object.keys(declared)])) {
      differences(described[key], declared[key], [...path, key], out);
    }
    return;
  }
  if (Array.isArray(described) && Array.isArray(declared) && described.length === declared.length) {
    for (const [i, item] of declared.entries()) differences(described[i], item, [...path, i], out);
    return;
  }
  out.push(entryAt(path, declared));
}

/** The entries to keep for inputs `declared` whose service answer describes `described`. */
export function keptInputs(described: Props, declared: Props): KeptInput[] {
  const out: KeptInput[] = [];
  differences(described, engineInputs(declared), [], out);
  return out.filter(storable);
}

function valueAt(v: unknown, path: readonly Segment[]): unknown {
  let cur = v;
  for (const seg of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<Segment, unknown>)[seg];
  }
  return cur;
}

/** `v` with the entry applied; `v` itself when its path no longer leads anywhere. */
function withEntry(v: Props, entry: KeptInput): Props {
  const out = structuredClone(v);
  const parent = valueAt(out, entry.path.slice(0, -1));
  const last = entry.path[entry.path.length - 1];
  if (last === undefined || parent === null || typeof parent !== "object") return v;
  const container = parent as Record<Segment, unknown>;
  if (entry.absent) delete container[last];
  else container[last] = structuredClone(entry.value);
  return out;
}

/**
 * The inputs a refresh stores: `now` (what the service's answer describes) with each kept entry applied
 * where the service still holds what `before` (the answer the entries were made against) described.
 */
export function restoreInputs(kept: readonly KeptInput[], before: Props, now: Props): Props {
  let out = now;
  for (const entry of kept) {
    if (same(valueAt(before, entry.path), valueAt(now, entry.path))) out = withEntry(out, entry);
  }
  return out;
}

/** The kept entries of outputs in state (none when the state has none or holds something else there). */
function keptOf(props: Props | undefined): KeptInput[] | undefined {
  const kept = props?.[KEPT_INPUTS_KEY];
  if (!Array.isArray(kept)) return undefined;
  return kept.filter((e): e is KeptInput => isJsonObject(e) && Array.isArray(e.path));
}

/** Outputs without what only the state carries (the kept entries, the create's stamp). */
function withoutStateOnly(props: Props): Props {
  const { [KEPT_INPUTS_KEY]: _kept, writeId: _writeId, ...rest } = props;
  return rest;
}

/** `outs` with the entries that keep `declared` (the key left out when there are none). */
function stamped<T extends object>(outs: T, describe: DescribeInputs, declared: Props): T {
  const { [KEPT_INPUTS_KEY]: _old, ...rest } = outs as Props;
  const kept = keptInputs(describe(withoutStateOnly(rest)), declared);
  return (kept.length === 0 ? rest : { ...rest, [KEPT_INPUTS_KEY]: kept }) as T;
}

/**
 * `inner` with the declared inputs kept across a refresh (see the file header): create and update store the
 * entries in the outputs, read applies them to the inputs it answers and stores them again, and every method
 * sees the state's outputs without them.
 */
export function keepingInputs(inner: TargetedProvider, describe: DescribeInputs): TargetedProvider {
  const strip = (props: Props) => {
    const { [KEPT_INPUTS_KEY]: _kept, ...rest } = props;
    return rest;
  };
  return {
    ...(inner.session ? { session: inner.session } : {}),
    configure: (req) => inner.configure(req),
    check: (olds, news) => inner.check(olds, news),
    diff: (id, olds, news) => inner.diff(id, strip(olds), news),
    async create(inputs: Props) {
      const result = await inner.create(inputs);
      return { ...result, outs: stamped(result.outs ?? {}, describe, inputs) };
    },
    async read(id: string, props?: Props) {
      const result = await inner.read(id, props === undefined ? undefined : strip(props));
      const kept = keptOf(props);
      if (kept === undefined || props === undefined || result.props === undefined) return result;
      const now = result.inputs ?? describe(withoutStateOnly(result.props));
      const inputs = restoreInputs(kept, describe(withoutStateOnly(props)), now);
      return { ...result, props: stamped(result.props, describe, inputs), inputs };
    },
    async update(id: string, olds: Props, news: Props) {
      const result = await inner.update(id, strip(olds), news);
      return { ...result, outs: stamped(result.outs ?? {}, describe, news) };
    },
    delete: (id, props) => inner.delete(id, strip(props)),
  };
}
