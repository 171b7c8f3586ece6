/**
 * Tells the old half of a create-before-delete replacement from a plain delete.
 *
 * When an object keeps what identifies it across a replacement (an integration's identifier, a subscriber's
 * channel entry, a set's entries), the engine's create-before-delete order writes the new object first and
 * then deletes the old one, in the same deployment (one host process): a forced replace of a resource set to
 * `deleteBeforeReplace: false`, or a resource renamed without an alias. That delete must leave what the
 * create wrote. Each create stamps its outputs with a random `writeId`; a delete of an id this process
 * created, whose state carries another `writeId` (or none), is that old half.
 *
 * The stamp is kept in state only (the providers return it among their outputs; the resources do not
 * publish it), and read and update carry it over.
 */
import { randomUUID } from "node:crypto";

/** Outputs as stored in state: the resource's outputs and the stamp of the create that wrote them. */
export type Stamped<T> = T & { writeId?: string };

/** The stamp of `props`, if it has one. */
export function writeIdOf(props: unknown): string | undefined {
  const w = (props as { writeId?: unknown } | null | undefined)?.writeId;
  return typeof w === "string" ? w : undefined;
}

/** `outputs` with the stamp of `from` carried over (read, update). */
export function carryWriteId<T extends object>(outputs: T, from: unknown): Stamped<T> {
  const writeId = writeIdOf(from);
  return writeId === undefined ? outputs : { ...outputs, writeId };
}

/** The creates of one deployment, by resource id, with what each wrote. */
export class ReplacementGuard<Payload = undefined> {
  private readonly created = new Map<string, { writeId: string; payload: Payload }>();

  /** Stamps a create of `id` and remembers it (with `payload`, e.g. the entries it wrote). */
  stamp<T extends object>(id: string, outputs: T, payload: Payload): Stamped<T> {
    const writeId = randomUUID();
    this.created.set(id, { writeId, payload });
    return { ...outputs, writeId };
  }

  /**
   * What a create of this deployment wrote for `id`, when deleting `props` is the old half of its
   * replacement (their stamps differ); undefined for a plain delete.
   */
  supersededBy(id: string, props: unknown): { payload: Payload } | undefined {
    const created = this.created.get(id);
    if (!created || created.writeId === writeIdOf(props)) return undefined;
    return { payload: created.payload };
  }
}

/**
 * The warning of a delete left undone because a create of this deployment took the same object over: right for
 * a rename, but a forced replace (`pulumi up --replace`) of a resource without `deleteBeforeReplace` (the plugin
 * languages' default; the engine asks the provider nothing then) keeps the object instead of recreating it, and
 * must say so. `what` names the object (`integration "slack-main" (_id ...)`), `unique` why the two are one.
 */
export function keptByReplacementWarning(what: string, unique: string): string {
  return (
    `svc: ${what} is kept, not deleted: a resource created in this deployment holds the same object (${unique}). ` +
    "That is what a rename wants; to recreate the object with `pulumi up --replace`, give the resource the option " +
    "deleteBeforeReplace: true first."
  );
}
