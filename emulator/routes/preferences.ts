import type { SubscriberPreferences } from "../../sdk/schemas";
import { CHANNEL_TYPES } from "../channels";
import { notFound } from "../errors";
import type { RequestContext, Route, RouteResult } from "../router";
import type { StoredWorkflow } from "../store";
import { keyEnvironment } from "./scope";

/** The workflow's default channel settings (`preferences.default.channels`), enabled when unset. */
function workflowDefault(workflow: StoredWorkflow, channel: string): boolean {
  const prefs = workflow["preferences"] as
    | { default?: { all?: { enabled?: boolean }; channels?: Record<string, { enabled?: boolean }> } }
    | undefined;
  return prefs?.default?.channels?.[channel]?.enabled ?? prefs?.default?.all?.enabled ?? true;
}

/**
 * Operation 6. The spec: "returns the preferences for all five channels, for all workflows and globally":
 * every workflow of the environment (active or not) and all five channels in each, whatever its steps.
 * The spec speaks here, so it wins over the service, which narrows the answer: only active, non-critical
 * workflows, each with only the channels of its active steps, and global channels the union of those
 * (apps/api/src/app/subscribers-v2/usecases/get-subscriber-preferences/get-subscriber-preferences.usecase.ts
 * with `includeInactiveChannels: false`; apps/api/src/app/subscribers/usecases/get-subscriber-preference/
 * get-subscriber-preference.usecase.ts `filterActive`, `getChannels`; get-subscriber-global-preference/).
 */
function preferences(ctx: RequestContext): RouteResult {
  const env = keyEnvironment(ctx);
  const subscriberId = ctx.params["subscriberId"] ?? "";
  const subscriber = env.subscribers.get(subscriberId);
  if (!subscriber) throw notFound(`Subscriber ${subscriberId} not found`);
  const stored = env.preferences.get(subscriber._id) ?? {};
  const globalChannels: Record<string, boolean> = {};
  for (const c of CHANNEL_TYPES) globalChannels[c] = stored.global?.channels?.[c] ?? true;
  const result: SubscriberPreferences = {
    global: { enabled: stored.global?.enabled ?? true, channels: globalChannels },
    workflows: [...env.workflows.values()].map((w) => {
      const own = stored.workflows?.[w.workflowId];
      const channels: Record<string, boolean> = {};
      const overrides: { channel: string; source: string }[] = [];
      for (const c of CHANNEL_TYPES) {
        const mine = own?.channels?.[c];
        channels[c] = mine ?? workflowDefault(w, c);
        if (mine !== undefined) overrides.push({ channel: c, source: "subscriber" });
      }
      return {
        enabled: own?.enabled ?? true,
        channels,
        overrides,
        workflow: { slug: w.slug, identifier: w.workflowId, name: w.name, updatedAt: w.updatedAt },
      };
    }),
  };
  return { status: 200, body: { data: result } };
}

/** `GET /v2/subscribers/{subscriberId}/preferences`. */
export const preferenceRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/v2/subscribers/:subscriberId/preferences",
    category: "global",
    handler: preferences,
  },
];
