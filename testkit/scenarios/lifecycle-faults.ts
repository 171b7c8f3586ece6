/**
 * Faults across the whole lifecycle, through both provider implementations: create, update, read and delete
 * of Integrations and SubscriberCredentials while the emulator drops a share of its answers after commit and
 * answers another share with 503. Every operation must succeed, and the service must end up exactly as the
 * operations say: updated values in place after the updates, nothing of the run left after the deletes.
 */
import { randomUUID } from "node:crypto";
import { startEmulator } from "../../emulator";
import { IntegrationProvider } from "../../provider/runtime/integration-provider";
import { SubscriberCredentialsProvider } from "../../provider/runtime/subscriber-credentials-provider";
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

/** Runs the scenario against its own emulator. */
export async function lifecycleFaults(opts: LifecycleFaultsOptions = {}): Promise<LifecycleFaultsFigures> {
  const n = opts.resources ?? 100;
  const run = randomUUID().slice(0, 8);
  const apiKey = `rel_life_${randomUUID()}`;
  const sub = (i: number) => `life-${run}-${i}`;
  const emu = await startEmulator({
    port: 0,
    keys: [{ apiKey }],
    fixtures: {
      integrations: [{ providerId: "fcm", channel: "push", identifier: `fcm-${run}`, active: true }],
      subscribers: Array.from({ length: n }, (_, i) => ({ subscriberId: sub(i) })),
    },
  });
  const environmentId = emu.keys[0]?.environmentId ?? "";
  const settings = { apiKey, baseUrl: emu.url };
  const integrations = new IntegrationProvider({ settings });
  const credentials = new SubscriberCredentialsProvider({ settings });
  emu.setFaults({ dropRate: opts.dropRate ?? 0.1, failRate: opts.failRate ?? 0.05, seed: opts.seed ?? 99 });
  const f: LifecycleFaultsFigures = {
    resources: n,
    operations: 0,
    failed: 0,
    dropped: 0,
    failedAnswers503: 0,
    staleIntegrations: 0,
    staleCredentials: 0,
    badReads: 0,
    leftovers: 0,
    elapsedMs: 0,
  };
  const step = async <T>(what: string, fn: () => Promise<T>): Promise<T | undefined> => {
    f.operations++;
    try {
      return await fn();
    } catch (e) {
      f.failed++;
      f.firstError ??= `${what}: ${e instanceof Error ? e.message : String(e)}`;
      return undefined;
    }
  };
  const checked = async (
    p: { check: (o: Props, n: Props) => Promise<{ inputs?: Props; failures?: unknown[] }> },
    olds: Props,
    news: Props,
  ) => {
    const r = await p.check(olds, news);
    if ((r.failures ?? []).length > 0) throw new Error(`check failed: ${JSON.stringify(r.failures)}`);
    return r.inputs as Props;
  };
  const t0 = performance.now();
  const intState = new Map<number, { id: string; outs: Props }>();
  const credState = new Map<number, { id: string; outs: Props }>();
  try {
    // Create.
    await runPool(n, opts.concurrency ?? 16, async (i) => {
      const inInputs = await checked(
        integrations,
        {},
        {
          providerId: "twilio",
          channel: "sms",
          identifier: `life-${run}-${i}`,
          name: `v1-${i}`,
          active: true,
          credentials: { accountSid: `AC-v1-${i}`, token: `tok-v1-${i}`, from: "+15550100" },
        },
      );
      const made = await step("integration create", () => integrations.create(inInputs as never));
      if (made) intState.set(i, { id: made.id, outs: made.outs as unknown as Props });
      const crInputs = await checked(
        credentials,
        {},
        {
          subscriberId: sub(i),
          providerId: "fcm",
          credentials: { deviceTokens: [`dev-v1-${i}`] },
        },
      );
      const cr = await step("credentials create", () => credentials.create(crInputs as never));
      if (cr) credState.set(i, { id: cr.id, outs: cr.outs as unknown as Props });
    });
    // Update.
    await runPool(n, opts.concurrency ?? 16, async (i) => {
      const cur = intState.get(i);
      if (cur) {
        const news = await checked(integrations, cur.outs, {
          providerId: "twilio",
          channel: "sms",
          identifier: `life-${run}-${i}`,
          name: `v2-${i}`,
          active: true,
          credentials: { accountSid: `AC-v2-${i}`, token: `tok-v2-${i}`, from: "+15550100" },
        });
        const r = await step("integration update", () =>
          integrations.update(cur.id, cur.outs as never, news as never),
        );
        if (r) cur.outs = r.outs as unknown as Props;
      }
      const c = credState.get(i);
      if (c) {
        const news = await checked(credentials, c.outs, {
          subscriberId: sub(i),
          providerId: "fcm",
          credentials: { deviceTokens: [`dev-v2-${i}`, `dev-v2b-${i}`] },
        });
        const r = await step("credentials update", () =>
          credentials.update(c.id, c.outs as never, news as never),
        );
        if (r) c.outs = r.outs as unknown as Props;
      }
    });
    // What the service holds now (read without faults in the way: the emulator's own view).
    const stored = emu.integrations().filter((x) => x.identifier.startsWith(`life-${run}-`));
    for (let i = 0; i < n; i++) {
      const x = stored.find((s) => s.identifier === `life-${run}-${i}`);
      const c = x?.credentials as Record<string, unknown> | undefined;
      if (!x || x.name !== `v2-${i}` || c?.accountSid !== `AC-v2-${i}` || c?.token !== `tok-v2-${i}`)
        f.staleIntegrations++;
      const s = emu.subscriber(environmentId, sub(i));
      const tokens = s?.channels?.find((ch) => ch.providerId === "fcm")?.credentials.deviceTokens;
      if (JSON.stringify(tokens) !== JSON.stringify([`dev-v2-${i}`, `dev-v2b-${i}`])) f.staleCredentials++;
    }
    // Read (refresh).
    await runPool(n, opts.concurrency ?? 16, async (i) => {
      const cur = intState.get(i);
      if (cur) {
        const r = await step("integration read", () => integrations.read(cur.id, cur.outs as never));
        if (r && (r.id !== cur.id || (r.props as Props | undefined)?.name !== `v2-${i}`)) f.badReads++;
      }
      const c = credState.get(i);
      if (c) {
        const r = await step("credentials read", () => credentials.read(c.id, c.outs as never));
        const tokens = ((r?.props as Props | undefined)?.credentials as Props | undefined)?.deviceTokens;
        if (
          r &&
          (r.id !== c.id || JSON.stringify(tokens) !== JSON.stringify([`dev-v2-${i}`, `dev-v2b-${i}`]))
        )
          f.badReads++;
      }
    });
    // Delete.
    await runPool(n, opts.concurrency ?? 16, async (i) => {
      const cur = intState.get(i);
      if (cur) await step("integration delete", () => integrations.delete(cur.id, cur.outs as never));
      const c = credState.get(i);
      if (c) await step("credentials delete", () => credentials.delete(c.id, c.outs as never));
    });
    f.elapsedMs = since(t0);
    f.leftovers += emu.integrations().filter((x) => x.identifier.startsWith(`life-${run}-`)).length;
    for (let i = 0; i < n; i++) {
      const s = emu.subscriber(environmentId, sub(i));
      if ((s?.channels ?? []).some((ch) => ch.providerId === "fcm")) f.leftovers++;
    }
    f.dropped = emu.requests.filter((r) => r.dropped).length;
    f.failedAnswers503 = emu.requests.filter((r) => r.status === 503).length;
    return f;
  } finally {
    await emu.close();
  }
}
