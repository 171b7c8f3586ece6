/**
 * Topics of the key's environment (`/v2/topics`), declared by key with `adopt`; with subscriptions, each
 * topic's subscriptions as one `TopicSubscriptions` naming the topic as `topic.key` (subscribers are the
 * application's data: a copy needs them in the target first). A subscription under the service's default
 * identifier with no name and no preference is written as a subscriberId; any other (its own identifier, a
 * name, a preference) under `subscriptions` with its identifier, name and per-workflow preferences, so that
 * adopting the copy finds each as it is and writes nothing to it.
 */
import type { SvcClient } from "../../../sdk";
import { defaultSubscriptionIdentifier, type Topic } from "../../../sdk/schemas";
import type { DeclaredSubscription } from "../../model/topic-subscriptions-schema";
import { forEachLimited } from "../../runtime/shared/for-each-limited";
import { subscriptionFromService } from "../../runtime/topic-subscriptions/declared-subscriptions";
import type { ExportKind, FoundObject } from "../kind";
import { type ExportValue, Ref } from "../model";

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
      const { ids, subscriptions } = await subscriptionsOf(ctx.client, t.key, ctx.concurrency);
      ctx.progress("subscriptions", ++done, topics.length);
      const count = ids.length + subscriptions.length;
      if (count === 0) return;
      out.push({
        type: "TopicSubscriptions",
        identifier: `${t.key}-subscriptions`,
        describe: `the ${count} subscriptions of topic "${t.key}"`,
        props: {
          topicKey: t.key,
          subscriberIds: ids,
          // JSON through and through (the declared form has no undefined left once written as text).
          ...(subscriptions.length > 0
            ? { subscriptions: JSON.parse(JSON.stringify(subscriptions)) as ExportValue }
            : {}),
        },
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

/**
 * A topic's subscriptions: the subscriberIds of the plain ones (default identifier, no name, no preference),
 * sorted, and every other one in the declared form (each read by its identifier for its name and preferences).
 */
async function subscriptionsOf(client: SvcClient, topicKey: string, concurrency: number) {
  const listed: { identifier: string; subscriberId: string }[] = [];
  for await (const s of client.topics.subscriptions.listAll(topicKey, { limit: PAGE })) {
    const subscriberId = s.subscriber?.subscriberId;
    if (subscriberId !== undefined && s.identifier !== undefined)
      listed.push({ identifier: s.identifier, subscriberId });
  }
  const ids = new Set<string>();
  const subscriptions: DeclaredSubscription[] = [];
  await forEachLimited(listed, concurrency, async ({ identifier, subscriberId }) => {
    const detail = await client.topics.subscriptions.get(topicKey, identifier);
    const found = subscriptionFromService(identifier, subscriberId, detail ?? {});
    const plain = found.name === undefined && found.preferences === undefined;
    if (plain && identifier === defaultSubscriptionIdentifier(topicKey, subscriberId)) ids.add(subscriberId);
    else subscriptions.push(found);
  });
  subscriptions.sort((a, b) => (a.identifier < b.identifier ? -1 : 1));
  return { ids: [...ids].sort(), subscriptions };
}
