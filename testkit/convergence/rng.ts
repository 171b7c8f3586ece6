/** A small deterministic PRNG (mulberry32) for the convergence generator: one seed, one sequence, everywhere. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One of `items` (which must not be empty). */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("Rng.pick: no items");
    return items[this.int(items.length)] as T;
  }

  /** One key of `weights`, drawn in proportion to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    let roll = this.next() * entries.reduce((n, [, w]) => n + w, 0);
    for (const [k, w] of entries) {
      roll -= w;
      if (roll < 0) return k;
    }
    return entries[entries.length - 1]![0];
  }

  /** `n` lowercase hex digits. */
  hex(n: number): string {
    let out = "";
    while (out.length < n) out += this.int(16).toString(16);
    return out;
  }
}
