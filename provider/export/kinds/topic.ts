/**
 * Topics of the key's environment (`/v2/topics`), declared by key with `adopt`; with subscriptions, each
 * topic's subscribers as one `TopicSubscriptions` naming the topic as `topic.key` (subscribers are the
 * application's data: a copy needs them in the target first).
 */
import type { Topic } from "../../../sdk/schemas";
import { forEachLimited } from "../../runtime/shared/for-each-limited";
import type { ExportKind, FoundObject } from "../kind";
import { Ref } from "../model";

/** Page size of the reads. */
const PAGE = 100;

export const topicKind: ExportKind = {
  name: "topics",
  word: "topic",
  async read(ctx) {
    const topics: Topic[] = [];
    for await (const t of ctx.client.topics.listAll({ limit: PAGE })) topics.push(t);
    const out: FoundObject[] = topics.map((t) => ({
      type: "Topic",
      identifier: t.key,
      describe: `topic "${t.key}"`,
      props: { key: t.key, name: t.name ?? t.key, adopt: true },
    }));
    ctx.progress("topics", topics.length, topics.length);
    if (!ctx.withSubscriptions) return out;
    let done = 0;
    await forEachLimited(topics, ctx.concurrency, async (t) => {
      const ids = new Set<string>();
      for await (const s of ctx.client.topics.subscriptions.listAll(t.key, { limit: PAGE })) {
        const id = s.subscriber?.subscriberId;
        if (id !== undefined) ids.add(id);
      }
      ctx.progress("subscriptions", ++done, topics.length);
      if (ids.size === 0) return;
      out.push({
        type: "TopicSubscriptions",
        identifier: `${t.key}-subscriptions`,
        describe: `the ${ids.size} subscriptions of topic "${t.key}"`,
        props: { topicKey: t.key, subscriberIds: [...ids].sort() },
      });
    });
    return out;
  },
  link(found, lookup) {
    if (found.type !== "TopicSubscriptions" || typeof found.props.topicKey !== "string") return found.props;
    const name = lookup("Topic", found.props.topicKey);
    return name === undefined ? found.props : { ...found.props, topicKey: new Ref(name, "key") };
  },
};
