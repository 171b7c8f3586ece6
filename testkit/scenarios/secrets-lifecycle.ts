/**
 * Secrets: a full lifecycle of every resource kind through the real dynamic-provider host (engine protocol):
 * preview, up, a second up with rotated credentials, refresh, failing steps, destroy. Afterwards the API key
 * and every credential value, old and new, must appear 0 times in plaintext in the state as the engine would
 * keep it (serialized providers included), in outputs not marked secret, in error messages, and in logs
 * (host stdout/stderr and the engine Log calls), and in the raw gRPC bytes the host answered (responses
 * outside secret values, error trailers), decoded from the wire rather than taken from the harness.
 */
import { randomUUID } from "node:crypto";
import { startEmulator } from "../../emulator";
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

/** Runs the lifecycle against its own emulator and scans every place for plaintext secrets. */
export async function secretsLifecycle(): Promise<SecretsFigures> {
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
  const secrets = [apiKey, ...Object.values(first), ...Object.values(second)];
  const config: PropertyMap = { "svc:apiKey": secret(apiKey), "svc:baseUrl": emu.url };
  const wire: TappedCall[] = [];
  const engine = new LifecycleRunner(() => startHarness({ config, wire }));
  const created = new Set<string>();
  const hits: SecretHits = {};
  const errors: string[] = [];
  let steps = 0;
  let expectedFailures = 0;
  let unexpectedFailures = 0;
  let firstUnexpected: string | undefined;
  const providers = new Set<string>();
  const record = (results: StepResult[], expectFailure = false, preview = false) => {
    for (const r of results) {
      steps++;
      if (!preview && (r.op === "create" || r.op === "replace") && !r.error) created.add(r.urn);
      if (r.error) {
        errors.push(r.error.message);
        if (expectFailure) {
          expectedFailures++;
          failureMessages.push(r.error.message);
        } else {
          unexpectedFailures++;
          firstUnexpected ??= `${r.urn} ${r.op}: ${r.error.message}`;
        }
      }
      for (const f of r.check?.failures ?? []) errors.push(`${f.property}: ${f.reason}`);
    }
  };
  let controlHits = 0;
  const failureMessages: string[] = [];
  const scanState = () => {
    const state = engine.persistedState();
    scan(hits, "state", JSON.stringify(state), secrets);
    for (const e of engine.state.values()) {
      const provider = e.inputs.__provider;
      if (typeof provider === "string") providers.add(provider);
      const unsecret: Record<string, Json> = {};
      for (const [k, v] of Object.entries(e.outputs))
        if (!e.secretOutputs.includes(k)) unsecret[k] = v as Json;
      scan(hits, "unsecret outputs", JSON.stringify(unsecret), secrets);
    }
  };
  try {
    const gen1 = desired(await captureRegistrations({ program: program(first, run) }));
    const gen2 = desired(await captureRegistrations({ program: program(second, run) }));
    for (const r of [...gen1, ...gen2]) {
      const p = r.inputs.__provider;
      if (typeof p === "string") providers.add(p);
    }
    record(await engine.preview(gen1), false, true);
    record(await engine.up(gen1));
    scanState();
    controlHits = countSecrets(JSON.stringify([...engine.state.values()]), secrets);
    record(await engine.up(gen1)); // no changes
    record(await engine.up(gen2)); // rotated credentials: updates
    scanState();
    record(await engine.refresh());
    scanState();

    // Failing steps: their error messages must not carry the credentials either.
    const broken = gen2.map((r) => {
      if (!r.urn.endsWith("::push")) return r;
      return {
        ...r,
        urn: r.urn.replace("::push", "::push-missing"),
        inputs: { ...r.inputs, subscriberId: `nobody-${run}` },
      };
    });
    record(await engine.up(broken), true);
    const conflict = gen2
      .filter((r) => r.urn.endsWith("::sms"))
      .map((r) => ({
        ...r,
        urn: r.urn.replace("::sms", "::sms-clash"),
        inputs: { ...r.inputs, name: "clash" },
      }));
    record(await engine.up([...broken.filter((r) => !r.urn.endsWith("::push-missing")), ...conflict]), true);
    scanState();

    record(await engine.destroy());
  } finally {
    await emu.close();
  }
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
  return {
    kinds: [...new Set([...created].map(kindOfUrn))].sort(),
    resources: created.size,
    wireCalls: onWire.calls,
    wireRequestHits: onWire.requests,
    wireWhere: onWire.where,
    secrets: secrets.length,
    steps,
    expectedFailures,
    unexpectedFailures,
    ...(firstUnexpected === undefined ? {} : { firstUnexpected }),
    hits,
    providers: providers.size,
    largestProviderBytes,
    controlHits,
    failureMessages,
  };
}
