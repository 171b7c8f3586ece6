/**
 * The changed property paths of a dynamic resource's diff, handed to the engine.
 *
 * The dynamic-provider host (@pulumi/pulumi cmd/dynamic-provider) answers Diff with `changes`, `replaces` and
 * `deleteBeforeReplace` only, so the engine shows the difference of the old and the new inputs: a change that
 * only the state's outputs hold (the service stored something else than declared, or a refresh that kept the
 * inputs) previews as `~ update` with no property line. The host builds its answer from the DiffResponse
 * class of @pulumi/pulumi's proto module, the one {@link fromPulumi} loads; its `setChanges` is wrapped once
 * so that the answer following a diff also carries that diff's paths (`diffs`, and `detailedDiff` with
 * `inputDiff: false`: compared with the state's outputs, as the runtime's diff compares). The engine calls
 * Diff for one resource at a time, and the host calls `setChanges` right after the provider's diff returns,
 * so the paths announced last are that answer's. Where the module cannot be wrapped (another copy of
 * @pulumi/pulumi), the answer stays as the host makes it.
 */
import type * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { fromPulumi } from "./pulumi-require";

/** One changed property path, as the runtime's diffs name them (`steps[1].controls.subject`). */
export interface ChangedPath {
  property: string;
  kind: "add" | "delete" | "update";
  replace: boolean;
}

let pending: readonly ChangedPath[] | undefined;
let installed = false;

/** The PropertyDiff of one path, against the state's outputs. */
function propertyDiff(proto: typeof provproto, change: ChangedPath): provproto.PropertyDiff {
  const KIND = proto.PropertyDiff.Kind;
  const kinds = {
    add: [KIND.ADD, KIND.ADD_REPLACE],
    delete: [KIND.DELETE, KIND.DELETE_REPLACE],
    update: [KIND.UPDATE, KIND.UPDATE_REPLACE],
  } as const;
  return new proto.PropertyDiff().setKind(kinds[change.kind][change.replace ? 1 : 0]).setInputdiff(false);
}

/** Adds the paths to a response whose `changes` is DIFF_SOME. */
function addPaths(
  proto: typeof provproto,
  resp: provproto.DiffResponse,
  changes: readonly ChangedPath[],
): void {
  if (changes.length === 0) return;
  const top = [...new Set(changes.map((c) => c.property.split(/[.[]/)[0] ?? c.property))];
  resp.setDiffsList(top).setHasdetaileddiff(true);
  for (const change of changes) resp.getDetaileddiffMap().set(change.property, propertyDiff(proto, change));
}

/** Wraps `DiffResponse.prototype.setChanges` once (see the file header). */
function install(): void {
  if (installed) return;
  installed = true;
  const proto = fromPulumi("@pulumi/pulumi/proto/provider_pb") as typeof provproto;
  const prototype = proto.DiffResponse.prototype;
  const setChanges = prototype.setChanges;
  prototype.setChanges = function (this: provproto.DiffResponse, value: provproto.DiffResponse.DiffChanges) {
    const answer = setChanges.call(this, value);
    const changes = pending;
    pending = undefined;
    if (changes !== undefined && value === proto.DiffResponse.DiffChanges.DIFF_SOME) {
      addPaths(proto, this, changes);
    }
    return answer;
  };
}

/** The `changed` paths a runtime's diff outcome carries (a DiffOutcome's), or undefined. */
function changedOf(outcome: object): readonly ChangedPath[] | undefined {
  const changed = "changed" in outcome ? outcome.changed : undefined;
  return Array.isArray(changed) ? (changed as ChangedPath[]) : undefined;
}

/** Announces the paths of the diff outcome the host answers next (dynamic-provider host only). */
export function announceChangedPaths(outcome: object): void {
  try {
    install();
    pending = changedOf(outcome);
  } catch {
    pending = undefined;
  }
}
