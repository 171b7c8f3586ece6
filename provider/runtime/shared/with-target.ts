/**
 * The wrapper that gives every Pulumi provider kind the same handling of where a resource lives: the `target`
 * input, what the program declares (see ../model/target.ts for why it is an input), and the environment the
 * resource was written in, what its outputs remember (see ../model/key-environment.ts).
 *
 * The rule, for every kind: an operation on an existing resource (diff, read, update, delete) fails when the
 * resource lives in another environment than the one the API key acts on, unless the program declared a move
 * (its `target` changed: the diff is a replace, and the old half's delete leaves the old object, which the
 * key no longer reaches).
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ConfigSource } from "../../config";
import {
  type Placement,
  placementProps,
  storedPlacement,
  withoutPlacement,
} from "../../model/key-environment";
import { configuredTarget, TARGET_KEY, type Target, targetChanged, targetSchema } from "../../model/target";
import { containsUnknown } from "../../model/values";
import { keyConfig, noteProgramRan } from "./program-ran";
import type { ServiceSession } from "./service-session";

type Props = Record<string, unknown>;

/** `props` without the target, and the target (undefined when absent). */
function split(props: Props | undefined): { target: unknown; rest: Props } {
  const { [TARGET_KEY]: target, ...rest } = props ?? {};
  return { target, rest };
}

/** `props` with `target` set again (when there is one). */
function join<T extends object>(props: T, target: unknown): T {
  return target === undefined ? props : { ...props, [TARGET_KEY]: target };
}

/** Failures of a target that is there but malformed (an unknown one is checked in `up`). */
function targetFailures(target: unknown): dynamic.CheckFailure[] {
  if (target === undefined || containsUnknown(target)) return [];
  const parsed = targetSchema.safeParse(target);
  if (parsed.success) return [];
  return [{ property: TARGET_KEY, reason: "target: must be { environment, baseUrl }, set by svc.Provider" }];
}

/**
 * What every runtime provider reads of a configure request: its config's `get`. The dynamic-provider host passes
 * its ConfigureRequest (a `pulumi.Config` is such a source), the plugin a source over its own configuration.
 */
export interface RuntimeConfigureRequest {
  /** The stack's (or an explicit provider's) settings, read by full key (`svc:apiKey`). */
  readonly config: ConfigSource;
}

/** A provider with every method, configured from a {@link RuntimeConfigureRequest}; the wrapper's result has the same shape. */
export type Provider = Required<Omit<dynamic.ResourceProvider, "configure">> & {
  configure(req: RuntimeConfigureRequest): Promise<void>;
};

/** What the wrapper needs of an implementation: every method, and its session when it talks to the service. */
export type TargetedProvider = Provider & { readonly session?: ServiceSession };

/**
 * Outputs with the resource's placement: the one the state held (`stored`), what the implementation answered,
 * and the key's environment (`now`) over both, since the operation has just acted there. An environment the
 * implementation answered (the service's `_environmentId` of the object) wins: a placement of another
 * environment is left out.
 */
function placed<T extends object>(outs: T, stored: unknown, now: Placement | undefined): T {
  const answered = storedPlacement(outs)?.environmentId;
  const fits = (p: Placement | undefined) =>
    p !== undefined && (answered === undefined || p.environmentId === answered) ? p : undefined;
  return { ...placementProps(fits(storedPlacement(stored))), ...outs, ...placementProps(fits(now)) };
}

/**
 * `inner` with where each resource lives handled for it (see the rule above):
 * - the `target` input is taken out of what `inner` sees and put back into what it answers; a change of it
 *   replaces the resource; the delete of an object whose stored target is not the one this host is
 *   configured for (the old half of such a replacement) makes no request, because this host's key does not
 *   reach that object;
 * - check, once its inputs are valid, checks the key and address once per provider instance (a preview
 *   fails on a refused key or a dead address: `session.checkSettings`);
 * - diff, read, update and delete of a resource whose stored environment is not the key's fail (through
 *   `session.checkEnvironment`) before `inner` runs; create, update and read record the key's environment
 *   in the outputs (`environmentId`, `environmentName`, `organizationId`), never in the inputs read answers.
 */
export function withTarget(inner: TargetedProvider): Provider {
  let configured: Target | undefined;
  const session = inner.session;
  const check = async (operation: string, props: unknown, bestEffort = false) =>
    session?.checkEnvironment(operation, props, bestEffort, keyConfig(operation));
  const now = async () => session?.placement();
  return {
    async configure(req: RuntimeConfigureRequest) {
      configured = configuredTarget(req.config);
      await inner.configure(req);
    },
    async check(olds: Props, news: Props) {
      noteProgramRan();
      const { target } = split(news);
      const result = await inner.check(split(olds).rest, split(news).rest);
      const failures = [...(result.failures ?? []), ...targetFailures(target)];
      // Bad input is reported before any request; good input, with the key and address checked (once).
      if (failures.length === 0) await session?.checkSettings("check");
      return { ...result, inputs: join(result.inputs ?? {}, target), failures };
    },
    async diff(id: string, olds: Props, news: Props) {
      const o = split(olds);
      const n = split(news);
      const moved = targetChanged(o.target, n.target);
      if (!moved) await check("diff", olds, true);
      const result = await inner.diff(id, o.rest, n.rest);
      if (!moved) return result;
      return { ...result, changes: true, replaces: [...(result.replaces ?? []), TARGET_KEY] };
    },
    async create(inputs: Props) {
      const { target, rest } = split(inputs);
      const result = await inner.create(rest);
      return { ...result, outs: join(placed(result.outs ?? {}, undefined, await now()), target) };
    },
    async read(id: string, props?: Props) {
      await check("read", props);
      const { target, rest } = split(props);
      const result = await inner.read(id, props === undefined ? undefined : rest);
      if (result.props === undefined) return result;
      const outs = placed(result.props, props, await now());
      const inputs =
        result.inputs === undefined ? {} : { inputs: join(withoutPlacement(result.inputs), target) };
      return { ...result, props: join(outs, target), ...inputs };
    },
    async update(id: string, olds: Props, news: Props) {
      await check("update", olds);
      const n = split(news);
      const result = await inner.update(id, split(olds).rest, n.rest);
      return { ...result, outs: join(placed(result.outs ?? {}, olds, await now()), n.target) };
    },
    async delete(id: string, props: Props) {
      const { target, rest } = split(props);
      if (configured !== undefined && targetChanged(target, configured)) return;
      await check("delete", props);
      await inner.delete(id, rest);
    },
  };
}
