/**
 * The rule of a rename with alias: the renamed integration is the same object afterwards (same `_id`), moved
 * to the new name, not deleted and created again. The oracle alone cannot see a lost alias (a new integration
 * under the new name's default identifier converges too), so the runner records the `_id` of each integration
 * renamed with an alias and checks it after the next clean `up`. A rename is not watched across anything
 * else that may replace the object: a provider or identifier change of it, a forced replacement, an
 * out-of-band change, a faulted or killed `up`, a destroy (the runner then calls {@link AliasWatch.forget}).
 */
import type { Emulator } from "../../emulator";
import { type Edit, type IntegrationDecl, integrationOf, type ProgramModel } from "./model";
import { identifierOf, type StackView } from "./oracle";

/** What a watched integration was when renamed. */
interface Watched {
  /** Its `_id` in the service. */
  id: string;
  providerId: IntegrationDecl["providerId"];
  identifier: string | undefined;
  /** Its name before the first rename since the last `up`. */
  from: string;
}

/** Integrations renamed with an alias since the last `up`, by their new resource name. */
export class AliasWatch {
  private readonly watched = new Map<string, Watched>();

  /** Before `edit` is applied to `view.model`: watches the integration it renames with an alias, if live. */
  before(edit: Edit, view: StackView, emu: Emulator): void {
    if (edit.edit !== "rename-resource" || !edit.alias) return;
    const earlier = this.watched.get(edit.integration);
    this.watched.delete(edit.integration);
    if (earlier) {
      this.watched.set(edit.to, earlier);
      return;
    }
    const decl = integrationOf(view.model, edit.integration);
    if (!decl) return;
    const live = emu.integrations().filter((i) => i.deleted !== true);
    const identifier = identifierOf(view, decl, live);
    const id = live.find((i) => i.identifier === identifier)?._id;
    if (id === undefined) return; // not created yet: nothing to keep
    const watched = { id: String(id), providerId: decl.providerId, identifier: decl.identifier };
    this.watched.set(edit.to, { ...watched, from: edit.integration });
  }

  /**
   * After a clean `up` of `model`: a finding for each watched integration, still declared with the provider
   * and identifier it had, whose object is gone (the alias did not move it). Forgets them all.
   */
  check(model: ProgramModel, emu: Emulator): string[] {
    const findings: string[] = [];
    const live = emu.integrations().filter((i) => i.deleted !== true);
    for (const [name, w] of this.watched) {
      const decl = integrationOf(model, name);
      if (!decl || decl.providerId !== w.providerId || decl.identifier !== w.identifier) continue;
      if (!live.some((i) => String(i._id) === w.id))
        findings.push(
          `${w.from} renamed to ${name} with an alias, but its integration ${w.id} is gone (replaced)`,
        );
    }
    this.watched.clear();
    return findings;
  }

  /** Stops watching (something else may replace the objects). */
  forget(): void {
    this.watched.clear();
  }
}
