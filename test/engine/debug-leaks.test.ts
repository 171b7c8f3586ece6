/**
 * Issue 34: what `--debug` output and the engine's event log (`--event-log`, what an Automation API program
 * reads) carry in plaintext, under the real CLI, for the same program on both paths: JavaScript (dynamic
 * resources from the packed tarball) and Pulumi YAML (the plugin `pulumi-resource-svc` of that tarball). The
 * program declares every kind of credential: an integration's API key (sendgrid), an FCM service account's
 * private key, a subscriber's device token and webhook URL, a set's webhook URL, the stack's svc:apiKey and
 * an explicit provider's API key.
 * Runs: preview of a new stack, up, a no-op preview (all `--debug`), a no-op up without `--debug`, a no-op
 * preview with `-v=9 --logtostderr` instead, refresh and destroy (`--debug`), every one with `--event-log`
 * (PULUMI_DEBUG_COMMANDS=true, as the Automation API sets it). The suite prints a table of occurrences per
 * secret kind (`output / event log`).
 *
 * Issue 48 (item 6): the emulator plays the April 2026 service, which answers integrations' credentials in
 * plaintext to an API key. Each program exports `getActiveIntegrations` of an integration made outside
 * Pulumi (its key is in no config and no file), and before the refresh the sendgrid key is rotated outside
 * Pulumi (refresh reads it as a drift of the secret `credentials`): neither value may appear in any output,
 * event log, the state (`pulumi stack export`) or the stack's outputs, while `--show-secrets` proves both were
 * read.
 *
 * Every leak is attributed to the code that printed it (testkit/pulumi-cli/debug-leaks.ts). The test fails on
 * any leak not in UPSTREAM below (so a leak of ours, or a new upstream one), and on any listed leak that is
 * gone (an SDK upgrade fixed it: remove it from the list). Needs `npm run build` first.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import {
  createPackedProgramFolder,
  type ProgramFolder,
  programPath,
} from "../../testkit/consumer/program-folder";
import { call } from "../../testkit/emulator-http";
import { ENGINE_TIMEOUT_MS, ensurePulumiCli, PulumiStack, skipEngine } from "../../testkit/pulumi-cli";
import {
  KNOWN_SOURCES,
  kindsBySource,
  type LeakRun,
  leaksIn,
  leakTable,
  type NamedSecret,
} from "../../testkit/pulumi-cli/debug-leaks";

const SENDGRID_KEY = "SG.debugleak-sendgrid-4a1";
const FCM_PRIVATE_KEY = "MIIEdebugleakFcmPrivateKey4a2";
const FCM_SERVICE_ACCOUNT = JSON.stringify({
  project_id: "debug-leaks",
  client_email: "push@debug-leaks.iam.example",
  private_key: `-----BEGIN PRIVATE KEY-----\\n${FCM_PRIVATE_KEY}\\n-----END PRIVATE KEY-----\\n`,
});
const DEVICE_TOKEN = "debugleak-device-token-4a3";
const WEBHOOK_URL = "https://hooks.example/debugleak-webhook-4a4";
const SET_WEBHOOK_URL = "https://hooks.example/debugleak-set-webhook-4a5";
/** The API key of an integration made outside Pulumi, which the programs read with getActiveIntegrations. */
const READ_KEY = "debugleak-read-mailjet-4a6";
/** The sendgrid key as rotated outside Pulumi before the refresh. */
const ROTATED_KEY = "SG.debugleak-rotated-4a7";
/** The secrets the service answers (never declared): the engine cannot mask them. */
const READ: readonly NamedSecret[] = [
  { kind: "integration apiKey (read)", value: READ_KEY },
  { kind: "integration apiKey (rotated outside)", value: ROTATED_KEY },
];

/**
 * The secrets looked for, by the kind the table names, and where the program takes each from: the stack's
 * secret config (the engine masks those values as "[secret]" in every message it prints or logs), or a local
 * file wrapped in a secret (as `devices.json` in the README; no masking can know those values). svc:apiKey is
 * the emulator's key, from config (added per suite).
 */
const DECLARED: readonly NamedSecret[] = [
  { kind: "integration apiKey (config)", value: SENDGRID_KEY },
  { kind: "webhook URL (config)", value: WEBHOOK_URL },
  { kind: "FCM private key (file)", value: FCM_PRIVATE_KEY },
  { kind: "device token (file)", value: DEVICE_TOKEN },
  { kind: "set webhook URL (file)", value: SET_WEBHOOK_URL },
];
/** The API key of an explicit `svc.Provider` (another environment's key of the emulator), read from a file. */
const PROVIDER_KEY_KIND = "svc.Provider apiKey (file)";
const KINDS = ["svc:apiKey", PROVIDER_KEY_KIND, ...DECLARED.map((s) => s.kind), ...READ.map((s) => s.kind)];

/** Stack config (all secret) of both programs. */
const CONFIG: Record<string, string> = { sendgridKey: SENDGRID_KEY, graceUrl: WEBHOOK_URL };

/** The files both programs read the other secrets from. */
const FILES: Record<string, string> = {
  "fcm-service-account.json": FCM_SERVICE_ACCOUNT,
  "ada-token.txt": DEVICE_TOKEN,
  "alan-url.txt": SET_WEBHOOK_URL,
};

/** The JavaScript program; its explicit provider acts on `baseUrl` with the key in prod-key.txt. */
const jsProgram = (baseUrl: string) => `"use strict";
const { readFileSync } = require("node:fs");
const pulumi = require("@pulumi/pulumi");
const svc = require("pulumi-svc");
const cfg = new pulumi.Config();
const local = (file) => readFileSync(file, "utf8");
new svc.Integration("email", { providerId: "sendgrid", channel: "email", active: true,
  credentials: { apiKey: cfg.requireSecret("sendgridKey"), from: "noreply@example.com" } });
const push = new svc.Integration("push", { providerId: "fcm", channel: "push", active: true,
  credentials: { serviceAccount: pulumi.secret(local("fcm-service-account.json")) } });
const chat = new svc.Integration("chat", { providerId: "slack", channel: "chat", active: true });
new svc.SubscriberCredentials("adaPush", { subscriberId: "user-ada", providerId: "fcm",
  integrationIdentifier: push.identifier, credentials: { deviceTokens: [pulumi.secret(local("ada-token.txt"))] } });
new svc.SubscriberCredentials("graceChat", { subscriberId: "user-grace", providerId: "slack",
  integrationIdentifier: chat.identifier, credentials: { webhookUrl: cfg.requireSecret("graceUrl") } });
new svc.SubscriberCredentialsSet("teamChat", { providerId: "slack", integrationIdentifier: chat.identifier,
  credentials: pulumi.secret({ "user-alan": { webhookUrl: local("alan-url.txt") } }) });
const prod = new svc.Provider("prod", { apiKey: pulumi.secret(local("prod-key.txt")), baseUrl: "${baseUrl}" });
new svc.Integration("prodInbox", { providerId: "novu", channel: "in_app", active: true }, { provider: prod });
exports.mailjet = svc.getActiveIntegrationsOutput({ providerId: "mailjet" });
`;

/** The same program in Pulumi YAML. */
const yamlProgram = (baseUrl: string) => `name: svc-debug-yaml
runtime: yaml
config:
${Object.keys(CONFIG)
  .map((k) => `  ${k}:\n    type: string\n    secret: true\n`)
  .join("")}resources:
  email:
    type: svc:index:Integration
    properties:
      providerId: sendgrid
      channel: email
      active: true
      credentials:
        apiKey: \${sendgridKey}
        from: noreply@example.com
  push:
    type: svc:index:Integration
    properties:
      providerId: fcm
      channel: push
      active: true
      credentials:
        serviceAccount:
          fn::secret:
            fn::readFile: ./fcm-service-account.json
  chat:
    type: svc:index:Integration
    properties: { providerId: slack, channel: chat, active: true }
  adaPush:
    type: svc:index:SubscriberCredentials
    properties:
      subscriberId: user-ada
      providerId: fcm
      integrationIdentifier: \${push.identifier}
      credentials:
        deviceTokens:
          - fn::secret:
              fn::readFile: ./ada-token.txt
  graceChat:
    type: svc:index:SubscriberCredentials
    properties:
      subscriberId: user-grace
      providerId: slack
      integrationIdentifier: \${chat.identifier}
      credentials:
        webhookUrl: \${graceUrl}
  teamChat:
    type: svc:index:SubscriberCredentialsSet
    properties:
      providerId: slack
      integrationIdentifier: \${chat.identifier}
      credentials:
        user-alan:
          webhookUrl:
            fn::secret:
              fn::readFile: ./alan-url.txt
  prod:
    type: pulumi:providers:svc
    properties:
      apiKey:
        fn::secret:
          fn::readFile: ./prod-key.txt
      baseUrl: ${baseUrl}
  prodInbox:
    type: svc:index:Integration
    properties: { providerId: novu, channel: in_app, active: true }
    options:
      provider: \${prod}
variables:
  mailjet:
    fn::invoke:
      function: svc:index:getActiveIntegrations
      arguments: { providerId: mailjet }
      return: items
outputs:
  mailjet: \${mailjet}
`;

/** A run: its name in the table and the CLI command (the flags `--event-log <file>` and the stack's are added). */
interface RunSpec {
  name: string;
  args: string[];
}

const RUNS: readonly RunSpec[] = [
  { name: "preview (new stack) --debug", args: ["preview", "--debug"] },
  { name: "up --debug", args: ["up", "--yes", "--skip-preview", "--debug"] },
  { name: "preview (no changes) --debug", args: ["preview", "--debug", "--expect-no-changes"] },
  { name: "up (no changes), no --debug", args: ["up", "--yes", "--skip-preview", "--expect-no-changes"] },
  { name: "preview -v=9 --logtostderr", args: ["preview", "-v=9", "--logtostderr", "--expect-no-changes"] },
  { name: "refresh --debug", args: ["refresh", "--yes", "--skip-preview", "--debug"] },
  { name: "destroy --debug", args: ["destroy", "--yes", "--skip-preview", "--debug"] },
];

const RPC_FINISHED = KNOWN_SOURCES[0]!.source;

/**
 * The secrets the programs take from files: the engine cannot mask them. The explicit provider's key too: a
 * provider's outputs are its inputs, and the dynamic-provider host gets its configuration from them.
 */
const FROM_FILES = [
  "FCM private key (file)",
  "device token (file)",
  "set webhook URL (file)",
  PROVIDER_KEY_KIND,
].sort();

/**
 * The upstream leaks expected, by path and run: the secret kinds @pulumi/pulumi's "RegisterResource RPC
 * finished" debug message prints (the resource's outputs, or in a preview its planned outputs), in the
 * output and in the event log. Only the JavaScript path runs that SDK; secrets from config are masked by the
 * engine; refresh and destroy do not run the program. The event log holds the debug messages with or without
 * `--debug`; `-v=9 --logtostderr` prints them (to stderr) without `--debug` too. Anything else found fails
 * the test, and so does anything listed here and not found (fixed upstream: remove it here).
 */
const UPSTREAM: Record<string, Record<string, { output: string[]; eventLog: string[] }>> = {
  javascript: {
    "preview (new stack) --debug": { output: FROM_FILES, eventLog: FROM_FILES },
    "up --debug": { output: FROM_FILES, eventLog: FROM_FILES },
    "preview (no changes) --debug": { output: FROM_FILES, eventLog: FROM_FILES },
    "up (no changes), no --debug": { output: [], eventLog: FROM_FILES },
    "preview -v=9 --logtostderr": { output: FROM_FILES, eventLog: FROM_FILES },
  },
  yaml: {},
};

let emu: Emulator;
let binDir: string;
let folder: ProgramFolder;
const findings: LeakRun[] = [];

/** The emulator's second key (another environment than svc:apiKey's). */
function prodKey(): string {
  const key = emu.keys[1]?.apiKey;
  if (key === undefined || key === emu.apiKey) throw new Error("the emulator has no second key");
  return key;
}

/** The values from config and from files reached the service (so a run without leaks is not an empty one). */
function expectWritten(): void {
  const live = emu.integrations().filter((i) => i.deleted !== true);
  expect(live.map((i) => i.credentials?.apiKey)).toContain(SENDGRID_KEY);
  expect(live.map((i) => i.credentials?.serviceAccount)).toContain(FCM_SERVICE_ACCOUNT);
  const env = emu.keys[0]!.environmentId;
  const entries = (id: string) => emu.subscriber(env, id)?.channels ?? [];
  expect(entries("user-ada").flatMap((c) => c.credentials?.deviceTokens ?? [])).toContain(DEVICE_TOKEN);
  expect(entries("user-grace").map((c) => c.credentials?.webhookUrl)).toContain(WEBHOOK_URL);
  expect(entries("user-alan").map((c) => c.credentials?.webhookUrl)).toContain(SET_WEBHOOK_URL);
  const prodEnv = emu.keys[1]?.environmentId;
  // The stack's own in-app integration, not the "Novu Inbox" organization creation gave Production.
  const madeInProd = live.filter(
    (i) => i.channel === "in_app" && i._environmentId === prodEnv && !i.identifier.startsWith("novu-inbox-"),
  );
  expect(madeInProd.length).toBeGreaterThan(0);
}

/** The sendgrid integration's key rotated outside Pulumi (PUT replaces credentials whole). */
async function rotateOutside(): Promise<void> {
  const mail = emu.integrations().find((i) => i.deleted !== true && i.credentials?.apiKey === SENDGRID_KEY);
  if (mail === undefined) throw new Error("no sendgrid integration holds the declared key");
  const res = await call(emu, "PUT", `/v1/integrations/${mail._id}`, {
    body: { credentials: { ...mail.credentials, apiKey: ROTATED_KEY }, check: false },
  });
  expect(res.status).toBe(200);
}

/**
 * After the refresh: the state and the stack's outputs hold both values the service answered (shown with
 * `--show-secrets`: the refresh read the rotated key, the data source the other one), and never in plaintext.
 */
async function expectStateKeepsReadSecrets(stack: PulumiStack): Promise<void> {
  const state = JSON.stringify(await stack.exportStack());
  const outputs = JSON.stringify(await stack.outputs());
  for (const { value } of READ) {
    expect(state).not.toContain(value);
    expect(outputs).not.toContain(value);
  }
  const shown = (await stack.run(["stack", "export", "--show-secrets"])).stdout;
  for (const { value } of READ) expect(shown).toContain(value);
}

/** Runs every run of {@link RUNS} on `stack`, recording what leaked. */
async function runAll(path: string, stack: PulumiStack, secrets: readonly NamedSecret[]): Promise<void> {
  for (const [i, run] of RUNS.entries()) {
    if (run.name === "refresh --debug") await rotateOutside();
    if (run.name === "destroy --debug") await expectStateKeepsReadSecrets(stack);
    const eventLog = join(stack.workDir, `events-${i}.jsonl`);
    const r = await stack.run([...run.args, "--event-log", eventLog], { client: true });
    const events = readFileSync(eventLog, "utf8");
    rmSync(eventLog);
    if (run.name === "up --debug") expectWritten();
    findings.push({
      path,
      run: run.name,
      leaks: [...leaksIn(r.stdout + r.stderr, "output", secrets), ...leaksIn(events, "event log", secrets)],
    });
  }
}

/** The leaks of `path` against its expected upstream list: [unexpected, gone]. */
function compare(path: string): { unexpected: string[]; gone: string[] } {
  const unexpected: string[] = [];
  const gone: string[] = [];
  for (const run of findings.filter((f) => f.path === path)) {
    const expected = UPSTREAM[path]?.[run.run] ?? { output: [], eventLog: [] };
    for (const l of run.leaks) {
      const listed = l.channel === "output" ? expected.output : expected.eventLog;
      if (l.source !== RPC_FINISHED || !listed.includes(l.kind))
        unexpected.push(`${path} / ${run.run} / ${l.channel}: ${l.kind} x${l.count} from ${l.source}`);
    }
    for (const [channel, listed] of [
      ["output", expected.output],
      ["event log", expected.eventLog],
    ] as const) {
      const found = kindsBySource(run, RPC_FINISHED, channel);
      for (const kind of listed.filter((k) => !found.includes(k)))
        gone.push(
          `upstream leak "${path} / ${run.run} / ${channel}: ${kind}" is gone: remove it from the list`,
        );
    }
  }
  return { unexpected, gone };
}

async function newStack(projectDir: string): Promise<PulumiStack> {
  const stack = await PulumiStack.init({
    projectDir,
    binDir,
    env: { PATH: programPath(folder, binDir), PULUMI_DEBUG_COMMANDS: "true" },
  });
  await stack.setConfig("svc:baseUrl", emu.url);
  await stack.setAllConfig({ "svc:apiKey": emu.apiKey, ...CONFIG }, ["svc:apiKey", ...Object.keys(CONFIG)]);
  return stack;
}

describe.skipIf(skipEngine("debug leaks"))(
  "what --debug and the event log expose (real engine, packed tarball)",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator({ port: 0, fixtures: "default" });
      // Made outside Pulumi: its key is in no config and no file; the April 2026 service answers it.
      const outside = await call(emu, "POST", "/v1/integrations", {
        body: {
          providerId: "mailjet",
          channel: "email",
          active: true,
          credentials: { apiKey: READ_KEY },
          check: false,
        },
      });
      expect(outside.status).toBe(201);
      binDir = await ensurePulumiCli();
      folder = await createPackedProgramFolder({
        project: "svc-debug",
        files: { "index.js": jsProgram(emu.url) },
      });
      mkdirSync(join(folder.dir, "yaml"));
      writeFileSync(join(folder.dir, "yaml", "Pulumi.yaml"), yamlProgram(emu.url));
      for (const [file, text] of Object.entries({ ...FILES, "prod-key.txt": prodKey() })) {
        writeFileSync(join(folder.dir, file), text);
        writeFileSync(join(folder.dir, "yaml", file), text);
      }
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      folder?.remove();
      await emu?.close();
      if (findings.length > 0) process.stdout.write(`\n${leakTable(findings, KINDS)}\n\n`);
    });

    for (const [path, dir] of [
      ["javascript", "."],
      ["yaml", "yaml"],
    ] as const) {
      it(`${path}: every leak is a listed upstream one, and every listed one still happens`, async () => {
        const stack = await newStack(join(folder.dir, dir));
        const secrets = [
          { kind: "svc:apiKey", value: emu.apiKey },
          { kind: PROVIDER_KEY_KIND, value: prodKey() },
          ...DECLARED,
          ...READ,
        ];
        try {
          await runAll(path, stack, secrets);
        } finally {
          await stack.remove();
        }
        const { unexpected, gone } = compare(path);
        expect(unexpected).toEqual([]);
        expect(gone).toEqual([]);
      });
    }
  },
);
