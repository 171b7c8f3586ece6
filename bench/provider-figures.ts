/**
 * Provider figures, measured through the real dynamic-provider host (engine protocol) against the emulator:
 *
 * - size of the serialized provider (`__provider`) per resource type (target: at most 8 KB);
 * - plaintext hits of the API key and of credential values in the serialized provider, in the state as the
 *   engine would persist it (secret outputs encrypted, everything else readable), and in what the host
 *   printed or logged (target: 0);
 * - list requests made by a `pulumi refresh` of 200 integrations (target: at most 2).
 *
 *   npm run build && node dist/bench/provider-figures.js [--count=200]
 */
import { type Emulator, startEmulator } from "../emulator";
import {
  captureRegistrations,
  type DesiredResource,
  LifecycleRunner,
  type PropertyMap,
  secret,
  startHarness,
} from "../testkit/harness";

/** The figures. */
export interface ProviderFigures {
  /** Serialized provider bytes per resource type token. */
  serializedProviderBytes: Record<string, number>;
  /** Plaintext occurrences of secrets, by where they were found. */
  secretHits: { serializedProvider: number; persistedState: number; hostOutput: number };
  /** Integrations refreshed. */
  refreshCount: number;
  /** `GET /v1/integrations` requests made by that refresh. */
  refreshListCalls: number;
  targets: { maxProviderBytes: number; maxSecretHits: number; maxRefreshListCalls: number };
}

const CREDS = { apiKey: "SG.bench-secret-credential-value", from: "bench@example.com" };

/** Programs whose resources are measured; one per resource type. */
const PROGRAMS: string[] = [
  `const svc = require("pulumi-svc");
   return [new svc.Integration("mail", { providerId: "sendgrid", channel: "email", active: true,
     credentials: ${JSON.stringify(CREDS)} })];`,
];

function countHits(text: string, secrets: readonly string[]): number {
  let n = 0;
  for (const s of secrets) n += text.split(s).length - 1;
  return n;
}

/** Measures the figures (starts and stops its own emulator). */
export async function run(opts: { count?: number; print?: boolean } = {}): Promise<ProviderFigures> {
  const count = opts.count ?? 200;
  const emu: Emulator = await startEmulator({ port: 0 });
  try {
    const secrets = [emu.apiKey, CREDS.apiKey];
    const config: PropertyMap = { "svc:apiKey": secret(emu.apiKey), "svc:baseUrl": emu.url };
    const regs = (
      await Promise.all(
        PROGRAMS.map((program) => captureRegistrations({ program, config: { "svc:apiKey": emu.apiKey } })),
      )
    ).flat();
    const serializedProviderBytes: Record<string, number> = {};
    let providerHits = 0;
    for (const r of regs) {
      const p = r.inputs.__provider;
      const text = typeof p === "string" ? p : JSON.stringify(p);
      serializedProviderBytes[r.type] = Buffer.byteLength(text);
      providerHits += countHits(text, secrets);
    }

    // `count` integrations from the same serialized resource, as one stack.
    const mail = regs.find((r) => r.type.endsWith(":Integration"))!;
    const resources: DesiredResource[] = Array.from({ length: count }, (_, i) => ({
      urn: mail.urn.replace(/::mail$/, `::mail-${i}`),
      inputs: { ...mail.inputs, identifier: `bench-mail-${i}`, name: `Mail ${i}` },
      additionalSecretOutputs: ["credentials"],
    }));
    const runner = new LifecycleRunner(() => startHarness({ config }));
    const up = await runner.up(resources);
    const failed = up.find((s) => s.error || (s.check?.failures.length ?? 0) > 0);
    if (failed)
      throw new Error(`up failed at ${failed.urn}: ${failed.error?.message ?? JSON.stringify(failed.check)}`);
    emu.resetRequests();
    const refreshed = await runner.refresh();
    if (refreshed.some((s) => s.error || s.op !== "read")) throw new Error("refresh failed");
    const refreshListCalls = emu.requests.filter(
      (r) => r.method === "GET" && r.path === "/v1/integrations",
    ).length;
    const persistedHits = countHits(JSON.stringify(runner.persistedState()), secrets);
    await runner.destroy();
    const hostHits = countHits(runner.hostOutput + runner.hostLogs.join("\n"), secrets);

    const figures: ProviderFigures = {
      serializedProviderBytes,
      secretHits: { serializedProvider: providerHits, persistedState: persistedHits, hostOutput: hostHits },
      refreshCount: count,
      refreshListCalls,
      targets: { maxProviderBytes: 8192, maxSecretHits: 0, maxRefreshListCalls: 2 },
    };
    if (opts.print ?? true) print(figures);
    return figures;
  } finally {
    await emu.close();
  }
}

function print(f: ProviderFigures): void {
  for (const [type, bytes] of Object.entries(f.serializedProviderBytes)) {
    console.log(`serialized provider  ${type}: ${bytes} bytes (target <= ${f.targets.maxProviderBytes})`);
  }
  const s = f.secretHits;
  console.log(
    `plaintext secret hits: serialized provider ${s.serializedProvider}, persisted state ${s.persistedState}, host output ${s.hostOutput} (target 0)`,
  );
  console.log(
    `refresh of ${f.refreshCount} integrations: ${f.refreshListCalls} list call(s) (target <= ${f.targets.maxRefreshListCalls})`,
  );
}

if (require.main === module) {
  const arg = process.argv.find((a) => a.startsWith("--count="));
  run({ count: arg ? Number(arg.slice("--count=".length)) : 200 }).catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
