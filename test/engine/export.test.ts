/**
 * `svc-export` under the real Pulumi CLI (issue 42, "Done when"): an emulator seeded over raw HTTP as a
 * dashboard user leaves it (testkit/export-seed.ts) is exported with the command the npm package ships
 * (`svc-export`, installed from the packed tarball), as a Pulumi YAML project (through the plugin) and as a
 * TypeScript project (this package's dynamic resources; compiled with this repository's tsc and run through
 * `--client`, as test/consumer does). In each: the first `up` on the environment it was read from makes no
 * POST, PUT, PATCH or DELETE (the emulator's request log) and `preview --expect-no-changes` passes; the same
 * project on a stack of a second emulator (another service) creates everything, previews clean, and both hold
 * equal objects (credentials aside). No API key and no credential in any generated file, in the state, or in
 * what the command and the CLI printed. The environment variables: the plain one adopted and copied as a
 * literal; the secret one adopted with its config key unset (nothing written: the service's value is kept)
 * and copied with the value set through the copy stack's secret config (YAML: wired as its README says),
 * never in plaintext in a file, the state or the output. Needs `npm run build`.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import {
  createPackedProgramFolder,
  type ProgramFolder,
  programPath,
} from "../../testkit/consumer/program-folder";
import { call } from "../../testkit/emulator-http";
import { seedDashboardEnvironment } from "../../testkit/export-seed";
import { repoRoot } from "../../testkit/harness/repo-root";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  PulumiStack,
  plaintextHits,
  skipEngine,
} from "../../testkit/pulumi-cli";

type Props = Record<string, unknown>;

/** A credential the dashboard user gave the Slack integration: never in a file, the state or the output. */
const CREDENTIAL = "xoxb-seeded-credential-5e1f";
/** The secret environment variable's value in the source: never read (the service masks it), never anywhere. */
const SIGNING_KEY = "whsec-source-7a2d";
/** The secret variable's value the copy stack sets through config: a secret in the state and every output. */
const COPY_SIGNING_KEY = "whsec-copy-41b8";
/** The config key the export names for the secret variable's value (README.md). */
const SIGNING_CONFIG = "signingKeyValue";
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

let source: Emulator;
let target: Emulator;
let folder: ProgramFolder;
let binDir: string;
let work: string;
let printed = "";

/** Runs the shipped `svc-export` bin with the key in the environment; answers its exit code and stderr. */
function exportTo(out: string, language: string, emu: Emulator): Promise<{ code: number; stderr: string }> {
  const bin = join(folder.dir, "node_modules/pulumi-svc/dist/provider/export/main.js");
  const env = { ...process.env, SVC_API_KEY: emu.apiKey, SVC_BASE_URL: emu.url };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, "--language", language, "--out", out],
      { env },
      (err, stdout, stderr) => {
        printed += stdout + stderr;
        resolve({ code: err ? Number(err.code ?? 1) : 0, stderr });
      },
    );
  });
}

async function data(emu: Emulator, path: string): Promise<Props[]> {
  const res = await call(emu, "GET", path);
  expect(res.status).toBe(200);
  const body = res.body;
  return (body.data?.workflows ??
    body.data?.layouts ??
    body.workflows ??
    body.layouts ??
    body.data ??
    []) as Props[];
}

/** What a copy must reproduce, by kind: the declared fields of every object of the key's environment. */
async function snapshot(emu: Emulator): Promise<Props> {
  const envId = (await call(emu, "GET", "/v1/environments/me")).body.data._id;
  const integrations = (await data(emu, "/v1/integrations"))
    .filter((i) => i._environmentId === envId && i.deleted !== true)
    .map(({ name, identifier, providerId, channel, active }) => ({
      name,
      identifier,
      providerId,
      channel,
      active,
    }));
  const layouts = [];
  for (const l of await data(emu, "/v2/layouts?limit=100")) {
    const whole = (await call(emu, "GET", `/v2/layouts/${l._id}`)).body.data;
    layouts.push({ layoutId: whole.layoutId, name: whole.name, content: whole.controls?.values });
  }
  const workflows = [];
  for (const w of await data(emu, "/v2/workflows?limit=100")) {
    const whole = (await call(emu, "GET", `/v2/workflows/${w.workflowId}`)).body.data;
    const { workflowId, name, description, tags, active, severity, preferences, payloadSchema } = whole;
    const steps = (whole.steps as Props[]).map((s) => ({
      name: s.name,
      type: s.type,
      controls: (s.controls as Props | undefined)?.values,
    }));
    workflows.push({
      workflowId,
      name,
      description,
      tags,
      active,
      severity,
      preferences,
      payloadSchema,
      steps,
    });
  }
  const topics = (await call(emu, "GET", "/v2/topics?limit=100")).body.data.map((t: Props) => ({
    key: t.key,
    name: t.name,
  }));
  // This environment's values (a secret's reads back as the mask on either side).
  const variables = (await data(emu, "/v1/environment-variables")).flatMap((v) => {
    const own = (v.values as Props[]).find((x) => x._environmentId === envId);
    return own === undefined ? [] : [{ key: v.key, isSecret: v.isSecret, type: v.type, value: own.value }];
  });
  const byId = (a: Props, b: Props) => JSON.stringify(a).localeCompare(JSON.stringify(b));
  return {
    integrations: integrations.sort(byId),
    layouts: layouts.sort(byId),
    workflows: workflows.sort(byId),
    topics: topics.sort(byId),
    variables: variables.sort(byId),
  };
}

/** One lane: a language, where its project runs from, and how. */
interface Lane {
  language: "yaml" | "typescript";
  /** The project folder to run, made from the exported one. */
  prepare(exported: string): Promise<string>;
  stackOptions(dir: string): { env?: Record<string, string>; program?: string };
  /**
   * Wires the secret variable's value to its config key before the copy, as the README says (the YAML
   * program cannot leave a config value out while unset, so it declares none until told to).
   */
  wireSecretValue?(dir: string): void;
}

const LANES: Lane[] = [
  {
    language: "yaml",
    prepare: async (exported) => exported,
    stackOptions: () => ({ env: { PATH: programPath(folder, binDir) } }),
    wireSecretValue: (dir) => {
      const file = join(dir, "Pulumi.yaml");
      const program = readFileSync(file, "utf8")
        .replace("\nresources:\n", `  ${SIGNING_CONFIG}:\n    type: string\n    secret: true\n\nresources:\n`)
        .replace("      key: SIGNING_KEY\n", `      key: SIGNING_KEY\n      value: \${${SIGNING_CONFIG}}\n`);
      expect(program).toContain(`value: \${${SIGNING_CONFIG}}`);
      writeFileSync(file, program);
    },
  },
  {
    language: "typescript",
    // Beside the installed package (node_modules one folder up), compiled as a user's `pulumi up` would.
    prepare: async (exported) => {
      const dir = join(folder.dir, "ts-program");
      cpSync(exported, dir, { recursive: true });
      rmSync(join(dir, "package.json"));
      const tsc = join(repoRoot(), "node_modules/typescript/bin/tsc");
      await new Promise<void>((resolve, reject) =>
        execFile(process.execPath, [tsc, "-p", dir], { cwd: dir }, (err, stdout) =>
          err ? reject(new Error(`tsc failed:\n${stdout}`)) : resolve(),
        ),
      );
      return dir;
    },
    stackOptions: () => ({ program: "bin/index.js" }),
  },
];

describe.skipIf(skipEngine("export"))("svc-export under the real CLI", { timeout: ENGINE_TIMEOUT_MS }, () => {
  beforeAll(async () => {
    source = await startEmulator({ port: 0 });
    target = await startEmulator({ port: 0 });
    const sibling = source.keys.find((k) => k.apiKey !== source.apiKey)?.apiKey as string;
    await seedDashboardEnvironment(source, sibling, { slack: CREDENTIAL, signingKey: SIGNING_KEY });
    binDir = await ensurePulumiCli();
    folder = await createPackedProgramFolder({ project: "svc-export-engine", files: {} });
    work = mkdtempSync(join(tmpdir(), "svc-export-engine-"));
  }, ENGINE_TIMEOUT_MS);

  afterAll(async () => {
    folder?.remove();
    if (work) rmSync(work, { recursive: true, force: true });
    await source?.close();
    await target?.close();
  });

  for (const lane of LANES) {
    it(`${lane.language}: adopts with no write and a clean preview; a copy to another service creates everything, equal`, async () => {
      const exported = join(work, lane.language);
      const result = await exportTo(exported, lane.language, source);
      expect(result.code).toBe(0);
      const files = readdirSync(exported)
        .map((f) => readFileSync(join(exported, f), "utf8"))
        .join("\n");
      expect(plaintextHits(files, [source.apiKey, CREDENTIAL, SIGNING_KEY])).toEqual({});
      const dir = await lane.prepare(exported);

      const adopt = await PulumiStack.init({ projectDir: dir, binDir, ...lane.stackOptions(dir) });
      const copy = await PulumiStack.init({ projectDir: dir, binDir, ...lane.stackOptions(dir) });
      try {
        await adopt.setConfig("svc:baseUrl", source.url);
        await adopt.setConfig("svc:apiKey", source.apiKey, { secret: true });
        const before = await snapshot(source);
        source.resetRequests();
        const up = await adopt.up();
        printed += up.stdout + up.stderr;
        expect(
          source.requests.filter((r) => WRITES.has(r.method)).map((r) => `${r.method} ${r.path}`),
        ).toEqual([]);
        await adopt.preview({ expectNoChanges: true });
        expect(await snapshot(source)).toEqual(before);

        await copy.setConfig("svc:baseUrl", target.url);
        await copy.setConfig("svc:apiKey", target.apiKey, { secret: true });
        lane.wireSecretValue?.(dir);
        await copy.setConfig(SIGNING_CONFIG, COPY_SIGNING_KEY, { secret: true });
        target.resetRequests();
        const created = await copy.up();
        printed += created.stdout + created.stderr;
        // The secret variable was written from config (its value reads back masked, so the write is the proof).
        expect(
          target.requests.filter((r) => r.method === "POST" && r.path === "/v1/environment-variables"),
        ).toHaveLength(2);
        await copy.preview({ expectNoChanges: true });
        expect(await snapshot(target)).toEqual(before);

        const state = JSON.stringify([await adopt.exportStack(), await copy.exportStack()]);
        const files = readdirSync(dir)
          .filter((f) => f.endsWith(".yaml"))
          .map((f) => readFileSync(join(dir, f), "utf8"))
          .join("\n");
        const secrets = [source.apiKey, target.apiKey, CREDENTIAL, SIGNING_KEY, COPY_SIGNING_KEY];
        expect(plaintextHits(state + printed + files, secrets)).toEqual({});
      } finally {
        // No destroy: the next lane adopts the same source objects again.
        await adopt.remove().catch(() => {});
        await copy.remove().catch(() => {});
        // The next lane copies into an empty target again.
        await target.close();
        target = await startEmulator({ port: 0 });
      }
    });
  }
});
