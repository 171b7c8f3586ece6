/**
 * Where a resource bound to an explicit `svc.Provider` lives: its `target` input, `{ environment, baseUrl }`.
 * The program sets it (../resources/provider.ts); the host handles it the same way for every kind
 * (provider/runtime/shared/with-target.ts).
 *
 * Why an input: the engine runs an explicit `pulumi-nodejs` provider in its own dynamic-provider host,
 * configured with the provider's inputs, but that host answers UNIMPLEMENTED to DiffConfig, so the engine
 * updates a provider in place whatever changed in its config and never replaces the resources bound to it
 * (pkg/resource/plugin/provider_plugin.go, DiffConfig; pkg/resource/deploy/providers/registry.go, Diff). The
 * `target` input makes a change of the provider's `baseUrl` or `environment` a replace of each bound resource
 * (as a region change does in pulumi-aws), shows the target of each resource in the preview, and holds no
 * secret, so rotating the key changes nothing here.
 */
import { z } from "zod";
import { type ConfigSource, SETTINGS } from "../config";
import { canonical, containsUnknown } from "./values";

/** The input that carries a resource's target. */
export const TARGET_KEY = "target";

/**
 * The keys of an explicit provider's inputs, which its dynamic-provider host receives as its config. They are
 * the stack-config keys the default provider reads, so one `configure` serves both; `svc:environment` is
 * set by `svc.Provider` only.
 */
export const PROVIDER_CONFIG = {
  apiKey: SETTINGS.apiKey.key,
  baseUrl: SETTINGS.baseUrl.key,
  environment: SETTINGS.environment.key,
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
