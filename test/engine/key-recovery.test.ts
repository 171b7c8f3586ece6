/**
 * Recovery that works as the error says (issue 33, part 1), under the real engine, from a JavaScript program
 * installed from the packed tarball. A stack made with the Development key; the Production key is pasted in
 * and `up` fails before any write, but the engine has already stored that key in the default provider's
 * state, and `refresh` and `destroy` act with the stored key, not the stack's config. The user sets the
 * Development key back, as the error told them. Then `refresh` and `destroy` must work: directly, or after
 * the one command their error names (run here exactly as it is named), leaving nothing of the stack in the
 * service. The same with a key of another organization, and with a key the service refuses (401: the
 * refresh fails in one line, no stack trace, naming `pulumi refresh --run-program`; issue 50 item 13). Needs `npm run build` first (the tarball is packed
 * from dist/).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { createPackedProgramFolder, type ProgramFolder } from "../../testkit/consumer/program-folder";
import {
  type CommandResult,
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  PulumiStack,
  plaintextHits,
  skipEngine,
  stateByName,
} from "../../testkit/pulumi-cli";

const ORG_A = "0000000000000000000000a2";
const ORG_B = "0000000000000000000000b2";
const KEYS = [
  { apiKey: "key-rec-dev-8a1", organizationId: ORG_A, environmentName: "Development" },
  { apiKey: "key-rec-prod-8a2", organizationId: ORG_A, environmentName: "Production" },
  { apiKey: "key-rec-orgb-8a3", organizationId: ORG_B, environmentName: "Development" },
];
const [DEV, PROD, OTHER] = KEYS.map((k) => k.apiKey) as [string, string, string];
const TOKEN = "tok-recovery-ada-0001";
const SERVICE_ACCOUNT = '{"project_id":"recovery-demo"}';
const NAMES = ["ada", "push"];

/**
 * The program of one test: its own integration identifier (identifiers are unique across an organization) and
 * subscriber, so that each test owns its data.
 */
const program = (identifier: string, subscriberId: string) => `"use strict";
const svc = require("pulumi-svc");
const push = new svc.Integration("push", { providerId: "fcm", channel: "push", identifier: ${JSON.stringify(identifier)}, active: true, credentials: { serviceAccount: ${JSON.stringify(SERVICE_ACCOUNT)} } });
new svc.SubscriberCredentials("ada", { subscriberId: ${JSON.stringify(subscriberId)}, providerId: "fcm", integrationIdentifier: push.identifier, credentials: { deviceTokens: [${JSON.stringify(TOKEN)}] } });
`;

let emu: Emulator;
let binDir: string;
let folder: ProgramFolder;
let printed = "";

const envOf = (apiKey: string) => emu.keys.find((k) => k.apiKey === apiKey)!.environmentId;

/** What the service holds of one test's stack in the environment of `apiKey`: live integrations, tokens. */
function holdings(
  apiKey: string,
  identifier: string,
  subscriberId: string,
): { integrations: string[]; tokens: unknown[] } {
  const env = envOf(apiKey);
  const integrations = emu
    .integrations()
    .filter((i) => i._environmentId === env && i.deleted !== true && i.identifier === identifier)
    .map((i) => i.identifier);
  const tokens = (emu.subscriber(env, subscriberId)?.channels ?? [])
    .map((c) => c.credentials.deviceTokens ?? [])
    .filter((t) => t.length > 0);
  return { integrations, tokens };
}

async function stateNames(stack: PulumiStack): Promise<string[]> {
  const state = await stack.exportStack();
  return [...stateByName(state).entries()]
    .filter(([, r]) => r.type.startsWith("pulumi-nodejs:dynamic/svc:"))
    .map(([name]) => name)
    .sort();
}

/** The one `pulumi ...` command a failure's text names to run, as CLI arguments (without `pulumi`). */
function namedCommand(text: string): string[] {
  const named = new Set([...text.matchAll(/then run `pulumi ([^`]+)`/g)].map((m) => m[1]!));
  expect([...named], text).toHaveLength(1);
  return [...named][0]!.split(" ");
}

/**
 * Runs `operation` as a user would after setting the key back: when it fails, its error must name one
 * command, which is run as named and must succeed. Returns what each printed.
 */
async function recover(
  stack: PulumiStack,
  operation: () => Promise<CommandResult>,
): Promise<{ first: CommandResult; named?: string[] }> {
  const first = await operation();
  printed += first.stdout + first.stderr;
  if (first.code === 0) return { first };
  const named = namedCommand(first.stdout + first.stderr);
  const args = named.includes("--yes") ? named : [...named, "--yes", "--skip-preview"];
  const fixed = await stack.run(args, { client: true, allowFailure: true });
  printed += fixed.stdout + fixed.stderr;
  expect(fixed.code, `pulumi ${named.join(" ")}: ${fixed.stdout}${fixed.stderr}`).toBe(0);
  return { first, named };
}

/** A key the service does not know (refused: 401). */
const REFUSED = "key-rec-refused-8a4";

/** The code of the failure a key gives on a stack made with DEV: another environment's, or a refused key. */
const codeOf = (key: string) => (key === REFUSED ? "SVC_ERR_KEY_REFUSED" : "SVC_ERR_ENVIRONMENT_MISMATCH");

/** Sets `key`, runs an `up` that fails before any write (and stores the key), then sets DEV back. */
async function failedUpWith(stack: PulumiStack, key: string): Promise<void> {
  await stack.setConfig("svc:apiKey", key, { secret: true });
  const up = await stack.up({ allowFailure: true });
  printed += up.stdout + up.stderr;
  expect(up.code, up.stdout).not.toBe(0);
  expect(up.stdout + up.stderr).toContain(codeOf(key));
  await stack.setConfig("svc:apiKey", DEV, { secret: true });
}

/**
 * What the first `refresh` or `destroy` after a failed `up` prints, when it fails: one line of the failure's
 * code (no stack trace) saying that the command acts with the key stored at the last `up`, and naming its
 * `--run-program` form.
 */
function expectStoredKeyLine(text: string, key: string, command: "refresh" | "destroy"): void {
  expect(text).toContain(codeOf(key));
  expect(text).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  if (key !== REFUSED) {
    expect(text).toMatch(/stored at the last `pulumi up`/);
    return;
  }
  const operation = command === "refresh" ? "read" : "delete";
  expect(text).toMatch(
    new RegExp(
      `svc: ${operation}: GET /v1/environments/me -> 401 \\(req [0-9a-f-]{36}\\): API Key not found\\. ` +
        "The service refused svc:apiKey: set it with `pulumi config set --secret svc:apiKey <key>` " +
        `\\(a key of the environment the stack acts on\\), then run \`pulumi ${command} --run-program\` ` +
        `\\(\`pulumi ${command}\` acts with the settings stored at the last \`pulumi up\`; this form acts with those set now\\)\\.`,
    ),
  );
}

describe.skipIf(skipEngine("key recovery"))(
  "the key set back after a failed up: refresh and destroy work as their error says (real engine, packed tarball)",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator({ keys: KEYS });
      for (const apiKey of [DEV, PROD, OTHER]) {
        emu.seed(
          {
            subscribers: [
              { subscriberId: "user-ada" },
              { subscriberId: "user-bob" },
              { subscriberId: "user-cy" },
            ],
          },
          { apiKey },
        );
      }
      binDir = await ensurePulumiCli();
      folder = await createPackedProgramFolder({ project: "svc-recovery", files: { "index.js": "" } });
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      folder?.remove();
      await emu?.close();
    });

    for (const [label, key, identifier, subscriberId] of [
      ["another environment (Production, same organization)", PROD, "recovery-push-prod", "user-ada"],
      ["another organization", OTHER, "recovery-push-orgb", "user-bob"],
      ["no environment (refused by the service)", REFUSED, "recovery-push-refused", "user-cy"],
    ] as const) {
      it(`a key of ${label}, a failed up, the Development key back: refresh, then destroy`, async () => {
        writeFileSync(join(folder.dir, "index.js"), program(identifier, subscriberId));
        const stack = await PulumiStack.init({ projectDir: folder.dir, binDir });
        try {
          await stack.setConfig("svc:baseUrl", emu.url);
          await stack.setConfig("svc:apiKey", DEV, { secret: true });
          printed += (await stack.up()).stdout;
          expect(holdings(DEV, identifier, subscriberId)).toEqual({
            integrations: [identifier],
            tokens: [[TOKEN]],
          });

          await failedUpWith(stack, key);
          const refresh = await recover(stack, () => stack.refresh({ allowFailure: true }));
          // A refused key stored by the failed up fails the refresh (issue 50 item 13).
          if (key === REFUSED) expect(refresh.first.code).not.toBe(0);
          if (refresh.first.code !== 0) {
            // The error says why setting the key back did not suffice, and is one line.
            expectStoredKeyLine(refresh.first.stdout + refresh.first.stderr, key, "refresh");
          }
          // Once recovered, a plain refresh works and finds everything as it was.
          const again = await stack.refresh();
          printed += again.stdout;
          expect(again.stdout).not.toMatch(/[~-] svc:|deleted|updated/i);
          expect(await stateNames(stack)).toEqual(NAMES);
          await stack.preview({ expectNoChanges: true });

          await failedUpWith(stack, key);
          const destroy = await recover(stack, () => stack.destroy({ allowFailure: true }));
          if (destroy.first.code !== 0) {
            expectStoredKeyLine(destroy.first.stdout + destroy.first.stderr, key, "destroy");
          }
          expect(await stateNames(stack)).toEqual([]);
          expect(holdings(DEV, identifier, subscriberId)).toEqual({ integrations: [], tokens: [] });
          if (key !== REFUSED) {
            expect(holdings(key, identifier, subscriberId)).toEqual({ integrations: [], tokens: [] });
          }
        } finally {
          await stack.remove().catch(() => {});
        }
      });
    }

    it("printed no key, token or service account", () => {
      expect(printed).not.toBe("");
      expect(plaintextHits(printed, [DEV, PROD, OTHER, REFUSED, TOKEN, SERVICE_ACCOUNT])).toEqual({});
    });
  },
);
