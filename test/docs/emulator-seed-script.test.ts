/**
 * The seeding script of emulator/README.md ("Seeding an environment over HTTP") run as written with bash and curl
 * against an emulator started as a new organization (fixtures "none"): every line succeeds, and the environment
 * then holds what the README says it makes, read back over raw HTTP; the workflow list has the shape the README
 * gives (`{ data: { workflows, totalCount } }`).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { call } from "../../testkit/emulator-http";
import { repoRoot } from "../../testkit/harness/repo-root";

const README = readFileSync(join(repoRoot(), "emulator", "README.md"), "utf8");

/** The first sh block after `heading`. */
function shBlockAfter(text: string, heading: string): string {
  const at = text.indexOf(`\n## ${heading}\n`);
  expect(at, `emulator/README.md has no "## ${heading}"`).toBeGreaterThan(0);
  return /```sh\n([\s\S]*?)```/.exec(text.slice(at))?.[1] ?? "";
}

let emu: Emulator;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, fixtures: "none" });
});

afterAll(async () => {
  await emu?.close();
});

describe("emulator/README.md seeding script", () => {
  it("runs as written and makes what it says", async () => {
    const script = shBlockAfter(README, "Seeding an environment over HTTP");
    const run = await new Promise<{ code: number; out: string; err: string }>((resolve) =>
      execFile(
        "bash",
        ["-e", "-c", script],
        { env: { ...process.env, SVC_BASE_URL: emu.url, SVC_API_KEY: emu.apiKey } },
        (err, out, errText) => resolve({ code: err ? Number(err.code ?? 1) : 0, out, err: errText }),
      ),
    );
    expect(run.err).toBe("");
    expect(run.code).toBe(0);

    const env = (await call(emu, "GET", "/v1/environments/me")).body.data._id;
    const integrations = (await call(emu, "GET", "/v1/integrations")).body.data as Record<string, unknown>[];
    const ours = integrations.filter((i) => i._environmentId === env).map((i) => i.identifier);
    expect(ours).toEqual(expect.arrayContaining(["team-slack", "sendgrid-main"]));
    const layout = (await call(emu, "GET", "/v2/layouts/brand")).body.data;
    expect(layout.controls.values.email.body).toContain("{{content}}");
    // The list's shape, as the README's "Workflows v2" section gives it.
    expect(README).toContain("- List: `{ data: { workflows, totalCount } }`");
    const list = (await call(emu, "GET", "/v2/workflows")).body;
    expect(Object.keys(list)).toEqual(["data"]);
    expect(list.data.totalCount).toBe(1);
    expect(list.data.workflows[0].workflowId).toBe("welcome");
    const welcome = (await call(emu, "GET", "/v2/workflows/welcome")).body.data;
    expect(welcome.steps.map((s: { type: string }) => s.type)).toEqual(["in_app", "email", "chat"]);
    expect(welcome.steps[1].controls.values.layoutId).toBe("brand");
    expect((await call(emu, "GET", "/v2/topics/beta-users")).status).toBe(200);
    const variables = (await call(emu, "GET", "/v1/environment-variables")).body.data as { key: string }[];
    expect(variables.map((v) => v.key).sort()).toEqual(["API_BASE", "SIGNING_KEY"]);
  });
});
