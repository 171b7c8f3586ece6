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

type Node = { parent: Record<string, unknown> | unknown[]; key: string | number; value: unknown };

/** Every (parent, key) pair inside `root`, depth first. */
function nodes(root: unknown, out: Node[] = []): Node[] {
  if (Array.isArray(root)) {
    root.forEach((value, key) => {
      out.push({ parent: root, key, value });
      nodes(value, out);
    });
  } else if (root !== null && typeof root === "object") {
    for (const [key, value] of Object.entries(root)) {
      out.push({ parent: root as Record<string, unknown>, key, value });
      nodes(value, out);
    }
  }
  return out;
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
  const root: { root: unknown } = { root: structuredClone(value) };
  const all = nodes(root);
  switch (kind) {
    case "remove": {
      const n = pick(
        random,
        all.filter((x) => x.parent !== root),
      );
      if (!n) break;
      if (Array.isArray(n.parent)) n.parent.splice(n.key as number, 1);
      else delete n.parent[n.key as string];
      break;
    }
    case "retype": {
      const n = pick(random, all);
      if (n) set(n, otherType(random, n.value));
      break;
    }
    case "unknownEnum": {
      const strings = all.filter((x) => typeof x.value === "string");
      const n = pick(random, strings);
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
        target[`x_${Math.floor(random() * 1e6)}`] = pick(random, [1, "new", { deep: [true] }, null]);
      }
      break;
    }
    case "nullify": {
      const n = pick(
        random,
        all.filter((x) => x.parent !== root),
      );
      if (n) set(n, null);
      break;
    }
  }
  return root.root;
}

/** Applies 1 to `max` random mutations to a copy of `value`. */
export function mutateSome(value: unknown, random: Random, max = 3): { value: unknown; kinds: Mutation[] } {
  const count = 1 + Math.floor(random() * max);
  let out = value;
  const kinds: Mutation[] = [];
  for (let i = 0; i < count; i++) {
    const kind = pick(random, MUTATIONS) ?? "remove";
    kinds.push(kind);
    out = mutate(out, kind, random);
  }
  return { value: out, kinds };
}
