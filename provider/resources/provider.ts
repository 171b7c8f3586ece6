import * as pulumi from "@pulumi/pulumi";
import { ConfigError, SETTINGS, type SvcSettings } from "../config";
import { PROVIDER_CONFIG, TARGET_KEY, type Target } from "../model/target";

/** Arguments of {@link Provider}. */
export interface ProviderArgs {
  /** The API key of the environment. Kept secret wherever it is stored; rotating it replaces nothing. */
  apiKey: pulumi.Input<string>;
  /** The service's base URL, e.g. `https://api.example.com` (default: stack config `svc:baseUrl`, else `SVC_BASE_URL`). */
  baseUrl?: pulumi.Input<string>;
  /**
   * The name of the environment the key acts on, shown as the `target` of every resource bound to the
   * provider (default: the provider's name). Changing it, or `baseUrl`, replaces those resources.
   */
  environment?: pulumi.Input<string>;
}

/** The settings of each provider, for the data sources (kept off the instance, so nothing prints them). */
const settingsOf = new WeakMap<Provider, pulumi.Output<SvcSettings>>();

/** `args.baseUrl`, else the program's `svc:baseUrl`, else `SVC_BASE_URL`. */
function baseUrlOf(name: string, args: ProviderArgs): pulumi.Input<string> {
  const fallback = pulumi.runtime.getConfig(SETTINGS.baseUrl.key) ?? process.env[SETTINGS.baseUrl.env];
  const baseUrl = args.baseUrl ?? fallback;
  if (baseUrl === undefined || baseUrl === "") {
    throw new ConfigError(
      `svc: Provider "${name}" has no baseUrl. Pass { baseUrl }, or set it with \`${SETTINGS.baseUrl.command}\`.`,
    );
  }
  return baseUrl;
}

/**
 * An explicit provider: one environment of the svc service (its API key and base URL). Pass it as the
 * `provider` option of a resource, or in the `opts` of a data source, to act on that environment; without
 * one, the stack config (`svc:apiKey`, `svc:baseUrl`) is used.
 *
 * ```ts
 * const prod = new svc.Provider("prod", { apiKey: cfg.requireSecret("prodKey"), baseUrl: "https://api.example.com" });
 * new svc.Integration("email", { providerId: "sendgrid", channel: "email" }, { provider: prod });
 * await svc.getActiveIntegrations({}, { provider: prod });
 * ```
 *
 * The engine runs it as a `pulumi:providers:pulumi-nodejs` provider: a dynamic-provider host of its own,
 * configured with its inputs (`svc:apiKey`, secret; `svc:baseUrl`; `svc:environment`). Each bound resource
 * carries `target: { environment, baseUrl }` as an input, so the preview shows where it lives and a change of
 * either replaces it; the key is in no resource's inputs, so rotating it writes nothing to the service.
 */
export class Provider extends pulumi.ProviderResource {
  /** Where the resources bound to this provider live (their `target` input). Holds no secret. */
  readonly target: pulumi.Output<Target>;
  /** Marks instances for {@link Provider.isInstance} (works across copies of the package). */
  readonly svcProvider = true as const;

  constructor(name: string, args: ProviderArgs, opts?: pulumi.ResourceOptions) {
    const baseUrl = pulumi.output(baseUrlOf(name, args));
    const environment = pulumi.output(args.environment ?? name);
    const apiKey = pulumi.secret(args.apiKey);
    super(
      "pulumi-nodejs",
      name,
      {
        [PROVIDER_CONFIG.apiKey]: apiKey,
        [PROVIDER_CONFIG.baseUrl]: baseUrl,
        [PROVIDER_CONFIG.environment]: environment,
      },
      opts,
    );
    this.target = pulumi
      .all([environment, baseUrl])
      .apply(([env, url]) => ({ environment: env, baseUrl: url.trim() }));
    settingsOf.set(
      this,
      pulumi.all([apiKey, baseUrl]).apply(([key, url]) => ({ apiKey: key, baseUrl: url })),
    );
  }

  /** True for an {@link Provider} (of any copy of pulumi-svc). */
  static override isInstance(obj: unknown): obj is Provider {
    return typeof obj === "object" && obj !== null && "svcProvider" in obj && obj.svcProvider === true;
  }
}

/**
 * The `target` input of a resource built with `opts`: from its `provider` option, else from the provider it
 * inherits through `parent`; none for the default provider.
 */
export function targetProps(
  opts: pulumi.CustomResourceOptions | undefined,
): Record<string, pulumi.Output<Target>> {
  const provider = opts?.provider ?? opts?.parent?.getProvider("pulumi-nodejs:dynamic:Resource");
  return Provider.isInstance(provider) ? { [TARGET_KEY]: provider.target } : {};
}

/**
 * The settings of `provider` for a data source, once its key and base URL are known. Output forms wait for
 * {@link providerReady} first, so in a preview an unknown setting makes the result unknown instead of waiting.
 */
export function providerSettings(provider: Provider): Promise<SvcSettings> {
  const settings = settingsOf.get(provider);
  if (!settings) {
    return Promise.reject(
      new ConfigError("svc: this provider is not an svc.Provider of this copy of pulumi-svc"),
    );
  }
  return new Promise((resolve) => {
    settings.apply((s) => {
      resolve(s);
      return s;
    });
  });
}

/** Known once `provider`'s settings are (at once without one); its value is of no use. */
export function providerReady(provider: Provider | undefined): pulumi.Output<unknown> {
  const settings = provider ? settingsOf.get(provider) : undefined;
  return settings ? pulumi.unsecret(settings.apply(() => true)) : pulumi.output(true);
}
