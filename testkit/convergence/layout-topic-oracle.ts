/**
 * The convergence oracle's rules on layouts and topics. Like ./oracle.ts it imports no provider or sdk code:
 * the expectation comes from the program models and the documented contract of `svc.Layout`, `svc.Topic`
 * and `svc.TopicSubscriptions`; the actual state is read from the emulator over raw HTTP (`GET /v2/layouts`,
 * `GET /v2/topics`, `GET /v2/topics/{key}/subscriptions`, every page).
 *
 * - (l-a) after every converged `up`: each declared layout exists once, under its layoutId (explicit, else
 *   `<slug of the resource name>-<hash>` as integrations), with exactly the declared `name` and content (body
 *   and editorType). Every email step that names a layout stores that layout's layoutId (checked with the
 *   workflows, ./oracle.ts). No other layout is in the environment but the application's (fixtures) and the
 *   environment's default layout that a destroy or removal left, which the service never deletes: that one
 *   must have been warned about, naming it (the command's output).
 * - (t-a) after every converged `up`: each declared topic exists once under its key with the declared name;
 *   its subscribers are exactly those its TopicSubscriptions declares plus those the application subscribed
 *   (nothing more, nothing less). No other topic is in the environment but the application's.
 * - (b) always: the application's layouts and topics are exactly as they were (name, content, subscribers);
 *   every subscription the application made to a declared topic is there while that topic is (only a
 *   topic with `forceDestroy` receives them, and deleting it deletes them, as the service forces).
 * - (c) after `destroy`: (l-a) and (t-a) with nothing declared.
 */
import type { Emulator } from "../../emulator";
import { call } from "../emulator-http";
import type { LayoutDecl } from "./layout-model";
import { layoutUsesOf } from "./layout-model";
import { defaultIdentifier, type StackView } from "./oracle";
import type { TopicDecl } from "./topic-model";

/** A stored layout (the fields the oracle reads). */
export interface LiveLayout {
  _id: string;
  layoutId: string;
  name: string;
  isDefault: boolean;
  body?: string;
  editorType?: string;
}

/** A stored topic with the subscriberIds of its subscriptions (sorted). */
export interface LiveTopic {
  _id: string;
  key: string;
  name?: string;
  subscriberIds: string[];
}

/** What the oracle reads of layouts and topics. */
export interface LayoutTopicSnapshot {
  layouts: LiveLayout[];
  topics: LiveTopic[];
}

/** A subscription the application made to a topic of the stack. */
export interface ForeignSubscription {
  topicKey: string;
  subscriberId: string;
  /** Who made it, for messages (`out-of-band step 4`). */
  source: string;
}

/** What the oracle knows of layouts and topics besides the programs. */
export interface LayoutTopicContext {
  /** The application's layouts and topics when the run started. */
  fixtures: LayoutTopicSnapshot;
  foreignSubscriptions: readonly ForeignSubscription[];
  /** layoutIds of default layouts a command warned it leaves in the environment. */
  warnedDefaults: ReadonlySet<string>;
}

/** Where findings go (./oracle.ts's `OracleResult`). */
interface Findings {
  findings: { kind: string; detail: string }[];
  objectsChecked: number;
}

async function get(emu: Emulator, path: string): Promise<Record<string, unknown>> {
  const answer = await call(emu, "GET", path);
  if (answer.status !== 200) throw new Error(`oracle: GET ${path} answered ${answer.status}`);
  return answer.body as Record<string, unknown>;
}

/** A stored layout as `GET /v2/layouts/{_id}` answers it (the list leaves the content out). */
type LayoutAnswer = {
  _id: string;
  layoutId: string;
  name: string;
  isDefault: boolean;
  controls?: { values?: { email?: { body?: string; editorType?: string } | null } | null };
};

async function readLayouts(emu: Emulator): Promise<LiveLayout[]> {
  const listed: LayoutAnswer[] = [];
  for (let offset = 0; ; offset += 100) {
    const data = (await get(emu, `/v2/layouts?limit=100&offset=${offset}`))["data"] as {
      layouts: LayoutAnswer[];
      totalCount: number;
    };
    listed.push(...data.layouts);
    if (data.layouts.length < 100 || listed.length >= data.totalCount) break;
  }
  const out: LiveLayout[] = [];
  for (const item of listed) {
    const l = (await get(emu, `/v2/layouts/${item._id}`))["data"] as LayoutAnswer;
    const email = l.controls?.values?.email ?? undefined;
    out.push({
      _id: l._id,
      layoutId: l.layoutId,
      name: l.name,
      isDefault: l.isDefault,
      ...(email?.body !== undefined ? { body: email.body } : {}),
      ...(email?.editorType !== undefined ? { editorType: email.editorType } : {}),
    });
  }
  return out.sort((a, b) => a._id.localeCompare(b._id));
}

/** Every page of a cursor-paged v2 list (`{ data, next }`). */
async function pages<T>(emu: Emulator, path: string): Promise<T[]> {
  const out: T[] = [];
  let after: string | undefined;
  for (;;) {
    const sep = path.includes("?") ? "&" : "?";
    const body = await get(
      emu,
      `${path}${sep}limit=100${after ? `&after=${encodeURIComponent(after)}` : ""}`,
    );
    out.push(...(body["data"] as T[]));
    const next = body["next"];
    if (typeof next !== "string" || next === "") return out;
    after = next;
  }
}

/** Reads the layouts and topics (with their subscribers) of the emulator's first key's environment. */
export async function readLayoutsTopics(emu: Emulator): Promise<LayoutTopicSnapshot> {
  const layouts = await readLayouts(emu);
  const topics: LiveTopic[] = [];
  for (const t of await pages<{ _id: string; key: string; name?: string }>(emu, "/v2/topics")) {
    const subs = await pages<{ subscriber?: { subscriberId?: string } }>(
      emu,
      `/v2/topics/${encodeURIComponent(t.key)}/subscriptions`,
    );
    const subscriberIds = subs.map((s) => s.subscriber?.subscriberId ?? "?").sort();
    topics.push({ _id: t._id, key: t.key, ...(t.name !== undefined ? { name: t.name } : {}), subscriberIds });
  }
  return { layouts, topics };
}

/** The layoutId a declared layout must have. */
export function layoutIdOf(view: StackView, l: LayoutDecl): string {
  return l.layoutId ?? defaultIdentifier(view.project, view.stack, l.name);
}

/** The key a declared topic must have. */
export function topicKeyOf(view: StackView, t: TopicDecl): string {
  return t.key ?? defaultIdentifier(view.project, view.stack, t.name);
}

/**
 * The views with each email step that names a layout holding that layout's layoutId in its controls, as
 * the service must store it (for the workflows' rule, which compares controls exactly).
 */
export function withLayoutIds(views: readonly StackView[]): StackView[] {
  return views.map((view) => {
    const m = structuredClone(view.model);
    for (const u of layoutUsesOf(m)) {
      const layout = m.layouts!.find((l) => l.name === u.layout)!;
      const step = m.workflows!.find((w) => w.name === u.workflow)!.steps.find((s) => s.name === u.step)!;
      step.controls = { ...step.controls, layoutId: layoutIdOf(view, layout) };
    }
    return { ...view, model: m };
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Rule (l-a): the declared layouts as declared; no other but the application's and warned defaults. */
export function checkLayouts(
  views: readonly StackView[],
  snap: LayoutTopicSnapshot,
  ctx: LayoutTopicContext,
  out: Findings,
): void {
  const declared = new Set<string>();
  for (const view of views)
    for (const l of view.model.layouts ?? []) {
      const layoutId = layoutIdOf(view, l);
      declared.add(layoutId);
      out.objectsChecked++;
      const where = `${view.stack}:${l.name} (${layoutId})`;
      const found = snap.layouts.filter((x) => x.layoutId === layoutId);
      if (found.length !== 1) {
        out.findings.push({ kind: "layout-count", detail: `${where}: ${found.length} stored` });
        continue;
      }
      const x = found[0]!;
      const want = { name: l.title, body: l.body, editorType: l.editorType };
      const got = { name: x.name, body: x.body, editorType: x.editorType };
      const fields = (Object.keys(want) as (keyof typeof want)[]).filter((k) => !same(want[k], got[k]));
      if (fields.length > 0)
        out.findings.push({
          kind: "layout-fields",
          detail: `${where}: ${fields.map((k) => `${k} ${JSON.stringify(got[k])}, declared ${JSON.stringify(want[k])}`).join("; ")}`,
        });
    }
  for (const x of snap.layouts) {
    if (declared.has(x.layoutId) || ctx.fixtures.layouts.some((f) => f._id === x._id)) continue;
    if (x.isDefault && ctx.warnedDefaults.has(x.layoutId)) continue;
    out.findings.push({
      kind: "undeclared-layout",
      detail: `${x.layoutId} (${x._id}${x.isDefault ? ", the default, left without a warning naming it" : ""}) is stored but declared by no stack`,
    });
  }
}

/** Rule (t-a): the declared topics with exactly their declared and the application's subscribers. */
export function checkTopics(
  views: readonly StackView[],
  snap: LayoutTopicSnapshot,
  ctx: LayoutTopicContext,
  out: Findings,
): void {
  const declared = new Set<string>();
  for (const view of views)
    for (const t of view.model.topics ?? []) {
      const key = topicKeyOf(view, t);
      declared.add(key);
      out.objectsChecked++;
      const where = `${view.stack}:${t.name} (${key})`;
      const x = snap.topics.find((y) => y.key === key);
      if (!x) {
        out.findings.push({ kind: "topic-missing", detail: `${where}: not stored` });
        continue;
      }
      if (x.name !== t.title)
        out.findings.push({
          kind: "topic-name",
          detail: `${where}: name ${JSON.stringify(x.name)}, declared ${JSON.stringify(t.title)}`,
        });
      const mine = (view.model.subscriptions ?? [])
        .filter((s) => s.topic === t.name)
        .flatMap((s) => s.subscriberIds);
      const app = ctx.foreignSubscriptions.filter((f) => f.topicKey === key).map((f) => f.subscriberId);
      const want = [...new Set([...mine, ...app])].sort();
      out.objectsChecked += want.length;
      if (!same(want, x.subscriberIds)) {
        const missing = want.filter((s) => !x.subscriberIds.includes(s));
        const extra = x.subscriberIds.filter((s) => !want.includes(s));
        out.findings.push({
          kind: "topic-subscribers",
          detail: `${where}: missing [${missing.join(", ")}], not declared [${extra.join(", ")}] (declared [${mine.join(", ")}], the application's [${app.join(", ")}])`,
        });
      }
    }
  for (const x of snap.topics) {
    if (declared.has(x.key) || ctx.fixtures.topics.some((f) => f._id === x._id)) continue;
    out.findings.push({
      kind: "undeclared-topic",
      detail: `${x.key} (${x._id}, ${x.subscriberIds.length} subscribers) is stored but declared by no stack`,
    });
  }
}

/** Rule (b): the application's layouts and topics as they were; its subscriptions there while their topic is. */
export function checkForeignLayoutsTopics(
  snap: LayoutTopicSnapshot,
  ctx: LayoutTopicContext,
  out: Findings,
): void {
  for (const f of ctx.fixtures.layouts) {
    out.objectsChecked++;
    const now = snap.layouts.find((x) => x._id === f._id);
    if (!same(now, f))
      out.findings.push({
        kind: "foreign-layout-changed",
        detail: `${f.layoutId} (${f._id}): ${now ? "changed" : "gone"}`,
      });
  }
  for (const f of ctx.fixtures.topics) {
    out.objectsChecked++;
    const now = snap.topics.find((x) => x._id === f._id);
    if (!same(now, f))
      out.findings.push({
        kind: "foreign-topic-changed",
        detail: `${f.key} (${f._id}): ${now ? `subscribers [${now.subscriberIds.join(", ")}], name ${JSON.stringify(now.name)}` : "gone"}`,
      });
  }
  for (const f of ctx.foreignSubscriptions) {
    out.objectsChecked++;
    const topic = snap.topics.find((x) => x.key === f.topicKey);
    if (topic && !topic.subscriberIds.includes(f.subscriberId))
      out.findings.push({
        kind: "foreign-subscription-removed",
        detail: `${f.subscriberId} on topic ${f.topicKey} (${f.source}) is gone while the topic stays`,
      });
  }
}
