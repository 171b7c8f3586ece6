/**
 * A provider plugin started as the engine starts one: spawned, its port read from its first stdout line, then
 * a {@link PluginClient} on that port. For the executable of a plugin tarball and the Node.js script alike.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { PluginClient } from "./plugin-client";

/** A running plugin process and a client of it. */
export interface PluginProcess {
  client: PluginClient;
  /** The process id. */
  pid: number | undefined;
  /** Closes the client and kills the process. */
  stop(): void;
}

/** The port line of a starting plugin (or any plugin-like gRPC server); rejects with its stderr if it exits first. */
export function portOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const newline = out.indexOf("\n");
      if (newline >= 0) resolve(Number(out.slice(0, newline).trim()));
    });
    child.stderr?.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`plugin exited (${code}) before serving: ${err.trim()}`)));
  });
}

/** Starts `command args` with `env` and connects to it once it printed its port. */
export async function startPluginProcess(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<PluginProcess> {
  const child = spawn(command, [...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  try {
    const client = new PluginClient(`127.0.0.1:${await portOf(child)}`);
    return {
      client,
      pid: child.pid,
      stop: () => {
        client.close();
        child.kill();
      },
    };
  } catch (e) {
    child.kill();
    throw e;
  }
}
