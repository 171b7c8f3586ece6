/** `"a", "b" and 3 more`: item ids (subscriberIds) for a message, at most `max` of them by name. */
export function listIds(ids: readonly string[], max = 20): string {
  const named = ids.slice(0, max).map((id) => JSON.stringify(id));
  return ids.length > max ? `${named.join(", ")} and ${ids.length - max} more` : named.join(", ");
}
