#!/usr/bin/env node
/**
 * `pulumi-resource-svc`: the resource provider plugin of pulumi-svc. The Pulumi engine starts it (found on
 * PATH, through `plugins: providers:` in Pulumi.yaml, or installed with `pulumi plugin install resource svc
 * <version> --file <path>`) with the engine's address as argument; it prints the port it serves on and
 * serves until the engine closes it. Needs Node.js 22 (the package's `engines`).
 */
import { startPluginServer } from "./server";

async function main(): Promise<void> {
  const server = await startPluginServer();
  // The engine reads the port from the first line of stdout.
  process.stdout.write(`${server.port}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`pulumi-resource-svc: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
