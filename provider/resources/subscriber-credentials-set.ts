import * as pulumi from "@pulumi/pulumi";
import type { ChatPushProviderId } from "../../sdk/schemas";
import { fingerprintKey, fingerprintsOf } from "../runtime/subscriber-credentials-set-fingerprint";
import type { SubscriberCredentialsSetInputs } from "../runtime/subscriber-credentials-set-model";
import { serializedProvider } from "../serialized-provider";

type SetInputs = Omit<SubscriberCredentialsSetInputs, "fingerprints" | "providerId">;

/**
 * Arguments of {@link SubscriberCredentialsSet}: the provider's input schema
 * (`subscriberCredentialsSetInputsSchema`) with every field a `pulumi.Input`, plus the fingerprint key.
 */
export type SubscriberCredentialsSetArgs = { [K in keyof SetInputs]: pulumi.Input<SetInputs[K]> } & {
  /** One of the 20 chat and push provider ids (`fcm`, `apns`, `slack`, ...). Changing it replaces the set. */
  providerId: pulumi.Input<ChatPushProviderId>;
  /**
   * The secret that keys the fingerprints shown in previews (default: stack config `svc:fingerprintKey`,
   * else `svc:apiKey` / `SVC_API_KEY`). Set `svc:fingerprintKey` (`pulumi config set --secret
   * svc:fingerprintKey "$(openssl rand -hex 32)"`) so that rotating the API key does not change every
   * fingerprint. With no key at all, no fingerprints are kept and previews show only that the set changed.
   */
  fingerprintKey?: pulumi.Input<string>;
};

const provider = serializedProvider("subscriber-credentials-set");

/** The stack secret the fingerprints are keyed by, as a secret Output (undefined when there is none). */
function fingerprintSecret(args: SubscriberCredentialsSetArgs): pulumi.Output<string> | undefined {
  if (args.fingerprintKey !== undefined) return pulumi.secret(args.fingerprintKey);
  const configured =
    pulumi.runtime.getConfig("svc:fingerprintKey") ??
    pulumi.runtime.getConfig("svc:apiKey") ??
    process.env.SVC_API_KEY;
  return configured ? pulumi.secret(configured) : undefined;
}

/**
 * The fingerprint map of the credentials. It is derived from secrets, so Pulumi makes it secret; it is
 * deliberately un-secreted here, because a keyed 64-bit HMAC per subscriber reveals only which subscribers
 * are in the set and when each one's credentials change (see ../runtime/subscriber-credentials-set-fingerprint.ts).
 */
function fingerprints(args: SubscriberCredentialsSetArgs): pulumi.Output<Record<string, string>> | undefined {
  const secret = fingerprintSecret(args);
  if (!secret) return undefined;
  const key = secret.apply((s) => fingerprintKey(s, pulumi.getProject(), pulumi.getStack()));
  return pulumi.unsecret(
    pulumi.all([pulumi.output(args.credentials), key]).apply(([c, k]) => fingerprintsOf(k, c)),
  );
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
export class SubscriberCredentialsSet extends pulumi.dynamic.Resource {
  declare readonly providerId: pulumi.Output<ChatPushProviderId>;
  declare readonly integrationIdentifier: pulumi.Output<string | undefined>;
  /** subscriberId -> credentials, as last written or refreshed. Secret. */
  declare readonly credentials: pulumi.Output<SubscriberCredentialsSetInputs["credentials"]>;
  /** subscriberId -> keyed fingerprint of its credentials (not secret). */
  declare readonly fingerprints: pulumi.Output<Record<string, string> | undefined>;

  constructor(name: string, args: SubscriberCredentialsSetArgs, opts?: pulumi.CustomResourceOptions) {
    const props: Record<string, unknown> = {
      providerId: args.providerId,
      integrationIdentifier: args.integrationIdentifier,
      credentials: pulumi.secret(args.credentials),
      fingerprints: fingerprints(args),
    };
    super(
      provider,
      name,
      props,
      pulumi.mergeOptions(opts, { additionalSecretOutputs: ["credentials"] }),
      "svc",
      "SubscriberCredentialsSet",
    );
  }
}
