/**
 * What `pulumi up` prints, read whole, under the real Pulumi engine:
 * - a SubscriberCredentialsSet sync that takes several seconds (the emulator rate limited) shows its progress
 *   as ephemeral status lines (`svc: SubscriberCredentialsSet fcm/prog-fcm: 120 / 300 written, 0 failed`),
 *   then one final line; no subscriberId or token anywhere in the output;
 * - a data source that fails (a wrong key) is one error line naming the function, the status, the request
 *   id and the setting that fixes it: no stack trace, no "Unhandled exception", no rejection handled late;
 * - a refused key fails `preview` (on a new stack) and `up` with one error naming `svc:apiKey` and its command,
 *   with no write; a dead address fails the preview naming `svc:baseUrl`; a program whose explicit provider's
 *   key is an unknown output still previews (issue 50 items 12, 14).
 * Needs `npm run build` first.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import {
  ENGINE_TIMEOUT_MS,
  emulatorProject,
  ensurePulumiCli,
  errorsHolding,
  PROGRAM_HEADER,
  type PulumiStack,
  skipEngine,
} from "../../testkit/pulumi-cli";

const N = 300;
const ids = Array.from({ length: N }, (_, i) => `prog-sub-${i}`);
const tokenOf = (id: string) => `prog-secret-token-${id}`;

let emu: Emulator;
let binDir: string;
const cleanups: (() => Promise<void> | void)[] = [];

async function project(name: string, program: string, apiKey: string): Promise<PulumiStack> {
  return (await emulatorProject({ name, program, binDir, baseUrl: emu.url, apiKey, cleanups })).stack;
}

describe.skipIf(skipEngine("progress and errors"))(
  "what pulumi up prints: sync progress, data-source errors",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      // 20 requests a second after a burst of 100: the ~300 requests of the sync take about 10 s.
      emu = await startEmulator({
        rateLimit: { perSecond: 20 },
        fixtures: {
          integrations: [{ providerId: "fcm", channel: "push", active: true, identifier: "prog-fcm" }],
          subscribers: ids.map((subscriberId) => ({ subscriberId })),
        },
      });
      binDir = await ensurePulumiCli();
    }, ENGINE_TIMEOUT_MS);
    afterEach(async () => {
      for (const c of cleanups.splice(0)) await c();
    });
    afterAll(async () => {
      await emu?.close();
    });

    it("a long set sync shows ephemeral progress every ~2 s, then one final line, and no subscriberId or token", async () => {
      const credentials = Object.fromEntries(ids.map((id) => [id, { deviceTokens: [tokenOf(id)] }]));
      const stack = await project(
        "svc-progress",
        `new svc.SubscriberCredentialsSet("devices", { providerId: "fcm", integrationIdentifier: "prog-fcm",
  credentials: ${JSON.stringify(credentials)} });`,
        emu.apiKey,
      );
      const started = Date.now();
      const up = await stack.up();
      const seconds = (Date.now() - started) / 1000;
      const text = up.stdout + up.stderr;
      const progress = [
        ...text.matchAll(
          /svc: SubscriberCredentialsSet fcm\/prog-fcm: ([\d,]+) \/ 300 written, 0 failed\s*$/gm,
        ),
      ].map((m) => Number(m[1]!.replace(/,/g, "")));
      const final =
        /svc: SubscriberCredentialsSet fcm\/prog-fcm: create took \d+s: 300 \/ 300 written, 0 failed/g;
      // Several updates, in order, while the writes ran. The final line is one message: the engine shows it
      // on the row as it arrives and once under Diagnostics.
      expect(progress.length, text).toBeGreaterThanOrEqual(2);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(progress[0]).toBeLessThan(N);
      expect(new Set(progress).size).toBeGreaterThanOrEqual(2);
      expect(diagnostics(text).match(final)).toHaveLength(1);
      expect(seconds).toBeGreaterThan(4);
      expect(text).not.toMatch(/prog-sub-|prog-secret-token-/);
      expect(
        emu.subscriber(emu.keys[0]!.environmentId, ids[N - 1]!)?.channels?.[0]?.credentials.deviceTokens,
      ).toEqual([tokenOf(ids[N - 1]!)]);
      // Destroy clears the 300 entries at the same rate, and says so.
      const destroy = await stack.destroy();
      expect(destroy.stdout).toMatch(
        /svc: SubscriberCredentialsSet fcm\/prog-fcm: [\d,]+ \/ 300 cleared, 0 failed\s*$/m,
      );
      expect(destroy.stdout).toMatch(
        /svc: SubscriberCredentialsSet fcm\/prog-fcm: delete took \d+s: 300 \/ 300 cleared, 0 failed/,
      );
      expect(destroy.stdout).not.toMatch(/prog-sub-|prog-secret-token-/);
    });

    it("a failing data source prints one line with function, status and request id, no stack, no late rejection", async () => {
      const stack = await project(
        "svc-ds-error",
        `process.on("rejectionHandled", () => console.error("REJECTION-HANDLED-LATE"));
exports.count = svc.getActiveIntegrations().then((l) => l.length);
const fcm = svc.getActiveIntegrationsOutput({ providerId: "fcm" });
exports.fcm = fcm.apply((l) => l.length);
new svc.Integration("named", { providerId: "svc", channel: "in_app", name: fcm.apply((l) => String(l.length)) });`,
        "wrong-key-for-data-source",
      );
      const up = await stack.up({ allowFailure: true });
      const text = `${up.stdout}\n${up.stderr}`;
      expect(up.code).not.toBe(0);
      // One line per failed call (the Promise form exported, the Output form feeding a resource), each naming
      // the function, the status and the request id. (The automation-API language host of this testkit also
      // returns the program's failure as its Run error, which the engine prints once more; the CLI's own
      // pulumi-language-nodejs reports an error once.)
      const lines = diagnostics(text)
        .split("\n")
        .filter((l) => l.trim() !== "" && !l.includes("pulumi:pulumi:Stack"));
      for (const line of lines) {
        expect(line, text).toMatch(
          /^ {4}error: (error serializing property "name": )?svc: getActiveIntegrations: GET \/v1\/integrations\/active -> 401 \(req [0-9a-f-]{36}\): API Key not found\. The service refused svc:apiKey: set it with `pulumi config set --secret svc:apiKey <key>` \(a key of the environment the stack acts on\), then run the command again\.$/,
        );
      }
      expect(new Set(lines.map((l) => /\(req ([0-9a-f-]+)\)/.exec(l)?.[1])).size, text).toBe(2);
      expect(text).not.toMatch(/^\s+at /m);
      expect(text).not.toMatch(/Unhandled exception|PromiseRejectionHandledWarning|REJECTION-HANDLED-LATE/);
      expect(text).not.toContain("wrong-key-for-data-source");
    });

    it("a refused key or a dead address fails preview and up once, naming the setting and its command; an unknown key still previews", async () => {
      const refused = "refused-key-for-settings-5e1";
      const three = ["a", "b", "c"]
        .map(
          (n) =>
            `new svc.Integration("${n}", { providerId: "sendgrid", channel: "email", identifier: "settings-${n}" });`,
        )
        .join("\n");
      const { p, stack } = await emulatorProject({
        name: "svc-settings",
        program: three,
        binDir,
        baseUrl: emu.url,
        apiKey: refused,
        cleanups,
      });
      const keyLine =
        "The service refused svc:apiKey: set it with `pulumi config set --secret svc:apiKey <key>` " +
        "(a key of the environment the stack acts on), then run the command again.";
      emu.resetRequests();
      const preview = await stack.preview({ allowFailure: true });
      const previewText = preview.stdout + preview.stderr;
      expect(preview.code, previewText).not.toBe(0);
      expect(errorsHolding(preview, keyLine), previewText).toEqual([
        expect.stringMatching(
          /^error: svc: check: GET \/v1\/environments\/me -> 401 \(req [0-9a-f-]{36}\): API Key not found\. The service/,
        ),
      ]);
      expect(previewText).toContain("SVC_ERR_KEY_REFUSED");
      const up = await stack.up({ allowFailure: true });
      const upText = up.stdout + up.stderr;
      expect(up.code, upText).not.toBe(0);
      expect(errorsHolding(up, keyLine), upText).toHaveLength(1);
      expect(emu.requests.filter((r) => r.method !== "GET")).toEqual([]);

      await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
      const dead = `http://127.0.0.1:${await deadPort()}`;
      await stack.setConfig("svc:baseUrl", dead);
      const unreachable = await stack.preview({ allowFailure: true });
      const deadText = unreachable.stdout + unreachable.stderr;
      expect(unreachable.code, deadText).not.toBe(0);
      const addressLine =
        `No answer from the service at svc:baseUrl (${dead}): if the address is wrong, set it with ` +
        "`pulumi config set svc:baseUrl <url>`, then run the command again.";
      expect(errorsHolding(unreachable, addressLine), deadText).toHaveLength(1);
      expect(deadText).toContain("SVC_ERR_UNREACHABLE");
      for (const text of [previewText, upText, deadText]) {
        expect(text).not.toMatch(/^\s+at /m);
        expect(text).not.toContain(refused);
        expect(text).not.toContain(emu.apiKey);
      }

      // A key that is the output of a resource not made yet: unknown in the preview, which still works.
      await stack.setConfig("svc:baseUrl", emu.url);
      p.writeProgram(`${PROGRAM_HEADER}${three}
const later = new svc.Provider("later", { apiKey: pulumi.secret(new svc.Integration("src", { providerId: "sendgrid", channel: "email", identifier: "settings-src" }).id.apply(() => ${JSON.stringify(emu.apiKey)})) });
new svc.Integration("bound", { providerId: "sendgrid", channel: "email", identifier: "settings-bound" }, { provider: later });`);
      const unknownKey = await stack.preview({ allowFailure: true });
      expect(unknownKey.code, unknownKey.stdout + unknownKey.stderr).toBe(0);
    });
  },
);

/** A loopback port where nothing listens (a server bound, then closed). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The Diagnostics section of `pulumi up` (what is left once the live rows are gone). */
function diagnostics(text: string): string {
  const start = text.indexOf("\nDiagnostics:\n");
  const end = text.indexOf("\nResources:\n", start);
  return start < 0 ? "" : text.slice(start + "\nDiagnostics:\n".length, end < 0 ? undefined : end);
}
