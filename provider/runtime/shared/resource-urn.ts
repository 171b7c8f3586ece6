/**
 * The URN of the resource whose operation runs, where the host knows it, so that a warning shows on that
 * resource's row of the engine's output (./engine-log.ts). The plugin (provider/plugin/resource-methods.ts)
 * gets it with every request and runs the operation inside {@link withResourceUrn}; the dynamic-provider host
 * of @pulumi/pulumi never passes it to a provider, so there it stays unknown and messages name the resource
 * in their text.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const urns = new AsyncLocalStorage<string>();

/** Runs `fn` as the operation of the resource `urn` (an empty URN: unknown). */
export function withResourceUrn<T>(urn: string, fn: () => Promise<T>): Promise<T> {
  return urn === "" ? fn() : urns.run(urn, fn);
}

/** The URN of the resource whose operation runs, or undefined when the host did not say. */
export function currentUrn(): string | undefined {
  return urns.getStore();
}
