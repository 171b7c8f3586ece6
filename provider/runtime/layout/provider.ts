/**
 * The real implementation behind `svc.Layout` (and `svc:index:Layout` of the plugin): a v2 email layout of the
 * API key's environment (`/v2/layouts`, apps/api/src/app/layouts-v2/). The resource id is the layout's `_id`.
 *
 * - create: GET the layoutId first. A layout already there is taken over only with `adopt`, or when the
 *   layoutId is this resource's default one (no one else can have made it, so a re-run after a lost answer
 *   never duplicates); otherwise the create fails naming it. Else POST (the service stores an empty template
 *   and ignores content), then PUT of the name and content: one create. A PUT that fails deletes the layout
 *   again; when the service refuses that (the environment's default layout), the failure says the layout is
 *   left and how the next `up` takes it over.
 * - update: PUT of the name and content (404: gone, run refresh).
 * - read: GET by `_id` (or layoutId, for an import or `get`), and its usage; a layout gone answers `{}`.
 * - delete: the environment's default layout is never deleted by the service: it is left, with a warning
 *   naming it. Another is deleted, with a warning naming the workflows whose email steps named it (they then
 *   use the default layout); 404 is already gone.
 * - diff: pure (./diff.ts); on a default layout it also warns that a destroy will leave it.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { NotFoundError } from "../../../sdk/errors";
import type { Layout, LayoutUsage } from "../../../sdk/schemas";
import type { ConfigSource } from "../../config";
import { defaultIdentifier, keepDefaultIdentifier } from "../../default-identifier";
import type { LayoutInputs, LayoutOutputs } from "../../model/layout-schema";
import type { CreateOutcome, DiffOutcome, ReadOutcome, UpdateOutcome } from "../../model/pulumi-results";
import { type EngineLog, engineLog } from "../shared/engine-log";
import {
  carryWriteId,
  keptByReplacementWarning,
  ReplacementGuard,
  type Stamped,
} from "../shared/replacement-guard";
import { ServiceSession, type ServiceSessionOptions } from "../shared/service-session";
import { checkLayout, type LayoutCheck } from "./check";
import { diffLayout } from "./diff";
import {
  defaultLayoutLeftWarning,
  describeLayout,
  inputsOf,
  toCreateBody,
  toOutputs,
  toUpdateBody,
  usedLayoutWarning,
} from "./model";

/** Options for tests and benchmarks that call the provider directly (the host passes none). */
export interface LayoutProviderOptions extends ServiceSessionOptions {
  /** Where warnings go (default: the engine that started this process, if any). */
  log?: EngineLog;
}

/** What read answers for a Layout. */
export type LayoutRead = ReadOutcome<Stamped<LayoutOutputs>, Record<string, unknown>>;

/** No usage: what a layout just made has. */
const UNUSED: LayoutUsage = { workflows: [] };

/** `pulumi.dynamic.ResourceProvider` for v2 layouts. */
export class LayoutProvider implements dynamic.ResourceProvider {
  /** Settings, the shared paced client and error mapping. */
  readonly session: ServiceSession;
  /** Creates of this deployment: the old half of a replacement that took its layout over leaves it. */
  private readonly creates = new ReplacementGuard();
  private readonly log: EngineLog | undefined;

  constructor(options: LayoutProviderOptions = {}) {
    this.session = new ServiceSession(options);
    this.log = options.log ?? engineLog();
  }

  /** Reads `svc:apiKey` / `svc:baseUrl` from the stack config the engine sends (env as fallback). */
  async configure(req: { config: ConfigSource }): Promise<void> {
    this.session.configure(req.config);
  }

  /**
   * Validates every field and the content (./check.ts); no request is made. A default layoutId already in
   * state is kept when the resource is renamed (see {@link keepDefaultIdentifier}).
   */
  async check(olds: Record<string, unknown>, news: Record<string, unknown>): Promise<LayoutCheck> {
    return checkLayout(keepDefaultIdentifier(olds, news ?? {}, "layoutId"));
  }

  /**
   * Compares checked inputs with the outputs in state (./diff.ts); no request is made. On the environment's
   * default layout, warns first that a destroy will leave it (a destroy's preview asks the provider nothing).
   */
  async diff(id: string, olds: LayoutOutputs, news: LayoutInputs): Promise<DiffOutcome> {
    if (olds.isDefault === true) await this.log?.warn(defaultLayoutLeftWarning(describeLayout(olds, id)));
    return diffLayout(olds, news);
  }

  /** Creates the layout, or takes over the one with its layoutId when it may (see the file header). */
  async create(inputs: LayoutInputs): Promise<CreateOutcome<Stamped<LayoutOutputs>>> {
    return this.session.guard("create", undefined, async () => {
      const existing = await this.find(inputs.layoutId);
      const written = existing ? await this.takeOver(inputs, existing) : await this.createNew(inputs);
      const usage = existing ? await this.usage(written._id) : UNUSED;
      return { id: written._id, outs: this.creates.stamp(written._id, toOutputs(written, usage), undefined) };
    });
  }

  /**
   * The layout as the service holds it now, or `{}` when it is gone. A lookup (`Layout.get`, `pulumi
   * import`: no state) accepts the `_id` or the layoutId, and fails when it names nothing.
   */
  async read(id: string, props?: Partial<LayoutOutputs>): Promise<LayoutRead> {
    return this.session.guard("read", undefined, async () => {
      const found = await this.find(id);
      if (!found && props?.layoutId === undefined) {
        throw new Error(`svc: read: no layout has the _id or layoutId "${id}" in the API key's environment`);
      }
      if (!found) return {};
      const outs = toOutputs(found, await this.usage(found._id));
      return { id: found._id, props: carryWriteId(outs, props), inputs: inputsOf(outs) };
    });
  }

  /** Writes the declared name and content (PUT). */
  async update(
    id: string,
    olds: LayoutOutputs,
    news: LayoutInputs,
  ): Promise<UpdateOutcome<Stamped<LayoutOutputs>>> {
    return this.session.guard("update", undefined, async () => {
      let updated: Layout;
      try {
        updated = await this.session.client().layouts.update(id, toUpdateBody(news));
      } catch (e) {
        if (!(e instanceof NotFoundError)) throw e;
        throw new Error(
          `svc: update: layout ${describeLayout(olds, id)} no longer exists; run \`pulumi refresh\` so that it is created again`,
        );
      }
      return { outs: carryWriteId(toOutputs(updated, await this.usage(id)), olds) };
    });
  }

  /**
   * Deletes the layout by its `_id`, warning about the workflows that name it; one already gone counts as
   * deleted. The environment's default layout is left, with a warning naming it. One that a create of this
   * deployment took over is left, with a warning: it is the new half's (../shared/replacement-guard.ts).
   */
  async delete(id: string, props: LayoutOutputs): Promise<void> {
    return this.session.guard("delete", undefined, async () => {
      if (this.creates.supersededBy(id, props)) {
        const what = `layout "${props.layoutId}" (_id ${id})`;
        await this.log?.warn(keptByReplacementWarning(what, "a layoutId is unique in its environment"));
        return;
      }
      const current = await this.find(id);
      if (!current) return;
      if (current.isDefault) {
        await this.log?.warn(defaultLayoutLeftWarning(describeLayout(current)));
        return;
      }
      const users = (await this.usage(id)).workflows.map((w) => w.workflowId);
      if (users.length > 0) await this.log?.warn(usedLayoutWarning(describeLayout(current), users));
      await this.deleteQuietly(id);
    });
  }

  /** The layout `id` (`_id` or layoutId) names in the key's environment, or undefined (404). */
  private async find(id: string): Promise<Layout | undefined> {
    try {
      return await this.session.client().layouts.get(id);
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
  }

  /** The workflows that name the layout (none when it is gone meanwhile). */
  private async usage(id: string): Promise<LayoutUsage> {
    try {
      return await this.session.client().layouts.usage(id);
    } catch (e) {
      if (e instanceof NotFoundError) return UNUSED;
      throw e;
    }
  }

  /** DELETE, a 404 being no failure (already gone). */
  private async deleteQuietly(id: string): Promise<void> {
    try {
      await this.session.client().layouts.delete(id);
    } catch (e) {
      if (!(e instanceof NotFoundError)) throw e;
    }
  }

  /** POST, then PUT of the content; a failed PUT takes the layout back (see the file header). */
  private async createNew(inputs: LayoutInputs): Promise<Layout> {
    const client = this.session.client();
    const created = await client.layouts.create(toCreateBody(inputs));
    try {
      return await client.layouts.update(created._id, toUpdateBody(inputs));
    } catch (e) {
      throw await this.undoCreate(created, e);
    }
  }

  /**
   * After the content of a layout just made could not be written: deletes the layout and answers the PUT's
   * failure, or, when the service keeps it (its default layout), a failure saying so and what `up` does next.
   */
  private async undoCreate(created: Layout, failure: unknown): Promise<Error> {
    const cause = failure instanceof Error ? failure.message : String(failure);
    if (!created.isDefault) {
      try {
        await this.deleteQuietly(created._id);
        return failure instanceof Error ? failure : new Error(cause);
      } catch {
        // Left: said below.
      }
    }
    return new Error(
      `svc: create: layout ${describeLayout(created)} was made but its content could not be written (${cause}); ` +
        `the layout is left in the environment${created.isDefault ? " as its default layout, which the service never deletes" : ""}. ` +
        "Run `pulumi up` again: the layout is then taken over when its layoutId is this resource's default one, " +
        "else only with `adopt: true` on this resource",
    );
  }

  /** The existing layout updated to the declaration, when this resource may take it over. */
  private async takeOver(inputs: LayoutInputs, existing: Layout): Promise<Layout> {
    if (!mayTakeOverLayout(inputs)) {
      throw new Error(
        `svc: create: layout ${describeLayout(existing)} already exists in the API key's environment and this ` +
          "resource did not create it (its layoutId was set explicitly, so it may belong to another stack or to " +
          "someone else). To take it over, set `adopt: true` on this resource (its name and content will be " +
          "replaced by the declared ones); otherwise choose another layoutId.",
      );
    }
    // Adopting what is already declared writes nothing (an exported environment adopts with no write).
    if (!diffLayout(toOutputs(existing, UNUSED), inputs).changes) return existing;
    return this.session.client().layouts.update(existing._id, toUpdateBody(inputs));
  }
}

/**
 * Whether an existing layout with this resource's layoutId may be taken over without asking: the user said
 * so (`adopt`), or the layoutId is this resource's default one (recomputed from the project, stack and name
 * the resource sent, so an explicit layoutId, or one a transform changed, never qualifies).
 */
export function mayTakeOverLayout(inputs: LayoutInputs): boolean {
  if (inputs.adopt === true) return true;
  const origin = inputs.defaultIdentifierOf;
  return origin !== undefined && defaultIdentifier(origin) === inputs.layoutId;
}
