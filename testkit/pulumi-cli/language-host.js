#!/usr/bin/env node
/**
 * The Node.js language runtime the Pulumi CLI connects to with `--client <address>`: @pulumi/pulumi's own
 * LanguageServer (the one its Automation API uses for inline programs), serving one program.
 *
 *   node language-host.js <program module>      # started in the project directory; prints its gRPC port
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
 */
"use strict";
const path = require("node:path");

const programPath = process.argv[2];
if (!programPath) {
  console.error("usage: language-host.js <program module>");
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

const server = new grpc.Server({ ...grpcChannelOptions });
server.addService(langrpc.LanguageRuntimeService, new LanguageServer(program));
server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => {
  if (err) {
    console.error(`language-host: cannot listen: ${err.message}`);
    process.exit(1);
  }
  process.stdout.write(`${port}\n`);
});
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
process.on("SIGTERM", () => process.exit(0));
