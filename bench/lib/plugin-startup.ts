/**
 * Start-up of a provider plugin process to its first served `GetSchema`: spawn, read the port from its first
 * stdout line (as the engine does), call GetSchema, stop it. The wall time is what the engine waits for before
 * it can type-check a program against the plugin.
 */
import { spawn } from "node:child_process";
import { PluginClient } from "../../testkit/plugin/plugin-client";

/** How to start one plugin: a command and its arguments. */
export interface PluginCommand {
  command: string;
  args: readonly string[];
}

/** The port line of a starting plugin; rejects if it exits first. */
function portOf(child: ReturnType<typeof spawn>): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line !== undefined) resolve(Number(line.trim()));
    });
    child.stderr?.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.on("exit", (code) => reject(new Error(`plugin exited (${code}) before serving: ${err.trim()}`)));
  });
}

/** Milliseconds from spawning `plugin` to a served GetSchema (the schema's length checked non-zero). */
export async function startupToSchemaMs(plugin: PluginCommand, env: NodeJS.ProcessEnv): Promise<number> {
  const t0 = performance.now();
  const child = spawn(plugin.command, [...plugin.args], { env, stdio: ["ignore", "pipe", "pipe"] });
  try {
    const port = await portOf(child);
    const client = new PluginClient(`127.0.0.1:${port}`);
    const schema = await client.schema();
    const ms = performance.now() - t0;
    client.close();
    if (schema.length === 0) throw new Error("GetSchema answered an empty schema");
    return ms;
  } finally {
    child.kill();
  }
}
