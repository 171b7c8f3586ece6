/**
 * Fair rounds for benches that compare several clients in one process, one client's run after another.
 *
 * A run pays for what the run before it left behind: garbage still being collected (in this thread and in
 * the emulator's), sockets winding down, a server catching up. On the client bench a round of
 * `upsertCredentials` right after a round of `@novu/api` ran at 0.5-0.9x the throughput, and cost up to
 * 20% more CPU per call, than a round of the same client after a light one (medians over 10 pairs). With a
 * plain rotation of the order the same client always follows the same other one, so that cost lands on one
 * client every round.
 * Two remedies, used together: {@link roundOrder} changes who runs after whom, and {@link settle} leaves
 * little to carry over. For the closely compared pair, {@link sliceOrder} goes further: their calls of a
 * round are cut into slices run alternately, so a burst of the machine's other load (which moves throughput
 * by 2-5x within seconds on a shared 2-core machine) lands on both alike.
 */

/**
 * The run order of round `round` when two clients are compared closely and others run alongside: the pair
 * runs back to back (so a per-round ratio of the two compares like with like), first one then the other by
 * turns, and the pair and every other client take turns at each position (a rotation). Over
 * `2 * (others.length + 1)` rounds (`others.length` even) or `others.length + 1` rounds (odd), every such
 * arrangement comes once.
 */
export function roundOrder<T>(pair: readonly [T, T], others: readonly T[], round: number): T[] {
  const units: T[][] = [round % 2 === 0 ? [pair[0], pair[1]] : [pair[1], pair[0]], ...others.map((o) => [o])];
  const k = round % units.length;
  return [...units.slice(k), ...units.slice(0, k)].flat();
}

/**
 * The order of `slices` slices of each of the pair within one round: A B B A A B B A ... (each first in
 * turn, so neither always follows the other), starting with `pair[0]` in even rounds and `pair[1]` in odd
 * ones. With an even `slices`, each client's slices sit at the same mean position in the sequence.
 */
export function sliceOrder<T>(pair: readonly [T, T], slices: number, round: number): T[] {
  const [a, b] = round % 2 === 0 ? pair : [pair[1], pair[0]];
  const out: T[] = [];
  for (let s = 0; s < slices; s++) out.push(...(s % 2 === 0 ? [a, b] : [b, a]));
  return out;
}

/**
 * Idle time before a measured run, so that what the previous run left running in the background ends
 * first. Only idle time: a forced full GC of both threads was tried too, and it made every client's next
 * run cost 20-40% more CPU per call, far from the steady state the bench is after.
 */
export function settle(pauseMs: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, pauseMs));
}
