/**
 * The data sources (../functions) as the plugin's functions (`svc:index:getActiveIntegrations`, ...): Invoke
 * calls the very functions a TypeScript program calls, with the plugin's configured settings in place of the
 * program's (../functions/invoke.ts `withSettings`). A function's result is an object: a list comes back as
 * `{ items }`. A result that holds a credential comes back with each property marked secret, as the
 * `...Output` forms mark theirs.
 */
import type { SvcSettings } from "../config";
import {
  getActiveIntegrations,
  getNotification,
  getSubscriber,
  getSubscriberPreferences,
  getWorkflow,
  listMessages,
  listNotifications,
  searchSubscribers,
} from "../functions";
import { holdsSecret, withSettings } from "../functions/invoke";
import { PACKAGE } from "./resource-types";
import { markSecrets, type Props } from "./wire-values";

/** A data source called with the engine's arguments (validated by the function and the client). */
type DataSource = (args: never) => Promise<unknown>;

/** The data sources by function name (the token is `svc:index:<name>`). */
export const FUNCTIONS: Readonly<Record<string, DataSource>> = {
  getActiveIntegrations,
  getNotification,
  getSubscriber,
  getSubscriberPreferences,
  getWorkflow,
  listMessages,
  listNotifications,
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

/** The result as the object the schema declares: a list as `{ items }`. */
function asObject(result: unknown): Props {
  if (Array.isArray(result)) return { items: result };
  if (result !== null && typeof result === "object") return result as Props;
  return { value: result };
}

/** Invoke: calls the function with `settings`; the result secret where it holds a credential. */
export async function invokeFunction(token: string, args: Props, settings: SvcSettings): Promise<Props> {
  const fn = functionOf(token);
  const result = asObject(await withSettings(settings, () => fn(args as never)));
  return holdsSecret(result) ? markSecrets(result, Object.keys(result)) : result;
}
