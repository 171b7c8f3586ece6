/**
 * Start-up of a plugin process (a gRPC server the engine spawns): spawn, read the port from its first stdout
 * line (as the engine does), then its first served call (a provider's `GetSchema`), then stop it. The wall
 * times are what the engine waits for before it can talk to the plugin (the port) and type-check a program
 * against it (the call); the process's CPU time (Linux, from /proc) is the same work, less sensitive to
 * other load on the machine.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import * as grpc from "@grpc/grpc-js";
import * as langrpc from "@pulumi/pulumi/proto/language_grpc_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { PluginClient } from "../../testkit/plugin/plugin-client";
import { portOf } from "../../testkit/plugin/plugin-process";

/** How to start one plugin: a command and its arguments. */
export interface PluginCommand {
  command: string;
  args: readonly string[];
}

/** One start-up. */
export interface Startup {
  /** Spawn to the port line on stdout, ms. */
  portMs: number;
  /** Spawn to the first served call, ms. */
  wallMs: number;
  /** CPU (user + system) of the process by then, ms; undefined where /proc is not. */
  cpuMs: number | undefined;
}

/** The first call made of a started server at `address` (`127.0.0.1:<port>`); rejects when it fails. */
export type FirstCall = (address: string) => Promise<void>;

/** A resource provider's GetSchema (an empty schema fails). */
export const getSchema: FirstCall = async (address) => {
  const client = new PluginClient(address);
  try {
    if ((await client.schema()).length === 0) throw new Error("GetSchema answered an empty schema");
  } finally {
    client.close();
  }
};

/** A language host's GetPluginInfo (a language host serves no GetSchema: its cheapest served call). */
export const languagePluginInfo: FirstCall = async (address) => {
  const client = new langrpc.LanguageRuntimeClient(address, grpc.credentials.createInsecure());
  try {
    await new Promise<void>((resolve, reject) =>
      client.getPluginInfo(new Empty(), (err) => (err ? reject(err) : resolve())),
    );
  } finally {
    client.close();
  }
};

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

/** Spawns `plugin` with `env` and measures it to its port and to `firstCall` served. */
export async function startupTo(
  plugin: PluginCommand,
  env: NodeJS.ProcessEnv,
  firstCall: FirstCall = getSchema,
): Promise<Startup> {
  const t0 = performance.now();
  const child = spawn(plugin.command, [...plugin.args], { env, stdio: ["ignore", "pipe", "pipe"] });
  try {
    const port = await portOf(child);
    const portMs = performance.now() - t0;
    await firstCall(`127.0.0.1:${port}`);
    const wallMs = performance.now() - t0;
    return { portMs, wallMs, cpuMs: cpuMsOf(child.pid) };
  } finally {
    child.kill();
  }
}
