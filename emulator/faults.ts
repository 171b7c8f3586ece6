/**
 * Injected faults for reliability tests, all off by default: added latency, a rate of 503 answers given
 * before anything is done, and a rate of "drop after commit" (the change is stored, then the socket is
 * destroyed before the answer). With a `seed` the sequence of draws is deterministic.
 */

/** Fault settings. Rates are probabilities from 0 to 1. */
export interface Faults {
  /** Delay added to every request, in milliseconds. */
  latencyMs?: number;
  /** Probability of answering 503 before doing anything. */
  failRate?: number;
  /** Probability of storing the change and then destroying the socket without answering. */
  dropRate?: number;
  /** Seed of the random draws; set it for a reproducible sequence. */
  seed?: number;
}

/** A small seeded PRNG (mulberry32): uniform floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function checkRate(name: string, value: number | undefined): void {
  if (value !== undefined && !(value >= 0 && value <= 1))
    throw new Error(`faults.${name} must be between 0 and 1`);
}

/** The current fault settings and their random source. */
export class FaultInjector {
  private faults: Faults = {};
  private random: () => number = Math.random;

  constructor(faults: Faults = {}) {
    this.set(faults);
  }

  /** Replaces the settings (and reseeds when a seed is given). */
  set(faults: Faults): void {
    checkRate("failRate", faults.failRate);
    checkRate("dropRate", faults.dropRate);
    if (faults.latencyMs !== undefined && !(faults.latencyMs >= 0))
      throw new Error("faults.latencyMs must be >= 0");
    this.faults = { ...faults };
    this.random = faults.seed === undefined ? Math.random : seededRandom(faults.seed);
  }

  /** The current settings. */
  get(): Faults {
    return { ...this.faults };
  }

  /** Delay to add to this request. */
  latencyMs(): number {
    return this.faults.latencyMs ?? 0;
  }

  /** Draws whether this request fails with 503. */
  shouldFail(): boolean {
    const rate = this.faults.failRate ?? 0;
    return rate > 0 && this.random() < rate;
  }

  /** Draws whether this request is dropped after commit. */
  shouldDrop(): boolean {
    const rate = this.faults.dropRate ?? 0;
    return rate > 0 && this.random() < rate;
  }
}
