/**
 * Deterministic mutation of JSON values for fuzzing: remove a field, change a type, put an unknown value in an
 * enum-like string, add an unexpected key. Paths are chosen uniformly among every node of the value.
 */

/** A uniform [0, 1) random source. */
export type Random = () => number;

/** The kinds of mutation applied. */
export const MUTATIONS = ["remove", "retype", "unknownEnum", "extraKey", "nullify"] as const;
/** One kind of mutation. */
export type Mutation = (typeof MUTATIONS)[number];

type Node = {
  parent: Record<string, unknown> | unknown[];
  key: string | number;
  value: unknown;
  /** Path from the wrapper `{ root }`: `["root", <top-level key>, ...]`. */
  path: readonly (string | number)[];
};

/** Every (parent, key) pair inside `root`, depth first. */
function nodes(root: unknown, out: Node[] = [], path: readonly (string | number)[] = []): Node[] {
  if (Array.isArray(root)) {
    root.forEach((value, key) => {
      out.push({ parent: root, key, value, path: [...path, key] });
      nodes(value, out, [...path, key]);
    });
  } else if (root !== null && typeof root === "object") {
    for (const [key, value] of Object.entries(root)) {
      out.push({ parent: root as Record<string, unknown>, key, value, path: [...path, key] });
      nodes(value, out, [...path, key]);
    }
  }
  return out;
}

/** Stands for "the whole value" in `touched` (a mutation that replaced the value itself). */
export const WHOLE_VALUE = "*";

/** The top-level key of the mutated value a node sits under ({@link WHOLE_VALUE} for the value itself). */
function topKey(n: Node | undefined): string | undefined {
  if (!n) return undefined;
  const k = n.path[1];
  return k === undefined ? WHOLE_VALUE : String(k);
}

function pick<T>(random: Random, list: readonly T[]): T | undefined {
  return list.length === 0 ? undefined : list[Math.floor(random() * list.length)];
}

/** A value of another JSON type than `v`. */
function otherType(random: Random, v: unknown): unknown {
  const choices: unknown[] = [42, "str", true, null, [], { nested: 1 }, -1.5, ""];
  const filtered = choices.filter((c) => typeof c !== typeof v || Array.isArray(c) !== Array.isArray(v));
  return structuredClone(pick(random, filtered));
}

function set(n: Node, value: unknown): void {
  if (Array.isArray(n.parent)) n.parent[n.key as number] = value;
  else n.parent[n.key as string] = value;
}

/** Applies one mutation of `kind` to a copy of `value`; returns the copy. */
export function mutate(value: unknown, kind: Mutation, random: Random): unknown {
  return mutateTracked(value, kind, random).value;
}

/**
 * Applies one mutation of `kind` to a copy of `value`; returns the copy and the top-level key it touched
 * (the property a rejection of the result should name), if the mutation changed anything under one.
 */
export function mutateTracked(
  value: unknown,
  kind: Mutation,
  random: Random,
): { value: unknown; touched?: string } {
  const root: { root: unknown } = { root: structuredClone(value) };
  const all = nodes(root);
  let touched: string | undefined;
  switch (kind) {
    case "remove": {
      const n = pick(
        random,
        all.filter((x) => x.parent !== root),
      );
      if (!n) break;
      touched = topKey(n);
      if (Array.isArray(n.parent)) n.parent.splice(n.key as number, 1);
      else delete n.parent[n.key as string];
      break;
    }
    case "retype": {
      const n = pick(random, all);
      touched = topKey(n);
      if (n) set(n, otherType(random, n.value));
      break;
    }
    case "unknownEnum": {
      const strings = all.filter((x) => typeof x.value === "string");
      const n = pick(random, strings);
      touched = topKey(n);
      if (n) set(n, pick(random, ["SOMETHING_NEW", "v3-channel", "", "🛰️"]));
      break;
    }
    case "extraKey": {
      const objects = all.filter(
        (x) => x.value !== null && typeof x.value === "object" && !Array.isArray(x.value),
      );
      const n = pick(random, objects);
      const target = (n?.value ?? root.root) as Record<string, unknown>;
      if (target !== null && typeof target === "object" && !Array.isArray(target)) {
        const key = `x_${Math.floor(random() * 1e6)}`;
        target[key] = pick(random, [1, "new", { deep: [true] }, null]);
        touched = topKey(n) ?? key;
      }
      break;
    }
    case "nullify": {
      const n = pick(
        random,
        all.filter((x) => x.parent !== root),
      );
      touched = topKey(n);
      if (n) set(n, null);
      break;
    }
  }
  return touched === undefined ? { value: root.root } : { value: root.root, touched };
}

/**
 * Applies 1 to `max` random mutations to a copy of `value`; `touched` lists the top-level keys they changed
 * (for an object value).
 */
export function mutateSome(
  value: unknown,
  random: Random,
  max = 3,
): { value: unknown; kinds: Mutation[]; touched: string[] } {
  const count = 1 + Math.floor(random() * max);
  let out = value;
  const kinds: Mutation[] = [];
  const touched = new Set<string>();
  for (let i = 0; i < count; i++) {
    const kind = pick(random, MUTATIONS) ?? "remove";
    kinds.push(kind);
    const step = mutateTracked(out, kind, random);
    out = step.value;
    if (step.touched !== undefined) touched.add(step.touched);
  }
  return { value: out, kinds, touched: [...touched] };
}
