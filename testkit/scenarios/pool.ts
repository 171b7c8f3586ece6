/** Runs `count` async jobs with at most `concurrency` in flight; resolves when all have settled. */
export async function runPool(
  count: number,
  concurrency: number,
  job: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await job(i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, worker));
}

/** Milliseconds since `start` (a `performance.now()` value), rounded to 0.1 ms. */
export function since(start: number): number {
  return Math.round((performance.now() - start) * 10) / 10;
}
