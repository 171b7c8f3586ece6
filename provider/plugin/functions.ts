/**
 * The data sources (../functions) as the plugin's functions (`svc:index:getActiveIntegrations`, ...): Invoke
 * calls the very functions a TypeScript program calls, with the plugin's configured settings in place of the
 * program's (../functions/invoke.ts `withSettings`). A function's result is an object: a list comes back as
 * `{ items }`. A result that holds a credential comes back with each property marked secret, as the
 * `...Output` forms mark theirs.
 */
import type { SvcSettings } from "../config";
import {
  getEnvironment,
  getEnvironments,
  getEnvironmentVariable,
  getNotification,
  getSubscriber,
  getSubscriberPreferences,
  getTopic,
  getWorkflow,
  listLayouts,
  listMessages,
  listNotifications,
  listTopics,
  listWorkflows,
  searchSubscribers,
} from "../functions";
import { readActiveIntegrations } from "../functions/get-active-integrations";
import { holdsSecret, withSettings } from "../functions/invoke";
import { PACKAGE } from "./resource-types";
import { propertyName } from "./schema/json-to-pulumi";
import { markSecrets, type Props } from "./wire-values";

/** A data source called with the engine's arguments (validated by the function and the client). */
type DataSource = (args: never) => Promise<unknown>;

/** The data sources by function name (the token is `svc:index:<name>`). */
export const FUNCTIONS: Readonly<Record<string, DataSource>> = {
  // With the credentials the service answered: the result is marked secret below when it holds any.
  getActiveIntegrations: readActiveIntegrations,
  getEnvironment,
  getEnvironments,
  getEnvironmentVariable,
  getNotification,
  getSubscriber,
  getSubscriberPreferences,
  getTopic,
  getWorkflow,
  listLayouts,
  listMessages,
  listNotifications,
  listTopics,
  listWorkflows,
  searchSubscribers,
};

/** The token of a function. */
export function functionToken(name: string): string {
  return `${PACKAGE}:index:${name}`;
}

/** The function a token names, or an error naming the known ones. */
function functionOf(token: string): DataSource {
  const prefix = `${PACKAGE}:index:`;
  const name = token.startsWith(prefix) ? token.slice(prefix.length) : "";
  const fn = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
  if (!fn) {
    const known = Object.keys(FUNCTIONS).map(functionToken).join(", ");
    throw new Error(`svc: unknown function "${token}" (known: ${known})`);
  }
  return fn;
}

/** A value with its object keys named as the schema names them (`_id` is `id`, ./schema/json-to-pulumi.ts). */
function schemaNamed(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(schemaNamed);
  if (v === null || typeof v !== "object") return v;
  const entries = Object.entries(v);
  const taken = new Set(entries.map(([k]) => k));
  const renamed = entries.map(([k, x]): [string, unknown] => {
    const name = propertyName(k);
    return [name !== k && taken.has(name) ? k : name, schemaNamed(x)];
  });
  return Object.fromEntries(renamed);
}

/** The result as the object the schema declares: a list as `{ items }`. */
function asObject(result: unknown): Props {
  const named = schemaNamed(result);
  if (Array.isArray(named)) return { items: named };
  if (named !== null && typeof named === "object") return named as Props;
  return { value: named };
}

/** Invoke: calls the function with `settings`; the result secret where it holds a credential. */
export async function invokeFunction(token: string, args: Props, settings: SvcSettings): Promise<Props> {
  const fn = functionOf(token);
  const result = asObject(await withSettings(settings, () => fn(args as never)));
  return holdsSecret(result) ? markSecrets(result, Object.keys(result)) : result;
}
