#!/usr/bin/env node
/**
 * `svc-export`: the npm bin of the export command (./cli.ts). The standalone plugin executable runs the same
 * command as `pulumi-resource-svc export ...` (../plugin/main.ts).
 */
// First: on an older Node.js, one line and exit 1 before the client (undici) loads.
import "../../node-support/cli-guard";
import { runExport } from "./cli";

runExport(process.argv.slice(2), {
  env: process.env,
  stderr: (line) => process.stderr.write(`${line}\n`),
  stdout: (line) => process.stdout.write(`${line}\n`),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`svc-export: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
