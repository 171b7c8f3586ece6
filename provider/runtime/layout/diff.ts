/**
 * The diff of a Layout: checked new inputs against the outputs in state. A new `layoutId` replaces the layout
 * (the service never renames one); `name` and `content` are updated in place. `adopt` is a flag, never a
 * change. Pure: no request.
 */
import type { LayoutInputs, LayoutOutputs } from "../../model/layout-schema";
import type { DiffOutcome } from "../../model/pulumi-results";
import { canonical, containsUnknown } from "../../model/values";

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));
}

/** The properties that changed: `layoutId`, `name`, `content`. */
export function layoutChangedProperties(olds: Partial<LayoutOutputs>, news: Partial<LayoutInputs>): string[] {
  const keys = ["layoutId", "name", "content"] as const;
  return keys.filter((k) => containsUnknown(news[k]) || !same(olds[k], news[k]));
}

/**
 * Diff of checked new inputs against old outputs. A replacement has a new layoutId, so the old layout need
 * not go first (they do not collide).
 */
export function diffLayout(olds: Partial<LayoutOutputs>, news: Partial<LayoutInputs>): DiffOutcome {
  const changed = layoutChangedProperties(olds, news);
  return {
    changes: changed.length > 0,
    replaces: changed.filter((k) => k === "layoutId"),
    deleteBeforeReplace: false,
  };
}
