/**
 * The emulator as a separate process, reached over raw HTTP (fetch): the conformance tests import nothing
 * from sdk/ or emulator/ (nor anything that does), so they cannot share a schema bug with the emulator.
 * Needs `npm run build` (runs dist/emulator/cli.js, as `npm run emulator` does).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** A running emulator process. */
export interface EmulatorProcess {
  url: string;
  /** API keys with their organization and environment ids, as the CLI printed them. */
  keys: { apiKey: string; organizationId: string; environmentId: string }[];
  stop(): Promise<void>;
}

/** One raw answer. */
export interface RawAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: conformance checks inspect bodies field by field
  body: any;
}

const ROOT = resolve(__dirname, "../..");

function waitForBanner(child: ChildProcess): Promise<string> {
  return new Promise((done, fail) => {
    let out = "";
    const timer = setTimeout(() => fail(new Error(`emulator did not start: ${out}`)), 20_000);
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("Ctrl-C stops it.")) {
        clearTimeout(timer);
        done(out);
      }
    });
    child.stderr?.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`emulator exited with ${code}: ${out}`));
    });
  });
}

/** Starts `dist/emulator/cli.js --port 0` with these fixtures and these API keys (and extra CLI flags). */
export async function startEmulatorProcess(
  fixtures: unknown,
  apiKeys: string[],
  extraArgs: readonly string[] = [],
): Promise<EmulatorProcess> {
  const dir = mkdtempSync(join(tmpdir(), "conformance-"));
  const file = join(dir, "fixtures.json");
  writeFileSync(file, JSON.stringify(fixtures));
  const args = ["--port", "0", "--fixtures", file, ...apiKeys.flatMap((k) => ["--api-key", k]), ...extraArgs];
  const child = spawn(process.execPath, [join(ROOT, "dist/emulator/cli.js"), ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let banner: string;
  try {
    banner = await waitForBanner(child);
  } catch (e) {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const url = /listening on (http:\/\/[\d.:]+)/.exec(banner)?.[1] ?? "";
  const keys = [...banner.matchAll(/API key (\S+) {2}\(organization (\S+), environment (\S+)\)/g)].map(
    (m) => ({
      apiKey: m[1] ?? "",
      organizationId: m[2] ?? "",
      environmentId: m[3] ?? "",
    }),
  );
  return {
    url,
    keys,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise<void>((r) => child.once("exit", () => r()));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A raw request: `Authorization: ApiKey <key>` (spec, Authentication), JSON body when given. */
export async function raw(
  emu: EmulatorProcess,
  method: string,
  path: string,
  opts: { key?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...opts.headers };
  const key = opts.key === undefined ? emu.keys[0]?.apiKey : opts.key;
  if (key !== null && key !== undefined) headers["authorization"] = `ApiKey ${key}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers,
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text === "" ? undefined : JSON.parse(text) };
}

/**
 * The response object of a single-object answer. The spec does not show the envelope; the service wraps
 * single objects as `{ data }` (DESIGN.md), so both are accepted here.
 */
// biome-ignore lint/suspicious/noExplicitAny: see RawAnswer
export function single(answer: RawAnswer): any {
  const b = answer.body;
  return b !== null &&
    typeof b === "object" &&
    !Array.isArray(b) &&
    "data" in b &&
    Object.keys(b).length === 1
    ? b.data
    : b;
}
