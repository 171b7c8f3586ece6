/**
 * Out-of-band changes of layouts and topics, over raw HTTP as another tool or a person would: someone edits
 * a declared layout's content in the dashboard (a PUT keeping its name; the run is drifted until the next
 * `refresh`, and the `up` after it writes the declared content back), and the application subscribes its
 * own subscribers to a declared topic (recorded as the application's: every later step must leave them).
 */
import { call } from "../emulator-http";
import type { LayoutOob } from "./layout-model";
import { layoutIdOf, topicKeyOf } from "./layout-topic-oracle";
import type { ConvergenceRun } from "./runner";
import type { OobAction } from "./script";
import type { TopicOob } from "./topic-model";

/** Whether `action` is a layout or topic change. */
export function isLayoutTopicOob(action: OobAction): action is LayoutOob | TopicOob {
  return action.oob === "edit-layout-content" || action.oob === "foreign-subscriptions";
}

/** Performs `action`; false when it does not apply (its layout or topic is not declared or not stored). */
export async function runLayoutTopicOob(run: ConvergenceRun, action: LayoutOob | TopicOob): Promise<boolean> {
  return action.oob === "edit-layout-content" ? editLayout(run, action) : subscribe(run, action);
}

async function editLayout(run: ConvergenceRun, action: LayoutOob): Promise<boolean> {
  const decl = run.lane.model.layouts?.find((l) => l.name === action.layout);
  if (!decl) return false;
  const path = `/v2/layouts/${encodeURIComponent(layoutIdOf(run.view(), decl))}`;
  const current = await call(run.emu, "GET", path);
  if (current.status !== 200) return false;
  const body = {
    name: String(current.body?.data?.name),
    controlValues: { email: { body: action.body, editorType: action.editorType } },
  };
  const put = await call(run.emu, "PUT", path, { body });
  if (put.status !== 200) {
    run.note(`out-of-band layout edit: answered ${put.status}`);
    return false;
  }
  run.flags.drifted = true;
  return true;
}

async function subscribe(run: ConvergenceRun, action: TopicOob): Promise<boolean> {
  const decl = run.lane.model.topics?.find((t) => t.name === action.topic);
  if (decl?.forceDestroy !== true) return false;
  const key = topicKeyOf(run.view(), decl);
  const path = `/v2/topics/${encodeURIComponent(key)}`;
  // Only onto a stored topic: the subscriptions POST would create a missing one.
  if ((await call(run.emu, "GET", path)).status !== 200) return false;
  const answer = await call(run.emu, "POST", `${path}/subscriptions`, {
    body: { subscriberIds: action.subscriberIds },
  });
  if (answer.status !== 201) {
    run.note(`out-of-band subscriptions: answered ${answer.status}`);
    return false;
  }
  for (const subscriberId of action.subscriberIds)
    run.recordForeignSubscription({ topicKey: key, subscriberId, source: `out-of-band step ${run.step}` });
  return true;
}
