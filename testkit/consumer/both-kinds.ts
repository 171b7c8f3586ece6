/**
 * Both resource kinds through the real dynamic-provider host, from a program's registrations: create, update
 * (the program with other config), refresh (read) and destroy (delete), against the emulator. Used by the
 * consumer layer (a program installed from the tarball) and by the stored-provider test (providers
 * serialized by older versions). Returns what happened; the tests assert.
 */
import type { Emulator } from "../../emulator";
import type { Fixtures } from "../../emulator/fixtures";
import type { Harness } from "../harness/harness";
import { LifecycleRunner, type StepResult } from "../harness/lifecycle";
import type { Registration } from "../harness/serialize";

/** The subscriber and the push integration the program's SubscriberCredentials needs. */
export const BOTH_KINDS_FIXTURES: Fixtures = {
  integrations: [{ providerId: "fcm", channel: "push", active: true, identifier: "fcm-consumer" }],
  subscribers: [{ subscriberId: "consumer-sub" }],
};

/** The program's config for the first and the second `up` (keys as `pulumi config set` stores them). */
export const BOTH_KINDS_CONFIG = [
  {
    "demo:integrationName": "Email v1",
    "demo:sendgridApiKey": "SG.consumer-secret-key-1",
    "demo:subscriberId": "consumer-sub",
    "demo:deviceTokens": JSON.stringify(["consumer-token-1"]),
  },
  {
    "demo:integrationName": "Email v2",
    "demo:sendgridApiKey": "SG.consumer-secret-key-2",
    "demo:subscriberId": "consumer-sub",
    "demo:deviceTokens": JSON.stringify(["consumer-token-1", "consumer-token-2"]),
  },
] as const;

/** What {@link runBothKinds} reports when every step did what it should (hostOutput aside). */
export const BOTH_KINDS_EXPECTED = {
  create: {
    steps: ["Integration create", "SubscriberCredentials create"],
    service: { integrationNames: ["Email v1"], deviceTokens: ["consumer-token-1"] },
  },
  update: {
    steps: ["Integration update", "SubscriberCredentials update"],
    service: { integrationNames: ["Email v2"], deviceTokens: ["consumer-token-1", "consumer-token-2"] },
  },
  refresh: {
    steps: ["Integration read", "SubscriberCredentials read"],
    service: { integrationNames: ["Email v2"], deviceTokens: ["consumer-token-1", "consumer-token-2"] },
  },
  destroy: {
    steps: ["Integration delete", "SubscriberCredentials delete"],
    service: { integrationNames: [], deviceTokens: [] },
  },
};

/** What the service held after a step. */
export interface ServiceView {
  integrationNames: string[];
  deviceTokens: string[];
}

/** One operation: the step per resource and the service afterwards. */
export interface OperationReport {
  steps: string[];
  service: ServiceView;
}

/** What {@link runBothKinds} observed. */
export interface BothKindsReport {
  create: OperationReport;
  update: OperationReport;
  refresh: OperationReport;
  destroy: OperationReport;
  /** Everything the hosts printed (to scan for secrets). */
  hostOutput: string;
}

/** Options of {@link runBothKinds}. */
export interface BothKindsOptions {
  emu: Emulator;
  /** The program's registrations under the given config. */
  capture(config: Record<string, string>): Promise<Registration[]>;
  /** Starts a configured host. */
  startHost(): Promise<Harness>;
}

function view(emu: Emulator): ServiceView {
  const env = emu.keys[0]?.environmentId ?? "";
  const channels = emu.subscriber(env, "consumer-sub")?.channels ?? [];
  return {
    integrationNames: emu
      .integrations()
      .filter((i) => i.providerId === "sendgrid")
      .map((i) => i.name),
    deviceTokens: channels.flatMap((c) => c.credentials.deviceTokens ?? []),
  };
}

/** `Type op` (or `Type op: error`) per step, sorted (the engine's order is not what is checked). */
function describeSteps(steps: StepResult[]): string[] {
  return steps
    .map((s) => {
      const type = s.urn.split("::")[2]?.split(":").pop() ?? s.urn;
      return s.error ? `${type} ${s.op}: ${s.error.message}` : `${type} ${s.op}`;
    })
    .sort();
}

/** Runs create, update, refresh and destroy of the program's resources. */
export async function runBothKinds(opts: BothKindsOptions): Promise<BothKindsReport> {
  const desired = async (config: Record<string, string>) =>
    (await opts.capture(config)).map((r) => ({
      urn: r.urn,
      inputs: r.inputs,
      additionalSecretOutputs: ["credentials"],
    }));
  const runner = new LifecycleRunner(() => opts.startHost());
  const operation = async (steps: Promise<StepResult[]>): Promise<OperationReport> => ({
    steps: describeSteps(await steps),
    service: view(opts.emu),
  });
  const create = await operation(runner.up(await desired(BOTH_KINDS_CONFIG[0])));
  const update = await operation(runner.up(await desired(BOTH_KINDS_CONFIG[1])));
  const refresh = await operation(runner.refresh());
  const destroy = await operation(runner.destroy());
  return { create, update, refresh, destroy, hostOutput: runner.hostOutput };
}
