/**
 * `svc.Workflow` at scale under the real Pulumi engine: N workflows (default 100) of 4 steps (in-app,
 * digest, email, push), explicit workflowIds, against the emulator with the service's free-plan rate limits
 * on (trigger 60, configuration 20, global 30 requests per second: the workflow routes are in the category
 * emulator/routes/workflows.ts gives them), file backend. The emulator's request log counts every request.
 *
 * Operations, in order, on one stack: `up` (rate limited), a no-op `preview`, `refresh`, `destroy`; then the
 * same `up` on a fresh stack and emulator without rate limit, for the ratio.
 *
 * Targets (each fails the bench when missed):
 * - every operation succeeds and leaves the service as expected (N workflows of 4 steps after up and
 *   refresh, none after destroy; preview and refresh write nothing);
 * - `up`: at most 2 answered requests per workflow (GET the workflowId is free, POST), 429s apart;
 * - `up` under the rate limit at most `--max-rate-ratio` (2) times the `up` without it (wall time: loose, the
 *   machine is shared; it catches a client that sleeps whole windows), and at most 10 % of the requests
 *   refused with 429 (the client paces itself by the RateLimit headers);
 * - `refresh`: at most 1 request per workflow (one GET), 429s apart;
 * - no-op `preview`: 0 requests (check and diff need none);
 * - every operation: at most one `GET /v1/environments/me`, the documented one per run and key (README,
 *   "When the key changes"), which the per-workflow counts above leave out.
 *
 *   npm run bench -- --only=workflows
 *   npm run build && npx node dist/bench/workflows.js [--count=100] [--max-rate-ratio=2]
 */
import { type Emulator, type RequestRecord, startEmulator } from "../emulator";
import { ensurePulumiCli, PulumiStack, ScratchProject } from "../testkit/pulumi-cli";
import { formatTable } from "./lib/table";
import {
  type BenchResult,
  exitWithVerdict,
  printVerdict,
  type TargetCheck,
  target,
  verdictOf,
} from "./lib/verdict";

/** Settings of a run. */
export interface WorkflowBenchOptions {
  /** Workflows declared (default 100). */
  count?: number;
  /** Target: `up` wall time with the rate limit over the one without (default 2). */
  maxRateRatio?: number;
}

/** The operations measured on the rate-limited stack, in order, then the unlimited `up`. */
export type WorkflowOperation = "up" | "preview" | "refresh" | "destroy" | "up (no rate limit)";

/** One operation. */
export interface WorkflowRow {
  operation: WorkflowOperation;
  ok: boolean;
  error?: string;
  wallS: number;
  /** Requests answered other than 429, the key's environment look-up apart. */
  requests: number;
  /** `GET /v1/environments/me` (once per run and key, README "When the key changes"). */
  keyLookups: number;
  /** Requests answered 429 (refused by the rate limit). */
  refused: number;
  /** Requests other than GET (429s apart). */
  writes: number;
  /** The bench's workflows stored after the operation, with their 4 steps. */
  stored: number;
}

/** Result of {@link run}. */
export interface WorkflowBenchResult extends BenchResult {
  count: number;
  rows: WorkflowRow[];
  /** `up` under the rate limit / `up` without it, wall time. */
  rateRatio: number;
}

const DEFAULTS = { count: 100, maxRateRatio: 2 };
const PROJECT = "bench-workflows";
/** The service's free-plan rates, requests per second (emulator/rate-limit.ts). */
const FREE_PLAN = { trigger: 60, configuration: 20, global: 30 };
const STEP_NAMES = ["Inbox", "Wait", "Mail", "Push"];
const workflowIdOf = (i: number) => `bench-wf-${i}`;
/** The key's environment look-up, made once per run and key. */
const KEY_LOOKUP = "/v1/environments/me";

/** The program; N comes from the config `bench-workflows:count`. */
const PROGRAM = `const pulumi = require("@pulumi/pulumi");
const svc = require("pulumi-svc");
const count = new pulumi.Config().requireNumber("count");
for (let i = 0; i < count; i++) {
  new svc.Workflow("wf-" + i, { workflowId: "bench-wf-" + i, name: "Bench " + i, steps: [
    { name: "Inbox", type: "in_app", controls: { subject: "Hello", body: "Hello " + i } },
    { name: "Wait", type: "digest", controls: { type: "regular", amount: 1, unit: "hours" } },
    { name: "Mail", type: "email", controls: { subject: "Hello", body: "<p>Hello</p>", editorType: "html" } },
    { name: "Push", type: "push", controls: { subject: "Hello", body: "Hello " + i } },
  ] });
}`;

/** The bench's workflows stored with their 4 steps in order. */
function storedWorkflows(emu: Emulator, count: number): number {
  const ids = new Set(Array.from({ length: count }, (_, i) => workflowIdOf(i)));
  return emu
    .workflows(emu.keys[0]!.environmentId)
    .filter((w) => ids.has(w.workflowId) && w.steps.map((s) => s.name).join() === STEP_NAMES.join()).length;
}

/** The first `error:` line of a CLI's output, else its last line. */
function firstError(output: string): string {
  const lines = output.trim().split("\n");
  return (lines.find((l) => /\berror:/.test(l)) ?? lines.at(-1) ?? "").trim();
}

/** Runs `operation` on `stack` and returns its row. */
async function measure(
  emu: Emulator,
  stack: PulumiStack,
  operation: WorkflowOperation,
  count: number,
): Promise<WorkflowRow> {
  emu.resetRequests();
  const t0 = performance.now();
  const opts = { allowFailure: true };
  const r =
    operation === "preview"
      ? await stack.preview({ ...opts, expectNoChanges: true })
      : operation === "refresh"
        ? await stack.refresh(opts)
        : operation === "destroy"
          ? await stack.destroy(opts)
          : await stack.up(opts);
  const wallS = (performance.now() - t0) / 1000;
  const records: readonly RequestRecord[] = emu.requests;
  const answered = records.filter((q) => q.status !== 429);
  const isLookup = (q: RequestRecord) => q.method === "GET" && q.path === KEY_LOOKUP;
  const row: WorkflowRow = {
    operation,
    ok: r.code === 0,
    ...(r.code === 0 ? {} : { error: firstError(`${r.stdout}\n${r.stderr}`) }),
    wallS,
    requests: answered.filter((q) => !isLookup(q)).length,
    keyLookups: answered.filter(isLookup).length,
    refused: records.length - answered.length,
    writes: answered.filter((q) => q.method !== "GET").length,
    stored: storedWorkflows(emu, count),
  };
  console.log(
    `  ${operation} x${count}: ${wallS.toFixed(1)} s, ${row.requests} requests (+${row.keyLookups} ${KEY_LOOKUP}), ${row.refused} refused (429)${row.ok ? "" : ` FAILED: ${row.error}`}`,
  );
  return row;
}

/** `operations` on a fresh emulator (rate limited or not) and stack. */
async function measureStack(
  binDir: string,
  count: number,
  rateLimited: boolean,
  operations: readonly WorkflowOperation[],
): Promise<WorkflowRow[]> {
  const emu = await startEmulator({ port: 0, ...(rateLimited ? { rateLimit: FREE_PLAN } : {}) });
  const project = ScratchProject.create(PROJECT);
  project.writeProgram(PROGRAM);
  let stack: PulumiStack | undefined;
  try {
    stack = await PulumiStack.init({ projectDir: project.dir, binDir });
    await stack.setAllConfig(
      { "svc:baseUrl": emu.url, "svc:apiKey": emu.apiKey, [`${PROJECT}:count`]: String(count) },
      ["svc:apiKey"],
    );
    const rows: WorkflowRow[] = [];
    for (const operation of operations) rows.push(await measure(emu, stack, operation, count));
    if (!operations.includes("destroy")) await stack.destroy({ allowFailure: true });
    return rows;
  } finally {
    await stack?.remove();
    project.remove();
    await emu.close();
  }
}

/** Whether the row's operation left the service as it should: N stored after up and refresh, none after destroy. */
function leftRight(row: WorkflowRow, count: number): boolean {
  if (!row.ok) return false;
  if (row.operation === "destroy") return row.stored === 0;
  if (row.operation === "preview" || row.operation === "refresh")
    return row.stored === count && row.writes === 0;
  return row.stored === count;
}

function checks(rows: readonly WorkflowRow[], count: number, ratio: number, maxRatio: number): TargetCheck[] {
  const row = (op: WorkflowOperation) => rows.find((r) => r.operation === op);
  const perWorkflow = (r: WorkflowRow | undefined, most: number, figure: string) =>
    r && target(figure, (r.requests / count).toFixed(2), `<= ${most}`, r.requests <= most * count);
  const up = row("up");
  const preview = row("preview");
  const lookups = Math.max(...rows.map((r) => r.keyLookups));
  const refused = rows.reduce((n, r) => n + r.refused, 0);
  const sent = rows.reduce((n, r) => n + r.requests + r.keyLookups + r.refused, 0);
  const checks: (TargetCheck | undefined)[] = [
    ...rows.map((r) =>
      target(
        `${r.operation}: service as expected`,
        `${r.stored} stored, ${r.writes} writes`,
        "as expected",
        leftRight(r, count),
        r.error,
      ),
    ),
    perWorkflow(up, 2, "up: requests per workflow"),
    perWorkflow(row("refresh"), 1, "refresh: requests per workflow"),
    preview && target("no-op preview: requests", String(preview.requests), "0", preview.requests === 0),
    target(`${KEY_LOOKUP} per operation (most)`, String(lookups), "<= 1", lookups <= 1),
    target("429 refusals / requests sent", (refused / sent).toFixed(3), "<= 0.1", refused <= 0.1 * sent),
    target("up: rate limited / not (wall)", `${ratio.toFixed(2)}x`, `<= ${maxRatio}x`, ratio <= maxRatio),
  ];
  return checks.filter((c): c is TargetCheck => c !== undefined);
}

/** Runs the bench; prints a table and the verdict. */
export async function run(options: WorkflowBenchOptions = {}): Promise<WorkflowBenchResult> {
  const count = options.count ?? DEFAULTS.count;
  const maxRatio = options.maxRateRatio ?? DEFAULTS.maxRateRatio;
  const binDir = await ensurePulumiCli();
  console.log(`svc.Workflow x${count} (4 steps each), free-plan rate limits ${JSON.stringify(FREE_PLAN)}`);
  const rows = await measureStack(binDir, count, true, ["up", "preview", "refresh", "destroy"]);
  const [free] = await measureStack(binDir, count, false, ["up"]);
  rows.push({ ...free!, operation: "up (no rate limit)" });
  const limited = rows.find((r) => r.operation === "up")!;
  const rateRatio = limited.wallS / free!.wallS;
  console.log(
    formatTable(
      ["operation", "wall s", "requests", "env look-ups", "429", "writes", "stored"],
      rows.map((r) => [
        r.operation,
        r.wallS.toFixed(1),
        String(r.requests),
        String(r.keyLookups),
        String(r.refused),
        String(r.writes),
        String(r.stored),
      ]),
    ),
  );
  const verdict = verdictOf(checks(rows, count, rateRatio, maxRatio));
  printVerdict(verdict);
  return { count, rows, rateRatio, verdict };
}

/** `--name=value` of the command line. */
function arg(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

if (require.main === module) {
  const count = arg("count");
  const ratio = arg("max-rate-ratio");
  exitWithVerdict(
    run({
      ...(count ? { count: Number(count) } : {}),
      ...(ratio ? { maxRateRatio: Number(ratio) } : {}),
    }),
  );
}
