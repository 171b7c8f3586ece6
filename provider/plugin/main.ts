#!/usr/bin/env node
/**
 * `pulumi-resource-svc`: the resource provider plugin of pulumi-svc. The Pulumi engine starts it (found on
 * PATH, through `plugins: providers:` in Pulumi.yaml, or installed with `pulumi plugin install resource svc
 * <version> --file <path>`) with the engine's address as argument; it prints the port it serves on and
 * serves until the engine closes it. As the npm bin it needs the Node.js of package.json's `engines`
 * (checked first: node-support/supported-node.ts); the standalone executable carries its own.
 */
import { assertSupportedNode, UnsupportedNodeError } from "../../node-support/supported-node";
import type * as exportCli from "../export/cli";
import type * as server from "./server";

async function main(): Promise<void> {
  assertSupportedNode("plugin");
  // `pulumi-resource-svc export ...`: the export command, for users without Node.js (the engine passes an address).
  if (process.argv[2] === "export") {
    const { runExport } = require("../export/cli") as typeof exportCli;
    process.exitCode = await runExport(process.argv.slice(3), {
      env: process.env,
      stderr: (line) => process.stderr.write(`${line}\n`),
      stdout: (line) => process.stdout.write(`${line}\n`),
    });
    return;
  }
  const { startPluginServer } = require("./server") as typeof server;
  const running = await startPluginServer();
  // The engine reads the port from the first line of stdout.
  process.stdout.write(`${running.port}\n`);
}

main().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  // An unsupported Node.js is one line that names the plugin itself.
  process.stderr.write(
    e instanceof UnsupportedNodeError ? `${message}\n` : `pulumi-resource-svc: ${message}\n`,
  );
  process.exit(1);
});
