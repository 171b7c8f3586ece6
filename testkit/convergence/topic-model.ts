/**
 * Topics in the convergence model: what a generated program declares as `svc.Topic` (a key, explicit or the
 * resource's default, a name, `forceDestroy`) and `svc.TopicSubscriptions` (a topic's declared subscribers,
 * at most one such resource per topic), and the edits a script makes to them. Plain JSON, as the rest of the
 * model; nothing here imports provider or sdk code. The application's own subscribers
 * ({@link APP_SUBSCRIBERS}) are never declared: only the application subscribes them, out of band.
 */

/** Subscribers only the application subscribes to topics (they must be in the emulator's fixtures). */
export const APP_SUBSCRIBERS = ["app-sub-1", "app-sub-2", "app-sub-3"] as const;

/** The application's own topic (in the fixtures, no stack declares it) and its subscribers. */
export const FOREIGN_TOPIC = {
  key: "app-announcements",
  name: "Announcements",
  subscriberIds: ["app-sub-1"],
};

/** One declared `svc.Topic`. */
export interface TopicDecl {
  /** Pulumi resource name. */
  name: string;
  /** Explicit key; absent: the resource's default (`<slug of the resource name>-<hash>`). */
  key?: string;
  /** The topic's `name` field. */
  title: string;
  forceDestroy?: boolean;
  /** Set only as the documented remedy for a topic a failed run made but did not record (./adopt-remedy.ts). */
  adopt?: boolean;
}

/** One declared `svc.TopicSubscriptions`. */
export interface SubscriptionsDecl {
  name: string;
  /** Resource name of its topic (`topicKey: topic.key`). */
  topic: string;
  subscriberIds: string[];
}

/** What the topics of a program hold. */
export interface TopicHolder {
  topics?: TopicDecl[];
  subscriptions?: SubscriptionsDecl[];
}

/** An edit of a program's topics. */
export type TopicEdit =
  | { edit: "add-topic"; decl: TopicDecl }
  | { edit: "remove-topic"; topic: string }
  | { edit: "set-topic-name"; topic: string; title: string }
  | { edit: "set-topic-key"; topic: string; key: string }
  | { edit: "add-subscriptions"; decl: SubscriptionsDecl }
  | { edit: "remove-subscriptions"; name: string }
  | { edit: "set-subscribers"; name: string; subscriberIds: string[] };

const TOPIC_EDITS: readonly TopicEdit["edit"][] = [
  "add-topic",
  "remove-topic",
  "set-topic-name",
  "set-topic-key",
  "add-subscriptions",
  "remove-subscriptions",
  "set-subscribers",
];

/** Whether `e` (any edit of the model) is a topic edit. */
export function isTopicEdit(e: { edit: string }): e is TopicEdit {
  return (TOPIC_EDITS as readonly string[]).includes(e.edit);
}

/** The topic named `name`, if declared. */
export function topicOf(m: TopicHolder, name: string): TopicDecl | undefined {
  return m.topics?.find((t) => t.name === name);
}

/** Applies a topic edit to `m` in place; false when it does not apply. */
export function applyTopicEdit(m: TopicHolder, e: TopicEdit, nameTaken: (name: string) => boolean): boolean {
  switch (e.edit) {
    case "add-topic":
      if (nameTaken(e.decl.name) || keyTaken(m, e.decl.key)) return false;
      m.topics = [...(m.topics ?? []), structuredClone(e.decl)];
      return true;
    case "add-subscriptions": {
      const d = e.decl;
      if (nameTaken(d.name) || !topicOf(m, d.topic) || !subscribersValid(d.subscriberIds)) return false;
      if ((m.subscriptions ?? []).some((s) => s.topic === d.topic)) return false;
      m.subscriptions = [...(m.subscriptions ?? []), structuredClone(d)];
      return true;
    }
    case "remove-subscriptions":
    case "set-subscribers":
      return editSubscriptions(m, e);
    default:
      return editTopic(m, e);
  }
}

function subscribersValid(ids: readonly string[]): boolean {
  return ids.length > 0 && new Set(ids).size === ids.length && !ids.some((i) => isAppSubscriber(i));
}

const isAppSubscriber = (id: string) => (APP_SUBSCRIBERS as readonly string[]).includes(id);

function keyTaken(m: TopicHolder, key: string | undefined): boolean {
  return key !== undefined && (m.topics ?? []).some((t) => t.key === key);
}

function editTopic(
  m: TopicHolder,
  e: Extract<TopicEdit, { edit: "remove-topic" | "set-topic-name" | "set-topic-key" }>,
): boolean {
  const t = topicOf(m, e.topic);
  if (!t) return false;
  if (e.edit === "remove-topic") {
    m.topics = (m.topics ?? []).filter((x) => x !== t);
    m.subscriptions = (m.subscriptions ?? []).filter((s) => s.topic !== t.name);
    return true;
  }
  if (e.edit === "set-topic-name") {
    t.title = e.title;
    return true;
  }
  if (t.key === e.key || keyTaken(m, e.key)) return false;
  t.key = e.key;
  return true;
}

function editSubscriptions(
  m: TopicHolder,
  e: Extract<TopicEdit, { edit: "remove-subscriptions" | "set-subscribers" }>,
): boolean {
  const s = (m.subscriptions ?? []).find((x) => x.name === e.name);
  if (!s) return false;
  if (e.edit === "remove-subscriptions") {
    m.subscriptions = (m.subscriptions ?? []).filter((x) => x !== s);
    return true;
  }
  if (!subscribersValid(e.subscriberIds)) return false;
  s.subscriberIds = [...e.subscriberIds];
  return true;
}

/**
 * The application subscribes some of {@link APP_SUBSCRIBERS} to a declared topic at run time: their
 * subscriptions must survive every `up` and the destroy of the topic's TopicSubscriptions. Only on a topic
 * with `forceDestroy` (else destroying the topic fails by design, naming them).
 */
export interface TopicOob {
  oob: "foreign-subscriptions";
  topic: string;
  subscriberIds: string[];
}
