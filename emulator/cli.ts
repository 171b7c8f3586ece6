#!/usr/bin/env node
// First: one line on a Node.js older than package.json's `engines`, before anything else loads.
import "../node-support/cli-guard";
import { parseArgs } from "node:util";
import { EDITIONS, editionNamed, PLANS, planNamed } from "./edition";
import { startEmulator } from "./emulator";
import type { Faults } from "./faults";
import { MODE_NAMES, modesFromNames } from "./modes";
import { SERVICE_VERSIONS, serviceVersionNamed } from "./service-version";

const USAGE = `Usage: npm run emulator -- [options]

  --port N          port to listen on (default 4010; 0 picks a free port)
  --host H          interface to listen on (default 127.0.0.1)
  --api-key KEY     accept this API key (repeatable; default: emu_dev_key and emu_prod_key)
  --fixtures FILE   seed data (JSON, taken as written); or a named set: "default" (the default: a fresh
                    organization with demo data), "none" (a fresh organization: each environment has
                    the "Default layout" and the "Novu Inbox" integration, as Novu creates them),
                    "empty" (nothing at all)
  --data FILE       persist state to FILE (loaded at start when it exists)
  --rate-limit N    rate limit, N requests a second per category (token bucket over 5 s)
  --latency MS      add MS milliseconds to every request
  --fail-rate P     answer 503 with probability P (0..1)
  --drop-rate P     store the change, then drop the connection with probability P (0..1)
  --seed N          seed of the fault draws
  --edition E       the service's edition: ${EDITIONS.join(" or ")} (default community; enterprise adds
                    /v1/organizations/settings and /v2/translations, and stores isTranslationEnabled)
  --plan P          the organizations' plan: ${PLANS.join(", ")} (default free: removeNovuBranding is 402)
  --service-version V
                    the release played where releases differ: ${SERVICE_VERSIONS.join(" or ")} (default
                    2026-04, api 3.15.0; newest: the newest files of the service's source)
  --max-environment-variables N
                    most environment variables per organization (default 10, the service's
                    MAX_ENVIRONMENT_VARIABLES_LIMIT_NUMBER)
  --mode NAME       a deliberate departure from the service (repeatable): ${MODE_NAMES.join(", ")}
  --help            show this help`;

function num(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`--${name} must be a number (got ${JSON.stringify(value)})`);
  return n;
}

/** Runs the emulator from the command line until SIGINT or SIGTERM. */
async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string", default: "4010" },
      host: { type: "string", default: "127.0.0.1" },
      "api-key": { type: "string", multiple: true },
      fixtures: { type: "string", default: "default" },
      data: { type: "string" },
      "rate-limit": { type: "string" },
      latency: { type: "string" },
      "fail-rate": { type: "string" },
      "drop-rate": { type: "string" },
      seed: { type: "string" },
      mode: { type: "string", multiple: true },
      edition: { type: "string" },
      plan: { type: "string" },
      "service-version": { type: "string" },
      "max-environment-variables": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const faults: Faults = {};
  const latency = num("latency", values.latency);
  const failRate = num("fail-rate", values["fail-rate"]);
  const dropRate = num("drop-rate", values["drop-rate"]);
  if (latency !== undefined) faults.latencyMs = latency;
  if (failRate !== undefined) faults.failRate = failRate;
  if (dropRate !== undefined) faults.dropRate = dropRate;
  const rate = num("rate-limit", values["rate-limit"]);
  const seed = num("seed", values.seed);
  const maxVariables = num("max-environment-variables", values["max-environment-variables"]);
  const emu = await startEmulator({
    port: num("port", values.port) ?? 4010,
    host: values.host,
    ...(values["api-key"] ? { keys: values["api-key"].map((apiKey) => ({ apiKey })) } : {}),
    fixtures: values.fixtures,
    ...(values.data ? { dataFile: values.data } : {}),
    ...(rate !== undefined ? { rateLimit: { perSecond: rate } } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(values.mode ? { modes: modesFromNames(values.mode) } : {}),
    ...(values.edition ? { edition: editionNamed(values.edition) } : {}),
    ...(values.plan ? { plan: planNamed(values.plan) } : {}),
    ...(values["service-version"] ? { serviceVersion: serviceVersionNamed(values["service-version"]) } : {}),
    ...(maxVariables !== undefined ? { maxEnvironmentVariables: maxVariables } : {}),
    faults,
  });
  const lines = [
    `svc emulator listening on ${emu.url}${values.edition === "enterprise" ? " (enterprise edition)" : ""}`,
  ];
  for (const k of emu.keys)
    lines.push(`  API key ${k.apiKey}  (organization ${k.organizationId}, environment ${k.environmentId})`);
  lines.push(`  try: curl -H "Authorization: ApiKey ${emu.apiKey}" ${emu.url}/v1/integrations/active`);
  lines.push("  Ctrl-C stops it.");
  process.stdout.write(`${lines.join("\n")}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`received ${signal}, stopping\n`);
    emu.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`emulator: error while stopping: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`emulator: ${err instanceof Error ? err.message : String(err)}\n${USAGE}\n`);
  process.exit(1);
});
