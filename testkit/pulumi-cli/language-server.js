#!/usr/bin/env node
/**
 * The Node.js language runtime the Pulumi CLI connects to with `--client <address>`: @pulumi/pulumi's own
 * LanguageServer (the one its Automation API uses for inline programs), serving one program.
 *
 *   node language-server.js <program module>      # started in the project directory; prints its gRPC port
 *
 * Why not the CLI's pulumi-language-nodejs: it is a Go module (sdk/nodejs/cmd/pulumi-language-nodejs/v3) the
 * Go module proxy does not serve, so it cannot be built here. The engine, the CLI, state, secrets and the
 * dynamic-provider plugin are the real ones either way; what differs is who starts the program: this process,
 * with `require(<program>)`, whose exports become the stack outputs (a function export is called and awaited,
 * as pulumi-language-nodejs does).
 *
 * Each Run loads the program once: run one CLI command per host (`up` with `--skip-preview`, since `up`'s own
 * preview would be a second Run in the same process). The host exits when its stdin closes (its parent went
 * away) or on SIGTERM.
 *
 * A TypeScript program (`<program module>` ending in `.ts`) runs as pulumi-language-nodejs runs every program:
 * in a child `node <@pulumi/pulumi>/cmd/run --monitor ... --engine ... <program>` with the stack's config in
 * PULUMI_CONFIG and PULUMI_NODEJS_TYPESCRIPT=true, so that @pulumi/pulumi's own cmd/run registers ts-node with
 * the `typescript` it resolves from the program's folder (its vendored TypeScript 3.8.3 when there is none)
 * and the program's tsconfig.json, and compiles the program as the official CLI would.
 */
"use strict";
const path = require("node:path");

const programPath = process.argv[2];
if (!programPath) {
  console.error("usage: language-server.js <program module>");
  process.exit(2);
}
const programDir = path.dirname(programPath);
// The @pulumi/pulumi the program itself resolves: its runtime state is module-global, so the server and the
// program must share one copy.
const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [programDir] }));
const grpc = require(require.resolve("@grpc/grpc-js", { paths: [pulumiDir] }));
const { LanguageServer } = require(path.join(pulumiDir, "automation", "server.js"));
const langrpc = require(path.join(pulumiDir, "proto", "language_grpc_pb.js"));
const { grpcChannelOptions } = require(path.join(pulumiDir, "runtime", "index.js"));

/** Loads the program; a function export is the program (its result the outputs), as pulumi-language-nodejs. */
async function program() {
  const loaded = require(programPath);
  const main = loaded && typeof loaded.default === "function" ? loaded.default : loaded;
  return typeof main === "function" ? await main() : loaded;
}

const { spawn } = require("node:child_process");
const langproto = require(path.join(pulumiDir, "proto", "language_pb.js"));

/** The arguments of cmd/run for one Run request, as pulumi-language-nodejs passes them. */
function cmdRunArgs(req) {
  const [engine] = req.getArgsList() ?? [];
  const args = [path.join(pulumiDir, "cmd", "run"), "--monitor", req.getMonitorAddress()];
  if (engine) args.push("--engine", engine);
  args.push("--project", req.getProject(), "--stack", req.getStack(), "--pwd", process.cwd());
  if (req.getOrganization()) args.push("--organization", req.getOrganization());
  if (req.getParallel()) args.push("--parallel", String(req.getParallel()));
  if (req.getDryrun()) args.push("--dry-run");
  return [...args, programPath];
}

/** Run through @pulumi/pulumi's cmd/run in a child process (32: the program logged its error, so bail). */
function runThroughCmdRun(call, callback) {
  const req = call.request;
  const env = {
    ...process.env,
    PULUMI_CONFIG: JSON.stringify(Object.fromEntries(req.getConfigMap()?.entries() ?? [])),
    PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(req.getConfigsecretkeysList() ?? []),
    PULUMI_NODEJS_TYPESCRIPT: "true",
  };
  const child = spawn(process.execPath, cmdRunArgs(req), {
    cwd: process.cwd(),
    env,
    stdio: ["ignore", 2, 2],
  });
  child.once("exit", (code, signal) => {
    const response = new langproto.RunResponse();
    if (code === 32) response.setBail(true);
    else if (code !== 0) response.setError(`cmd/run exited with ${signal ?? code}`);
    callback(undefined, response);
  });
}

const languageServer = new LanguageServer(program);
const service = programPath.endsWith(".ts")
  ? { ...bindAll(languageServer), run: runThroughCmdRun }
  : languageServer;

/** The server's methods bound to it (the service object grpc-js reads them from is a copy). */
function bindAll(target) {
  const methods = {};
  for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(target)))
    if (name !== "constructor" && typeof target[name] === "function")
      methods[name] = target[name].bind(target);
  return methods;
}

const server = new grpc.Server({ ...grpcChannelOptions });
server.addService(langrpc.LanguageRuntimeService, service);
server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => {
  if (err) {
    console.error(`language-server: cannot listen: ${err.message}`);
    process.exit(1);
  }
  process.stdout.write(`${port}\n`);
});
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
process.on("SIGTERM", () => process.exit(0));
