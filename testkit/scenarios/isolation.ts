/**
 * Isolation: two organizations with two environments each, every operation from every key. Data the spec
 * scopes to the key's environment (subscribers, credentials, preferences, workflows, messages, events, where
 * an integration is created) must never come from, or land in, another environment; data scoped to the
 * organization (integration lists, updates, deletes, an explicit environmentId) must never cross
 * organizations.
 */
import { randomUUID } from "node:crypto";
import { type Emulator, startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk";
import { FiguresRecorder } from "./figures";

/** What {@link isolation} measured. */
export interface IsolationFigures {
  organizations: number;
  environments: number;
  /** Calls made across the matrix. */
  calls: number;
  /** Assertions about scope checked. */
  checks: number;
  /** Scope violations found: reads or writes across environments or organizations where the spec scopes them. */
  leaks: number;
  /** Operations covered. */
  operations: string[];
  /** One line per leak. */
  leakDetails: string[];
}

interface Env {
  label: string;
  apiKey: string;
  organizationId: string;
  environmentId: string;
  notificationId: string;
}

function hex(n: number): string {
  return `6b${n.toString(16).padStart(22, "0")}`;
}

function seed(emu: Emulator, env: Env): void {
  emu.seed(
    {
      integrations: [{ providerId: "fcm", channel: "push", identifier: `fcm-${env.label}`, active: true }],
      subscribers: [
        { subscriberId: `own-${env.label}`, firstName: env.label },
        { subscriberId: "shared-sub", firstName: env.label },
      ],
      workflows: [
        { workflowId: `wf-${env.label}`, name: env.label },
        { workflowId: "shared-wf", name: env.label },
      ],
      messages: [{ channel: "in_app", subscriberId: "shared-sub", transactionId: `txn-${env.label}` }],
      notifications: [
        { _id: env.notificationId, subscriberId: "shared-sub", transactionId: `txn-${env.label}` },
      ],
    },
    { apiKey: env.apiKey },
  );
}
/** One run of the matrix: the emulator, the environments with their clients, and the recorder. */
interface Matrix {
  run: string;
  emu: Emulator;
  envs: Env[];
  clients: Map<string, SvcClient>;
  rec: FiguresRecorder;
}

/** What one environment's key sees of the others. */
interface Seat {
  me: Env;
  c: SvcClient;
  /** Every other environment. */
  others: Env[];
  /** The environments of the other organization. */
  otherOrg: Env[];
  /** The other environment of the same organization. */
  sameOrgOther: Env[];
}

/** Four environments, two per organization, each with its own key. */
function environments(run: string): Env[] {
  const orgs = [`${"a".repeat(16)}${run}00`.slice(0, 24), `${"b".repeat(16)}${run}00`.slice(0, 24)];
  const envs: Env[] = [];
  let n = 0;
  for (const [o, org] of orgs.entries()) {
    for (const e of [1, 2]) {
      const label = `${"AB"[o]}${e}`;
      envs.push({
        label,
        apiKey: `rel_iso_${label}_${randomUUID()}`,
        organizationId: org,
        environmentId: randomUUID(),
        notificationId: hex(++n),
      });
    }
  }
  return envs;
}

/** Starts an emulator holding every environment's key and data, and a client per key. */
async function startMatrix(): Promise<Matrix> {
  const run = randomUUID().slice(0, 6);
  const envs = environments(run);
  const emu = await startEmulator({
    port: 0,
    keys: envs.map((e) => ({
      apiKey: e.apiKey,
      organizationId: e.organizationId,
      environmentId: e.environmentId,
    })),
  });
  for (const e of envs) seed(emu, e);
  const clients = new Map(
    envs.map((e) => [e.label, new SvcClient({ apiKey: e.apiKey, baseUrl: emu.url, maxRetries: 0 })]),
  );
  return { run, emu, envs, clients, rec: new FiguresRecorder() };
}

function seatOf(m: Matrix, me: Env): Seat {
  return {
    me,
    c: m.clients.get(me.label) as SvcClient,
    others: m.envs.filter((e) => e !== me),
    otherOrg: m.envs.filter((e) => e.organizationId !== me.organizationId),
    sameOrgOther: m.envs.filter((e) => e.organizationId === me.organizationId && e !== me),
  };
}

/** A call that must be refused (404/400): succeeding is a leak. */
async function refused(
  rec: FiguresRecorder,
  op: string,
  who: Env,
  what: string,
  call: () => Promise<unknown>,
): Promise<void> {
  rec.call(op);
  const ok = await call().then(
    () => false,
    (e: unknown) => [400, 403, 404].includes((e as { status?: number }).status ?? 0),
  );
  rec.check(ok, `${who.label} ${op} ${what}: not refused`);
}

/** 1. upsert credentials: writes the key's own environment only, with its own integration. */
async function upsertCredentials(m: Matrix, { me, c, others }: Seat): Promise<void> {
  const { emu, rec } = m;
  rec.call("subscribers.upsertCredentials");
  const tokenValue = `tok-${me.label}-${m.run}`;
  const updated = await c.subscribers.upsertCredentials("shared-sub", {
    providerId: "fcm",
    credentials: { deviceTokens: [tokenValue] },
  });
  rec.check(
    updated._environmentId === me.environmentId,
    `${me.label} upsert answered another environment's subscriber`,
  );
  rec.check(updated.firstName === me.label, `${me.label} upsert answered subscriber of ${updated.firstName}`);
  for (const o of others) {
    const theirs = emu.subscriber(o.environmentId, "shared-sub");
    rec.check(
      !JSON.stringify(theirs?.channels ?? []).includes(tokenValue),
      `${me.label} upsert wrote into ${o.label}`,
    );
    await refused(rec, "subscribers.upsertCredentials", me, `own-${o.label}`, () =>
      c.subscribers.upsertCredentials(`own-${o.label}`, {
        providerId: "fcm",
        credentials: { deviceTokens: ["x"] },
      }),
    );
  }
  const mine = emu.subscriber(me.environmentId, "shared-sub");
  const entry = (mine?.channels ?? []).find((ch) => ch.providerId === "fcm");
  const myFcm = emu.integrations().find((i) => i.identifier === `fcm-${me.label}`);
  rec.check(
    entry?._integrationId === myFcm?._id,
    `${me.label} upsert used another environment's integration`,
  );
}

/** 2. search: own environment only. */
async function search({ rec }: Matrix, { me, c, others }: Seat): Promise<void> {
  rec.call("subscribers.search");
  const page = await c.subscribers.search({ limit: 100 });
  for (const s of page.data)
    rec.check(
      s._environmentId === me.environmentId,
      `${me.label} search returned ${s.subscriberId} of another environment`,
    );
  rec.check(
    page.data.length === 2,
    `${me.label} search returned ${page.data.length} subscribers, expected its 2`,
  );
  for (const o of others) {
    rec.call("subscribers.search");
    const p = await c.subscribers.search({ subscriberId: `own-${o.label}` });
    rec.check(p.data.length === 0 && p.totalCount === 0, `${me.label} search found own-${o.label}`);
  }
}

/** 3. create integration: lands in the key's environment; never in another organization. */
async function createIntegration({ rec }: Matrix, { me, c, otherOrg }: Seat): Promise<void> {
  rec.call("integrations.create");
  const made = await c.integrations.create({
    providerId: "twilio",
    channel: "sms",
    identifier: `made-${me.label}`,
  });
  rec.check(
    made._environmentId === me.environmentId && made._organizationId === me.organizationId,
    `${me.label} create landed elsewhere`,
  );
  // A body naming another organization's environment: the spec creates in the key's environment anyway.
  for (const o of otherOrg) {
    rec.call("integrations.create");
    const into = await c.integrations.create({
      providerId: "twilio",
      channel: "sms",
      identifier: `into-${o.label}-${me.label}`,
      _environmentId: o.environmentId,
    });
    rec.check(
      into._environmentId === me.environmentId && into._organizationId === me.organizationId,
      `${me.label} integrations.create naming ${o.label}'s environment landed in ${into._environmentId}`,
    );
  }
}

/** 4. messages and 9. events lists: own environment only. */
async function messagesAndEvents({ rec }: Matrix, { me, c }: Seat): Promise<void> {
  rec.call("messages.list");
  const msgs = await c.messages.list({ limit: 50 });
  rec.check(msgs.data.length === 1, `${me.label} messages.list returned ${msgs.data.length}`);
  for (const m of msgs.data)
    rec.check(m._environmentId === me.environmentId, `${me.label} messages.list leaked ${m.transactionId}`);
  rec.call("notifications.list");
  const events = await c.notifications.list({ limit: 50 });
  rec.check(events.data.length === 1, `${me.label} notifications.list returned ${events.data.length}`);
  for (const e of events.data)
    rec.check(
      e._environmentId === me.environmentId,
      `${me.label} notifications.list leaked ${e.transactionId}`,
    );
}

/** 5. integration lists: the organization's environments, never another organization. */
async function integrationLists({ rec }: Matrix, { me, c, sameOrgOther }: Seat): Promise<void> {
  for (const [op, list] of [
    ["integrations.listActive", () => c.integrations.listActive()],
    ["integrations.list", () => c.integrations.list()],
  ] as const) {
    rec.call(op);
    const all = await list();
    for (const i of all)
      rec.check(
        i._organizationId === me.organizationId,
        `${me.label} ${op} returned ${i.identifier} of another organization`,
      );
    const envIds = new Set(all.map((i) => i._environmentId));
    for (const o of sameOrgOther)
      rec.check(envIds.has(o.environmentId), `${me.label} ${op} misses sibling environment ${o.label}`);
  }
}

/** 6. preferences: own subscriber, own workflows. */
async function preferences({ rec }: Matrix, { me, c, others }: Seat): Promise<void> {
  rec.call("subscribers.getPreferences");
  const prefs = await c.subscribers.getPreferences("shared-sub");
  const names = prefs.workflows.map((w) => w.workflow.name);
  rec.check(
    names.length === 2 && names.every((x) => x === me.label),
    `${me.label} preferences list workflows ${names.join(",")}`,
  );
  for (const o of others) {
    await refused(rec, "subscribers.getPreferences", me, `own-${o.label}`, () =>
      c.subscribers.getPreferences(`own-${o.label}`),
    );
  }
}

/** 7. workflows: own environment by default; another environment only of the same organization. */
async function workflows({ rec }: Matrix, { me, c, others, otherOrg, sameOrgOther }: Seat): Promise<void> {
  rec.call("workflows.get");
  const wf = await c.workflows.get("shared-wf");
  rec.check(wf.name === me.label, `${me.label} workflows.get shared-wf answered ${wf.name}`);
  for (const o of others) {
    await refused(rec, "workflows.get", me, `wf-${o.label}`, () => c.workflows.get(`wf-${o.label}`));
  }
  for (const o of otherOrg) {
    await refused(rec, "workflows.get", me, `environmentId ${o.label}`, () =>
      c.workflows.get("shared-wf", { environmentId: o.environmentId }),
    );
  }
  // An API key is scoped to its own environment: a sibling's environmentId is refused with 403 too
  // (Novu's e2e api-key-workflow-environment-scope.e2e.ts; emulator/routes/workflows.ts).
  for (const o of sameOrgOther) {
    await refused(rec, "workflows.get", me, `sibling environmentId ${o.label}`, () =>
      c.workflows.get("shared-wf", { environmentId: o.environmentId }),
    );
  }
}

/** 8. one event: own environment only. */
async function oneEvent({ rec }: Matrix, { me, c, others }: Seat): Promise<void> {
  rec.call("notifications.get");
  const own = await c.notifications.get(me.notificationId);
  rec.check(
    own._environmentId === me.environmentId,
    `${me.label} notifications.get answered another environment`,
  );
  for (const o of others) {
    await refused(rec, "notifications.get", me, o.notificationId, () =>
      c.notifications.get(o.notificationId),
    );
  }
}

/** Integration update and delete: never another organization's integration. */
async function updateAndDelete({ emu, rec }: Matrix, { me, c, otherOrg }: Seat): Promise<void> {
  for (const o of otherOrg) {
    const theirs = emu.integrations().find((i) => i.identifier === `fcm-${o.label}`);
    await refused(rec, "integrations.update", me, `fcm-${o.label}`, () =>
      c.integrations.update(theirs?._id ?? "", { name: "hijacked" }),
    );
    await refused(rec, "integrations.delete", me, `fcm-${o.label}`, () =>
      c.integrations.delete(theirs?._id ?? ""),
    );
  }
}

/** Nothing of another organization was changed by the refused writes. */
function nothingHijacked({ emu, rec }: Matrix): void {
  for (const i of emu.integrations())
    rec.check(i.name !== "hijacked", `integration ${i.identifier} was renamed across organizations`);
}

/** Every operation from one environment's key. */
async function fromKey(m: Matrix, me: Env): Promise<void> {
  const seat = seatOf(m, me);
  await upsertCredentials(m, seat);
  await search(m, seat);
  await createIntegration(m, seat);
  await messagesAndEvents(m, seat);
  await integrationLists(m, seat);
  await preferences(m, seat);
  await workflows(m, seat);
  await oneEvent(m, seat);
  await updateAndDelete(m, seat);
}

/** Runs the key matrix against its own emulator. */
export async function isolation(): Promise<IsolationFigures> {
  const m = await startMatrix();
  try {
    for (const me of m.envs) await fromKey(m, me);
    nothingHijacked(m);
  } finally {
    for (const c of m.clients.values()) await c.close();
    await m.emu.close();
  }
  const leakDetails = m.rec.violations();
  return {
    organizations: 2,
    environments: m.envs.length,
    calls: m.rec.callCount,
    checks: m.rec.checks,
    leaks: leakDetails.length,
    operations: m.rec.operations(),
    leakDetails,
  };
}
