/**
 * What a copy of an exported environment needs from the files `svc-export` writes (issue 50), in every language,
 * read from an emulator that starts as a new organization (fixtures "none": its Inbox and Default layout) and is
 * seeded as a dashboard user leaves it, with an active push integration:
 * - the objects the service makes itself are not declared, and the README's "Left out" says why (built-in.ts);
 * - a workflow depends on the integrations of its steps' channels (`dependsOn` in each language's form);
 * - the README's install lines name what a pulumi-svc clone builds (`npm run package`, `npm run plugin:dist`,
 *   sdks/python) under the names those builds give, and the README names `pulumi login --local`,
 *   `PULUMI_CONFIG_PASSPHRASE`, the language host, and what the first preview shows.
 * The engine test (test/engine/export.test.ts) runs the copy.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../emulator";
import { packageVersion } from "../../../node-support/package-version";
import { runExport } from "../../../provider/export/cli";
import { packPackage } from "../../../scripts/npm-package";
import { tarballName } from "../../../scripts/plugin-dist/tarball";
import { seedDashboardEnvironment } from "../../../testkit/export-seed";
import { repoRoot } from "../../../testkit/harness/repo-root";

let emu: Emulator;
let root: string;
const written: Record<string, { program: string; readme: string }> = {};

const PROGRAM_FILE = {
  typescript: "index.ts",
  javascript: "index.js",
  yaml: "Pulumi.yaml",
  python: "__main__.py",
  go: "main.go",
  csharp: "Program.cs",
} as const;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, fixtures: "none" });
  const sibling = emu.keys.find((k) => k.apiKey !== emu.apiKey)?.apiKey as string;
  await seedDashboardEnvironment(emu, sibling, { push: "fcm-account" });
  root = mkdtempSync(join(tmpdir(), "svc-export-copy-rules-"));
  for (const [language, file] of Object.entries(PROGRAM_FILE)) {
    const dir = join(root, language);
    const env = { SVC_API_KEY: emu.apiKey, SVC_BASE_URL: emu.url };
    const code = await runExport(["--language", language, "--out", dir], {
      env,
      stderr: () => {},
      stdout: () => {},
    });
    expect(code).toBe(0);
    written[language] = {
      program: readFileSync(join(dir, file), "utf8"),
      readme: readFileSync(join(dir, "README.md"), "utf8"),
    };
  }
});

afterAll(async () => {
  await emu?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("svc-export for a copy", () => {
  it("declares none of the objects the service makes itself, and says why", () => {
    for (const [language, { program, readme }] of Object.entries(written)) {
      expect(program, language).not.toMatch(/novu-inbox|novuInbox|novu_inbox/);
      expect(program, language).not.toMatch(/default-layout|defaultLayout|default_layout/);
      expect(program, language).toContain("team-slack");
      expect(program, language).toContain("brand");
      expect(readme, language).toMatch(
        /\n- integration "novu-inbox-[a-z0-9]+" \(novu, in_app\): made by the service itself in every environment/,
      );
      expect(readme, language).toContain(
        '\n- layout "default-layout" (the environment\'s default): made by the service itself in every environment',
      );
    }
  });

  it("creates a workflow after the integrations of its steps' channels, in every language", () => {
    // welcome: in_app, email, chat, push, sms steps; the environment's integrations: sendgrid-main (email),
    // team-slack (chat), mobile-push (push). weekly-digest has no channel step.
    const { typescript, javascript, yaml, python, go, csharp } = written;
    for (const node of [typescript, javascript])
      expect(node?.program).toContain("}, { dependsOn: [mobilePush, sendgridMain, teamSlack] });");
    expect(yaml?.program).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's interpolation, literally
      "    options:\n      dependsOn:\n        - ${mobilePush}\n        - ${sendgridMain}\n        - ${teamSlack}\n",
    );
    expect(python?.program).toContain(
      "    opts=pulumi.ResourceOptions(depends_on=[mobile_push, sendgrid_main, team_slack]),\n)",
    );
    expect(go?.program).toContain(
      "}, pulumi.DependsOn([]pulumi.Resource{mobilePush, sendgridMain, teamSlack}))",
    );
    expect(csharp?.program).toContain(
      "    },\n    new CustomResourceOptions\n    {\n        DependsOn =\n        {\n            mobilePush,\n            sendgridMain,\n            teamSlack,\n        },\n    });",
    );
    // Exactly one workflow depends on anything.
    expect(typescript?.program.match(/dependsOn/g)).toHaveLength(1);
    const gofmt = spawnSync("gofmt", ["-l", join(root, "go", "main.go")], { encoding: "utf8" });
    if (gofmt.error === undefined) expect(gofmt.stdout).toBe("");
  });

  it("names install lines from a pulumi-svc clone under the names its builds give", async () => {
    const version = packageVersion();
    const npmPackage = (await packPackage()).filename;
    const plugin = tarballName(version, "linux-amd64");
    for (const language of ["typescript", "javascript"])
      expect(written[language]?.readme).toContain(
        `\n\`\`\`sh\nnpm install ../pulumi-svc/${npmPackage}\n\`\`\`\n`,
      );
    for (const language of ["yaml", "python", "go", "csharp"])
      expect(written[language]?.readme).toContain(
        `\npulumi plugin install resource svc ${version} --file ../pulumi-svc/dist/plugins/${plugin}\n`,
      );
    expect(written.python?.readme).toContain(
      "\npython3 -m venv venv\nvenv/bin/pip install ../pulumi-svc/sdks/python -r requirements.txt\n",
    );
    expect(existsSync(join(repoRoot(), "sdks/python/pyproject.toml"))).toBe(true);
    for (const [language, { readme }] of Object.entries(written)) {
      expect(readme, language).toContain("`pulumi login --local`");
      expect(readme, language).toContain("`PULUMI_CONFIG_PASSPHRASE`");
      expect(readme, language).toContain("pulumi preview   # + N to create");
      expect(readme, language).not.toContain("no changes expected");
    }
    expect(written.typescript?.readme).toContain("`pulumi-language-nodejs`");
  });

  it("reads each secret variable's value from config in every language, YAML's included", () => {
    expect(written.yaml?.program).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's interpolation, literally
      "      key: SIGNING_KEY\n      value: ${secretValues.signingKeyValue}\n",
    );
    expect(written.yaml?.readme).toContain(
      "\npulumi config set --secret --path 'secretValues.signingKeyValue' <value>\n",
    );
    for (const language of ["typescript", "javascript", "python", "go", "csharp"])
      expect(written[language]?.readme, language).toContain(
        "\npulumi config set --secret signingKeyValue <value>\n",
      );
  });
});
