/**
 * Which properties a change is about, for the engine's detailed diff. The runtime's diff says whether there
 * is a change and what replaces; each property is attributed with the kind's own pure diff rule
 * (./resource-types.ts), applied to the old inputs with that one property set to its new value, so a
 * property counts exactly when the runtime's rule sees a change in it (a left-out `name` is no change, token
 * order is none, ...). Old inputs that leave out `credentials` (an import: held by the service, not managed
 * here) are probed as they are, so declaring them later counts as an `add` of `credentials` alone.
 */
import type { ResourceType } from "./resource-types";
import type { Props } from "./wire-values";

/** How a property changes, as the engine's PropertyDiff kinds. */
export type ChangeKind = "add" | "delete" | "update";

/** One changed property. */
export interface PropertyChange {
  property: string;
  kind: ChangeKind;
  /** Whether its change replaces the resource. */
  replace: boolean;
}

/** Inputs the engine never shows as a change of their own (what the plugin computes for the runtime). */
const HIDDEN: ReadonlySet<string> = new Set(["defaultIdentifierOf", "ownerOf"]);

/** `props` with `key` set to `value` (removed when undefined). */
function withValue(props: Props, key: string, value: unknown): Props {
  const { [key]: _old, ...rest } = props;
  return value === undefined ? rest : { ...rest, [key]: value };
}

/** The changed properties, sorted by name. */
export function detailedDiff(
  type: ResourceType,
  olds: Props,
  oldInputs: Props,
  news: Props,
  replaces: readonly string[],
): PropertyChange[] {
  const keys = [...new Set([...Object.keys(oldInputs), ...Object.keys(news)])].filter((k) => !HIDDEN.has(k));
  const base: Props = { ...oldInputs };
  const out: PropertyChange[] = [];
  for (const key of keys.sort()) {
    const probe = type.diff(olds, withValue(base, key, news[key]));
    if (!probe.changes) continue;
    const kind: ChangeKind =
      oldInputs[key] === undefined ? "add" : news[key] === undefined ? "delete" : "update";
    out.push({ property: key, kind, replace: replaces.includes(key) });
  }
  return out;
}
