/**
 * Secrets across the example programs: each example runs under mocks through the real dynamic-provider host
 * (testkit/programs' ProgramRunner): preview, up, no-op up, up with rotated secret values, refresh, destroy.
 * The API key and every credential value must appear 0 times in plaintext in the kept state, in resource
 * outputs not marked secret, in step errors and program stderr, and in host output and engine logs.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { startEmulator } from "../../emulator";
import { type Json, type PropertyMap, secret, startHarness } from "../harness";
import { repoRoot } from "../harness/repo-root";
import { type ProgramRun, ProgramRunner, type RunOptions } from "../programs/program-runner";
import { countSecrets, type SecretHits, scan } from "./secret-scan";

/** Figures of one example. */
export interface ExampleSecretsFigures {
  example: string;
  /** Resources in state after the first up. */
  resources: number;
  /** Steps run across the operations, and how many failed. */
  steps: number;
  failedSteps: number;
  firstFailure?: string;
  /** Distinct secret values searched for. */
  secrets: number;
  hits: SecretHits;
  /** Control: occurrences in the unencrypted state after the first up (must be above 0). */
  controlHits: number;
}

interface Example {
  name: string;
  project: string;
  /** Project directory (the program's cwd and the host's), when it reads files. */
  cwd?: string;
  /** Config of generation 1 and 2 (rotated secrets), with the secret keys. */
  config: (
    gen: number,
    tag: string,
  ) => { config: Record<string, string>; secretKeys: string[]; secrets: string[] };
}

const EXAMPLES: Example[] = [
  {
    name: "quickstart",
    project: "svc-quickstart",
    config: (gen, tag) => {
      const sendgrid = `SG.qs-${tag}-${gen}`;
      const expo = `expo-qs-${tag}-${gen}`;
      const device = `ExponentPushToken[qs-${tag}-${gen}]`;
      return {
        config: {
          "svc-quickstart:sendgridApiKey": sendgrid,
          "svc-quickstart:expoAccessToken": expo,
          "svc-quickstart:adaDeviceToken": device,
        },
        secretKeys: ["svc-quickstart:sendgridApiKey", "svc-quickstart:expoAccessToken"],
        secrets: [sendgrid, expo, device],
      };
    },
  },
  {
    name: "environments-stacks",
    project: "svc-environments-stacks",
    cwd: "examples/environments-stacks",
    config: (gen, tag) => {
      const sendgrid = `SG.env-${tag}-${gen}`;
      return {
        config: {
          "svc-environments-stacks:emailFrom": "dev-noreply@example.com",
          "svc-environments-stacks:activateEmail": "true",
          "svc-environments-stacks:sendgridApiKey": sendgrid,
        },
        secretKeys: ["svc-environments-stacks:sendgridApiKey"],
        secrets: [sendgrid],
      };
    },
  },
  {
    name: "device-token-sync",
    project: "svc-device-token-sync",
    cwd: "examples/device-token-sync",
    // The shipped devices.csv: its tokens are the credential values (not rotated).
    config: () => ({
      config: {},
      secretKeys: [],
      secrets: ["fcm-token-alan-phone", "fcm-token-alan-tablet", "fcm-token-grace-phone"],
    }),
  },
];

async function runExample(ex: Example): Promise<ExampleSecretsFigures> {
  const apiKey = `rel_examples_${ex.name}_${randomUUID()}`;
  const tag = randomUUID().slice(0, 8);
  const emu = await startEmulator({ port: 0, keys: [{ apiKey }], fixtures: "default" });
  const cwd = ex.cwd ? join(repoRoot(), ex.cwd) : undefined;
  const config: PropertyMap = { "svc:apiKey": secret(apiKey), "svc:baseUrl": emu.url };
  const runner = new ProgramRunner(() => startHarness({ config, ...(cwd ? { cwd } : {}) }), {
    program: join(repoRoot(), "dist/examples", ex.name, "program.js"),
    project: ex.project,
    secretOutputs: {
      "pulumi-nodejs:dynamic/svc:Integration": ["credentials"],
      "pulumi-nodejs:dynamic/svc:SubscriberCredentials": ["credentials"],
      "pulumi-nodejs:dynamic/svc:SubscriberCredentialsSet": ["credentials"],
    },
  });
  const gens = [ex.config(1, tag), ex.config(2, tag)];
  const secrets = [apiKey, ...new Set(gens.flatMap((g) => g.secrets))];
  const options = (g: (typeof gens)[number]): RunOptions => ({
    config: { "svc:apiKey": apiKey, "svc:baseUrl": emu.url, ...g.config },
    secretKeys: ["svc:apiKey", ...g.secretKeys],
    ...(cwd ? { cwd } : {}),
  });
  const hits: SecretHits = {};
  const texts: string[] = [];
  let steps = 0;
  let failedSteps = 0;
  let firstFailure: string | undefined;
  const note = (run: ProgramRun | { steps: ProgramRun["steps"]; error?: string; stderr?: string }) => {
    for (const s of run.steps) {
      steps++;
      if (s.error) {
        failedSteps++;
        texts.push(s.error.message);
        firstFailure ??= `${s.urn} ${s.op}: ${s.error.message}`;
      }
      for (const f of s.check?.failures ?? []) texts.push(`${f.property}: ${f.reason}`);
    }
    if (run.error) {
      texts.push(run.error);
      firstFailure ??= run.error;
    }
    if (run.stderr) texts.push(run.stderr);
  };
  const scanState = () => {
    scan(hits, "state", JSON.stringify(runner.engine.persistedState()), secrets);
    for (const e of runner.engine.state.values()) {
      const unsecret: Record<string, Json> = {};
      for (const [k, v] of Object.entries(e.outputs))
        if (!e.secretOutputs.includes(k)) unsecret[k] = v as Json;
      scan(hits, "unsecret outputs", JSON.stringify(unsecret), secrets);
    }
  };
  let resources = 0;
  let controlHits = 0;
  try {
    const [g1, g2] = gens as [(typeof gens)[number], (typeof gens)[number]];
    note(await runner.preview(options(g1)));
    note(await runner.up(options(g1)));
    resources = runner.engine.state.size;
    controlHits = countSecrets(JSON.stringify([...runner.engine.state.values()]), secrets);
    scanState();
    note(await runner.up(options(g1)));
    note(await runner.up(options(g2)));
    scanState();
    note({ steps: await runner.engine.refresh() });
    scanState();
    note({ steps: await runner.engine.destroy() });
  } finally {
    await emu.close();
  }
  scan(hits, "errors and program stderr", texts.join("\n"), secrets);
  scan(hits, "host stdout/stderr", runner.engine.hostOutput, secrets);
  scan(hits, "engine Log", runner.engine.hostLogs.join("\n"), secrets);
  return {
    example: ex.name,
    resources,
    steps,
    failedSteps,
    ...(firstFailure === undefined ? {} : { firstFailure }),
    secrets: secrets.length,
    hits,
    controlHits,
  };
}

/** Runs every example's lifecycle and scan. */
export async function secretsExamples(): Promise<ExampleSecretsFigures[]> {
  const out: ExampleSecretsFigures[] = [];
  for (const ex of EXAMPLES) out.push(await runExample(ex));
  return out;
}
