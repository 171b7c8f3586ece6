/**
 * Start-up of a provider plugin process to its first served `GetSchema`: spawn, read the port from its first
 * stdout line (as the engine does), call GetSchema, stop it. The wall time is what the engine waits for before
 * it can type-check a program against the plugin; the process's CPU time (Linux, from /proc) is the same
 * work, less sensitive to other load on the machine.
 */
import { readFileSync } from "node:fs";
import { startPluginProcess } from "../../testkit/plugin/plugin-process";

/** How to start one plugin: a command and its arguments. */
export interface PluginCommand {
  command: string;
  args: readonly string[];
}

/** One start-up. */
export interface Startup {
  /** Spawn to a served GetSchema, ms. */
  wallMs: number;
  /** CPU (user + system) of the process by then, ms; undefined where /proc is not. */
  cpuMs: number | undefined;
}

/** CPU time of a process so far, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Spawns `plugin` and measures it to a served GetSchema (an empty schema fails). */
export async function startupToSchema(plugin: PluginCommand, env: NodeJS.ProcessEnv): Promise<Startup> {
  const t0 = performance.now();
  const running = await startPluginProcess(plugin.command, plugin.args, env);
  try {
    const schema = await running.client.schema();
    const wallMs = performance.now() - t0;
    if (schema.length === 0) throw new Error("GetSchema answered an empty schema");
    return { wallMs, cpuMs: cpuMsOf(running.pid) };
  } finally {
    running.stop();
  }
}
