/**
 * What `pulumi-resource-svc` loads before it serves its port (the engine waits for that on every `preview`,
 * `up` and `refresh`): the gRPC library, the protobuf runtime, @pulumi/pulumi's generated stubs and the few
 * plugin modules that serve them, nothing else. The runtime, the service client (undici), zod, the data
 * sources and @pulumi/pulumi itself load on the first call that needs them (provider/plugin/server.ts).
 *
 * The npm bin (`dist/provider/plugin/main.js`, `npm run build` first) runs with a preload that records
 * `require.cache` when the port line is written; the standalone executable bundles the same modules with the
 * same lazy loads (bench/plugin-executable.ts measures both).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../testkit/harness/repo-root";

/** Packages whose modules may load before the port is served (of @pulumi/pulumi, its `proto/` stubs only). */
const PACKAGES_AT_SERVE = [
  "@grpc/grpc-js",
  "@js-sdsl/ordered-map",
  "google-protobuf",
  "@pulumi/pulumi/proto",
];

/** Files of this repository that may load before the port is served. */
const OWN_FILES_AT_SERVE = [
  "package.json",
  "dist/node-support/package-version.js",
  "dist/node-support/supported-node.js",
  "dist/provider/runtime/shared/pulumi-require.js",
  "dist/provider/plugin/main.js",
  "dist/provider/plugin/server.js",
  "dist/provider/plugin/grpc.js",
  "dist/provider/plugin/unary.js",
  "dist/provider/plugin/plugin-errors.js",
  "dist/provider/plugin/plugin-identity.js",
];

/** Writes `require.cache`'s keys as JSON to fd 3 when the first line goes to stdout, then exits. */
const PRELOAD = `"use strict";
const fs = require("node:fs");
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  if (String(chunk).includes("\\n")) {
    fs.writeSync(3, JSON.stringify(Object.keys(require.cache)));
    process.exit(0);
  }
  return write(chunk, ...rest);
};
`;

let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "svc-startup-modules-"));
  writeFileSync(join(work, "preload.js"), PRELOAD);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The files the npm bin has loaded when it writes its port line. */
function loadedAtServe(): Promise<string[]> {
  const main = join(repoRoot(), "dist", "provider", "plugin", "main.js");
  const child = spawn(process.execPath, ["--require", join(work, "preload.js"), main], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  let loaded = "";
  let stderr = "";
  child.stdio[3]?.on("data", (d: Buffer) => {
    loaded += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0 || loaded === "") reject(new Error(`plugin exited ${code} without a port: ${stderr}`));
      else resolve(JSON.parse(loaded) as string[]);
    });
  });
}

/** A loaded file as the allow-lists name it: `<package>/<path>` in node_modules, else relative to the repo. */
function named(file: string): string {
  const at = file.lastIndexOf(`${sep}node_modules${sep}`);
  const path = at >= 0 ? file.slice(at + "/node_modules/".length) : relative(repoRoot(), file);
  return path.split(sep).join("/");
}

function allowedAtServe(name: string): boolean {
  return OWN_FILES_AT_SERVE.includes(name) || PACKAGES_AT_SERVE.some((p) => name.startsWith(`${p}/`));
}

describe("pulumi-resource-svc before its port is served", () => {
  it("has loaded gRPC, protobuf, the stubs and its serving modules, and nothing a later call needs", async () => {
    const loaded = (await loadedAtServe()).map(named).filter((name) => !name.endsWith("/preload.js"));
    // The probe saw the serving modules (else an empty list would pass).
    expect(loaded).toContain("dist/provider/plugin/server.js");
    expect(loaded).toContain("@grpc/grpc-js/build/src/server.js");
    expect(loaded).toContain("@pulumi/pulumi/proto/provider_grpc_pb.js");
    const notYet = loaded.filter((name) => !allowedAtServe(name));
    expect(notYet).toEqual([]);
  });
});
