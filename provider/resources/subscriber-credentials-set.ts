import * as pulumi from "@pulumi/pulumi";
import { SETTINGS } from "../config";
import type { ArgsOf, OutputProps, StateOf } from "../inputs";
import { markPhase, PHASE_LOG_ENV } from "../model/phase-log";
import { fingerprintKey, fingerprintsOf } from "../model/subscriber-credentials-set-fingerprint";
import {
  decodeCredentials,
  encodeCredentials,
  type SubscriberCredentialsSetOutputs,
  type subscriberCredentialsSetInputsSchema,
  subscriberCredentialsSetOutputsSchema,
} from "../model/subscriber-credentials-set-schema";
import { serializedProvider } from "../serialized-provider";
import { targetProps } from "./provider";
import { lookupOptions, lookupProps, outputOnlyProps, resourceOptions } from "./resource-props";

/**
 * Arguments of {@link SubscriberCredentialsSet}: the provider's input schema without the fingerprints (the
 * resource computes them), plus the key they are made with.
 */
export type SubscriberCredentialsSetArgs = Omit<
  ArgsOf<typeof subscriberCredentialsSetInputsSchema>,
  "fingerprints"
> & {
  /**
   * The secret that keys the fingerprints shown in previews (default: stack config `svc:fingerprintKey`,
   * else `svc:apiKey` / `SVC_API_KEY`). Set `svc:fingerprintKey` (`pulumi config set --secret
   * svc:fingerprintKey "$(openssl rand -hex 32)"`) so that rotating the API key does not change every
   * fingerprint. With no key at all, no fingerprints are kept and previews show only that the set changed.
   */
  fingerprintKey?: pulumi.Input<string>;
};

/** The state of a {@link SubscriberCredentialsSet}: its outputs, each optional and accepting Inputs. */
export type SubscriberCredentialsSetState = StateOf<SubscriberCredentialsSetOutputs>;

/** The outputs of {@link SubscriberCredentialsSet}, one per field of its state. */
export interface SubscriberCredentialsSet extends OutputProps<SubscriberCredentialsSetOutputs> {}

const provider = serializedProvider("subscriber-credentials-set");

/** The stack secret the fingerprints are keyed by, as a secret Output (undefined when there is none). */
function fingerprintSecret(args: SubscriberCredentialsSetArgs): pulumi.Output<string> | undefined {
  if (args.fingerprintKey !== undefined) return pulumi.secret(args.fingerprintKey);
  const configured =
    pulumi.runtime.getConfig(SETTINGS.fingerprintKey.key) ??
    pulumi.runtime.getConfig(SETTINGS.apiKey.key) ??
    process.env[SETTINGS.apiKey.env];
  return configured ? pulumi.secret(configured) : undefined;
}

/**
 * The fingerprint map of the credentials. It is derived from secrets, so Pulumi makes it secret; it is
 * deliberately un-secreted here, because a keyed 64-bit HMAC per subscriber reveals only which subscribers
 * are in the set and when each one's credentials change (see ../model/subscriber-credentials-set-fingerprint.ts).
 */
function fingerprints(
  args: SubscriberCredentialsSetArgs,
  credentials: pulumi.Output<SubscriberCredentialsSetOutputs["credentials"]>,
): pulumi.Output<Record<string, string>> | undefined {
  const secret = fingerprintSecret(args);
  if (!secret) return undefined;
  const key = secret.apply((s) => fingerprintKey(s, pulumi.getProject(), pulumi.getStack()));
  return pulumi.unsecret(
    pulumi.all([credentials, key]).apply(([c, k]) => {
      markPhase("program", "fingerprints:start");
      const out = fingerprintsOf(k, c);
      markPhase("program", "fingerprints:end", { entries: Object.keys(out).length });
      return out;
    }),
  );
}

/**
 * Replaces the resource's `credentials` output (the text the state keeps, or the map of a state written
 * before the text form) with the map, as {@link SubscriberCredentialsSetOutputs} declares it.
 */
function publishDecoded(resource: pulumi.dynamic.Resource): void {
  const wire: unknown = Reflect.get(resource, "credentials");
  if (!pulumi.Output.isInstance(wire)) return;
  const map = wire.apply((v) => decodeCredentials(v) as SubscriberCredentialsSetOutputs["credentials"]);
  Reflect.set(resource, "credentials", map);
}

/**
 * The channel credentials of many subscribers for one chat or push provider, in one Pulumi dynamic
 * resource (`pulumi-nodejs:dynamic/svc:SubscriberCredentialsSet`): one engine step and one state entry
 * however many subscribers, where {@link SubscriberCredentials} costs one of each per subscriber. Its id is
 * `providerId[/integrationIdentifier]`.
 *
 * An update writes only the subscribers added or changed and clears the ones removed (PUT, paced by the
 * service's rate-limit headers). A partial failure names the failed subscriberIds; the next `up` writes only
 * what is not stored yet. Refresh reads every entry back with a paged scan. Destroy clears every entry.
 *
 * Previews: `credentials` is secret as a whole; the `fingerprints` input (subscriberId -> keyed HMAC of its
 * credentials, not secret) makes `pulumi preview --diff` list exactly the added, changed and removed
 * subscribers.
 *
 * ```ts
 * new svc.SubscriberCredentialsSet("fcm-devices", {
 *   providerId: "fcm", integrationIdentifier: "fcm-main",
 *   credentials: Object.fromEntries(rows.map((r) => [r.subscriberId, { deviceTokens: r.tokens }])),
 * }, { dependsOn: [fcmIntegration] });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class SubscriberCredentialsSet extends pulumi.dynamic.Resource {
  /**
   * Reads an existing set of channel entries (id `providerId[/integrationIdentifier]`: every subscriber's entry for that provider and integration, found with a paged scan of the environment) into the program without managing it: its outputs are the service's
   * values, `pulumi refresh` reads it again, and `pulumi destroy` leaves it alone (Pulumi's `get`, through
   * the resource option `id`). `state` is optional: the id alone says what to read.
   *
   * ```ts
   * const devices = svc.SubscriberCredentialsSet.get("fcm-devices", "fcm/fcm-main");
   * export const subscribers = devices.credentials.apply((c) => Object.keys(c).length);
   * ```
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: SubscriberCredentialsSetState,
    opts?: pulumi.CustomResourceOptions,
  ): SubscriberCredentialsSet {
    return new SubscriberCredentialsSet(name, state, lookupOptions(id, opts));
  }

  constructor(name: string, args: SubscriberCredentialsSetArgs, opts?: pulumi.CustomResourceOptions);
  /** Reads the object `opts.id` without managing it, as {@link SubscriberCredentialsSet.get}. */
  constructor(
    name: string,
    state: SubscriberCredentialsSetState | undefined,
    opts: pulumi.CustomResourceOptions & { id: pulumi.Input<pulumi.ID> },
  );
  constructor(
    name: string,
    argsOrState: SubscriberCredentialsSetArgs | SubscriberCredentialsSetState | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    if (opts?.id !== undefined) {
      const props = lookupProps(subscriberCredentialsSetOutputsSchema, argsOrState);
      super(provider, name, props, resourceOptions(opts), "svc", "SubscriberCredentialsSet");
      publishDecoded(this);
      return;
    }
    markPhase("program", "construct");
    // Without the `id` option the first overload applies: these are the declared arguments.
    const args = argsOrState as SubscriberCredentialsSetArgs;
    const { fingerprintKey: _key, credentials: map, ...declared } = args;
    // Left out: the entries are held by the service, not managed here (no credentials, no fingerprints).
    // (An Output that resolves to nothing declares the empty map.)
    const credentials =
      map === undefined
        ? undefined
        : pulumi.output(map).apply((c): SubscriberCredentialsSetOutputs["credentials"] => c ?? {});
    const props = {
      ...outputOnlyProps(subscriberCredentialsSetOutputsSchema),
      ...targetProps(opts),
      ...declared,
      // One string for the SDK, the engine and the host to carry (see encodeCredentials).
      credentials: credentials && pulumi.secret(credentials.apply(encodeCredentials)),
      fingerprints: credentials && fingerprints(args, credentials),
    };
    super(provider, name, props, resourceOptions(opts), "svc", "SubscriberCredentialsSet");
    publishDecoded(this);
    if (process.env[PHASE_LOG_ENV]) this.urn.apply(() => markPhase("program", "registered"));
  }
}
