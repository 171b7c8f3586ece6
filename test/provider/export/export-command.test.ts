/**
 * `svc-export` in-process against the emulator, seeded over raw HTTP as a dashboard user leaves it: the
 * model (integrations of the key's environment only, references, adopt everywhere, code-first workflows left
 * out and said), the YAML and TypeScript files, no key or credential in any file or line printed; bad input
 * (no key, a rejected key, an unreachable service, a non-empty folder, an unknown language): one line, a
 * non-zero exit, nothing written. The engine tests (test/engine/export.test.ts) run the generated projects.
 */
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
import { type Emulator, startEmulator } from "../../../emulator";
import { runExport } from "../../../provider/export/cli";
import { call } from "../../../testkit/emulator-http";
import { seedDashboardEnvironment } from "../../../testkit/export-seed";

let emu: Emulator;
let root: string;

async function run(args: string[], env: Record<string, string | undefined>) {
  const err: string[] = [];
  const out: string[] = [];
  const code = await runExport(args, { env, stderr: (l) => err.push(l), stdout: (l) => out.push(l) });
  return { code, err, out };
}

function envOf(e: Emulator, key = e.apiKey) {
  return { SVC_API_KEY: key, SVC_BASE_URL: e.url };
}

function filesOf(dir: string): string {
  return readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .join("\n");
}

beforeAll(async () => {
  // A workflow the code-first framework owns (fixtures seed origin external): left out, and said.
  emu = await startEmulator({
    port: 0,
    fixtures: { workflows: [{ workflowId: "bridge-flow", name: "Bridge" }] },
  });
  const prodKey = emu.keys.find((k) => k.apiKey !== emu.apiKey)?.apiKey as string;
  await seedDashboardEnvironment(emu, prodKey);
  root = mkdtempSync(join(tmpdir(), "svc-export-test-"));
});

afterAll(async () => {
  await emu?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("svc-export", () => {
  it("writes a YAML project: every object of the key's environment with adopt, references kept", async () => {
    const dir = join(root, "yaml");
    const { code, err } = await run(["--language", "yaml", "--out", dir, "--project", "acme"], envOf(emu));
    expect(err.join("\n")).not.toContain(emu.apiKey);
    expect(code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(["Pulumi.yaml", "README.md"]);
    const program = readFileSync(join(dir, "Pulumi.yaml"), "utf8");
    expect(program).toMatch(/^name: acme\nruntime: yaml\n/);
    expect(program).toContain("type: svc:index:Integration");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's interpolation, literally
    expect(program).toContain('identifier: "team-slack${identifierSuffix}"');
    expect(program).not.toContain("prod-twilio");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's interpolation, literally
    expect(program).toContain("layoutId: ${brand.layoutId}");
    expect(program).toContain("key: ops:on-call");
    // Content holding `${` is escaped for Pulumi YAML's interpolation.
    expect(program).toContain('subject: "Welcome to $${acme}"');
    expect(program.match(/adopt: true/g)?.length).toBe(2 + 1 + 2 + 2); // integrations, layout, workflows, topics
    expect(err.join("\n")).toMatch(/left out: workflow "bridge-flow": origin external/);
    expect(filesOf(dir)).not.toContain(emu.apiKey);
    expect(filesOf(dir)).not.toContain("A1");
  });

  it("writes a TypeScript project naming the credentials config in its README", async () => {
    const dir = join(root, "ts");
    const { code } = await run(["--language", "typescript", "--out", dir], envOf(emu));
    expect(code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([
      "Pulumi.yaml",
      "README.md",
      "index.ts",
      "package.json",
      "tsconfig.json",
    ]);
    const program = readFileSync(join(dir, "index.ts"), "utf8");
    expect(program).toContain('const teamSlack = new svc.Integration("teamSlack", {');
    expect(program).toContain(
      'credentials: config.getSecretObject<Record<string, string>>("teamSlackCredentials"),',
    );
    expect(program).toContain("layoutId: brand.layoutId,");
    expect(readFileSync(join(dir, "README.md"), "utf8")).toContain(
      "pulumi config set --secret --path 'teamSlackCredentials.",
    );
  });

  it("writes a Python project on the generated SDK: snake_case arguments and typed keys, map keys as stored", async () => {
    const dir = join(root, "py");
    const { code } = await run(["--language", "python", "--out", dir], envOf(emu));
    expect(code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(["Pulumi.yaml", "README.md", "__main__.py", "requirements.txt"]);
    const program = readFileSync(join(dir, "__main__.py"), "utf8");
    expect(program).toContain('identifier=f"team-slack{identifier_suffix}",');
    expect(program).toContain('credentials=config.get_secret_object("teamSlackCredentials"),');
    expect(program).toContain('"editor_type": "html",');
    expect(program).toContain('"read_only": False,');
    // controls are a map: their keys stay the service's; the layout is a reference.
    expect(program).toContain('"layoutId": brand.layout_id,');
    expect(program).toContain('"editorType": "html",');
  });

  it("--with-subscriptions: each topic's subscribers as TopicSubscriptions naming the topic by reference", async () => {
    emu.seed({ subscribers: [{ subscriberId: "alice" }, { subscriberId: "bob" }] });
    const subscribed = await call(emu, "POST", "/v2/topics/beta-users/subscriptions", {
      body: { subscriptions: ["bob", "alice"] },
    });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201);
    const dir = join(root, "subs");
    const { code } = await run(
      ["--language", "yaml", "--out", dir, "--with-subscriptions", "--only", "topics"],
      envOf(emu),
    );
    expect(code).toBe(0);
    const program = readFileSync(join(dir, "Pulumi.yaml"), "utf8");
    expect(program).not.toContain("svc:index:Workflow");
    expect(program).toMatch(
      /type: svc:index:TopicSubscriptions\n {4}properties:\n {6}topicKey: \$\{betaUsers\.key\}\n {6}subscriberIds:\n {8}- alice\n {8}- bob\n/,
    );
    expect(readFileSync(join(dir, "README.md"), "utf8")).toContain(
      "the subscribers must\nexist in the target",
    );
  });

  it("bad input: one line naming what to do, a non-zero exit, nothing written", async () => {
    const dir = join(root, "bad");
    const cases: [string[], Record<string, string | undefined>, RegExp][] = [
      [["--language", "yaml", "--out", dir], {}, /SVC_API_KEY is not set/],
      [["--language", "yaml", "--out", dir], envOf(emu, "wrong-key"), /refused SVC_API_KEY \(401\)/],
      [
        ["--language", "yaml", "--out", dir],
        { SVC_API_KEY: "k", SVC_BASE_URL: "http://127.0.0.1:9" },
        /cannot reach SVC_BASE_URL/,
      ],
      [
        ["--language", "cobol", "--out", dir],
        envOf(emu),
        /--language must be one of typescript, javascript, python, go, yaml, csharp/,
      ],
      [["--language", "yaml"], envOf(emu), /--out DIR is required/],
      [
        ["--language", "yaml", "--out", dir, "--only", "things"],
        envOf(emu),
        /--only takes integrations, layouts, workflows, topics/,
      ],
    ];
    for (const [args, env, message] of cases) {
      const { code, err } = await run(args, env);
      expect(code).not.toBe(0);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(message);
      expect(err[0]).not.toMatch(/\n|at .*\.js:\d+/);
      expect(existsSync(dir)).toBe(false);
    }
    mkdirSync(dir);
    writeFileSync(join(dir, "keep.txt"), "mine");
    const { code, err } = await run(["--language", "yaml", "--out", dir], envOf(emu));
    expect(code).toBe(2);
    expect(err).toEqual([`svc-export: --out ${dir} is not empty; name an absent or empty folder`]);
    expect(readdirSync(dir)).toEqual(["keep.txt"]);
    expect(readdirSync(root).filter((f) => f.startsWith("."))).toEqual([]);
  });
});
