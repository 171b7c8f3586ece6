import { parentPort, Worker, workerData } from "node:worker_threads";

/**
 * Runs the emulator in a worker thread so the client under test and the server do not share one event
 * loop (the server's cost would otherwise flatten every ratio). Compiled code only: the worker loads
 * `dist/emulator`.
 */

/** What the worker reports once listening. */
export interface WorkerEmulator {
  url: string;
  apiKey: string;
  /** Stops the emulator and the worker. */
  stop(): Promise<void>;
}

/** Starts the emulator with `options` (plain JSON: fixtures, keys, ...) in a worker thread. */
export function startEmulatorWorker(options: Record<string, unknown>): Promise<WorkerEmulator> {
  const worker = new Worker(__filename, { workerData: { options } });
  return new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", (msg: { url: string; apiKey: string } | { error: string }) => {
      if ("error" in msg) {
        reject(new Error(msg.error));
        return;
      }
      resolve({
        url: msg.url,
        apiKey: msg.apiKey,
        stop: async () => {
          worker.postMessage("stop");
          await new Promise<void>((done) => worker.once("exit", () => done()));
        },
      });
    });
  });
}

async function main(): Promise<void> {
  const { startEmulator } = require("../../emulator") as typeof import("../../emulator");
  try {
    const emu = await startEmulator((workerData as { options: Parameters<typeof startEmulator>[0] }).options);
    parentPort?.on("message", async (m) => {
      if (m === "stop") {
        await emu.close();
        process.exit(0);
      }
    });
    parentPort?.postMessage({ url: emu.url, apiKey: emu.apiKey });
  } catch (e) {
    parentPort?.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
}

if (parentPort && (workerData as { options?: unknown } | undefined)?.options !== undefined) void main();
