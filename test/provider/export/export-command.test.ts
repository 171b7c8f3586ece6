/**
 * `svc-export` in-process against the emulator, seeded over raw HTTP as a dashboard user leaves it: the
 * model (integrations of the key's environment only, references, adopt everywhere, code-first workflows left
 * out and said), the YAML and TypeScript files, no key or credential in any file or line printed; bad input
 * (no key, a rejected key, an unreachable service, a non-empty folder, an unknown language): one line, a
 * non-zero exit, nothing written. The engine tests (test/engine/export.test.ts) run the generated projects.
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
import { type Emulator, startEmulator } from "../../../emulator";
import { runExport } from "../../../provider/export/cli";
import { goModulePath } from "../../../provider/export/writers/go";
import { call } from "../../../testkit/emulator-http";
import { SEED_WEBHOOK_TOKEN, seedDashboardEnvironment } from "../../../testkit/export-seed";

/** The secret variable's value in the seeded environment: never in a file or a line printed. */
const SIGNING_KEY = "whsec-seeded-9c41";

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

/** gofmt's verdict on a Go file: the files it would change (empty: as gofmt leaves it); undefined without gofmt. */
function gofmtChanges(file: string): string | undefined {
  const run = spawnSync("nice", ["-n", "19", "gofmt", "-l", file], { encoding: "utf8" });
  if (run.error !== undefined || run.status === 127) return undefined;
  expect(run.stderr).toBe("");
  return run.stdout;
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
  await seedDashboardEnvironment(emu, prodKey, { signingKey: SIGNING_KEY });
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
    // integrations, layout, workflows, topics, variables
    expect(program.match(/adopt: true/g)?.length).toBe(2 + 1 + 2 + 2 + 2);
    // Environment variables: the plain value literally; the secret one from a property of the object config key
    // `secretValues` (absent while unset: adopting keeps it); the sibling environment's variable left out.
    expect(program).toMatch(
      /type: svc:index:EnvironmentVariable\n {4}properties:\n {6}key: API_BASE\n {6}value: https:\/\/api\.acme\.test\n {6}isSecret: false\n {6}type: string\n {6}adopt: true\n/,
    );
    expect(program).toMatch(
      /type: svc:index:EnvironmentVariable\n {4}properties:\n {6}key: SIGNING_KEY\n {6}value: \$\{secretValues\.signingKeyValue\}\n {6}isSecret: true\n {6}type: string\n {6}adopt: true\n/,
    );
    expect(program).toContain("\n  secretValues:\n    type: object\n    default: {}\n");
    expect(program).not.toContain("SIBLING_ONLY");
    expect(readFileSync(join(dir, "README.md"), "utf8")).toContain(
      "pulumi config set --secret --path 'secretValues.signingKeyValue' <value>\n",
    );
    // Translations: a community service has none, said in one line; settings are not exported by default.
    expect(err.join("\n")).toContain("svc-export: translations: the service has no translations");
    expect(program).not.toContain("OrganizationSettings");
    expect(err.join("\n")).toMatch(/left out: workflow "bridge-flow": origin external/);
    expect(filesOf(dir)).not.toContain(emu.apiKey);
    expect(filesOf(dir)).not.toContain("A1");
    expect(filesOf(dir)).not.toContain(SIGNING_KEY);
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
    expect(program).toContain(
      'const signingKey = new svc.EnvironmentVariable("signingKey", {\n    key: "SIGNING_KEY",\n    value: config.getSecret("signingKeyValue"),\n    isSecret: true,\n',
    );
    expect(program).toContain(
      '    key: "API_BASE",\n    value: "https://api.acme.test",\n    isSecret: false,\n',
    );
    expect(readFileSync(join(dir, "README.md"), "utf8")).toContain(
      "pulumi config set --secret signingKeyValue <value>",
    );
    expect(filesOf(dir)).not.toContain(SIGNING_KEY);
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
    // A step's controls are its type's typed block (snake_case keys); the layout is a reference in it.
    expect(program).toContain('            "email": {\n');
    expect(program).toContain('"layout_id": brand.layout_id,');
    expect(program).toContain('"primary_action": {\n');
    expect(program).not.toContain('"controls":');
    expect(program).toContain('    value=config.get_secret("signingKeyValue"),\n');
  });

  it("writes a Go project on the generated SDK: the SDK's field names and types, references kept, as gofmt leaves it", async () => {
    const dir = join(root, "go");
    const { code } = await run(["--language", "go", "--out", dir, "--project", "acme-go"], envOf(emu));
    expect(code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(["Pulumi.yaml", "README.md", "go.mod", "main.go"]);
    expect(readFileSync(join(dir, "Pulumi.yaml"), "utf8")).toMatch(/^name: acme-go\nruntime: go\n/);
    const program = readFileSync(join(dir, "main.go"), "utf8");
    expect(program).toContain('\t"github.com/pulumi-svc/pulumi-svc/sdks/go/svc"\n');
    expect(program).toContain(
      '\tteamSlack, err := svc.NewIntegration(ctx, "teamSlack", &svc.IntegrationArgs{\n' +
        '\t\tName:        pulumi.String("Team Slack"),\n' +
        '\t\tIdentifier:  pulumi.String("team-slack" + identifierSuffix),\n' +
        '\t\tProviderId:  pulumi.String("slack"),\n' +
        '\t\tChannel:     pulumi.String("chat"),\n' +
        "\t\tActive:      pulumi.Bool(true),\n" +
        '\t\tCredentials: creds["teamSlackCredentials"],\n' +
        "\t\tAdopt:       pulumi.Bool(true),\n" +
        "\t})\n",
    );
    expect(program).toContain('\tidentifierSuffix := conf.Get("identifierSuffix")\n');
    expect(program).toContain(
      '\tcreds, err := readCredentials(conf,\n\t\t"sendgridMainCredentials",\n\t\t"teamSlackCredentials",\n\t)\n',
    );
    // Typed objects: svc.<Type>Args with the SDK's field names, an object field by pointer; a step's controls are
    // its type's typed block.
    expect(program).toContain("\t\tSteps: svc.WorkflowStepArray{\n\t\t\tsvc.WorkflowStepArgs{\n");
    expect(program).toContain("\t\t\t\tEmail: &svc.WorkflowStepEmailControlsArgs{\n");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the service's content, literally
    expect(program).toContain('\t\t\t\t\tSubject:    pulumi.String("Welcome to ${acme}"),\n');
    // The email step names the layout by reference: the brand layout's LayoutId output.
    expect(program).toContain("\t\t\t\t\tLayoutId:   brand.LayoutId,\n");
    expect(program).toContain(
      "\t\t\t\tDelay: &svc.WorkflowStepDelayControlsArgs{\n\t\t\t\t\tAmount: pulumi.Float64(5),\n",
    );
    expect(program).not.toContain("Controls:");
    expect(program).toContain(
      "\t\tPreferences: &svc.WorkflowPreferencesArgs{\n\t\t\tUser: &svc.WorkflowChannelPreferencesArgs{\n\t\t\t\tAll: &svc.WorkflowChannelPreferencesAllArgs{\n",
    );
    expect(program).toContain("\t\t\t\t\tReadOnly: pulumi.Bool(false),\n");
    expect(program).toContain("\t\t\t\tChannels: svc.WorkflowChannelPreferencesChannelsMap{\n");
    expect(program).toContain(
      '\t\t\t\t\t"sms": svc.WorkflowChannelPreferencesChannelsArgs{\n\t\t\t\t\t\tEnabled: pulumi.Bool(false),\n',
    );
    expect(program).toContain('\t\tTags: pulumi.StringArray{\n\t\t\tpulumi.String("onboarding"),\n');
    expect(program).toContain(
      '\topsOnCall, err := svc.NewTopic(ctx, "opsOnCall", &svc.TopicArgs{\n\t\tKey:   pulumi.String("ops:on-call"),\n',
    );
    expect(program).toContain(
      '\tctx.Export("resources", pulumi.Int(len([]pulumi.Resource{\n\t\tsendgridMain,\n\t\tteamSlack,\n\t\tbrand,\n',
    );
    expect(program).not.toContain("prod-twilio");
    expect(program.match(/Adopt: +pulumi\.Bool\(true\),/g)?.length).toBe(2 + 1 + 2 + 2 + 2);
    expect(program).toContain(
      '\tsigningKey, err := svc.NewEnvironmentVariable(ctx, "signingKey", &svc.EnvironmentVariableArgs{\n' +
        '\t\tKey:      pulumi.String("SIGNING_KEY"),\n' +
        '\t\tValue:    readSecret(conf, "signingKeyValue"),\n',
    );
    expect(program).toContain("func readSecret(conf *config.Config, key string) pulumi.StringPtrInput {\n");
    const goMod = readFileSync(join(dir, "go.mod"), "utf8");
    expect(goMod).toMatch(/^module acme-go\n/);
    expect(goMod).toContain("replace github.com/pulumi-svc/pulumi-svc/sdks/go => ../pulumi-svc/sdks/go\n");
    // The versions are the generated SDK's own (sdks/go/go.mod), which the repository's Go builds check.
    const sdkMod = readFileSync(join(__dirname, "../../../sdks/go/go.mod"), "utf8");
    expect(sdkMod).toContain(`\n${goMod.match(/^go .+$/m)?.[0]}\n`);
    expect(sdkMod).toContain(goMod.match(/\tgithub\.com\/pulumi\/pulumi\/sdk\/v3 v\S+/)?.[0]);
    const readme = readFileSync(join(dir, "README.md"), "utf8");
    expect(readme).toContain("as a Go program");
    expect(readme).toContain("point the `replace` at your clone's\n`sdks/go`");
    expect(readme).toContain("pulumi config set --secret --path 'teamSlackCredentials.<key>' <value>");
    expect(filesOf(dir)).not.toContain(emu.apiKey);
    expect(filesOf(dir)).not.toContain("A1");
    // As gofmt leaves it (the program is not compiled here: the engine tests build Go programs).
    const changes = gofmtChanges(join(dir, "main.go"));
    if (changes === undefined) console.warn("gofmt is not on PATH: main.go's formatting not checked");
    else expect(changes).toBe("");
  });

  it("writes a C# project on the generated .NET SDK: the SDK's members and types, references kept, credentials from config", async () => {
    const dir = join(root, "cs");
    const { code } = await run(["--language", "csharp", "--out", dir, "--project", "acme-cs"], envOf(emu));
    expect(code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(["Program.cs", "Pulumi.yaml", "README.md", "acme-cs.csproj"]);
    expect(readFileSync(join(dir, "Pulumi.yaml"), "utf8")).toMatch(/^name: acme-cs\nruntime: dotnet\n/);
    const project = readFileSync(join(dir, "acme-cs.csproj"), "utf8");
    expect(project).toContain('<PackageReference Include="Pulumi" Version="3.*" />');
    expect(project).toContain(
      '<ProjectReference Include="../pulumi-svc/sdks/dotnet/PulumiSvc.Svc.csproj" />',
    );
    const program = readFileSync(join(dir, "Program.cs"), "utf8");
    expect(program).toContain("using Svc = PulumiSvc.Svc;\n\nreturn await Deployment.RunAsync(() =>\n{\n");
    expect(program).toContain('    var identifierSuffix = config.Get("identifierSuffix") ?? "";\n');
    expect(program).toContain(
      '    var teamSlack = new Svc.Integration("teamSlack", WithCredentials(new()\n' +
        "    {\n" +
        '        Name = "Team Slack",\n' +
        '        Identifier = $"team-slack{identifierSuffix}",\n' +
        '        ProviderId = "slack",\n' +
        '        Channel = "chat",\n' +
        "        Active = true,\n" +
        "        Adopt = true,\n" +
        '    }, config, "teamSlackCredentials"));\n',
    );
    // A step's controls are its type's typed block (Svc.Inputs.<Type>Args); the layout is a reference in it.
    expect(program).toContain(
      "                Email = new Svc.Inputs.WorkflowStepEmailControlsArgs\n                {\n" +
        '                    Body = "<p>Hello {{subscriber.firstName}}</p>",\n' +
        '                    EditorType = "html",\n' +
        "                    LayoutId = brand.LayoutId,\n" +
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the service's content, literally
        '                    Subject = "Welcome to ${acme}",\n',
    );
    expect(program).not.toContain("Controls =");
    expect(program).toContain(
      '                    { "sms", new Svc.Inputs.WorkflowChannelPreferencesChannelsArgs\n' +
        "                    {\n                        Enabled = false,\n                    } },\n",
    );
    expect(program).toContain("        Tags = new InputList<string>(),\n");
    expect(program).toContain(
      '        Tags = new[]\n        {\n            "onboarding",\n            "email",\n        },\n',
    );
    expect(program).toContain('            { "properties", new Dictionary<string, object?>() },\n');
    expect(program).toContain(
      "static Svc.IntegrationArgs WithCredentials(Svc.IntegrationArgs args, Config config, string key)",
    );
    expect(program).not.toContain("prod-twilio");
    // Integrations, the layout, workflows, topics, variables.
    expect(program.match(/Adopt = true,/g)?.length).toBe(2 + 1 + 2 + 2 + 2);
    // A secret variable's value from secret config, null (no value declared) while unset.
    expect(program).toContain('        Value = SecretOrNull(config, "signingKeyValue"),\n');
    expect(program).toContain("static Input<string>? SecretOrNull(Config config, string key)");
    expect(program).toContain('        Value = "https://api.acme.test",\n');
    const readme = readFileSync(join(dir, "README.md"), "utf8");
    expect(readme).toContain("as a C# program");
    expect(readme).toContain("pulumi config set --secret --path 'teamSlackCredentials.<key>' <value>");
    expect(readme).toContain("`sdks/dotnet/PulumiSvc.Svc.csproj`");
    expect(filesOf(dir)).not.toContain(emu.apiKey);
    expect(filesOf(dir)).not.toContain("A1");
  });

  it("writes an http_request step's credential header in no language: secretHeaders read from a secret config key", async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's interpolation, literally
    const yamlUse = "secretHeaders: ${secretValues.weeklyDigestSecretHeaders}";
    const header = `weeklyDigestSecretHeaders["Notify CRM"].Authorization`;
    const expected: Record<string, [string, string]> = {
      yaml: ["Pulumi.yaml", yamlUse],
      typescript: [
        "index.ts",
        'secretHeaders: config.getSecretObject<Record<string, Record<string, string>>>("weeklyDigestSecretHeaders"),',
      ],
      python: ["__main__.py", 'secret_headers=config.get_secret_object("weeklyDigestSecretHeaders"),'],
      go: ["main.go", 'SecretHeaders: readSecretHeaders(conf, "weeklyDigestSecretHeaders"),'],
      csharp: ["Program.cs", 'SecretHeaders = SecretHeadersOrNull(config, "weeklyDigestSecretHeaders"),'],
    };
    for (const [language, [file, use]] of Object.entries(expected)) {
      const dir = join(root, `headers-${language}`);
      const { code, err, out } = await run(["--language", language, "--out", dir], envOf(emu));
      expect(code).toBe(0);
      expect(filesOf(dir)).not.toContain(SEED_WEBHOOK_TOKEN);
      expect([...err, ...out].join("\n")).not.toContain(SEED_WEBHOOK_TOKEN);
      const program = readFileSync(join(dir, file), "utf8");
      expect(program, language).toContain(use);
      // The README's command for the one header found (YAML: below the object key of the secret values).
      const path = language === "yaml" ? `secretValues.${header}` : header;
      expect(readFileSync(join(dir, "README.md"), "utf8"), language).toContain(
        `\npulumi config set --secret --path '${path}' <value>\n`,
      );
      expect(program).toContain("Content-Type");
      expect(program).not.toContain("Authorization");
    }
  });

  it("go.mod declares a module path Go accepts, whatever the project's name (a folder named `go`)", async () => {
    const dir = join(root, "go-named", "go");
    expect((await run(["--language", "go", "--out", dir], envOf(emu))).code).toBe(0);
    expect(readFileSync(join(dir, "Pulumi.yaml"), "utf8")).toMatch(/^name: go\n/);
    expect(readFileSync(join(dir, "go.mod"), "utf8")).toMatch(/^module go-program\n/);
    expect(["toolchain", "std", "acme-go", "-acme.", "..", "v1.2"].map(goModulePath)).toEqual([
      "toolchain-program",
      "std-program",
      "acme-go",
      "acme",
      "svc-program",
      "v1.2",
    ]);
  });

  it("--with-subscriptions: each topic's subscribers as TopicSubscriptions naming the topic by reference", async () => {
    emu.seed({ subscribers: [{ subscriberId: "alice" }, { subscriberId: "bob" }] });
    const subscribed = await call(emu, "POST", "/v2/topics/beta-users/subscriptions", {
      body: { subscriberIds: ["bob", "alice"] },
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
    // In Go: the topic's Key output.
    const goDir = join(root, "subs-go");
    const go = await run(
      ["--language", "go", "--out", goDir, "--with-subscriptions", "--only", "topics"],
      envOf(emu),
    );
    expect(go.code).toBe(0);
    const goProgram = readFileSync(join(goDir, "main.go"), "utf8");
    expect(goProgram).toContain(
      '\tbetaUsersSubscriptions, err := svc.NewTopicSubscriptions(ctx, "betaUsersSubscriptions", &svc.TopicSubscriptionsArgs{\n' +
        "\t\tTopicKey: betaUsers.Key,\n" +
        "\t\tSubscriberIds: pulumi.StringArray{\n" +
        '\t\t\tpulumi.String("alice"),\n' +
        '\t\t\tpulumi.String("bob"),\n' +
        "\t\t},\n\t})\n",
    );
    // Without integrations, no config is read: neither the config package nor a `conf` (Go refuses unused ones).
    expect(goProgram).not.toContain("config");
    const changes = gofmtChanges(join(goDir, "main.go"));
    if (changes !== undefined) expect(changes).toBe("");
    // In C#: the topic's Key output; no config, no credentials functions.
    const csDir = join(root, "subs-cs");
    const cs = await run(
      ["--language", "csharp", "--out", csDir, "--with-subscriptions", "--only", "topics"],
      envOf(emu),
    );
    expect(cs.code).toBe(0);
    const csProgram = readFileSync(join(csDir, "Program.cs"), "utf8");
    expect(csProgram).toContain(
      '    var betaUsersSubscriptions = new Svc.TopicSubscriptions("betaUsersSubscriptions", new()\n' +
        "    {\n" +
        "        TopicKey = betaUsers.Key,\n" +
        '        SubscriberIds = new[]\n        {\n            "alice",\n            "bob",\n        },\n' +
        "    });\n",
    );
    expect(csProgram).not.toMatch(/Config|WithCredentials|System\.Text\.Json/);
  });

  it("--with-subscriptions: a subscription with its own identifier, a name and a conditioned preference is written whole", async () => {
    emu.seed({
      subscribers: [{ subscriberId: "carol" }],
      workflows: [{ workflowId: "digest", name: "Digest" }],
    });
    const made = await call(emu, "POST", "/v2/topics/vip/subscriptions", {
      body: {
        subscriptions: [{ identifier: "carol-vip", subscriberId: "carol", name: "Carol VIP" }],
        preferences: [
          {
            filter: { workflowIds: ["digest"] },
            enabled: false,
            condition: { "==": [{ var: "payload.tier" }, "gold"] },
          },
        ],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const dir = join(root, "subs-prefs");
    const { code } = await run(
      ["--language", "yaml", "--out", dir, "--with-subscriptions", "--only", "topics"],
      envOf(emu),
    );
    expect(code).toBe(0);
    const program = readFileSync(join(dir, "Pulumi.yaml"), "utf8");
    const block = program.slice(program.indexOf("vipSubscriptions:"));
    expect(block).toMatch(
      /subscriberIds: \[\]\n {6}subscriptions:\n {8}- identifier: carol-vip\n {10}subscriberId: carol\n {10}name: Carol VIP\n {10}preferences:\n {12}- workflowId: digest\n {14}enabled: false\n {14}condition:\n/,
    );
    expect(block).toContain("payload.tier");
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
