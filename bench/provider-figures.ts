/**
 * Provider figures, for both resource kinds (Integration and SubscriberCredentials), measured through the
 * real dynamic-provider host (engine protocol) against the emulator:
 *
 * - size of the serialized provider (`__provider`) per resource type (target: at most 1,000 bytes each: it is
 *   stored twice in every resource's state);
 * - plaintext hits of the API key and of credential values (integration keys, device tokens, webhook URLs)
 *   in the serialized providers, in the state as the engine would persist it (secret outputs encrypted,
 *   everything else readable), and in what the host printed or logged (target: 0);
 * - requests made by a `pulumi refresh` of a stack of `count` integrations and `count` subscriber
 *   credentials (count / 2 subscribers, two providers each, declared side by side): at most 2
 *   `GET /v1/integrations` for the integrations, and at most one subscriber read per subscriber for the
 *   credentials (the provider shares a subscriber read between entries of one subscriber).
 *
 *   npm run build && node dist/bench/provider-figures.js [--count=200]
 */
import { type Emulator, startEmulator } from "../emulator";
import {
  captureRegistrations,
  type DesiredResource,
  LifecycleRunner,
  type PropertyMap,
  type Registration,
  secret,
  startHarness,
} from "../testkit/harness";
import { type BenchResult, exitWithVerdict, printVerdict, target, verdictOf } from "./lib/verdict";

/** Refresh figures of one resource kind. */
export interface RefreshFigures {
  /** Resources refreshed. */
  resources: number;
  /** Requests of the kind's read path made by that refresh. */
  readRequests: number;
  /** What the read requests are (for the printout). */
  readPath: string;
  /** Largest accepted number of read requests. */
  maxReadRequests: number;
}

/** The figures. */
export interface ProviderFigures extends BenchResult {
  /** Serialized provider bytes per resource type token. */
  serializedProviderBytes: Record<string, number>;
  /** Plaintext occurrences of secrets, by where they were found. */
  secretHits: { serializedProvider: number; persistedState: number; hostOutput: number };
  /** Secrets searched for (API key and every credential value of the stack). */
  secrets: number;
  /** Refresh figures by resource kind. */
  refresh: { Integration: RefreshFigures; SubscriberCredentials: RefreshFigures };
  targets: { maxProviderBytes: number; maxSecretHits: number };
}

const MAIL_KEY = "SG.bench-secret-credential-value";
const CREDS = { apiKey: MAIL_KEY, from: "bench@example.com" };
const TYPES = ["Integration", "SubscriberCredentials"] as const;

/** One program declaring one resource of each kind; the measured stack is made of copies of them. */
const PROGRAM = `const svc = require("pulumi-svc");
   return [
     new svc.Integration("mail", { providerId: "sendgrid", channel: "email", active: true,
       credentials: ${JSON.stringify(CREDS)} }),
     new svc.SubscriberCredentials("push", { subscriberId: "bench-sub-0", providerId: "fcm",
       credentials: { deviceTokens: ["bench-device-token-template"] } }),
   ];`;

function countHits(text: string, secrets: readonly string[]): number {
  let n = 0;
  for (const s of secrets) n += text.split(s).length - 1;
  return n;
}

const registrationOf = (regs: Registration[], kind: (typeof TYPES)[number]): Registration => {
  const found = regs.find((r) => r.type.endsWith(`:${kind}`));
  if (!found) throw new Error(`provider-figures: the program registered no ${kind}`);
  return found;
};

/** `count` integrations and `count` credentials entries (two providers on count / 2 subscribers). */
function stack(regs: Registration[], count: number) {
  const mail = registrationOf(regs, "Integration");
  const push = registrationOf(regs, "SubscriberCredentials");
  const subscribers = Math.ceil(count / 2);
  const secrets: string[] = [MAIL_KEY];
  const integrations: DesiredResource[] = Array.from({ length: count }, (_, i) => ({
    urn: mail.urn.replace(/::mail$/, `::mail-${i}`),
    inputs: { ...mail.inputs, identifier: `bench-mail-${i}`, name: `Mail ${i}` },
    additionalSecretOutputs: ["credentials"],
  }));
  const credentials: DesiredResource[] = Array.from({ length: count }, (_, i) => {
    // A subscriber's two entries side by side, as a program declares them (push, then chat).
    const subscriberId = `bench-sub-${Math.floor(i / 2)}`;
    const chat = i % 2 === 1;
    const value = chat
      ? `https://hooks.slack.example/services/bench-${i}-webhook`
      : `bench-device-token-${i}-secret`;
    secrets.push(value);
    const creds: PropertyMap = chat ? { webhookUrl: value } : { deviceTokens: [value] };
    return {
      urn: push.urn.replace(/::push$/, `::creds-${i}`),
      inputs: {
        ...push.inputs,
        subscriberId,
        providerId: chat ? "slack" : "fcm",
        credentials: secret(creds),
      },
      additionalSecretOutputs: ["credentials"],
    };
  });
  return { resources: [...integrations, ...credentials], secrets, subscribers };
}

/** Measures the figures (starts and stops its own emulator). */
export async function run(opts: { count?: number; print?: boolean } = {}): Promise<ProviderFigures> {
  const count = opts.count ?? 200;
  const subscriberCount = Math.ceil(count / 2);
  const emu: Emulator = await startEmulator({
    port: 0,
    fixtures: {
      subscribers: Array.from({ length: subscriberCount }, (_, i) => ({ subscriberId: `bench-sub-${i}` })),
      integrations: [
        { providerId: "fcm", channel: "push", identifier: "bench-fcm", active: true },
        { providerId: "slack", channel: "chat", identifier: "bench-slack", active: true },
      ],
    },
  });
  try {
    const config: PropertyMap = { "svc:apiKey": secret(emu.apiKey), "svc:baseUrl": emu.url };
    const regs = await captureRegistrations({ program: PROGRAM, config: { "svc:apiKey": emu.apiKey } });
    const built = stack(regs, count);
    const secrets = [emu.apiKey, ...built.secrets];
    const serializedProviderBytes: Record<string, number> = {};
    let providerHits = 0;
    for (const r of regs) {
      const p = r.inputs.__provider;
      const text = typeof p === "string" ? p : JSON.stringify(p);
      serializedProviderBytes[r.type] = Buffer.byteLength(text);
      providerHits += countHits(text, secrets);
    }

    const runner = new LifecycleRunner(() => startHarness({ config }));
    const up = await runner.up(built.resources);
    const failed = up.find((s) => s.error || (s.check?.failures.length ?? 0) > 0);
    if (failed)
      throw new Error(`up failed at ${failed.urn}: ${failed.error?.message ?? JSON.stringify(failed.check)}`);
    emu.resetRequests();
    const refreshed = await runner.refresh();
    if (refreshed.some((s) => s.error || s.op !== "read")) throw new Error("refresh failed");
    const refresh = refreshFigures(emu, count, built.subscribers);
    const persistedHits = countHits(JSON.stringify(runner.persistedState()), secrets);
    await runner.destroy();
    const hostHits = countHits(runner.hostOutput + runner.hostLogs.join("\n"), secrets);

    const figures: Omit<ProviderFigures, "verdict"> = {
      serializedProviderBytes,
      secretHits: { serializedProvider: providerHits, persistedState: persistedHits, hostOutput: hostHits },
      secrets: secrets.length,
      refresh,
      targets: { maxProviderBytes: 1000, maxSecretHits: 0 },
    };
    const result: ProviderFigures = { ...figures, verdict: verdictOf(checks(figures)) };
    if (opts.print ?? true) print(result);
    return result;
  } finally {
    await emu.close();
  }
}

function refreshFigures(emu: Emulator, count: number, subscribers: number): ProviderFigures["refresh"] {
  const reqs = emu.requests.filter((r) => r.method === "GET");
  return {
    Integration: {
      resources: count,
      readRequests: reqs.filter((r) => r.path.startsWith("/v1/integrations")).length,
      readPath: "GET /v1/integrations*",
      maxReadRequests: 2,
    },
    SubscriberCredentials: {
      resources: count,
      readRequests: reqs.filter(
        (r) => r.path.startsWith("/v2/subscribers") || r.path.startsWith("/v1/subscribers"),
      ).length,
      readPath: "GET /v{1,2}/subscribers*",
      maxReadRequests: subscribers,
    },
  };
}

function checks(f: Omit<ProviderFigures, "verdict">) {
  const out = TYPES.map((kind) => {
    const entry = Object.entries(f.serializedProviderBytes).find(([type]) => type.endsWith(`:${kind}`));
    const bytes = entry?.[1];
    return target(
      `serialized provider of ${kind}`,
      bytes === undefined ? "not measured" : `${bytes} B`,
      `<= ${f.targets.maxProviderBytes} B`,
      bytes !== undefined && bytes <= f.targets.maxProviderBytes,
    );
  });
  for (const [place, hits] of Object.entries(f.secretHits)) {
    out.push(target(`plaintext secret hits in ${place}`, String(hits), "0", hits <= f.targets.maxSecretHits));
  }
  for (const kind of TYPES) {
    const r = f.refresh[kind];
    out.push(
      target(
        `refresh of ${r.resources} ${kind}: ${r.readPath} requests`,
        String(r.readRequests),
        `<= ${r.maxReadRequests}`,
        r.readRequests <= r.maxReadRequests,
      ),
    );
  }
  return out;
}

function print(f: ProviderFigures): void {
  for (const [type, bytes] of Object.entries(f.serializedProviderBytes)) {
    console.log(`serialized provider  ${type}: ${bytes} bytes (target <= ${f.targets.maxProviderBytes})`);
  }
  const s = f.secretHits;
  console.log(
    `plaintext hits of ${f.secrets} secrets: serialized providers ${s.serializedProvider}, persisted state ${s.persistedState}, host output ${s.hostOutput} (target 0)`,
  );
  for (const kind of TYPES) {
    const r = f.refresh[kind];
    console.log(
      `refresh of ${r.resources} ${kind}: ${r.readRequests} ${r.readPath} request(s) (target <= ${r.maxReadRequests})`,
    );
  }
  printVerdict(f.verdict);
}

if (require.main === module) {
  const arg = process.argv.find((a) => a.startsWith("--count="));
  exitWithVerdict(run({ count: arg ? Number(arg.slice("--count=".length)) : 200 }));
}
