/**
 * Emulator scale: the cost of one page of search-subscribers (a search page and a list page, that is a page
 * after a cursor) with 1,000 and with 100,000 subscribers in the environment. The emulator keeps sorted
 * indexes, so an indexed page should cost about the same at both sizes: target ratio (large / small) at
 * most 1.5x for every indexed query (1x plus the noise of a shared machine; a full scan is 10x and more).
 * The full-scan query is printed for contrast and held to no target.
 *
 *   node dist/bench/emulator-scale.js [--calls=400] [--large=100000]
 *
 * Latency is measured end to end (SvcClient → emulator over loopback, one call at a time), median of
 * `calls` calls after a warm-up; the same client cost is in both sizes, so the ratio is the emulator's.
 */
import { randomUUID } from "node:crypto";
import { startEmulator } from "../emulator";
import { type SearchSubscribersQuery, SvcClient } from "../sdk";
import { median } from "./lib/measure";
import { formatTable } from "./lib/table";
import { type BenchResult, exitWithVerdict, printVerdict, target, verdictOf } from "./lib/verdict";

/** Settings of {@link run}. */
export interface EmulatorScaleOptions {
  /** Measured calls per query and size (default 400). */
  calls?: number;
  /** Small and large subscriber counts (default 1,000 and 100,000). */
  small?: number;
  large?: number;
  /** Print the table (default true). */
  print?: boolean;
}

/** Median latency (µs) of one query at both sizes, and their ratio. */
export interface ScaleRow {
  query: string;
  smallUs: number;
  largeUs: number;
  /** large / small. */
  ratio: number;
  /** Whether the query is one the target applies to (indexed pages). */
  indexed: boolean;
}

/** Figures of a run. */
export interface EmulatorScaleResult extends BenchResult {
  small: number;
  large: number;
  calls: number;
  /** Time to generate the large set, ms. */
  generateLargeMs: number;
  rows: ScaleRow[];
  /** Largest accepted ratio for an indexed query. */
  target: number;
}

/** Largest accepted large/small ratio of an indexed page. */
export const MAX_INDEXED_RATIO = 1.5;

type Ctx = { n: number; i: number; cursors: readonly string[] };
type Query = { name: string; indexed: boolean; query: (ctx: Ctx) => SearchSubscribersQuery };

// Filters vary per call: the emulator caches a filtered result per data version, and a repeated query
// would measure that cache.
const QUERIES: Query[] = [
  { name: "search page: first page, default order", indexed: true, query: () => ({ limit: 10 }) },
  {
    name: "search page: by email",
    indexed: true,
    query: ({ n, i }) => ({ email: `sub-${(i * 7919) % n}@example.com` }),
  },
  {
    name: "search page: by subscriberId",
    indexed: true,
    query: ({ n, i }) => ({ subscriberId: `sub-${(i * 104_729) % n}` }),
  },
  {
    name: "list page: after a cursor, limit 100",
    indexed: true,
    query: ({ i, cursors }) => ({ limit: 100, after: cursors[i % cursors.length] as string }),
  },
  {
    name: "list page: by updatedAt ASC, limit 100",
    indexed: true,
    query: () => ({ limit: 100, orderBy: "updatedAt", orderDirection: "ASC" }),
  },
  {
    name: "search: name substring, no match (full scan)",
    indexed: false,
    query: ({ i }) => ({ name: `nobody-${i}`, limit: 10 }),
  },
];

/** One emulator with `n` generated subscribers, a client, and cursors spread over the whole list. */
async function startSized(n: number) {
  const apiKey = `bench_scale_${randomUUID()}`;
  const emu = await startEmulator({ port: 0, keys: [{ apiKey }] });
  const client = new SvcClient({ apiKey, baseUrl: emu.url, maxRetries: 0 });
  const t0 = performance.now();
  emu.generateSubscribers(n);
  const generateMs = performance.now() - t0;
  const cursors: string[] = [];
  for (let k = 1; k <= 20; k++) {
    const hit = await client.subscribers.search({ subscriberId: `sub-${Math.floor((k * n) / 22)}` });
    if (hit.data[0]?._id) cursors.push(hit.data[0]._id);
  }
  if (cursors.length === 0) throw new Error("emulator-scale: generated subscribers not found");
  return {
    n,
    client,
    cursors,
    generateMs,
    close: async () => {
      await client.close();
      await emu.close();
    },
  };
}

type Sized = Awaited<ReturnType<typeof startSized>>;

async function sample(s: Sized, q: Query, from: number, count: number, into: number[]): Promise<void> {
  for (let i = from; i < from + count; i++) {
    const query = q.query({ n: s.n, i, cursors: s.cursors });
    const t = performance.now();
    const page = await s.client.subscribers.search(query);
    into.push((performance.now() - t) * 1000);
    if (q.indexed && page.data.length === 0) throw new Error(`emulator-scale: ${q.name} returned nothing`);
  }
}

function arg(name: string, fallback: number): number {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  const v = hit ? Number(hit.slice(name.length + 3)) : Number.NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

/** Runs the benchmark and returns (and by default prints) the figures. */
export async function run(options: EmulatorScaleOptions = {}): Promise<EmulatorScaleResult> {
  const calls = options.calls ?? 400;
  const small = options.small ?? 1_000;
  const large = options.large ?? 100_000;
  const a = await startSized(small);
  const b = await startSized(large);
  const rows: ScaleRow[] = [];
  try {
    for (const q of QUERIES) {
      await sample(a, q, 0, 50, []);
      await sample(b, q, 0, 50, []);
      // Interleaved rounds, so warm-up and drift hit both sizes alike.
      const sa: number[] = [];
      const sb: number[] = [];
      const rounds = 5;
      const per = Math.max(1, Math.floor(calls / rounds));
      for (let r = 0; r < rounds; r++) {
        await sample(a, q, 100 + r * per, per, sa);
        await sample(b, q, 100 + r * per, per, sb);
      }
      const smallUs = median(sa);
      const largeUs = median(sb);
      rows.push({
        query: q.name,
        smallUs,
        largeUs,
        ratio: largeUs / Math.max(1e-9, smallUs),
        indexed: q.indexed,
      });
    }
  } finally {
    await a.close();
    await b.close();
  }
  const verdict = verdictOf(
    rows
      .filter((row) => row.indexed)
      .map((row) =>
        target(
          `${row.query}: ${large} vs ${small} subscribers`,
          `${row.ratio.toFixed(2)}x`,
          `<= ${MAX_INDEXED_RATIO}x`,
          row.ratio <= MAX_INDEXED_RATIO,
        ),
      ),
  );
  const result: EmulatorScaleResult = {
    small,
    large,
    calls,
    generateLargeMs: b.generateMs,
    rows,
    target: MAX_INDEXED_RATIO,
    verdict,
  };
  if (options.print ?? true) print(result);
  return result;
}

function print(r: EmulatorScaleResult): void {
  const n = (x: number) => x.toLocaleString("en-US");
  console.log(
    `\nEmulator scale: one page of search-subscribers at ${n(r.small)} vs ${n(r.large)} subscribers ` +
      `(median of ${r.calls} sequential calls, end to end)\n`,
  );
  console.log(
    formatTable(
      ["query", `${n(r.small)} (µs)`, `${n(r.large)} (µs)`, `ratio (target <= ${r.target}x)`],
      r.rows.map((row) => [
        row.query,
        row.smallUs.toFixed(0),
        row.largeUs.toFixed(0),
        `${row.ratio.toFixed(2)}x${row.indexed ? "" : " (not indexed)"}`,
      ]),
    ),
  );
  console.log(`\ngenerating ${n(r.large)} subscribers took ${n(Math.round(r.generateLargeMs))} ms`);
  printVerdict(r.verdict);
}

if (require.main === module) {
  exitWithVerdict(run({ calls: arg("calls", 400), large: arg("large", 100_000) }));
}
