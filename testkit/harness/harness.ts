/**
 * The engine-protocol harness: starts the real dynamic-provider host shipped in @pulumi/pulumi and drives it
 * over gRPC exactly as the Pulumi engine does (Configure first, then Check/Diff/Create/Read/Update/Delete,
 * with the serialized provider in `__provider`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { createInterface } from "node:readline";
import * as grpc from "@grpc/grpc-js";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { type EngineLog, type FakeEngine, startFakeEngine } from "./fake-engine";
import { startGrpcTap, type TappedCall } from "./grpc-tap";
import { fromStruct, type PropertyMap, toStruct, UNKNOWN, unwrapSecrets } from "./protocol";
import { repoRoot } from "./repo-root";

/** Options of {@link startHarness}. */
export interface HarnessOptions {
  /**
   * Stack config sent in Configure, keyed as the engine keys it (`"svc:apiKey"`); wrap secret values with
   * `secret()` from ./protocol, as the engine does for `--secret` config.
   */
  config?: PropertyMap;
  /** Extra environment of the host process. SVC_* variables of the test process are NOT inherited. */
  env?: Record<string, string>;
  /** Working directory of the host (where `require()` in serialized code resolves). Default: repo root. */
  cwd?: string;
  /**
   * Folder whose `node_modules/@pulumi/pulumi` provides the host (a user's program folder, for the consumer
   * layer). Default: the repo root.
   */
  hostFrom?: string;
  /** Skip the Configure call (to test a host the engine never configured). */
  skipConfigure?: boolean;
  /**
   * Route the gRPC traffic through a recording proxy and append every call, raw bytes both ways, to this
   * list (for secret scans that must not trust the harness's decoding).
   */
  wire?: TappedCall[];
}

/** Result of Check. */
export interface CheckResult {
  inputs: PropertyMap;
  failures: { property: string; reason: string }[];
}

/** Result of Diff. */
export interface DiffResult {
  changes: "some" | "none" | "unknown";
  replaces: string[];
  deleteBeforeReplace: boolean;
}

/** An error answered by the host: the gRPC status and its message. */
export class HostError extends Error {
  constructor(
    readonly code: number,
    readonly details: string,
  ) {
    super(`host error ${code}: ${details}`);
    this.name = "HostError";
  }
}

/** A started harness. Every method takes the resource URN first, as the engine sends it. */
export interface Harness {
  /** gRPC address of the host. */
  address: string;
  /** Log calls the host made to the fake engine. */
  readonly logs: EngineLog[];
  /** Everything the host wrote to stdout (after the port line) and stderr. */
  output(): string;
  check(urn: string, olds: PropertyMap, news: PropertyMap): Promise<CheckResult>;
  diff(
    urn: string,
    id: string,
    olds: PropertyMap,
    news: PropertyMap,
    oldInputs?: PropertyMap,
  ): Promise<DiffResult>;
  create(
    urn: string,
    props: PropertyMap,
    opts?: { preview?: boolean },
  ): Promise<{ id: string; outs: PropertyMap }>;
  read(
    urn: string,
    id: string,
    props: PropertyMap,
    inputs?: PropertyMap,
  ): Promise<{ id: string; props: PropertyMap; inputs?: PropertyMap }>;
  update(
    urn: string,
    id: string,
    olds: PropertyMap,
    news: PropertyMap,
    oldInputs?: PropertyMap,
  ): Promise<{ outs: PropertyMap }>;
  delete(urn: string, id: string, props: PropertyMap, oldInputs?: PropertyMap): Promise<void>;
  close(): Promise<void>;
}

/** Builds a URN the way the engine does. */
export function urnOf(type: string, name: string, stack = "dev", project = "svc-test"): string {
  return `urn:pulumi:${stack}::${project}::${type}::${name}`;
}

/** Resource type token part of a URN. */
function typeOf(urn: string): string {
  return urn.split("::")[2] ?? "";
}
/** A provider request that names its resource. */
interface AddressedRequest {
  setUrn(urn: string): unknown;
  setName(name: string): unknown;
  setType(type: string): unknown;
}

/** Sets the urn, name and type of `req` from `urn`, as the engine does on every resource call. */
function forResource<R extends AddressedRequest>(req: R, urn: string): R {
  req.setUrn(urn);
  req.setName(nameOf(urn));
  req.setType(typeOf(urn));
  return req;
}

function nameOf(urn: string): string {
  return urn.split("::")[3] ?? "";
}

/** Starts the real dynamic-provider host and configures it. */
export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const root = repoRoot();
  const engine = await startFakeEngine();
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith("SVC_")) env[k] = v;
  }
  Object.assign(env, opts.env ?? {});
  const hostScript = join(opts.hostFrom ?? root, "node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js");
  const child = spawn(process.execPath, [hostScript, engine.address], {
    cwd: opts.cwd ?? root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  let port: string;
  try {
    port = await firstLine(child);
  } catch (e) {
    child.kill();
    await engine.close();
    throw new Error(`dynamic-provider host did not start: ${(e as Error).message}\n${output}`);
  }
  child.stdout?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  const address = `127.0.0.1:${port}`;
  const tap = opts.wire ? await startGrpcTap(address) : undefined;
  const client = new provrpc.ResourceProviderClient(
    tap?.address ?? address,
    grpc.credentials.createInsecure(),
  );
  const h = makeHarness(
    address,
    client,
    child,
    engine,
    () => output,
    async () => {
      if (!tap) return;
      await tap.close();
      opts.wire?.push(...tap.calls);
    },
  );
  if (!opts.skipConfigure) await h.configure(opts.config ?? {});
  return h;
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error("no port within 20 s")), 20_000);
    rl.once("line", (line) => {
      clearTimeout(timer);
      rl.close();
      resolve(line.trim());
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`host exited with ${code}`));
    });
  });
}

/** The package of the dynamic-provider plugin: the engine's default provider for it is `pulumi:providers:<pkg>::default`. */
const DYNAMIC_PACKAGE = "pulumi-nodejs";

/**
 * Configure as the engine (v3.259 and v3.274.1, captured from the real CLI by test/engine/harness-vs-engine.test.ts) sends it
 * to the default dynamic provider: the whole stack config, namespaces kept, in `args` (secrets wire-marked)
 * and, as plain strings, in `variables` under `pulumi-nodejs:config:<key>`; the provider's URN, name, type
 * and id (unknown during a preview, so the harness sends the unknown marker); and the protocol flags.
 */
function configureRequest(config: PropertyMap): provproto.ConfigureRequest {
  const req = new provproto.ConfigureRequest();
  req.setArgs(toStruct(config));
  const vars = req.getVariablesMap();
  for (const [k, v] of Object.entries(config)) {
    const plain = unwrapSecrets(v);
    vars.set(`${DYNAMIC_PACKAGE}:config:${k}`, typeof plain === "string" ? plain : JSON.stringify(plain));
  }
  const providerType = `pulumi:providers:${DYNAMIC_PACKAGE}`;
  req.setUrn(urnOf(providerType, "default"));
  req.setName("default");
  req.setType(providerType);
  req.setId(UNKNOWN);
  req.setAcceptsecrets(true);
  req.setAcceptresources(true);
  req.setSendsOldInputs(true);
  req.setSendsOldInputsToDelete(true);
  return req;
}

type Unary<Req, Res> = (
  req: Req,
  cb: (err: grpc.ServiceError | null, res: Res) => void,
) => grpc.ClientUnaryCall;

function call<Req, Res>(fn: Unary<Req, Res>, req: Req): Promise<Res> {
  return new Promise((resolve, reject) => {
    fn(req, (err, res) => {
      if (err) reject(new HostError(err.code, err.details || err.message));
      else resolve(res);
    });
  });
}

function makeHarness(
  address: string,
  client: provrpc.ResourceProviderClient,
  child: ChildProcess,
  engine: FakeEngine,
  output: () => string,
  closeTap: () => Promise<void>,
): Harness & { configure(config: PropertyMap): Promise<void> } {
  const c = client;
  return {
    address,
    logs: engine.logs,
    output,
    async configure(config) {
      await call(c.configure.bind(c) as Unary<provproto.ConfigureRequest, unknown>, configureRequest(config));
    },
    async check(urn, olds, news) {
      const req = new provproto.CheckRequest();
      forResource(req, urn);
      req.setOlds(toStruct(olds));
      req.setNews(toStruct(news));
      req.setRandomseed(randomBytes(32));
      const res = await call(c.check.bind(c) as Unary<provproto.CheckRequest, provproto.CheckResponse>, req);
      return {
        inputs: fromStruct(res.getInputs()),
        failures: res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
      };
    },
    async diff(urn, id, olds, news, oldInputs) {
      const req = new provproto.DiffRequest();
      forResource(req, urn);
      req.setId(id);
      req.setOlds(toStruct(olds));
      req.setNews(toStruct(news));
      if (oldInputs) req.setOldInputs(toStruct(oldInputs));
      const res = await call(c.diff.bind(c) as Unary<provproto.DiffRequest, provproto.DiffResponse>, req);
      const ch = res.getChanges();
      return {
        changes:
          ch === provproto.DiffResponse.DiffChanges.DIFF_SOME
            ? "some"
            : ch === provproto.DiffResponse.DiffChanges.DIFF_NONE
              ? "none"
              : "unknown",
        replaces: res.getReplacesList(),
        deleteBeforeReplace: res.getDeletebeforereplace(),
      };
    },
    async create(urn, props, o) {
      const req = new provproto.CreateRequest();
      forResource(req, urn);
      req.setProperties(toStruct(props));
      req.setPreview(o?.preview ?? false);
      const res = await call(
        c.create.bind(c) as Unary<provproto.CreateRequest, provproto.CreateResponse>,
        req,
      );
      return { id: res.getId(), outs: fromStruct(res.getProperties()) };
    },
    async read(urn, id, props, inputs) {
      const req = new provproto.ReadRequest();
      forResource(req, urn);
      req.setId(id);
      req.setProperties(toStruct(props));
      if (inputs) req.setInputs(toStruct(inputs));
      const res = await call(c.read.bind(c) as Unary<provproto.ReadRequest, provproto.ReadResponse>, req);
      const out: { id: string; props: PropertyMap; inputs?: PropertyMap } = {
        id: res.getId(),
        props: fromStruct(res.getProperties()),
      };
      if (res.hasInputs()) out.inputs = fromStruct(res.getInputs());
      return out;
    },
    async update(urn, id, olds, news, oldInputs) {
      const req = new provproto.UpdateRequest();
      forResource(req, urn);
      req.setId(id);
      req.setOlds(toStruct(olds));
      req.setNews(toStruct(news));
      if (oldInputs) req.setOldInputs(toStruct(oldInputs));
      const res = await call(
        c.update.bind(c) as Unary<provproto.UpdateRequest, provproto.UpdateResponse>,
        req,
      );
      return { outs: fromStruct(res.getProperties()) };
    },
    async delete(urn, id, props, oldInputs) {
      const req = new provproto.DeleteRequest();
      forResource(req, urn);
      req.setId(id);
      req.setProperties(toStruct(props));
      if (oldInputs) req.setOldInputs(toStruct(oldInputs));
      await call(c.delete.bind(c) as Unary<provproto.DeleteRequest, unknown>, req);
    },
    async close() {
      client.close();
      await closeTap();
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        child.kill();
        await exited;
      }
      await engine.close();
    },
  };
}

export type { Json, PropertyMap } from "./protocol";
