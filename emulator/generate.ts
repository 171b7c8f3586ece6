import { seededRandom } from "./faults";
import { objectId } from "./ids";
import type { EnvironmentState } from "./store";
import type { StoredSubscriber } from "./subscriber-table";

/** Options of {@link generateSubscribers}. */
export interface GenerateSubscribersOptions {
  /** Prefix of the generated subscriberIds (`<prefix>-<n>`); default `sub`. */
  prefix?: string;
  /** Seed for names and timestamps; default 1 (the same data on every run). */
  seed?: number;
  /** Also give each subscriber a phone number; default true. */
  phones?: boolean;
}

const FIRST = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Linus", "Frances", "Ken"];
const LAST = [
  "Lovelace",
  "Hopper",
  "Turing",
  "Dijkstra",
  "Liskov",
  "Knuth",
  "Hamilton",
  "Torvalds",
  "Allen",
  "Thompson",
];
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Makes `count` realistic subscribers in one environment, fast (one sort per index, no per-record
 * insert): for benchmarks and paging tests. `_id` follows creation time, `updatedAt` is spread over the
 * following year, so the two orderings differ. Returns the number created.
 */
export function generateSubscribers(
  env: EnvironmentState,
  count: number,
  opts: GenerateSubscribersOptions = {},
): number {
  if (!Number.isInteger(count) || count < 0)
    throw new Error("generateSubscribers: count must be a whole number >= 0");
  const prefix = opts.prefix ?? "sub";
  const random = seededRandom(opts.seed ?? 1);
  const start = Date.now() - 2 * YEAR_MS;
  const records: StoredSubscriber[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const created = start + Math.floor((i / Math.max(1, count)) * YEAR_MS);
    const updated = created + Math.floor(random() * YEAR_MS);
    const first = FIRST[Math.floor(random() * FIRST.length)] as string;
    const last = LAST[Math.floor(random() * LAST.length)] as string;
    const id = `${prefix}-${i}`;
    records[i] = {
      _id: objectId(created),
      subscriberId: id,
      firstName: first,
      lastName: last,
      email: `${id}@example.com`,
      ...(opts.phones === false ? {} : { phone: `+1555${String(i).padStart(7, "0")}` }),
      locale: "en_US",
      channels: [],
      data: null,
      _organizationId: env.organizationId,
      _environmentId: env.id,
      deleted: false,
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(updated).toISOString(),
      __v: 0,
    };
  }
  env.subscribers.load(records);
  return count;
}
