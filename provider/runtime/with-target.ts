/**
 * The wrapper that gives every Pulumi provider kind the same handling of the `target` input (see
 * ../model/target.ts for why it is an input).
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { configuredTarget, TARGET_KEY, type Target, targetChanged, targetSchema } from "../model/target";
import { containsUnknown } from "../model/values";

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

/** A provider with every method; the wrapper's result has the same shape. */
type Provider = Required<dynamic.ResourceProvider>;

/**
 * `inner` with the `target` input handled for it: taken out of what `inner` sees and put back into what it
 * answers; a change of it replaces the resource; and the delete of an object whose stored target is not the
 * one this host is configured for (the old half of such a replacement) makes no request, because this host's
 * key does not reach that object.
 */
export function withTarget(inner: Provider): Provider {
  let configured: Target | undefined;
  return {
    async configure(req: dynamic.ConfigureRequest) {
      configured = configuredTarget(req.config);
      await inner.configure(req);
    },
    async check(olds: Props, news: Props) {
      const { target } = split(news);
      const result = await inner.check(split(olds).rest, split(news).rest);
      const failures = [...(result.failures ?? []), ...targetFailures(target)];
      return { ...result, inputs: join(result.inputs ?? {}, target), failures };
    },
    async diff(id: string, olds: Props, news: Props) {
      const o = split(olds);
      const n = split(news);
      const result = await inner.diff(id, o.rest, n.rest);
      if (!targetChanged(o.target, n.target)) return result;
      return { ...result, changes: true, replaces: [...(result.replaces ?? []), TARGET_KEY] };
    },
    async create(inputs: Props) {
      const { target, rest } = split(inputs);
      const result = await inner.create(rest);
      return { ...result, outs: join(result.outs ?? {}, target) };
    },
    async read(id: string, props?: Props) {
      const { target, rest } = split(props);
      const result = await inner.read(id, props === undefined ? undefined : rest);
      if (result.props === undefined) return result;
      const inputs = result.inputs === undefined ? {} : { inputs: join(result.inputs, target) };
      return { ...result, props: join(result.props, target), ...inputs };
    },
    async update(id: string, olds: Props, news: Props) {
      const n = split(news);
      const result = await inner.update(id, split(olds).rest, n.rest);
      return { ...result, outs: join(result.outs ?? {}, n.target) };
    },
    async delete(id: string, props: Props) {
      const { target, rest } = split(props);
      if (configured !== undefined && targetChanged(target, configured)) return;
      await inner.delete(id, rest);
    },
  };
}
