/**
 * One write to a subscriber's channel entries at a time, in this host process.
 *
 * How a resource removes its entry depends on the subscriber's other entries of the provider
 * (provider/runtime/channel-entries/channel-entry-rules.ts: one DELETE when they are all inert, else a clear in place). The engine deletes
 * independent resources in parallel: two credentials resources of one subscriber, each reading the other's
 * entry as live, would both clear in place and leave two inert entries where one DELETE was right. So every
 * read-plan-apply of a subscriber takes its turn here, and a plan made from an earlier read (the set's bulk
 * read) can tell whether another write of this process came in between and the subscriber must be read again.
 * Every provider of the process (both kinds) shares these turns: they are module state, not an instance's.
 */

/** The end of the last turn queued per subscriber. */
const tails = new Map<string, Promise<void>>();
/** Writes finished per subscriber in this process. */
const writes = new Map<string, number>();

/** How many writes to `subscriberId` this process has finished (a plan records it when it reads). */
export function writesTo(subscriberId: string): number {
  return writes.get(subscriberId) ?? 0;
}

/**
 * Runs `fn` when every earlier turn of `subscriberId` is over; the next turn waits for this one. A turn
 * counts as a write once it ends, whether or not it sent anything.
 */
export async function inTurn<T>(subscriberId: string, fn: () => Promise<T>): Promise<T> {
  const before = tails.get(subscriberId) ?? Promise.resolve();
  let done: () => void = () => {};
  const mine = new Promise<void>((resolve) => {
    done = resolve;
  });
  const tail = before.then(() => mine);
  tails.set(subscriberId, tail);
  await before;
  try {
    return await fn();
  } finally {
    writes.set(subscriberId, writesTo(subscriberId) + 1);
    done();
    if (tails.get(subscriberId) === tail) tails.delete(subscriberId);
  }
}
