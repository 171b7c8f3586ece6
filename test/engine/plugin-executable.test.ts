/**
 * The standalone plugin executable (`npm run plugin:dist`, built here from `dist/` for this machine's
 * platform) under the real CLI with no Node.js anywhere on PATH: only `pulumi` and `pulumi-language-yaml`.
 * `pulumi plugin install resource svc <version> --file <tarball>` into the stack's PULUMI_HOME, then
 * examples/yaml (schema, config, check, create, invoke, diff, delete through the executable) runs up, a no-op
 * preview and destroy against an emulator with its default fixtures (a fresh organization: its "Default
 * layout" is the environment's default, so destroy deletes the program's layout). No plaintext secret in any CLI output,
 * state export, the CLI home or the project folder. The same executable's `export` command (for users
 * without Node.js) writes the files `svc-export` writes, and refuses bad input in one line with nothing
 * written. Needs `npm run build` first.
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { runExport } from "../../provider/export/cli";
import { call } from "../../testkit/emulator-http";
import { seedDashboardEnvironment } from "../../testkit/export-seed";
import { repoRoot } from "../../testkit/harness/repo-root";
import { startPluginProcess } from "../../testkit/plugin/plugin-process";
import {
  buildHostPluginTarball,
  cliOnlyBinDir,
  type HostPluginTarball,
  onPath,
} from "../../testkit/plugin/plugin-tarball";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  isStateSecret,
  PulumiStack,
  plaintextHits,
  STACK_TYPE,
  skipEngine,
  startCommand,
  stateByName,
  stepOps,
} from "../../testkit/pulumi-cli";

const SENDGRID_KEY = "SG.sea-engine-secret-5a1";
const EXPO_TOKEN = "expo-sea-engine-secret-5a2";
const GRACE_URL = "https://hooks.example/sea-grace-secret-5a3";
const ALAN_URL = "https://hooks.example/sea-alan-secret-5a4";
const SECRETS = [SENDGRID_KEY, EXPO_TOKEN, GRACE_URL, ALAN_URL];
const EXAMPLE = readFileSync(join(repoRoot(), "examples/yaml/Pulumi.yaml"), "utf8");
const SCHEMA: unknown = JSON.parse(readFileSync(join(repoRoot(), "provider/plugin/schema.json"), "utf8"));

let emu: Emulator;
let work: string;
let tarball: HostPluginTarball;
let path: string;
let stack: PulumiStack;
let printed = "";

/** A credential the dashboard user gave the exported Slack integration: in no exported file or line printed. */
const EXPORT_CREDENTIAL = "xoxb-sea-export-secret-5a5";

/** The installed plugin executable (after the `plugin install` test). */
function installedExecutable(): string {
  return join(stack.workDir, "home", "plugins", `resource-svc-v${tarball.version}`, "pulumi-resource-svc");
}

/** Each file of a folder, by name. */
function filesIn(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")]));
}

/** Runs `pulumi <args>` outside any stack (plugin commands), in the stack's environment. */
async function pulumi(args: string[]): Promise<string> {
  const r = await startCommand(join(stack.binDir, "pulumi"), args, { cwd: work, env: stack.env }).result;
  printed += r.stdout + r.stderr;
  expect(r.code, `pulumi ${args.join(" ")}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

describe.skipIf(skipEngine("plugin-executable"))(
  "the standalone plugin executable from its tarball, no node on PATH (examples/yaml)",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      work = mkdtempSync(join(tmpdir(), "pulumi-svc-sea-"));
      const [cliBin, built] = await Promise.all([
        ensurePulumiCli(),
        buildHostPluginTarball(join(work, "dist")),
      ]);
      tarball = built;
      path = cliOnlyBinDir(join(work, "bin"), cliBin);
      emu = await startEmulator({ port: 0, fixtures: "default" });
      const projectDir = join(work, "project");
      mkdirSync(projectDir);
      writeFileSync(join(projectDir, "Pulumi.yaml"), EXAMPLE);
      stack = await PulumiStack.init({ projectDir, binDir: path, env: { PATH: path } });
      await stack.setConfig("svc:baseUrl", emu.url);
      await stack.setAllConfig(
        {
          "svc:apiKey": emu.apiKey,
          sendgridApiKey: SENDGRID_KEY,
          expoAccessToken: EXPO_TOKEN,
          graceWebhookUrl: GRACE_URL,
          alanWebhookUrl: ALAN_URL,
        },
        ["svc:apiKey", "sendgridApiKey", "expoAccessToken", "graceWebhookUrl", "alanWebhookUrl"],
      );
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      await stack?.remove().catch(() => {});
      await emu?.close();
      if (work !== undefined) rmSync(work, { recursive: true, force: true });
    });

    it("PATH holds the CLI and the YAML host only: no node, no pulumi-resource-svc", () => {
      expect(onPath("pulumi", path)).toBe(true);
      expect(onPath("pulumi-language-yaml", path)).toBe(true);
      expect(onPath("node", path)).toBe(false);
      expect(onPath("pulumi-resource-svc", path)).toBe(false);
      expect(tarball.file).toMatch(/pulumi-resource-svc-v\d+\.\d+\.\d+-[a-z]+-[a-z0-9]+\.tar\.gz$/);
    });

    it("pulumi plugin install resource svc <version> --file <tarball> installs it", async () => {
      await pulumi(["plugin", "install", "resource", "svc", tarball.version, "--file", tarball.file]);
      const listed = JSON.parse(await pulumi(["plugin", "ls", "--json"])) as {
        name: string;
        version: string;
      }[];
      expect(listed.map((p) => `${p.name}@${p.version}`)).toContain(`svc@${tarball.version}`);
    });

    it("the installed executable serves GetPluginInfo (the package's version) and GetSchema (the pinned schema)", async () => {
      const running = await startPluginProcess(installedExecutable(), [], { PATH: path });
      try {
        expect(await running.client.pluginInfo()).toBe(tarball.version);
        expect(JSON.parse(await running.client.schema())).toEqual(SCHEMA);
      } finally {
        running.stop();
      }
    });

    it("pulumi-resource-svc export (the executable, no node): the files svc-export writes; a missing key refused in one line, nothing written", async () => {
      const source = await startEmulator({ port: 0 });
      const out = mkdtempSync(join(tmpdir(), "pulumi-svc-sea-export-"));
      try {
        const sibling = source.keys.find((k) => k.apiKey !== source.apiKey)?.apiKey as string;
        await seedDashboardEnvironment(source, sibling, { slack: EXPORT_CREDENTIAL });
        const keyEnv = { SVC_API_KEY: source.apiKey, SVC_BASE_URL: source.url };
        const exportWith = (args: string[], env: Record<string, string>) =>
          startCommand(installedExecutable(), ["export", ...args], { cwd: out, env: { PATH: path, ...env } })
            .result;
        // YAML; Go, whose writer reads the package schema the bundle carries.
        for (const language of ["yaml", "go"]) {
          const dir = join(out, "sea", language, "exported");
          const r = await exportWith(["--language", language, "--out", dir], keyEnv);
          printed += r.stdout + r.stderr;
          expect(r.code, r.stderr).toBe(0);
          expect(r.stderr).toMatch(/svc-export: wrote 9 resources as a \w+ project in /);
          const reference = join(out, "npm", language, "exported");
          const code = await runExport(["--language", language, "--out", reference], {
            env: keyEnv,
            stderr: () => {},
            stdout: () => {},
          });
          expect(code).toBe(0);
          const files = filesIn(dir);
          expect(Object.keys(files).sort()).toEqual(
            language === "yaml"
              ? ["Pulumi.yaml", "README.md"]
              : ["Pulumi.yaml", "README.md", "go.mod", "main.go"],
          );
          expect(files).toEqual(filesIn(reference));
          expect(plaintextHits(JSON.stringify(files), [source.apiKey, EXPORT_CREDENTIAL])).toEqual({});
        }
        const refused = join(out, "refused");
        const r = await exportWith(["--language", "yaml", "--out", refused], { SVC_BASE_URL: source.url });
        printed += r.stdout + r.stderr;
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(
          /^svc-export: SVC_API_KEY is not set; export the environment's API key first.*\n$/,
        );
        expect(existsSync(refused)).toBe(false);
        expect(plaintextHits(printed, [source.apiKey, EXPORT_CREDENTIAL])).toEqual({});
      } finally {
        await source.close();
        rmSync(out, { recursive: true, force: true });
      }
    });

    it("up creates the eleven resources (a workflow, a layout, a topic and its subscriptions among them) through the executable, the credentials secret", async () => {
      const up = await stack.up();
      printed += up.stdout + up.stderr;
      const outputs = await stack.outputs();
      printed += JSON.stringify(outputs);
      const ids = outputs.integrations as Record<string, string>;
      const email = emu.integrations().find((i) => i.identifier === ids.email);
      expect(email?.credentials).toEqual({
        apiKey: SENDGRID_KEY,
        from: "noreply@example.com",
        senderName: "Example App",
      });
      // The read workflow holds the http_request step's Authorization header: the answer is secret as a whole.
      expect(outputs.onboardingReadName).toBe("[secret]");
      expect(outputs.onboarding).toEqual({ workflowId: "yaml-onboarding", status: "ACTIVE" });
      const state = await stack.exportStack();
      printed += JSON.stringify(state);
      const byName = stateByName(state);
      expect([...byName.keys()].sort()).toEqual([
        "adaPush",
        "apiBase",
        "brandLayout",
        "chat",
        "email",
        "onboarding",
        "opsMembers",
        "opsTopic",
        "push",
        "signingKey",
        "teamChat",
      ]);
      expect(outputs.layout).toEqual({ layoutId: "yaml-brand", isDefault: false });
      // Two subscriberIds and two subscriptions with identifiers (one with a conditioned preference).
      expect(outputs.opsTopic).toEqual({ key: "yaml-ops-on-call", subscribers: 4 });
      for (const r of byName.values()) {
        const credentials = r.outputs?.credentials;
        if (credentials !== undefined && JSON.stringify(credentials) !== "{}")
          expect(isStateSecret(credentials), r.urn).toBe(true);
      }
    });

    it("a second preview expects no changes", async () => {
      const { digest, stdout, stderr } = await stack.preview({ expectNoChanges: true });
      printed += stdout + stderr;
      expect(stepOps(digest)).toEqual([]);
      expect(digest?.changeSummary).toEqual({ same: 12 });
    });

    it("destroy removes what the stack made, its layout included (the environment's default is organization creation's)", async () => {
      const ours = new Set(
        (await stack.exportStack()).deployment.resources
          ?.filter((r) => r.type === "svc:index:Integration" && r.id !== undefined)
          .map((r) => String(r.id)),
      );
      expect(ours.size).toBe(3);
      const destroy = await stack.destroy();
      printed += destroy.stdout + destroy.stderr;
      const state = await stack.exportStack();
      printed += JSON.stringify(state);
      expect((state.deployment.resources ?? []).filter((r) => r.type !== STACK_TYPE)).toEqual([]);
      expect(emu.integrations().filter((i) => ours.has(String(i._id)))).toEqual([]);
      expect((await call(emu, "GET", "/v2/topics/yaml-ops-on-call")).status).toBe(404);
      expect((await call(emu, "GET", "/v2/layouts/yaml-brand")).status).toBe(404);
      expect((await call(emu, "GET", "/v2/layouts/default-layout")).body?.data?.isDefault).toBe(true);
      expect(destroy.stdout + destroy.stderr).not.toMatch(/default layout/);
    });

    it("no secret in plaintext: CLI output, state exports, the CLI home and the project folder", () => {
      expect(plaintextHits(printed, SECRETS)).toEqual({});
      for (const dir of [stack.workDir, stack.projectDir]) {
        const grep = spawnSync("grep", ["-rlF", ...SECRETS.flatMap((s) => ["-e", s]), dir], {
          encoding: "utf8",
        });
        expect(grep.stdout, dir).toBe("");
      }
    });
  },
);
