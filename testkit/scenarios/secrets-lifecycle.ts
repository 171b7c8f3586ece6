/**
 * Secrets: a full lifecycle of every resource kind through the real dynamic-provider host (engine protocol):
 * preview, up, a second up with rotated credentials, refresh, failing steps, destroy. Afterwards the API key
 * and every credential value, old and new, must appear 0 times in plaintext in the state as the engine would
 * keep it (serialized providers included), in outputs not marked secret, in error messages, and in logs
 * (host stdout/stderr and the engine Log calls), and in the raw gRPC bytes the host answered (responses
 * outside secret values, error trailers), decoded from the wire rather than taken from the harness.
 */
import { randomUUID } from "node:crypto";
import { type Emulator, startEmulator } from "../../emulator";
import {
  captureRegistrations,
  type DesiredResource,
  type Json,
  LifecycleRunner,
  type PropertyMap,
  type Registration,
  type StepResult,
  secret,
  startHarness,
  type TappedCall,
} from "../harness";
import { FiguresRecorder } from "./figures";
import { countSecrets, type SecretHits, scan } from "./secret-scan";
import { scanWire } from "./wire-scan";

/** What {@link secretsLifecycle} found. */
export interface SecretsFigures {
  /** Resource kinds (type names) of which at least one resource was created, from the steps that ran. */
  kinds: string[];
  /** Distinct resources (URNs) created in all. */
  resources: number;
  /** gRPC calls recorded on the wire, and plaintext hits in what the engine sent (control: above 0). */
  wireCalls: number;
  wireRequestHits: number;
  /** Where the host's answers on the wire held plaintext secrets, if anywhere. */
  wireWhere: string[];
  /** Distinct secret values searched for (API key + credential values). */
  secrets: number;
  /** Lifecycle steps run (check/diff/create/update/read/delete), and how many failed on purpose. */
  steps: number;
  expectedFailures: number;
  /** Steps that failed although they should not have (with the first message). */
  unexpectedFailures: number;
  firstUnexpected?: string;
  /** Plaintext occurrences by place; all should be 0. */
  hits: SecretHits;
  /** Serialized providers seen, and the largest, in bytes. */
  providers: number;
  largestProviderBytes: number;
  /**
   * Control: occurrences in the raw (unredacted) state after the first up. Must be above 0, or the scan is
   * looking for the wrong strings.
   */
  controlHits: number;
  /** The messages of the steps that failed on purpose (they must still explain themselves). */
  failureMessages: string[];
}

/** Type name of a URN (`...::pulumi-nodejs:dynamic/svc:Integration::mail` -> `Integration`). */
export function kindOfUrn(urn: string): string {
  const type = urn.split("::")[2] ?? "";
  return type.slice(type.lastIndexOf(":") + 1);
}

function token(label: string, run: string): string {
  return `${label}-${run}-${randomUUID().slice(0, 12)}`;
}

/** The credential values of one generation of the program. */
function credentialValues(run: string) {
  return {
    sendgridKey: token("SG.key", run),
    twilioSid: token("AC-sid", run),
    twilioToken: token("tw-token", run),
    deviceA: token("fcm-device-a", run),
    deviceB: token("fcm-device-b", run),
    webhook: `https://hooks.slack.example/services/${token("T", run)}`,
  };
}

function program(c: ReturnType<typeof credentialValues>, run: string): string {
  return `
    const svc = require("pulumi-svc");
    const mail = new svc.Integration("mail", {
      providerId: "sendgrid", channel: "email", active: true, identifier: "mail-${run}",
      credentials: { apiKey: ${JSON.stringify(c.sendgridKey)}, from: "noreply@example.com" },
    });
    const sms = new svc.Integration("sms", {
      providerId: "twilio", channel: "sms", active: true, identifier: "sms-${run}",
      credentials: { accountSid: ${JSON.stringify(c.twilioSid)}, token: ${JSON.stringify(c.twilioToken)}, from: "+15550100" },
    });
    const push = new svc.SubscriberCredentials("push", {
      subscriberId: "sec-${run}", providerId: "fcm",
      credentials: { deviceTokens: [${JSON.stringify(c.deviceA)}, ${JSON.stringify(c.deviceB)}] },
    });
    const chat = new svc.SubscriberCredentials("chat", {
      subscriberId: "sec-${run}", providerId: "slack",
      credentials: { webhookUrl: ${JSON.stringify(c.webhook)} },
    });
    return [mail, sms, push, chat];`;
}

function desired(regs: Registration[]): DesiredResource[] {
  return regs.map((r) => ({ urn: r.urn, inputs: r.inputs, additionalSecretOutputs: ["credentials"] }));
}

/** One run: the emulator, the engine, the secrets searched for, and what was found so far. */
interface Run {
  run: string;
  emu: Emulator;
  engine: LifecycleRunner;
  wire: TappedCall[];
  secrets: string[];
  first: ReturnType<typeof credentialValues>;
  second: ReturnType<typeof credentialValues>;
  /** Steps run and failed on purpose; unexpected failures with the first message. */
  rec: FiguresRecorder<"steps" | "expectedFailures">;
  created: Set<string>;
  hits: SecretHits;
  errors: string[];
  failureMessages: string[];
  providers: Set<string>;
  controlHits: number;
}

/** Starts an emulator and an engine on the harness, with two generations of credential values. */
async function startRun(): Promise<Run> {
  const run = randomUUID().slice(0, 8);
  const apiKey = `rel_secret_key_${randomUUID()}`;
  const emu = await startEmulator({
    port: 0,
    keys: [{ apiKey }],
    fixtures: {
      subscribers: [{ subscriberId: `sec-${run}` }],
      integrations: [
        { providerId: "fcm", channel: "push", identifier: `fcm-${run}`, active: true },
        { providerId: "slack", channel: "chat", identifier: `slack-${run}`, active: true },
      ],
    },
  });
  const first = credentialValues(run);
  const second = credentialValues(run);
  const config: PropertyMap = { "svc:apiKey": secret(apiKey), "svc:baseUrl": emu.url };
  const wire: TappedCall[] = [];
  return {
    run,
    emu,
    engine: new LifecycleRunner(() => startHarness({ config, wire })),
    wire,
    secrets: [apiKey, ...Object.values(first), ...Object.values(second)],
    first,
    second,
    rec: new FiguresRecorder(["steps", "expectedFailures"] as const),
    created: new Set(),
    hits: {},
    errors: [],
    failureMessages: [],
    providers: new Set(),
    controlHits: 0,
  };
}

/** Records the results of one engine operation: resources created, and the failures with their messages. */
function record(r: Run, results: StepResult[], expectFailure = false, preview = false): void {
  for (const s of results) {
    r.rec.count("steps");
    if (!preview && (s.op === "create" || s.op === "replace") && !s.error) r.created.add(s.urn);
    if (s.error) {
      r.errors.push(s.error.message);
      if (expectFailure) {
        r.rec.count("expectedFailures");
        r.failureMessages.push(s.error.message);
      } else {
        r.rec.fail(`${s.urn} ${s.op}: ${s.error.message}`);
      }
    }
    for (const f of s.check?.failures ?? []) r.errors.push(`${f.property}: ${f.reason}`);
  }
}

/** Scans the state as the engine would keep it, and the outputs not marked secret. */
function scanState({ engine, hits, secrets, providers }: Run): void {
  scan(hits, "state", JSON.stringify(engine.persistedState()), secrets);
  for (const e of engine.state.values()) {
    const provider = e.inputs.__provider;
    if (typeof provider === "string") providers.add(provider);
    const unsecret: Record<string, Json> = {};
    for (const [k, v] of Object.entries(e.outputs)) if (!e.secretOutputs.includes(k)) unsecret[k] = v as Json;
    scan(hits, "unsecret outputs", JSON.stringify(unsecret), secrets);
  }
}

/** Preview, up, an up without changes, an up with rotated credentials, refresh; the state scanned between. */
async function lifecycle(r: Run, gen1: DesiredResource[], gen2: DesiredResource[]): Promise<void> {
  const { engine } = r;
  record(r, await engine.preview(gen1), false, true);
  record(r, await engine.up(gen1));
  scanState(r);
  r.controlHits = countSecrets(JSON.stringify([...engine.state.values()]), r.secrets);
  record(r, await engine.up(gen1)); // no changes
  record(r, await engine.up(gen2)); // rotated credentials: updates
  scanState(r);
  record(r, await engine.refresh());
  scanState(r);
}

/** Failing steps: their error messages must not carry the credentials either. */
async function failingSteps(r: Run, gen2: DesiredResource[]): Promise<void> {
  const broken = gen2.map((d) => {
    if (!d.urn.endsWith("::push")) return d;
    return {
      ...d,
      urn: d.urn.replace("::push", "::push-missing"),
      inputs: { ...d.inputs, subscriberId: `nobody-${r.run}` },
    };
  });
  record(r, await r.engine.up(broken), true);
  const conflict = gen2
    .filter((d) => d.urn.endsWith("::sms"))
    .map((d) => ({
      ...d,
      urn: d.urn.replace("::sms", "::sms-clash"),
      inputs: { ...d.inputs, name: "clash" },
    }));
  record(
    r,
    await r.engine.up([...broken.filter((d) => !d.urn.endsWith("::push-missing")), ...conflict]),
    true,
  );
  scanState(r);
}

/** The whole lifecycle: both generations registered, run, broken, destroyed. */
async function runLifecycle(r: Run): Promise<void> {
  const gen1 = desired(await captureRegistrations({ program: program(r.first, r.run) }));
  const gen2 = desired(await captureRegistrations({ program: program(r.second, r.run) }));
  for (const d of [...gen1, ...gen2]) {
    const p = d.inputs.__provider;
    if (typeof p === "string") r.providers.add(p);
  }
  await lifecycle(r, gen1, gen2);
  await failingSteps(r, gen2);
  record(r, await r.engine.destroy());
}

/** Scans the error messages, logs, serialized providers and raw wire; the wire figures and largest provider. */
function scanTheRest({ hits, secrets, errors, engine, wire, providers }: Run) {
  scan(hits, "error messages", errors.join("\n"), secrets);
  scan(hits, "host stdout/stderr", engine.hostOutput, secrets);
  scan(hits, "engine Log", engine.hostLogs.join("\n"), secrets);
  const onWire = scanWire(wire, secrets, ["credentials"]);
  hits["raw gRPC responses"] = onWire.responses;
  hits["raw gRPC errors"] = onWire.errors;
  let largestProviderBytes = 0;
  for (const p of providers) {
    scan(hits, "serialized providers", p, secrets);
    largestProviderBytes = Math.max(largestProviderBytes, Buffer.byteLength(p));
  }
  return { onWire, largestProviderBytes };
}

/** Runs the lifecycle against its own emulator and scans every place for plaintext secrets. */
export async function secretsLifecycle(): Promise<SecretsFigures> {
  const r = await startRun();
  try {
    await runLifecycle(r);
  } finally {
    await r.emu.close();
  }
  const { onWire, largestProviderBytes } = scanTheRest(r);
  return {
    kinds: [...new Set([...r.created].map(kindOfUrn))].sort(),
    resources: r.created.size,
    wireCalls: onWire.calls,
    wireRequestHits: onWire.requests,
    wireWhere: onWire.where,
    secrets: r.secrets.length,
    steps: r.rec.get("steps"),
    expectedFailures: r.rec.get("expectedFailures"),
    unexpectedFailures: r.rec.failures,
    ...r.rec.firstFailureAs("firstUnexpected"),
    hits: r.hits,
    providers: r.providers.size,
    largestProviderBytes,
    controlHits: r.controlHits,
    failureMessages: r.failureMessages,
  };
}
