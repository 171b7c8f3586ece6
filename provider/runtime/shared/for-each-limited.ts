/**
 * Runs `fn` on every item with at most `limit` calls in flight (a bounded worker pool, in item order).
 * When a call throws, no further item is started; the first error is thrown once the calls in flight end.
 * Callers that want to go on past a failure catch inside `fn`.
 */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (next < items.length && !failure) {
      const item = items[next++] as T;
      try {
        await fn(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw failure.error;
}
