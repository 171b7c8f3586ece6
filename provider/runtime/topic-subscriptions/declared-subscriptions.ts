/**
 * The pure rules of the subscriptions a TopicSubscriptions declares with their own identifiers: their
 * stored form (what check makes of the declaration and what a read makes of the service's answer, so that
 * the two compare equal when nothing changed), the plan between two sets, the preview's lines, and the
 * preferences as the service must be sent them.
 */
import type { SubscriptionPreference, SubscriptionPreferenceInput } from "../../../sdk/schemas";
import type { CheckFailure } from "../../model/pulumi-results";
import type {
  DeclaredSubscription,
  SubscriptionPreferenceArgs,
} from "../../model/topic-subscriptions-schema";

/** A JSON value with its object keys sorted, so that equal rules compare equal as text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) out[k] = canonical((value as Record<string, unknown>)[k]);
  return out;
}

/** The text two preferences or subscriptions compare by. */
export const comparable = (value: unknown): string => JSON.stringify(canonical(value));

/**
 * A preference in its stored form: `enabled` always present (default true, sent so: the service would
 * otherwise store the workflow's own default), `condition` only when given, keys sorted.
 */
function storedPreference(p: SubscriptionPreferenceArgs): SubscriptionPreferenceArgs {
  return {
    workflowId: p.workflowId,
    enabled: p.enabled ?? true,
    ...(p.condition === undefined ? {} : { condition: canonical(p.condition) as Record<string, unknown> }),
  };
}

/** A subscription in its stored form: no empty name, preferences by workflowId, none left as absent. */
export function storedSubscription(s: DeclaredSubscription): DeclaredSubscription {
  const preferences = (s.preferences ?? [])
    .map(storedPreference)
    .sort((a, b) => (a.workflowId < b.workflowId ? -1 : a.workflowId > b.workflowId ? 1 : 0));
  return {
    identifier: s.identifier,
    subscriberId: s.subscriberId,
    ...(s.name === undefined || s.name === "" ? {} : { name: s.name }),
    ...(preferences.length > 0 ? { preferences } : {}),
  };
}

/** The declared set in its stored form, sorted by identifier. */
export function storedSubscriptions(list: readonly DeclaredSubscription[]): DeclaredSubscription[] {
  return list.map(storedSubscription).sort((a, b) => (a.identifier < b.identifier ? -1 : 1));
}

/** Check's refusals of a declared set: an identifier twice, a workflow twice in one subscription. */
export function subscriptionsFailures(list: readonly DeclaredSubscription[]): CheckFailure[] {
  const out: CheckFailure[] = [];
  const seen = new Set<string>();
  list.forEach((s, i) => {
    if (seen.has(s.identifier))
      out.push({
        property: "subscriptions",
        reason: `subscriptions[${i}].identifier: "${s.identifier}" is declared twice (identifiers are unique in a topic)`,
      });
    seen.add(s.identifier);
    const workflows = new Set<string>();
    (s.preferences ?? []).forEach((p, j) => {
      if (workflows.has(p.workflowId))
        out.push({
          property: "subscriptions",
          reason: `subscriptions[${i}].preferences[${j}].workflowId: "${p.workflowId}" appears twice in this subscription (one preference per workflow)`,
        });
      workflows.add(p.workflowId);
    });
  });
  return out;
}

/** A subscription as the service answers it (`GET .../subscriptions/{identifier}`), in the stored form. */
export function subscriptionFromService(
  identifier: string,
  subscriberId: string,
  detail: { name?: string | null | undefined; preferences?: readonly SubscriptionPreference[] | undefined },
): DeclaredSubscription {
  const preferences = (detail.preferences ?? []).flatMap((p) => {
    const workflowId = p.workflow?.identifier;
    if (workflowId === undefined) return [];
    const condition = p.condition as Record<string, unknown> | undefined;
    return [{ workflowId, enabled: p.enabled, ...(condition === undefined ? {} : { condition }) }];
  });
  return storedSubscription({ identifier, subscriberId, name: detail.name ?? undefined, preferences });
}

/**
 * The preferences as sent: each one a group filter naming its workflow, because the service drops the
 * `enabled` of a `{ workflowId }` preference (topics.controller.ts `convertPreferencesToGroupFilters`).
 */
export function wirePreferences(s: DeclaredSubscription): SubscriptionPreferenceInput[] {
  return (s.preferences ?? []).map((p) => ({
    filter: { workflowIds: [p.workflowId] },
    enabled: p.enabled ?? true,
    ...(p.condition === undefined ? {} : { condition: p.condition }),
  }));
}

/** What turns one declared set into another. */
export interface SubscriptionsPlan {
  /** To subscribe (new identifiers, and those whose subscriber changed). */
  add: DeclaredSubscription[];
  /** To unsubscribe by identifier (gone, or whose subscriber changed). */
  remove: DeclaredSubscription[];
  /** To edit in place (`PATCH`): the same identifier and subscriber, another name or preferences. */
  edit: DeclaredSubscription[];
}

/** The plan from `before` to `after` (both in the stored form). */
export function planSubscriptions(
  before: readonly DeclaredSubscription[],
  after: readonly DeclaredSubscription[],
): SubscriptionsPlan {
  const old = new Map(before.map((s) => [s.identifier, s]));
  const plan: SubscriptionsPlan = { add: [], remove: [], edit: [] };
  const kept = new Set<string>();
  for (const s of after) {
    const was = old.get(s.identifier);
    if (was === undefined) plan.add.push(s);
    else if (was.subscriberId !== s.subscriberId) {
      plan.remove.push(was);
      plan.add.push(s);
    } else if (comparable(was) !== comparable(s)) plan.edit.push(s);
    kept.add(s.identifier);
  }
  for (const s of before) if (!kept.has(s.identifier)) plan.remove.push(s);
  return plan;
}

/** One changed property path, as the plugin's detailed diff takes it. */
export interface PropertyChange {
  property: string;
  kind: "add" | "delete" | "update";
  replace: boolean;
}

/** The kind of change from `was` to `now`, one of them possibly absent. */
const changeKind = (was: unknown, now: unknown): PropertyChange["kind"] =>
  was === undefined ? "add" : now === undefined ? "delete" : "update";

/** The lines of one edited subscription at `at` (`subscriptions[i]`): its name, each changed preference field. */
function editedLines(at: string, was: DeclaredSubscription, now: DeclaredSubscription): PropertyChange[] {
  const out: PropertyChange[] = [];
  const line = (property: string, kind: PropertyChange["kind"]) => {
    out.push({ property, kind, replace: false });
  };
  if (was.name !== now.name) line(`${at}.name`, changeKind(was.name, now.name));
  const before = was.preferences ?? [];
  const after = now.preferences ?? [];
  for (const [j, p] of after.entries()) {
    const old = before.find((b) => b.workflowId === p.workflowId);
    if (old === undefined) line(`${at}.preferences[${j}]`, "add");
    else {
      if (old.enabled !== p.enabled) line(`${at}.preferences[${j}].enabled`, "update");
      if (comparable(old.condition) !== comparable(p.condition))
        line(`${at}.preferences[${j}].condition`, changeKind(old.condition, p.condition));
    }
  }
  for (const [j, p] of before.entries())
    if (!after.some((a) => a.workflowId === p.workflowId)) line(`${at}.preferences[${j}]`, "delete");
  return out;
}

/** The preview's lines for the declared set: each subscription added, removed, or each field edited. */
export function subscriptionsChanges(
  before: readonly DeclaredSubscription[],
  after: readonly DeclaredSubscription[],
): PropertyChange[] {
  const plan = planSubscriptions(before, after);
  const out: PropertyChange[] = [];
  const at = (list: readonly DeclaredSubscription[], s: DeclaredSubscription) =>
    `subscriptions[${list.findIndex((x) => x.identifier === s.identifier)}]`;
  for (const s of plan.add) out.push({ property: at(after, s), kind: "add", replace: false });
  for (const s of plan.remove)
    if (!plan.add.some((a) => a.identifier === s.identifier))
      out.push({ property: at(before, s), kind: "delete", replace: false });
  for (const s of plan.edit) {
    const was = before.find((b) => b.identifier === s.identifier);
    if (was) out.push(...editedLines(at(after, s), was, s));
  }
  return out;
}
