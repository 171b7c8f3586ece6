/**
 * A closed-loop load generator: `concurrency` workers each await one call after another until `count`
 * calls are done. Reports throughput and latency percentiles; errors are counted, the first is kept.
 */

/** Figures of one measured run. */
export interface RunFigures {
  /** Completed calls per second. */
  rps: number;
  /** Median latency, ms. */
  p50Ms: number;
  /** 99th percentile latency, ms. */
  p99Ms: number;
  /** Calls that threw. */
  errors: number;
  /** Message of the first error, if any. */
  firstError?: string;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? 0;
}

/** Runs `count` calls of `fn` with `concurrency` in flight. */
export async function runClosedLoop(
  fn: () => Promise<unknown>,
  concurrency: number,
  count: number,
): Promise<RunFigures> {
  const latencies = new Float64Array(count);
  let issued = 0;
  let errors = 0;
  let firstError: string | undefined;
  const worker = async () => {
    while (issued < count) {
      const i = issued++;
      const start = performance.now();
      try {
        await fn();
      } catch (e) {
        errors++;
        firstError ??= e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      }
      latencies[i] = performance.now() - start;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - t0;
  latencies.sort();
  return {
    rps: (count / elapsed) * 1000,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
    ...(firstError === undefined ? {} : { firstError }),
  };
}

/** The median of a list of numbers. */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}
