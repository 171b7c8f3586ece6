/**
 * Faults across the whole lifecycle, through both provider implementations: create, update, read and delete
 * of Integrations and SubscriberCredentials while the emulator drops a share of its answers after commit and
 * answers another share with 503. Every operation must succeed, and the service must end up exactly as the
 * operations say: updated values in place after the updates, nothing of the run left after the deletes.
 */
import { randomUUID } from "node:crypto";
import { type Emulator, startEmulator } from "../../emulator";
import { IntegrationProvider } from "../../provider/runtime/integration/provider";
import { SubscriberCredentialsProvider } from "../../provider/runtime/subscriber-credentials/provider";
import { FiguresRecorder } from "./figures";
import { runPool, since } from "./pool";

/** Settings of {@link lifecycleFaults}. */
export interface LifecycleFaultsOptions {
  /** Resources per kind (default 100). */
  resources?: number;
  dropRate?: number;
  failRate?: number;
  concurrency?: number;
  seed?: number;
}

/** What {@link lifecycleFaults} measured. */
export interface LifecycleFaultsFigures {
  resources: number;
  /** Provider operations run (check excluded). */
  operations: number;
  failed: number;
  firstError?: string;
  dropped: number;
  failedAnswers503: number;
  /** After the updates: integrations whose stored name or credentials are not the updated ones. */
  staleIntegrations: number;
  /** After the updates: subscribers whose stored device tokens are not the updated ones. */
  staleCredentials: number;
  /** Reads that did not find their resource, or found other values. */
  badReads: number;
  /** After the deletes: integrations and credential entries of the run still present. */
  leftovers: number;
  elapsedMs: number;
}

type Props = Record<string, unknown>;

/** A resource the provider created: its id and its current outputs. */
interface Held {
  id: string;
  outs: Props;
}

const COUNTERS = ["staleIntegrations", "staleCredentials", "badReads", "leftovers"] as const;

/** One run: the emulator, both providers, what they hold, and the recorder. */
interface Run {
  n: number;
  concurrency: number;
  /** What the run's identifiers start with. */
  prefix: string;
  /** Identifier of integration `i` (also its subscriber's id). */
  id: (i: number) => string;
  environmentId: string;
  emu: Emulator;
  integrations: IntegrationProvider;
  credentials: SubscriberCredentialsProvider;
  intState: Map<number, Held>;
  credState: Map<number, Held>;
  rec: FiguresRecorder<(typeof COUNTERS)[number]>;
}

/** Starts an emulator with one subscriber per resource, both providers on it, and the faults switched on. */
async function startRun(opts: LifecycleFaultsOptions): Promise<Run> {
  const n = opts.resources ?? 100;
  const run = randomUUID().slice(0, 8);
  const apiKey = `rel_life_${randomUUID()}`;
  const prefix = `life-${run}-`;
  const id = (i: number) => `${prefix}${i}`;
  const emu = await startEmulator({
    port: 0,
    keys: [{ apiKey }],
    fixtures: {
      integrations: [{ providerId: "fcm", channel: "push", identifier: `fcm-${run}`, active: true }],
      subscribers: Array.from({ length: n }, (_, i) => ({ subscriberId: id(i) })),
    },
  });
  const settings = { apiKey, baseUrl: emu.url };
  emu.setFaults({ dropRate: opts.dropRate ?? 0.1, failRate: opts.failRate ?? 0.05, seed: opts.seed ?? 99 });
  return {
    n,
    concurrency: opts.concurrency ?? 16,
    prefix,
    id,
    environmentId: emu.keys[0]?.environmentId ?? "",
    emu,
    integrations: new IntegrationProvider({ settings }),
    credentials: new SubscriberCredentialsProvider({ settings }),
    intState: new Map(),
    credState: new Map(),
    rec: new FiguresRecorder(COUNTERS),
  };
}

/** The provider's check of `news`, which must pass. */
async function checked(
  p: { check: (o: Props, n: Props) => Promise<{ inputs?: Props; failures?: unknown[] }> },
  olds: Props,
  news: Props,
): Promise<Props> {
  const r = await p.check(olds, news);
  if ((r.failures ?? []).length > 0) throw new Error(`check failed: ${JSON.stringify(r.failures)}`);
  return r.inputs as Props;
}

/** Inputs of integration `i` in generation `v`. */
function integrationInputs(r: Run, i: number, v: "v1" | "v2"): Props {
  return {
    providerId: "twilio",
    channel: "sms",
    identifier: r.id(i),
    name: `${v}-${i}`,
    active: true,
    credentials: { accountSid: `AC-${v}-${i}`, token: `tok-${v}-${i}`, from: "+15550100" },
  };
}

/** The device tokens of subscriber `i` after the update. */
function updatedTokens(i: number): string[] {
  return [`dev-v2-${i}`, `dev-v2b-${i}`];
}

/** Creates integration and credentials `i`. */
async function create(r: Run, i: number): Promise<void> {
  const inInputs = await checked(r.integrations, {}, integrationInputs(r, i, "v1"));
  const made = await r.rec.attempt("integration create", () => r.integrations.create(inInputs as never));
  if (made) r.intState.set(i, { id: made.id, outs: { ...made.outs } });
  const crInputs = await checked(
    r.credentials,
    {},
    { subscriberId: r.id(i), providerId: "fcm", credentials: { deviceTokens: [`dev-v1-${i}`] } },
  );
  const cr = await r.rec.attempt("credentials create", () => r.credentials.create(crInputs as never));
  if (cr) r.credState.set(i, { id: cr.id, outs: { ...cr.outs } });
}

/** Updates integration and credentials `i` to their second generation. */
async function update(r: Run, i: number): Promise<void> {
  const cur = r.intState.get(i);
  if (cur) {
    const news = await checked(r.integrations, cur.outs, integrationInputs(r, i, "v2"));
    const u = await r.rec.attempt("integration update", () =>
      r.integrations.update(cur.id, cur.outs as never, news as never),
    );
    if (u) cur.outs = { ...u.outs };
  }
  const c = r.credState.get(i);
  if (c) {
    const news = await checked(r.credentials, c.outs, {
      subscriberId: r.id(i),
      providerId: "fcm",
      credentials: { deviceTokens: updatedTokens(i) },
    });
    const u = await r.rec.attempt("credentials update", () =>
      r.credentials.update(c.id, c.outs as never, news as never),
    );
    if (u) c.outs = { ...u.outs };
  }
}

/** What the service holds after the updates (read without faults in the way: the emulator's own view). */
function countStale({ n, prefix, id, emu, environmentId, rec }: Run): void {
  const stored = emu.integrations().filter((x) => x.identifier.startsWith(prefix));
  for (let i = 0; i < n; i++) {
    const x = stored.find((s) => s.identifier === id(i));
    const c = x?.credentials as Record<string, unknown> | undefined;
    if (!x || x.name !== `v2-${i}` || c?.accountSid !== `AC-v2-${i}` || c?.token !== `tok-v2-${i}`)
      rec.count("staleIntegrations");
    const s = emu.subscriber(environmentId, id(i));
    const tokens = s?.channels?.find((ch) => ch.providerId === "fcm")?.credentials.deviceTokens;
    if (JSON.stringify(tokens) !== JSON.stringify(updatedTokens(i))) rec.count("staleCredentials");
  }
}

/** Reads (refreshes) integration and credentials `i`, which must come back as updated. */
async function read(r: Run, i: number): Promise<void> {
  const cur = r.intState.get(i);
  if (cur) {
    const got = await r.rec.attempt("integration read", () => r.integrations.read(cur.id, cur.outs as never));
    if (got && (got.id !== cur.id || (got.props as Props | undefined)?.name !== `v2-${i}`))
      r.rec.count("badReads");
  }
  const c = r.credState.get(i);
  if (c) {
    const got = await r.rec.attempt("credentials read", () => r.credentials.read(c.id, c.outs as never));
    const tokens = ((got?.props as Props | undefined)?.credentials as Props | undefined)?.deviceTokens;
    if (got && (got.id !== c.id || JSON.stringify(tokens) !== JSON.stringify(updatedTokens(i))))
      r.rec.count("badReads");
  }
}

/** Deletes integration and credentials `i`. */
async function remove(r: Run, i: number): Promise<void> {
  const cur = r.intState.get(i);
  if (cur) await r.rec.attempt("integration delete", () => r.integrations.delete(cur.id, cur.outs as never));
  const c = r.credState.get(i);
  if (c) await r.rec.attempt("credentials delete", () => r.credentials.delete(c.id, c.outs as never));
}

/** After the deletes: integrations and credential entries of the run still present. */
function countLeftovers({ n, prefix, id, emu, environmentId, rec }: Run): void {
  rec.count("leftovers", emu.integrations().filter((x) => x.identifier.startsWith(prefix)).length);
  for (let i = 0; i < n; i++) {
    const s = emu.subscriber(environmentId, id(i));
    if ((s?.channels ?? []).some((ch) => ch.providerId === "fcm")) rec.count("leftovers");
  }
}

/** Runs the scenario against its own emulator. */
export async function lifecycleFaults(opts: LifecycleFaultsOptions = {}): Promise<LifecycleFaultsFigures> {
  const r = await startRun(opts);
  const each = (phase: (r: Run, i: number) => Promise<void>) =>
    runPool(r.n, r.concurrency, (i) => phase(r, i));
  const t0 = performance.now();
  try {
    await each(create);
    await each(update);
    countStale(r);
    await each(read);
    await each(remove);
    const elapsedMs = since(t0);
    countLeftovers(r);
    return {
      resources: r.n,
      operations: r.rec.callCount,
      failed: r.rec.failures,
      ...r.rec.firstFailureAs("firstError"),
      dropped: r.emu.requests.filter((q) => q.dropped).length,
      failedAnswers503: r.emu.requests.filter((q) => q.status === 503).length,
      ...r.rec.counts(),
      elapsedMs,
    };
  } finally {
    await r.emu.close();
  }
}
