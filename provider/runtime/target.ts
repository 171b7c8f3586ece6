/**
 * Where a resource bound to an explicit `svc.Provider` lives: its `target` input, `{ environment, baseUrl }`,
 * and the wrapper that gives every provider kind the same handling of it.
 *
 * Why an input: the engine runs an explicit `pulumi-nodejs` provider in its own dynamic-provider host,
 * configured with the provider's inputs, but that host answers UNIMPLEMENTED to DiffConfig, so the engine
 * updates a provider in place whatever changed in its config and never replaces the resources bound to it
 * (pkg/resource/plugin/provider_plugin.go, DiffConfig; pkg/resource/deploy/providers/registry.go, Diff). The
 * `target` input makes a change of the provider's `baseUrl` or `environment` a replace of each bound resource
 * (as a region change does in pulumi-aws), shows the target of each resource in the preview, and holds no
 * secret, so rotating the key changes nothing here.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { z } from "zod";
import type { ConfigSource } from "../config";
import { canonical, containsUnknown } from "./values";

/** The input that carries a resource's target. */
export const TARGET_KEY = "target";

/**
 * The keys of an explicit provider's inputs, which its dynamic-provider host receives as its config. They are
 * the stack-config keys the default provider reads, so one `configure` serves both; `svc:environment` is
 * set by `svc.Provider` only.
 */
export const PROVIDER_CONFIG = {
  apiKey: "svc:apiKey",
  baseUrl: "svc:baseUrl",
  environment: "svc:environment",
} as const;

/** The `target` input: the environment's name and the service's base URL. Never the key. */
export const targetSchema = z.strictObject({
  /** The environment's name: the provider's `environment`, else the provider's name. */
  environment: z.string().min(1),
  /** The service's base URL the provider talks to. */
  baseUrl: z.string().min(1),
});

/** A resource's target. */
export type Target = z.infer<typeof targetSchema>;

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

/**
 * Whether moving from `olds` to `news` changes where the resource lives. A resource without a stored target
 * (created through the default provider, or by an older pulumi-svc) takes the new one without a replace.
 */
export function targetChanged(olds: unknown, news: unknown): boolean {
  if (olds === undefined || olds === null) return false;
  if (containsUnknown(news)) return true;
  return JSON.stringify(canonical(olds)) !== JSON.stringify(canonical(news));
}

/** The target an explicit provider's host is configured for (undefined for the default provider). */
export function configuredTarget(config: ConfigSource | undefined): Target | undefined {
  const text = (key: string) => {
    const v = config?.get(key);
    return typeof v === "string" ? v.trim() : undefined;
  };
  const parsed = targetSchema.safeParse({
    environment: text(PROVIDER_CONFIG.environment),
    baseUrl: text(PROVIDER_CONFIG.baseUrl),
  });
  return parsed.success ? parsed.data : undefined;
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
