/**
 * `pulumi-resource-svc` under the real CLI, from the packed tarball installed into a fresh folder: the CLI
 * finds the plugin in the folder's `node_modules/.bin` (on PATH), a JavaScript program uses it through a
 * hand-written `pulumi.CustomResource` of type `svc:index:Integration` (no SDK is generated yet), `up`, a
 * no-op preview, the state (no `__provider`, credentials secret), `pulumi package get-schema`, and
 * `pulumi import svc:index:Integration` by id: Read with the id alone, the program then declared from the
 * imported inputs, and a no-op preview. No plaintext secret anywhere. Needs `npm run build` first.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { SvcClient } from "../../sdk/client";
import {
  createPackedProgramFolder,
  type ProgramFolder,
  programPath,
} from "../../testkit/consumer/program-folder";
import { repoRoot } from "../../testkit/harness/repo-root";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  isStateSecret,
  type Json,
  PulumiStack,
  plaintextHits,
  skipEngine,
  startCommand,
  stateByName,
} from "../../testkit/pulumi-cli";

const SENDGRID_KEY = "SG.plugin-engine-secret-7a1";
const OUTSIDE_TOKEN = "outside-inbox-secret-7a2";
const SECRETS = [SENDGRID_KEY, OUTSIDE_TOKEN];

/** A resource of the plugin, declared by hand; the output keys are listed so the program can read them. */
const PROGRAM_HEAD = `"use strict";
const pulumi = require("@pulumi/pulumi");
const OUTPUTS = ["providerId", "channel", "name", "identifier", "credentials", "active", "conditions",
  "environmentId", "environmentName", "organizationId", "primary", "deleted"];
class Integration extends pulumi.CustomResource {
  constructor(name, args, opts) {
    const props = Object.fromEntries(OUTPUTS.map((k) => [k, undefined]));
    super("svc:index:Integration", name, { ...props, ...args }, opts);
  }
}
const cfg = new pulumi.Config();
const mail = new Integration("mail", { providerId: "sendgrid", channel: "email", name: "Plugin mail", active: true,
  credentials: cfg.requireSecret("sendgridKey").apply((apiKey) => ({ apiKey, from: "noreply@example.com" })) });
module.exports.mailIdentifier = mail.identifier;
module.exports.mailCredentials = mail.credentials;
`;

let emu: Emulator;
let folder: ProgramFolder;
let stack: PulumiStack;
let printed = "";

describe.skipIf(skipEngine("plugin"))(
  "pulumi-resource-svc under the real CLI (packed tarball, JavaScript program)",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator({ port: 0, fixtures: {} });
      const binDir = await ensurePulumiCli();
      folder = await createPackedProgramFolder({
        project: "svc-plugin",
        files: { "index.js": PROGRAM_HEAD },
      });
      const path = programPath(folder, join(repoRoot(), "testkit", "plugin"), binDir);
      stack = await PulumiStack.init({ projectDir: folder.dir, binDir, env: { PATH: path } });
      await stack.setConfig("svc:baseUrl", emu.url);
      await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
      await stack.setConfig("svc-plugin:sendgridKey", SENDGRID_KEY, { secret: true });
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      await stack?.remove().catch(() => {});
      folder?.remove();
      await emu?.close();
    });

    it("the tarball installs the plugin as a bin; `pulumi package get-schema` prints the pinned schema", async () => {
      const plugin = join(folder.dir, "node_modules", ".bin", "pulumi-resource-svc");
      const cli = join(stack.binDir, "pulumi");
      const result = await startCommand(cli, ["package", "get-schema", plugin], {
        cwd: folder.dir,
        env: stack.env,
      }).result;
      const pinned = readFileSync(join(repoRoot(), "provider/plugin/schema.json"), "utf8");
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual(JSON.parse(pinned));
    });

    it("up creates the integration through the plugin; the state holds no __provider and the credentials secret", async () => {
      const up = await stack.up();
      printed += up.stdout + up.stderr;
      expect(emu.integrations().map((i) => i.credentials?.apiKey)).toEqual([SENDGRID_KEY]);
      const state = await stack.exportStack();
      const mail = stateByName(state).get("mail");
      expect(mail?.type).toBe("svc:index:Integration");
      expect(mail?.outputs).not.toHaveProperty("__provider");
      expect(isStateSecret(mail?.outputs?.credentials as Json)).toBe(true);
      expect(isStateSecret(mail?.inputs?.credentials as Json)).toBe(true);
      const outputs = await stack.outputs();
      expect(outputs.mailCredentials).toBe("[secret]");
      expect(String(outputs.mailIdentifier)).toMatch(/^mail-[0-9a-f]{8}$/);
      printed += JSON.stringify(state) + JSON.stringify(outputs);
    });

    it("a preview of the same program expects no changes", async () => {
      const preview = await stack.preview({ expectNoChanges: true });
      printed += preview.stdout + preview.stderr;
    });

    it("pulumi import by id reads the integration; the program declared from the imported inputs previews no changes", async () => {
      const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url });
      const outside = await client.integrations.create({
        providerId: "svc",
        channel: "in_app",
        name: "Outside inbox",
        identifier: "outside-inbox",
        active: true,
        credentials: { apiKey: OUTSIDE_TOKEN },
        conditions: [],
      });
      await client.close();
      const args = [
        "import",
        "svc:index:Integration",
        "inbox",
        String(outside._id),
        "--yes",
        "--protect=false",
      ];
      const imported = await stack.run([...args, "--generate-code=false"]);
      printed += imported.stdout + imported.stderr;
      const state = await stack.exportStack();
      const inbox = stateByName(state).get("inbox");
      expect(inbox?.id).toBe(outside._id);
      expect(inbox?.inputs).not.toHaveProperty("credentials");
      // An import never takes credentials from the service: the state holds `{}`, nothing to hide, so not a secret.
      expect(inbox?.outputs?.credentials).toEqual({});
      // What `pulumi import` would generate: the resource with the inputs Read answered.
      const declared = `new Integration("inbox", ${JSON.stringify(inbox?.inputs)});\n`;
      writeFileSync(join(folder.dir, "index.js"), PROGRAM_HEAD + declared);
      const preview = await stack.preview({ expectNoChanges: true });
      printed += preview.stdout + preview.stderr + JSON.stringify(state);
    });

    it("destroy removes both; nothing printed or stored held a secret in plaintext", async () => {
      const destroy = await stack.destroy();
      printed += destroy.stdout + destroy.stderr;
      expect(emu.integrations()).toEqual([]);
      expect(plaintextHits(printed, SECRETS)).toEqual({});
      const cli = spawnSync("grep", ["-rl", SENDGRID_KEY, stack.workDir], { encoding: "utf8" });
      expect(cli.stdout).toBe("");
    });
  },
);
