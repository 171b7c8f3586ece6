/**
 * The providers of two releases in one table: every provider of either, each with its channel, name and keys
 * from the newest release where that release reads them, and which release lists it.
 */
import type { SourceProvider } from "./read-providers";

/** A provider of the merged table. */
export interface MergedProvider extends SourceProvider {
  /** Only the newest release lists it (the April 2026 tree lacks it). */
  since?: "newest";
  /** Only the April 2026 tree lists it (the newest files drop it). */
  until?: "2026-04";
}

/**
 * April's providers in April's order, each as the newest release reads it (April's keys kept where the newest
 * cannot read them), then the providers only the newest lists, in its order. Deterministic: the order of
 * both inputs decides the output's.
 */
export function mergeReleases(
  april: readonly SourceProvider[],
  newest: readonly SourceProvider[],
): MergedProvider[] {
  const newestById = new Map(newest.map((p) => [p.id, p]));
  const aprilIds = new Set(april.map((p) => p.id));
  const kept = april.map((old): MergedProvider => {
    const now = newestById.get(old.id);
    if (now === undefined) return { ...old, until: "2026-04" };
    return now.keysUnread ? { ...now, credentials: old.credentials, keysUnread: old.keysUnread } : { ...now };
  });
  const added = newest
    .filter((p) => !aprilIds.has(p.id))
    .map((p): MergedProvider => ({ ...p, since: "newest" }));
  return [...kept, ...added].map(tidy);
}

/** The provider with only the fields it has (the generated text writes each field present). */
function tidy(p: MergedProvider): MergedProvider {
  const out: MergedProvider = {
    id: p.id,
    displayName: p.displayName,
    channel: p.channel,
    credentials: p.credentials,
  };
  if (p.keysUnread) out.keysUnread = true;
  if (p.since) out.since = p.since;
  if (p.until) out.until = p.until;
  return out;
}
