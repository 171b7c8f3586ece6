import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { idempotencyKeySchema } from "../sdk/schemas";
import type { KeyRegistry } from "./auth";
import { errorBody, HttpError } from "./errors";
import type { FaultInjector } from "./faults";
import { fingerprint, type IdempotencyCache } from "./idempotency";
import { uuid } from "./ids";
import type { RateLimitCategory, RateLimiter } from "./rate-limit";
import { parseQuery, type RouteResult, type Router } from "./router";
import type { Store } from "./store";

/** One request the emulator received, for test assertions. */
export interface RequestRecord {
  method: string;
  /** Path without query string. */
  path: string;
  /** Status answered; 0 when the socket was dropped after commit. */
  status: number;
  /** The request id sent back in `x-request-id`. */
  requestId: string;
  idempotencyKey?: string;
  /** True when answered from the idempotency cache. */
  replayed: boolean;
  /** True when the change was stored and the socket destroyed without an answer. */
  dropped: boolean;
  category: RateLimitCategory;
  /** Epoch milliseconds when the request arrived. */
  startedAt: number;
  /** Milliseconds from arrival until the answer was handed to the socket (or the socket dropped); set when logged. */
  durationMs?: number;
}

/** Everything the request pipeline needs. */
export interface ServerDeps {
  router: Router;
  keys: KeyRegistry;
  store: Store;
  idempotency: IdempotencyCache;
  rateLimiter: RateLimiter | undefined;
  faults: FaultInjector;
  record: (r: RequestRecord) => void;
}

/** Largest accepted request body. */
const MAX_BODY_BYTES = 1024 * 1024;
const IDEMPOTENT_METHODS = new Set(["POST", "PATCH", "PUT"]);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, "Request body is larger than 1 MB"));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, result: RouteResult): void {
  if (res.destroyed) return;
  for (const [k, v] of Object.entries(result.headers ?? {})) res.setHeader(k, v);
  if (result.body === undefined) {
    res.statusCode = result.status;
    res.end();
    return;
  }
  const text = JSON.stringify(result.body);
  res.statusCode = result.status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("content-length", Buffer.byteLength(text));
  res.end(text);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The request pipeline: request id, route (404), auth (401), rate limit (429), body, idempotency
 * (replay / 409 / 422 / 400), injected latency and 503, the handler, then drop-after-commit or the answer.
 */
export function requestHandler(deps: ServerDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void handle(deps, req, res);
  };
}

/** The Idempotency-Key header of a POST/PATCH/PUT (repeated headers joined), read once per request. */
function idempotencyKeyOf(req: IncomingMessage, method: string): string | undefined {
  const sent = req.headers["idempotency-key"];
  if (sent === undefined || !IDEMPOTENT_METHODS.has(method)) return undefined;
  return Array.isArray(sent) ? sent.join(",") : sent;
}

function newRecord(method: string, path: string, requestId: string, key: string | undefined): RequestRecord {
  return {
    method,
    path,
    status: 0,
    requestId,
    replayed: false,
    dropped: false,
    category: "global",
    startedAt: Date.now(),
    ...(key === undefined ? {} : { idempotencyKey: key }),
  };
}

/** Route (404), key (401) and rate limit (429): the request's match and scope. */
function admit(deps: ServerDeps, req: IncomingMessage, res: ServerResponse, record: RequestRecord) {
  const match = deps.router.match(record.method, record.path);
  if (!match) throw new HttpError(404, `Cannot ${record.method} ${record.path}`);
  record.category = match.route.category;
  const scope = deps.keys.authenticate(req.headers.authorization);
  if (!scope) throw new HttpError(401, "API Key not found");
  const limit = deps.rateLimiter?.take(scope.environmentId, match.route.category);
  if (limit) {
    for (const [k, v] of Object.entries(limit.headers)) res.setHeader(k, v);
    if (!limit.allowed) throw new HttpError(429, "API rate limit exceeded");
  }
  return { match, scope };
}

/** The parsed JSON body (undefined for GET, DELETE and an empty body); 400 when it is not JSON. */
async function jsonBody(req: IncomingMessage, method: string): Promise<unknown> {
  const text = await readBody(req);
  if (method === "GET" || method === "DELETE" || text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, ["body: must be valid JSON"]);
  }
}

/** An idempotent request in progress: where to store its answer. */
type Idem = { organizationId: string; key: string };

/**
 * Starts the idempotent request: a replay to answer at once, the request to proceed (with where to store
 * its answer), or an error (400 bad key, 409 in flight, 422 reused with another body).
 */
function beginIdempotent(
  deps: ServerDeps,
  organizationId: string,
  key: string,
  fingerprintText: string,
): { replay: RouteResult } | { idem: Idem } {
  const checked = idempotencyKeySchema.safeParse(key);
  if (!checked.success)
    throw new HttpError(
      400,
      checked.error.issues.map((i) => `Idempotency-Key: ${i.message}`),
    );
  const decision = deps.idempotency.begin(organizationId, key, fingerprintText);
  switch (decision.kind) {
    case "replay":
      return {
        replay: {
          ...decision.response,
          headers: { ...decision.response.headers, "Idempotency-Replay": "true" },
        },
      };
    case "in-flight":
      throw new HttpError(409, `Request with Idempotency-Key "${key}" is still in progress`, {
        "Retry-After": "1",
      });
    case "mismatch":
      throw new HttpError(
        422,
        `Idempotency-Key "${key}" was already used with a different request body or path`,
      );
    case "proceed":
      return { idem: { organizationId, key } };
  }
}

/** Stores the answer of an idempotent request for replay. */
function rememberAnswer(deps: ServerDeps, idem: Idem, result: RouteResult): void {
  // A copy: the replay answers what was answered then, not the record as it is later.
  const body = result.body === undefined ? undefined : structuredClone(result.body);
  deps.idempotency.complete(idem.organizationId, idem.key, {
    status: result.status,
    body,
    headers: result.headers ?? {},
  });
}

/** Injected latency, then maybe an injected 503. */
async function injectFaults(deps: ServerDeps): Promise<void> {
  const latency = deps.faults.latencyMs();
  if (latency > 0) await sleep(latency);
  if (deps.faults.shouldFail()) throw new HttpError(503, "Service temporarily unavailable (injected fault)");
}

/** Answers an error: stores a 4xx for replay, forgets a 5xx so a retry runs again, logs unexpected ones. */
function answerError(
  deps: ServerDeps,
  res: ServerResponse,
  record: RequestRecord,
  err: unknown,
  idem?: Idem,
) {
  const http = err instanceof HttpError ? err : undefined;
  const status = http?.statusCode ?? 500;
  const errorId = http ? undefined : uuid();
  if (!http)
    process.emitWarning(`emulator: unhandled error ${errorId}: ${(err as Error)?.stack ?? String(err)}`);
  const detail = http?.detail ?? "Internal server error";
  if (idem && status < 500) {
    deps.idempotency.complete(idem.organizationId, idem.key, {
      status,
      body: errorBody(status, record.path, detail),
      headers: http?.headers ?? {},
    });
  } else if (idem) deps.idempotency.abandon(idem.organizationId, idem.key);
  record.status = status;
  send(res, { status, body: errorBody(status, record.path, detail, errorId), headers: http?.headers ?? {} });
}

/** The pipeline of one request, step by step (see {@link requestHandler}). */
async function handle(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? "GET").toUpperCase();
  const url = new URL(req.url ?? "/", "http://emulator.local");
  const requestId = uuid();
  res.setHeader("x-request-id", requestId);
  const sentKey = idempotencyKeyOf(req, method);
  const key = deps.store.modes.ignoreIdempotencyKeys ? undefined : sentKey;
  // Logged before anything can refuse the request (401, 429), so a refusal can be paired with its retry.
  const record = newRecord(method, url.pathname, requestId, sentKey);
  const arrived = performance.now();
  let idem: Idem | undefined;
  try {
    const { match, scope } = admit(deps, req, res, record);
    const body = await jsonBody(req, method);
    if (key !== undefined) {
      const begun = beginIdempotent(deps, scope.organizationId, key, fingerprint(method, record.path, body));
      if ("replay" in begun) {
        record.replayed = true;
        record.status = begun.replay.status;
        send(res, begun.replay);
        return;
      }
      idem = begun.idem;
    }
    await injectFaults(deps);
    const result = await match.route.handler({
      method,
      path: record.path,
      params: match.params,
      query: parseQuery(url.searchParams),
      body,
      scope,
      store: deps.store,
      receivedAt: record.startedAt,
    });
    if (idem) rememberAnswer(deps, idem, result);
    idem = undefined;
    if (deps.faults.shouldDrop()) {
      record.dropped = true;
      req.socket.destroy();
      return;
    }
    record.status = result.status;
    send(res, result);
  } catch (err) {
    answerError(deps, res, record, err, idem);
  } finally {
    record.durationMs = performance.now() - arrived;
    deps.record(record);
  }
}

/** Starts listening; resolves with the server and its base URL. */
export function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  host: string,
  port: number,
): Promise<{ server: Server; url: string }> {
  const server = createServer({ keepAliveTimeout: 5000 }, handler);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address();
      if (address === null || typeof address === "string") {
        reject(new Error("emulator: unexpected server address"));
        return;
      }
      const shownHost = host.includes(":") ? `[${host}]` : host;
      resolve({ server, url: `http://${shownHost}:${address.port}` });
    });
  });
}
