import type { EnvironmentState, StoredWorkflow } from "./store";

/**
 * The preferences a topic subscription carries, as the service resolves and stores them:
 *
 * - apps/api/src/app/topics-v2/topics.controller.ts `convertPreferencesToGroupFilters`: a string is
 *   `{ filter: { workflowIds: [id] } }`; a group filter (`filter` in it) is kept whole; a workflow preference
 *   `{ workflowId, enabled?, condition? }` becomes `{ filter: { workflowIds: [workflowId] }, condition }`,
 *   so its `enabled` is dropped (only a group filter carries `enabled` through);
 * - apps/api/src/app/subscriptions/usecases/create-subscriptions/create-subscriptions.usecase.ts
 *   `validateAndFetchWorkflows`: the workflows the filters name, by `_id` or trigger identifier, or by tags
 *   (active workflows holding one); names that match nothing are only logged;
 * - create-subscription-preferences.usecase.ts: one stored preference per subscription and workflow (type
 *   `SUBSCRIPTION_SUBSCRIBER_WORKFLOW`), `all.enabled` from the first filter matching the workflow (tags
 *   first), else the workflow's own, and `all.condition` when the filter has one;
 * - apps/api/src/app/subscriptions/utils/subscriptions.ts `mapTopicSubscriptionToDto`: answered as
 *   `{ workflow, subscriptionId, enabled, condition }`, the list left out when empty.
 */

/** A filter as the usecases read it (GroupPreferenceFilterDto). */
export interface GroupFilter {
  filter: { workflowIds?: unknown; tags?: unknown };
  enabled?: unknown;
  condition?: unknown;
}

/** One stored preference of a subscription: the workflow's `_id`, `all.enabled`, `all.condition`. */
export interface StoredSubscriptionPreference {
  _templateId: string;
  enabled: boolean;
  condition?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];

/** The controller's `convertPreferencesToGroupFilters` (see the file comment: `enabled` of a workflow preference is dropped). */
export function groupFilters(sent: readonly unknown[]): GroupFilter[] {
  return sent.map((p) => {
    if (typeof p === "string") return { filter: { workflowIds: [p] } };
    const o = isObject(p) ? p : {};
    if ("filter" in o) return { ...o, filter: isObject(o["filter"]) ? o["filter"] : {} };
    return { filter: { workflowIds: [o["workflowId"]] }, condition: o["condition"] };
  });
}

/** `BaseRepository.isInternalId`: a 24-hex ObjectId. */
const isInternalId = (id: string) => /^[0-9a-f]{24}$/i.test(id);

/** The workflows the filters name (`validateAndFetchWorkflows`), each once, in the order found. */
export function filteredWorkflows(env: EnvironmentState, filters: readonly GroupFilter[]): StoredWorkflow[] {
  const found = new Map<string, StoredWorkflow>();
  const all = [...env.workflows.values()];
  for (const f of filters) {
    for (const id of strings(f.filter.workflowIds)) {
      const w = all.find((x) => (isInternalId(id) ? x._id === id : x.workflowId === id));
      if (w) found.set(w._id, w);
    }
    const tags = strings(f.filter.tags);
    if (tags.length === 0) continue;
    // notificationTemplateRepository.filterActive: active workflows holding any of the tags.
    for (const w of all)
      if (w.active !== false && (w.tags ?? []).some((t) => tags.includes(t))) found.set(w._id, w);
  }
  return [...found.values()];
}

/** `findPreferenceFilterDefinition`: the first filter that names the workflow (a tags filter by tags only). */
function filterOf(filters: readonly GroupFilter[], w: StoredWorkflow): GroupFilter | undefined {
  return filters.find((f) => {
    const tags = strings(f.filter.tags);
    if (tags.length > 0) return (w.tags ?? []).some((t) => tags.includes(t));
    return strings(f.filter.workflowIds).some((id) => id === w._id || id === w.workflowId);
  });
}

/** The workflow's own `all.enabled` (GetPreferences without the subscriber's: `user` over `default`). */
function workflowEnabled(w: StoredWorkflow): boolean {
  const level = w.preferences.user ?? w.preferences.default;
  return level?.all?.enabled ?? true;
}

/** The preferences one subscription stores for these filters and workflows (`getWorkflowPreferences`). */
export function storedPreferences(
  filters: readonly GroupFilter[],
  workflows: readonly StoredWorkflow[],
): StoredSubscriptionPreference[] {
  return workflows.map((w) => {
    const f = filterOf(filters, w);
    const enabled = typeof f?.enabled === "boolean" ? f.enabled : workflowEnabled(w);
    return { _templateId: w._id, enabled, ...(f?.condition === undefined ? {} : { condition: f.condition }) };
  });
}

/** A preference as answered, with its workflow when the workflow still exists. */
export function preferenceAnswer(
  env: EnvironmentState,
  subscriptionIdentifier: string,
  p: StoredSubscriptionPreference,
) {
  const w = env.workflows.get(p._templateId);
  const workflow = w && {
    id: w._id,
    identifier: w.workflowId,
    name: w.name,
    critical: false,
    tags: w.tags,
    severity: w.severity ?? "none",
  };
  return {
    ...(workflow ? { workflow } : {}),
    subscriptionId: subscriptionIdentifier,
    enabled: p.enabled,
    ...(p.condition === undefined ? {} : { condition: p.condition }),
  };
}

/**
 * The `preferences` of an answer: the subscription's stored preferences, narrowed to `only` (the workflows
 * of the request, as the create and update usecases fetch them) when given; undefined when none.
 */
export function preferencesAnswer(
  env: EnvironmentState,
  s: { identifier: string; preferences?: StoredSubscriptionPreference[] | undefined },
  only?: readonly StoredWorkflow[],
) {
  const ids = only && new Set(only.map((w) => w._id));
  const list = (s.preferences ?? []).filter((p) => !ids || ids.has(p._templateId));
  return list.length > 0 ? list.map((p) => preferenceAnswer(env, s.identifier, p)) : undefined;
}
