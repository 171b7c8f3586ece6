/**
 * Topics as code: a "beta users" topic and the subscribers the team declares for it. The application may
 * subscribe others at run time: the stack never touches those (its subscriptions carry their own
 * identifiers), and destroying the topic, which would delete them with it, fails naming how many unless
 * `forceDestroy` is set.
 *
 * Settings (`pulumi config set <key> <value>`):
 * - `subscribers`: the declared subscriberIds, comma-separated (default `alice,bob,carol`); they must exist.
 * - `file`: a JSON file holding the subscriberIds as an array instead (thousands), relative to the project.
 * - `forceDestroy`: `true` to let a destroy delete the topic with every subscription in it.
 * - `vipWorkflow` and `vipTier`: with both, alice also holds a subscription of her own, `alice-vip`, named
 *   "Alice (VIP)", through which the workflow `vipWorkflow` (it must exist) notifies her only for a trigger
 *   whose `payload.tier` is `vipTier` (a JSON Logic condition).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";

const cfg = new pulumi.Config();
const file = cfg.get("file");
const subscriberIds: string[] = file
  ? JSON.parse(readFileSync(resolve(pulumi.getRootDirectory() || process.cwd(), file), "utf8"))
  : (cfg.get("subscribers") ?? "alice,bob,carol")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "");

const topic = new svc.Topic("beta-users", {
  name: "Beta users",
  forceDestroy: cfg.getBoolean("forceDestroy") ?? false,
});

// `topicKey: topic.key` orders them: the topic is created first and destroyed last.
const vipWorkflow = cfg.get("vipWorkflow");
const vipTier = cfg.get("vipTier");
const vip =
  vipWorkflow && vipTier
    ? [
        {
          identifier: "alice-vip",
          subscriberId: "alice",
          name: "Alice (VIP)",
          preferences: [{ workflowId: vipWorkflow, condition: { "==": [{ var: "payload.tier" }, vipTier] } }],
        },
      ]
    : undefined;
const subscriptions = new svc.TopicSubscriptions("beta-users", {
  topicKey: topic.key,
  subscriberIds,
  ...(vip ? { subscriptions: vip } : {}),
});

export const topicKey = topic.key;
// The count, not the list: a stack output is one more copy of the list in the state, which every step of an
// `up` rewrites (with 10,000 subscribers it makes the state half as large again). `pulumi stack export` shows
// the managed subscriberIds.
export const count = subscriptions.count;
