/**
 * Layouts and topics riding along in a convergence script, from a sequence of their own (so the rest of a
 * seed's script is the same as before they were modelled): a layout or two in the starting program (HTML
 * or block content, an explicit layoutId in most), often named by an email step of a declared workflow; a
 * topic or two with their TopicSubscriptions. Their edits join the edit batches (name and content edits,
 * layoutId changes, an email step taking or dropping a layout; subscribers added and removed, topic renames,
 * key changes that replace the topic, subscriptions added and removed), and their out-of-band changes the
 * out-of-band groups (the application subscribing its own subscribers to a declared topic, someone editing
 * a layout's content in the dashboard).
 */
import { SUBSCRIBERS } from "./generator";
import {
  blockBody,
  htmlBody,
  type LayoutDecl,
  type LayoutEdit,
  type LayoutEditor,
  type LayoutOob,
  type LayoutUse,
} from "./layout-model";
import type { ProgramModel } from "./model";
import { Rng } from "./rng";
import {
  APP_SUBSCRIBERS,
  type SubscriptionsDecl,
  type TopicDecl,
  type TopicEdit,
  type TopicOob,
} from "./topic-model";

/** The seed of the layout and topic sequence of a script's seed (independent of the other two). */
const layoutTopicSeed = (seed: number) => (Math.imul(seed ^ 0x2545f491, 0x85ebca6b) ^ 0xc2b2ae35) >>> 0;

/** The part of the starting program this sequence declares. */
export type LayoutTopicPart = Required<
  Pick<ProgramModel, "layouts" | "layoutUses" | "topics" | "subscriptions">
>;

/** Draws layouts, topics, their edits and out-of-band changes for one script. */
export class LayoutTopicDraws {
  readonly rng: Rng;
  private n = 0;

  constructor(
    seed: number,
    readonly tag: string,
    /** False: draws nothing. */
    readonly enabled = true,
  ) {
    this.rng = new Rng(layoutTopicSeed(seed));
  }

  private next(kind: string): string {
    this.n++;
    return `${kind}${this.n}`;
  }

  /** A content of either editor. */
  content(): { editorType: LayoutEditor; body: string } {
    const mark = this.rng.hex(4);
    return this.rng.chance(0.5)
      ? { editorType: "html", body: htmlBody(mark) }
      : { editorType: "block", body: blockBody(mark) };
  }

  layout(): LayoutDecl {
    const decl: LayoutDecl = {
      name: this.next("lay"),
      title: `Layout ${this.rng.hex(4)}`,
      ...this.content(),
    };
    if (this.rng.chance(0.7)) decl.layoutId = `${this.tag}-${this.next("lid")}`;
    return decl;
  }

  topic(): TopicDecl {
    const decl: TopicDecl = { name: this.next("top"), title: `Topic ${this.rng.hex(4)}` };
    if (this.rng.chance(0.7)) decl.key = `${this.tag}-${this.next("key")}`;
    if (this.rng.chance(0.7)) decl.forceDestroy = true;
    return decl;
  }

  subscribers(): string[] {
    const out = SUBSCRIBERS.filter(() => this.rng.chance(0.4));
    return out.length > 0 ? out : [this.rng.pick(SUBSCRIBERS)];
  }

  subscriptions(topic: string): SubscriptionsDecl {
    return { name: this.next("subs"), topic, subscriberIds: this.subscribers() };
  }

  /** An email step of `m`'s workflows, not yet naming a layout, if any. */
  private freeEmailStep(m: ProgramModel): { workflow: string; step: string } | undefined {
    const all = (m.workflows ?? []).flatMap((w) =>
      w.steps.filter((s) => s.type === "email").map((s) => ({ workflow: w.name, step: s.name })),
    );
    const free = all.filter(
      (x) => !(m.layoutUses ?? []).some((u) => u.workflow === x.workflow && u.step === x.step),
    );
    return free.length > 0 ? this.rng.pick(free) : undefined;
  }

  /** The starting program's layouts and topics: one or two of each, a use when a workflow has an email step. */
  initial(m: ProgramModel): LayoutTopicPart {
    const part: LayoutTopicPart = { layouts: [], layoutUses: [], topics: [], subscriptions: [] };
    if (!this.enabled) return part;
    part.layouts = Array.from({ length: 1 + this.rng.int(2) }, () => this.layout());
    const free = this.freeEmailStep(m);
    if (free && this.rng.chance(0.8)) part.layoutUses.push({ layout: part.layouts[0]!.name, ...free });
    part.topics = Array.from({ length: 1 + this.rng.int(2) }, () => this.topic());
    for (const t of part.topics)
      if (this.rng.chance(0.8)) part.subscriptions.push(this.subscriptions(t.name));
    return part;
  }

  /** The layout and topic edits riding along with one batch of edits (none, one or two). */
  edits(m: ProgramModel): (LayoutEdit | TopicEdit)[] {
    const out: (LayoutEdit | TopicEdit)[] = [];
    if (!this.enabled) return out;
    for (let k = this.rng.int(3); k > 0; k--) {
      const e = this.rng.chance(0.5) ? this.layoutEdit(m) : this.topicEdit(m);
      if (e) out.push(e);
    }
    return out;
  }

  layoutEdit(m: ProgramModel): LayoutEdit | undefined {
    const all = m.layouts ?? [];
    if (all.length === 0) return { edit: "add-layout", decl: this.layout() };
    const l = this.rng.pick(all);
    switch (this.rng.weighted({ name: 2, content: 3, id: 1, use: 2, unuse: 1, add: 1, remove: 1 })) {
      case "name":
        return { edit: "set-layout-name", layout: l.name, title: `Layout ${this.rng.hex(4)}` };
      case "content":
        return { edit: "set-layout-content", layout: l.name, ...this.content() };
      case "id":
        return { edit: "set-layout-id", layout: l.name, layoutId: `${this.tag}-${this.next("lid")}` };
      case "use": {
        const free = this.freeEmailStep(m);
        const use: LayoutUse | undefined = free && { layout: l.name, ...free };
        return use && { edit: "use-layout", use };
      }
      case "unuse": {
        const u = (m.layoutUses ?? [])[0];
        return u && { edit: "unuse-layout", workflow: u.workflow, step: u.step };
      }
      case "add":
        return { edit: "add-layout", decl: this.layout() };
      default:
        return { edit: "remove-layout", layout: l.name };
    }
  }

  topicEdit(m: ProgramModel): TopicEdit | undefined {
    const all = m.topics ?? [];
    if (all.length === 0) return { edit: "add-topic", decl: this.topic() };
    const t = this.rng.pick(all);
    const s = (m.subscriptions ?? []).find((x) => x.topic === t.name);
    switch (this.rng.weighted({ subscribers: 5, name: 2, key: 1, subs: 1, add: 1, remove: 1 })) {
      case "subscribers":
        return s
          ? { edit: "set-subscribers", name: s.name, subscriberIds: this.swapped(s.subscriberIds) }
          : { edit: "add-subscriptions", decl: this.subscriptions(t.name) };
      case "name":
        return { edit: "set-topic-name", topic: t.name, title: `Topic ${this.rng.hex(4)}` };
      case "key":
        return { edit: "set-topic-key", topic: t.name, key: `${this.tag}-${this.next("key")}` };
      case "subs":
        return s
          ? { edit: "remove-subscriptions", name: s.name }
          : { edit: "add-subscriptions", decl: this.subscriptions(t.name) };
      case "add":
        return { edit: "add-topic", decl: this.topic() };
      default:
        return { edit: "remove-topic", topic: t.name };
    }
  }

  /** `ids` with one subscriber removed, added, or swapped for another. */
  private swapped(ids: readonly string[]): string[] {
    const absent = SUBSCRIBERS.filter((x) => !ids.includes(x));
    const out = [...ids];
    const roll = this.rng.int(3);
    if (roll === 0 && out.length > 1) out.splice(this.rng.int(out.length), 1);
    else if (roll === 1 && absent.length > 0) out.push(this.rng.pick(absent));
    else if (absent.length > 0) out.splice(this.rng.int(out.length), 1, this.rng.pick(absent));
    else if (out.length > 1) out.splice(this.rng.int(out.length), 1);
    return out;
  }

  /** The out-of-band change riding along with an out-of-band group, if any (about half of them). */
  oob(m: ProgramModel): LayoutOob | TopicOob | undefined {
    if (!this.enabled || !this.rng.chance(0.5)) return undefined;
    const topics = (m.topics ?? []).filter((t) => t.forceDestroy === true);
    const layouts = m.layouts ?? [];
    if (topics.length > 0 && (layouts.length === 0 || this.rng.chance(0.5))) {
      const ids = APP_SUBSCRIBERS.filter(() => this.rng.chance(0.5));
      const subscriberIds = ids.length > 0 ? ids : [this.rng.pick(APP_SUBSCRIBERS)];
      return { oob: "foreign-subscriptions", topic: this.rng.pick(topics).name, subscriberIds };
    }
    if (layouts.length === 0) return undefined;
    return { oob: "edit-layout-content", layout: this.rng.pick(layouts).name, ...this.content() };
  }
}
