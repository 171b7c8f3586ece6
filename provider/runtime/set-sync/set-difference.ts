/** What changes between two sets of ids: those to add and those to remove, each in the order first seen. */
export interface SetDifference {
  added: string[];
  removed: string[];
}

/** The ids of `after` not in `before` (added) and of `before` not in `after` (removed). */
export function setDifference(before: Iterable<string>, after: Iterable<string>): SetDifference {
  const was = new Set(before);
  const now = new Set(after);
  const added = [...now].filter((id) => !was.has(id));
  const removed = [...was].filter((id) => !now.has(id));
  return { added, removed };
}
