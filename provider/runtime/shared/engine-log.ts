/**
 * Messages from inside the dynamic-provider host to the Pulumi engine, shown in the `pulumi up` display.
 *
 * The host (@pulumi/pulumi's cmd/dynamic-provider) gives a provider no logger: `pulumi.log` there has no
 * engine (the host never sets `PULUMI_NODEJS_ENGINE`, so it prints `info: [runtime] ...` to the plugin's
 * stdout). But the engine starts every plugin with its own gRPC address as the last argument, and that
 * address serves the Engine service whose `Log` takes an `ephemeral` flag: an ephemeral message is a status,
 * shown in place on a row of the display while the step runs and kept out of the final diagnostics; a
 * plain one is printed once under Diagnostics. A dynamic provider is never told its resource's URN, so the
 * messages have none and the engine shows them on the stack's row: callers name the resource in the text.
 *
 * Delivery is best effort: no engine (unit tests, another host), or an engine that refuses, loses the
 * message and nothing else.
 */
import type { EngineClient } from "@pulumi/pulumi/proto/engine_grpc_pb";
import { fromPulumi } from "./pulumi-require";
import { currentUrn } from "./resource-urn";

/** Sends one line to the engine's display. */
export interface EngineLog {
  /** An ephemeral status: replaces the previous one on the row, not kept in the diagnostics. */
  status(message: string): void;
  /** A message printed once (an info diagnostic); resolves when delivered, or after `timeoutMs`. */
  info(message: string, timeoutMs?: number): Promise<void>;
  /**
   * A warning printed once, on the resource whose operation runs (./resource-urn.ts: known in the plugin; the
   * dynamic-provider host says no URN, so it shows on the stack's row); resolves when delivered, or after
   * `timeoutMs`.
   */
  warn(message: string, timeoutMs?: number): Promise<void>;
}

/** `host:port` as the engine passes it. */
const ADDRESS = /^[\w.-]+:\d+$/;

/** The engine's address if this process is a plugin the engine started (its last argument), else undefined. */
export function engineAddress(argv: readonly string[] = process.argv): string | undefined {
  const last = argv.length > 2 ? argv[argv.length - 1] : undefined;
  return last !== undefined && ADDRESS.test(last) ? last : undefined;
}

let shared: { address: string; log: EngineLog } | undefined;

/** The log of the engine that started this process, one connection per process; undefined without one. */
export function engineLog(address: string | undefined = engineAddress()): EngineLog | undefined {
  if (address === undefined) return undefined;
  if (shared?.address !== address) shared = { address, log: connect(address) };
  return shared.log;
}

/**
 * An {@link EngineLog} over gRPC, with the grpc module @pulumi/pulumi's generated client was built with (a
 * second copy's credentials would be refused), loaded only when a message is first sent.
 */
function connect(address: string): EngineLog {
  let client: EngineClient | undefined;
  const send = (message: string, kind: "status" | "info" | "warning", done: () => void) => {
    try {
      client ??= newClient(address);
      const engine: typeof import("@pulumi/pulumi/proto/engine_pb") = require("@pulumi/pulumi/proto/engine_pb");
      const req = new engine.LogRequest();
      req.setSeverity(kind === "warning" ? engine.LogSeverity.WARNING : engine.LogSeverity.INFO);
      req.setMessage(message);
      req.setEphemeral(kind === "status");
      const urn = kind === "warning" ? currentUrn() : undefined;
      if (urn !== undefined) req.setUrn(urn);
      client.log(req, () => done());
    } catch {
      done();
    }
  };
  const delivered = (message: string, kind: "info" | "warning", timeoutMs: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      send(message, kind, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  return {
    status: (message) => send(message, "status", () => {}),
    info: (message, timeoutMs = 2000) => delivered(message, "info", timeoutMs),
    warn: (message, timeoutMs = 2000) => delivered(message, "warning", timeoutMs),
  };
}

function newClient(address: string): EngineClient {
  const grpc = fromPulumi("@grpc/grpc-js") as typeof import("@grpc/grpc-js");
  const generated: typeof import("@pulumi/pulumi/proto/engine_grpc_pb") = require("@pulumi/pulumi/proto/engine_grpc_pb");
  return new generated.EngineClient(address, grpc.credentials.createInsecure());
}
