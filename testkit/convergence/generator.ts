/**
 * The seeded generator of convergence scripts: a starting program (integrations of several providers with
 * explicit and default identifiers, often two active fcm ones, single credentials and sets bound to them,
 * and credentials without identifier that follow the newest active integration of their provider) and a mix
 * of steps (edits then `up`, forced replacements, `--target`, refresh, destroy, a SIGKILLed `up`, out-of-band
 * changes, among them the application writing its own entries beside the stack's and integrations deleted
 * while another entry of their provider is on the subscriber, faulted `up`s). Chat entries get a webhook
 * URL, a channel or both, so edits change and remove webhook URLs. Workflows ride along
 * (./workflow-generator.ts): a few in the starting program, their edits added to the edit batches and
 * their out-of-band changes to the out-of-band groups, from a sequence of their own, so the rest of a
 * seed's script is the same as before they were modelled. Layouts and topics (./layout-topic-generator.ts)
 * and environment variables of development and production (./environment-variable-generator.ts) ride
 * along the same way. The same seed always gives the same script.
 */

import { VariableDraws } from "./environment-variable-generator";
import { LayoutTopicDraws } from "./layout-topic-generator";
import {
  applyEdit,
  type Claim,
  type CredentialsDecl,
  claimFree,
  claimsOf,
  type Edit,
  type EntryValue,
  entryTaken,
  FOREIGN_ENTRY_SUBSCRIBERS,
  type ForeignIdentifier,
  foreignSubscriber,
  type IntegrationDecl,
  integrationOf,
  PROVIDER_CHANNELS,
  type ProgramModel,
  type ProviderKey,
  type SetDecl,
} from "./model";
import { Rng } from "./rng";
import type { OobAction, Script, Step } from "./script";
import { WorkflowDraws } from "./workflow-generator";

/** Subscribers the generated programs use; they must be in the emulator's fixtures (see ./fixtures.ts). */
export const SUBSCRIBERS = ["user-ada", "user-grace", "user-alan", "conv-1", "conv-2", "conv-3"] as const;

/** Options of {@link generateScript}. */
export interface GenerateOptions {
  /** Steps to generate at least (a group of steps is never cut). Default 10. */
  steps?: number;
  /** Prefix of names, identifiers and secrets; default `s<seed>`. */
  tag?: string;
  /** Weights of the groups of steps (e.g. `{ oob: 0 }` to leave out-of-band changes out); default {@link GROUP_WEIGHTS}. */
  weights?: Partial<Record<StepGroup, number>>;
  /** Draw workflows (default true); false gives the script of the main sequence alone. */
  workflows?: boolean;
  /** Draw layouts and topics (default true; ./layout-topic-generator.ts). */
  layoutsAndTopics?: boolean;
  /**
   * Draw environment variables of development and production (default true;
   * ./environment-variable-generator.ts); false leaves `variables` out of the model (no production provider).
   */
  variables?: boolean;
}

/** The kinds of step groups the generator draws. */
export type StepGroup = "edit" | "oob" | "replace" | "target" | "faults" | "kill" | "destroy";

/** Default weights of the step groups. */
export const GROUP_WEIGHTS: Readonly<Record<StepGroup, number>> = {
  edit: 6,
  oob: 5,
  replace: 2,
  target: 1,
  faults: 2,
  kill: 1,
  destroy: 1,
};

/** Draws fresh names and secret values. */
class Names {
  private n = 0;
  constructor(
    readonly rng: Rng,
    readonly tag: string,
  ) {}
  next(kind: string): string {
    this.n++;
    return `${kind}${this.n}`;
  }
  secret(kind: string): string {
    this.n++;
    return `${kind}-${this.tag}-${this.n}-${this.rng.hex(8)}`;
  }
  value(channel: "push" | "chat"): EntryValue {
    if (channel === "chat") {
      const roll = this.rng.int(5);
      if (roll < 3) return { webhookUrl: this.webhook() };
      if (roll === 3) return { webhookUrl: this.webhook(), channel: this.secret("ch") };
      return { channel: this.secret("ch") };
    }
    const count = 1 + this.rng.int(2);
    return { deviceTokens: Array.from({ length: count }, () => this.secret("tok")) };
  }
  webhook(): string {
    return `https://hooks.example/conv/${this.secret("wh")}`;
  }
  /** A new value after `old`: for chat, often the webhook URL changed or removed (a channel kept or added). */
  nextValue(channel: "push" | "chat", old: EntryValue | undefined): EntryValue {
    if (channel === "push" || !old || "deviceTokens" in old || this.rng.chance(0.4))
      return this.value(channel);
    if (old.webhookUrl !== undefined && this.rng.chance(0.5))
      return { channel: old.channel ?? this.secret("ch") }; // the webhook URL removed
    return { webhookUrl: this.webhook(), ...(old.channel !== undefined ? { channel: old.channel } : {}) };
  }
  integration(providerId?: ProviderKey): IntegrationDecl {
    const decl: IntegrationDecl = {
      name: this.next("int"),
      providerId: providerId ?? this.rng.pick(["fcm", "apns", "slack", "discord"] as const),
      title: `Title ${this.rng.hex(4)}`,
      secret: this.secret("isec"),
    };
    if (this.rng.chance(0.5)) decl.identifier = `${this.tag}-${this.next("id")}`;
    if (decl.identifier !== undefined && this.rng.chance(0.15)) decl.adopt = true;
    return decl;
  }
}

const channelOf = (m: ProgramModel, integration: string) =>
  PROVIDER_CHANNELS[m.integrations.find((i) => i.name === integration)?.providerId ?? "fcm"];

function newCredentials(
  g: Names,
  m: ProgramModel,
  opts: { newest?: boolean; providerId?: ProviderKey } = {},
): CredentialsDecl | undefined {
  const candidates = m.integrations.filter((i) => !opts.providerId || i.providerId === opts.providerId);
  if (candidates.length === 0) return undefined;
  const integration = g.rng.pick(candidates).name;
  const newest = opts.newest === true;
  const free = SUBSCRIBERS.filter((subscriberId) => claimFree(m, { subscriberId, integration, newest }));
  if (free.length === 0) return undefined;
  const decl: CredentialsDecl = {
    name: g.next("cred"),
    subscriberId: g.rng.pick(free),
    integration,
    value: g.value(channelOf(m, integration)),
  };
  if (newest) decl.newest = true;
  return decl;
}

function newSet(g: Names, m: ProgramModel): SetDecl | undefined {
  const free = m.integrations.filter((i) => !m.sets.some((s) => s.integration === i.name));
  if (free.length === 0) return undefined;
  const integration = g.rng.pick(free).name;
  const entries: Record<string, EntryValue> = {};
  for (const s of SUBSCRIBERS) {
    if (Object.keys(entries).length < 3 && g.rng.chance(0.5) && !entryTaken(m, s, integration))
      entries[s] = g.value(channelOf(m, integration));
  }
  if (Object.keys(entries).length === 0) return undefined;
  return { name: g.next("set"), integration, entries };
}

/**
 * The starting program: 2-4 integrations (one of them fcm, often a second active fcm, often a chat one),
 * 1-5 credentials (with two fcm: one on each, and often one without identifier), maybe a set.
 */
function initialModel(g: Names): ProgramModel {
  let m: ProgramModel = { integrations: [g.integration("fcm")], credentials: [], sets: [] };
  const push = m.integrations[0]!.name;
  const secondFcm = g.rng.chance(0.5) ? g.integration("fcm") : undefined;
  if (secondFcm) m.integrations.push(secondFcm);
  for (let n = g.rng.int(2) + (secondFcm ? 0 : 1); n > 0; n--) m.integrations.push(g.integration());
  if (!m.integrations.some((i) => PROVIDER_CHANNELS[i.providerId] === "chat") && g.rng.chance(0.8))
    m.integrations.push(g.integration("slack"));
  const add = (decl: CredentialsDecl | undefined) => {
    if (decl) m = applyEdit(m, { edit: "add-credentials", decl }) ?? m;
  };
  // The first credentials go through the push integration: the case 1 is about exactly that.
  add({ name: g.next("cred"), subscriberId: "user-ada", integration: push, value: g.value("push") });
  if (secondFcm) {
    const other = SUBSCRIBERS.filter((s) => !entryTaken(m, s, secondFcm.name));
    add({
      name: g.next("cred"),
      subscriberId: g.rng.pick(other),
      integration: secondFcm.name,
      value: g.value("push"),
    });
    if (g.rng.chance(0.7)) add(newCredentials(g, m, { newest: true, providerId: "fcm" }));
  }
  // A chat entry (webhook URL and/or channel) that later edits change and remove.
  const chat = m.integrations.find((i) => PROVIDER_CHANNELS[i.providerId] === "chat");
  if (chat) add(newCredentials(g, m, { providerId: chat.providerId }));
  for (let n = g.rng.int(3); n > 0; n--) add(newCredentials(g, m));
  const set = g.rng.chance(0.6) ? newSet(g, m) : undefined;
  if (set) m = applyEdit(m, { edit: "add-set", decl: set }) ?? m;
  return m;
}

/** One random edit that applies to `m` (tries a few kinds). */
function randomEdit(g: Names, m: ProgramModel): Edit | undefined {
  for (let attempt = 0; attempt < 8; attempt++) {
    const e = draftEdit(g, m);
    if (e && applyEdit(m, e)) return e;
  }
  return undefined;
}

function draftEdit(g: Names, m: ProgramModel): Edit | undefined {
  const kind = g.rng.weighted({ integration: 4, credentials: 3, set: 3, structure: 2 });
  if (kind === "integration") return integrationEdit(g, m);
  if (kind === "credentials") return credentialsEdit(g, m);
  if (kind === "set") return setEdit(g, m);
  return structureEdit(g, m);
}

function integrationEdit(g: Names, m: ProgramModel): Edit | undefined {
  if (m.integrations.length === 0) return undefined;
  const integration = g.rng.pick(m.integrations).name;
  switch (g.rng.weighted({ title: 2, identifier: 2, rename: 2, provider: 2, secret: 2 })) {
    case "title":
      return { edit: "set-title", integration, title: `Title ${g.rng.hex(4)}` };
    case "identifier":
      return {
        edit: "set-identifier",
        integration,
        identifier: g.rng.chance(0.4) ? null : `${g.tag}-${g.next("id")}`,
      };
    case "rename":
      return { edit: "rename-resource", integration, to: g.next("int"), alias: g.rng.chance(0.6) };
    case "provider":
      return { edit: "set-provider", integration };
    default:
      return { edit: "set-secret", integration, secret: g.secret("isec") };
  }
}

function credentialsEdit(g: Names, m: ProgramModel): Edit | undefined {
  if (m.credentials.length === 0 || g.rng.chance(0.25)) {
    const decl = newCredentials(g, m, { newest: g.rng.chance(0.3) });
    return decl && { edit: "add-credentials", decl };
  }
  // Half the time a chat one, if any: its webhook URL gets changed and removed.
  const chats = m.credentials.filter((x) => channelOf(m, x.integration) === "chat");
  const c = g.rng.pick(chats.length > 0 && g.rng.chance(0.5) ? chats : m.credentials);
  const roll = g.rng.int(4);
  if (roll === 0) return { edit: "remove-credentials", name: c.name };
  if (roll === 1 && m.integrations.length > 1) {
    return { edit: "rebind-credentials", name: c.name, integration: g.rng.pick(m.integrations).name };
  }
  return { edit: "set-credentials", name: c.name, value: g.nextValue(channelOf(m, c.integration), c.value) };
}

function setEdit(g: Names, m: ProgramModel): Edit | undefined {
  if (m.sets.length === 0 || g.rng.chance(0.15)) {
    const decl = newSet(g, m);
    return decl && { edit: "add-set", decl };
  }
  const s = g.rng.pick(m.sets);
  if (g.rng.chance(0.1)) return { edit: "remove-set", name: s.name };
  const subscriberId = g.rng.pick(SUBSCRIBERS);
  const remove = subscriberId in s.entries && g.rng.chance(0.4);
  return {
    edit: "set-entry",
    set: s.name,
    subscriberId,
    value: remove ? null : g.nextValue(channelOf(m, s.integration), s.entries[subscriberId]),
  };
}

function structureEdit(g: Names, m: ProgramModel): Edit | undefined {
  if (m.integrations.length > 1 && g.rng.chance(0.35)) {
    return { edit: "remove-integration", integration: g.rng.pick(m.integrations).name };
  }
  return { edit: "add-integration", decl: g.integration() };
}

/** An entry of `m` (subscriber, integration) that a resource manages, if any. */
function managedEntry(g: Names, m: ProgramModel): { subscriberId: string; integration: string } | undefined {
  // Not one without identifier: its entry is on whichever integration is newest, not on the one it names.
  const all = claimsOf(m)
    .filter((c) => !c.newest)
    .map((c) => ({ subscriberId: c.subscriberId, integration: c.integration }));
  return all.length > 0 ? g.rng.pick(all) : undefined;
}

/**
 * Integrations of `m` with an entry on a subscriber that holds another entry of the same provider (the
 * application's, or another integration's of the program): deleting one leaves the stack's entry inert beside
 * a live one.
 */
function sharedIntegrations(m: ProgramModel): string[] {
  const claims = claimsOf(m);
  const provider = (c: Claim) => integrationOf(m, c.integration)?.providerId;
  const shared = claims.filter(
    (c) =>
      !c.newest &&
      (foreignSubscriber(provider(c)!, c.subscriberId) ||
        claims.some(
          (o) =>
            o !== c &&
            o.subscriberId === c.subscriberId &&
            provider(o) === provider(c) &&
            o.integration !== c.integration,
        )),
  );
  return [...new Set(shared.map((c) => c.integration))];
}

/** The application writes (or, `value` null, clears) an entry on one of its own integrations. */
function foreignEntry(g: Names): OobAction {
  const identifier = g.rng.pick(Object.keys(FOREIGN_ENTRY_SUBSCRIBERS) as ForeignIdentifier[]);
  const subscriberId = g.rng.pick(FOREIGN_ENTRY_SUBSCRIBERS[identifier]);
  const channel = identifier.startsWith("fcm") ? "push" : "chat";
  return {
    oob: "foreign-entry",
    identifier,
    subscriberId,
    value: g.rng.chance(0.2) ? null : g.value(channel),
  };
}

function oobAction(g: Names, m: ProgramModel): OobAction | undefined {
  const kind = g.rng.weighted({ delete: 4, recreate: 2, change: 2, entry: 3, foreign: 3 });
  if (kind === "foreign") return foreignEntry(g);
  if (kind === "entry") {
    const e = managedEntry(g, m);
    if (!e) return undefined;
    if (g.rng.chance(0.4)) return { oob: "clear-entry", ...e };
    return { oob: "set-entry", ...e, value: g.value(channelOf(m, e.integration)) };
  }
  if (m.integrations.length === 0) return undefined;
  const shared = sharedIntegrations(m);
  if (kind === "delete" && shared.length > 0 && g.rng.chance(0.7))
    return { oob: "delete-integration", integration: g.rng.pick(shared) };
  const integration = g.rng.pick(m.integrations).name;
  if (kind === "delete") return { oob: "delete-integration", integration };
  if (kind === "recreate") return { oob: "recreate-integration", integration, secret: g.secret("isec") };
  return {
    oob: "change-integration",
    integration,
    title: `Oob ${g.rng.hex(4)}`,
    deactivate: g.rng.chance(0.4),
  };
}

/**
 * The generator's three sequences: the main one (integrations, entries, step groups), the workflows' and
 * the layouts' and topics'.
 */
interface Draws {
  g: Names;
  wf: WorkflowDraws;
  lt: LayoutTopicDraws;
  ev: VariableDraws;
}

/** A group of steps, and how many of them the main sequence drew (the workflow steps ride along). */
interface Group {
  steps: Step[];
  main: number;
}

/** Draws the next group of steps, updating `model` with its edits. */
function nextGroup(d: Draws, model: { m: ProgramModel }, weights: Record<StepGroup, number>): Group {
  const { g, wf, lt, ev } = d;
  let riders = 0;
  const apply = (e: Edit, out: Step[]) => {
    model.m = applyEdit(model.m, e) ?? model.m;
    out.push({ op: "edit", edit: e });
  };
  const edits = (n: number): Step[] => {
    const out: Step[] = [];
    for (let k = 0; k < n; k++) {
      const e = randomEdit(g, model.m);
      if (e) apply(e, out);
    }
    for (const e of [...wf.edits(model.m), ...lt.edits(model.m), ...ev.edits(model.m)]) {
      if (!applyEdit(model.m, e)) continue;
      apply(e, out);
      riders++;
    }
    return out;
  };
  const resources = () =>
    [...model.m.integrations, ...model.m.credentials, ...model.m.sets].map((r) => r.name);
  const done = (steps: Step[]): Group => ({ steps, main: steps.length - riders });
  const group = g.rng.weighted(weights);
  if (group === "edit") return done([...edits(1 + g.rng.int(2)), { op: "up" }]);
  if (group === "oob") {
    const action = oobAction(g, model.m);
    if (!action) return done([]);
    const after: Step[] = g.rng.chance(0.75)
      ? [{ op: "refresh" }, { op: "up" }]
      : [{ op: "up" }, { op: "refresh" }, { op: "up" }];
    const drawn = [wf.oob(model.m), lt.oob(model.m), ev.oob(model.m)].filter((r) => r !== undefined);
    riders += drawn.length;
    const ride = drawn.map((action): Step => ({ op: "oob", action }));
    return done([{ op: "oob", action }, ...ride, ...after]);
  }
  if (group === "replace") {
    const drawn = g.rng.pick(resources());
    return done([{ op: "up-replace", resource: wf.replaceTarget(model.m) ?? drawn }]);
  }
  if (group === "target")
    return done([...edits(1), { op: "up-target", resource: g.rng.pick(resources()) }, { op: "up" }]);
  if (group === "faults") {
    const fault = g.rng.pick(["fail", "drop", "rate-limit"] as const);
    return done([...edits(1 + g.rng.int(2)), { op: "up-faults", fault }, { op: "up" }]);
  }
  if (group === "kill") return done([...edits(2), { op: "kill-up" }]);
  return done([{ op: "destroy" }, { op: "up" }]);
}

/** The script of `seed`: a first `up`, groups of steps, and a final `destroy`. */
export function generateScript(seed: number, opts: GenerateOptions = {}): Script {
  const tag = opts.tag ?? `s${seed}`;
  const g = new Names(new Rng(seed), tag);
  const wf = new WorkflowDraws(seed, tag, opts.workflows ?? true);
  const lt = new LayoutTopicDraws(seed, tag, opts.layoutsAndTopics ?? true);
  const ev = new VariableDraws(seed, tag, opts.variables ?? true);
  const withWorkflows: ProgramModel = { ...initialModel(g), workflows: wf.initial() };
  const initial: ProgramModel = {
    ...withWorkflows,
    ...lt.initial(withWorkflows),
    ...(ev.enabled ? { variables: ev.initial() } : {}),
  };
  const model = { m: initial };
  const steps: Step[] = [{ op: "up" }];
  const weights = { ...GROUP_WEIGHTS, ...opts.weights };
  // The length counts the main sequence's steps only: the riding workflow steps run no CLI command.
  for (let main = 1; main < (opts.steps ?? 10); ) {
    const group = nextGroup({ g, wf, lt, ev }, model, weights);
    steps.push(...group.steps);
    main += group.main;
  }
  steps.push({ op: "destroy" });
  return { seed, tag, initial, steps };
}
