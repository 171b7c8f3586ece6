/**
 * The seeded generator of convergence scripts: a starting program (integrations of several providers with
 * explicit and default identifiers, single credentials and sets bound to them) and a mix of steps (edits
 * then `up`, forced replacements, `--target`, refresh, destroy, a SIGKILLed `up`, out-of-band changes,
 * faulted `up`s). The same seed always gives the same script.
 */
import {
  applyEdit,
  type CredentialsDecl,
  type Edit,
  type EntryValue,
  entryTaken,
  type IntegrationDecl,
  PROVIDER_CHANNELS,
  type ProgramModel,
  type ProviderKey,
  type SetDecl,
} from "./model";
import { Rng } from "./rng";
import type { OobAction, Script, Step } from "./script";

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
    if (channel === "chat") return { webhookUrl: `https://hooks.example/conv/${this.secret("wh")}` };
    const count = 1 + this.rng.int(2);
    return { deviceTokens: Array.from({ length: count }, () => this.secret("tok")) };
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

/** A subscriber whose entry for `integration` is not managed yet, if any. */
function freeSubscriber(g: Names, m: ProgramModel, integration: string): string | undefined {
  const free = SUBSCRIBERS.filter((s) => !entryTaken(m, s, integration));
  return free.length > 0 ? g.rng.pick(free) : undefined;
}

function newCredentials(g: Names, m: ProgramModel): CredentialsDecl | undefined {
  if (m.integrations.length === 0) return undefined;
  const integration = g.rng.pick(m.integrations).name;
  const subscriberId = freeSubscriber(g, m, integration);
  if (subscriberId === undefined) return undefined;
  return { name: g.next("cred"), subscriberId, integration, value: g.value(channelOf(m, integration)) };
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

/** The starting program: 2-3 integrations (one of them push), 1-3 credentials, maybe a set. */
function initialModel(g: Names): ProgramModel {
  let m: ProgramModel = { integrations: [g.integration("fcm")], credentials: [], sets: [] };
  for (let n = g.rng.int(2) + 1; n > 0; n--) m.integrations.push(g.integration());
  // The first credentials go through the push integration: the case 1 is about exactly that.
  const first = {
    name: g.next("cred"),
    subscriberId: "user-ada",
    integration: "int1",
    value: g.value("push"),
  };
  m = applyEdit(m, { edit: "add-credentials", decl: first }) ?? m;
  for (let n = g.rng.int(3); n > 0; n--) {
    const decl = newCredentials(g, m);
    if (decl) m = applyEdit(m, { edit: "add-credentials", decl }) ?? m;
  }
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
    const decl = newCredentials(g, m);
    return decl && { edit: "add-credentials", decl };
  }
  const c = g.rng.pick(m.credentials);
  const roll = g.rng.int(4);
  if (roll === 0) return { edit: "remove-credentials", name: c.name };
  if (roll === 1 && m.integrations.length > 1) {
    return { edit: "rebind-credentials", name: c.name, integration: g.rng.pick(m.integrations).name };
  }
  return { edit: "set-credentials", name: c.name, value: g.value(channelOf(m, c.integration)) };
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
    value: remove ? null : g.value(channelOf(m, s.integration)),
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
  const all = [
    ...m.credentials.map((c) => ({ subscriberId: c.subscriberId, integration: c.integration })),
    ...m.sets.flatMap((s) =>
      Object.keys(s.entries).map((subscriberId) => ({ subscriberId, integration: s.integration })),
    ),
  ];
  return all.length > 0 ? g.rng.pick(all) : undefined;
}

function oobAction(g: Names, m: ProgramModel): OobAction | undefined {
  const kind = g.rng.weighted({ delete: 4, recreate: 2, change: 2, entry: 3 });
  if (kind === "entry") {
    const e = managedEntry(g, m);
    if (!e) return undefined;
    if (g.rng.chance(0.4)) return { oob: "clear-entry", ...e };
    return { oob: "set-entry", ...e, value: g.value(channelOf(m, e.integration)) };
  }
  if (m.integrations.length === 0) return undefined;
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

/** Draws the next group of steps, updating `model` with its edits. */
function nextGroup(g: Names, model: { m: ProgramModel }, weights: Record<StepGroup, number>): Step[] {
  const edits = (n: number): Step[] => {
    const out: Step[] = [];
    for (let k = 0; k < n; k++) {
      const e = randomEdit(g, model.m);
      if (!e) continue;
      model.m = applyEdit(model.m, e) ?? model.m;
      out.push({ op: "edit", edit: e });
    }
    return out;
  };
  const resources = () =>
    [...model.m.integrations, ...model.m.credentials, ...model.m.sets].map((r) => r.name);
  const group = g.rng.weighted(weights);
  if (group === "edit") return [...edits(1 + g.rng.int(2)), { op: "up" }];
  if (group === "oob") {
    const action = oobAction(g, model.m);
    if (!action) return [];
    const after: Step[] = g.rng.chance(0.75)
      ? [{ op: "refresh" }, { op: "up" }]
      : [{ op: "up" }, { op: "refresh" }, { op: "up" }];
    return [{ op: "oob", action }, ...after];
  }
  if (group === "replace") return [{ op: "up-replace", resource: g.rng.pick(resources()) }];
  if (group === "target")
    return [...edits(1), { op: "up-target", resource: g.rng.pick(resources()) }, { op: "up" }];
  if (group === "faults") {
    const fault = g.rng.pick(["fail", "drop", "rate-limit"] as const);
    return [...edits(1 + g.rng.int(2)), { op: "up-faults", fault }, { op: "up" }];
  }
  if (group === "kill") return [...edits(2), { op: "kill-up" }];
  return [{ op: "destroy" }, { op: "up" }];
}

/** The script of `seed`: a first `up`, groups of steps, and a final `destroy`. */
export function generateScript(seed: number, opts: GenerateOptions = {}): Script {
  const tag = opts.tag ?? `s${seed}`;
  const g = new Names(new Rng(seed), tag);
  const initial = initialModel(g);
  const model = { m: initial };
  const steps: Step[] = [{ op: "up" }];
  const weights = { ...GROUP_WEIGHTS, ...opts.weights };
  while (steps.length < (opts.steps ?? 10)) steps.push(...nextGroup(g, model, weights));
  steps.push({ op: "destroy" });
  return { seed, tag, initial, steps };
}
