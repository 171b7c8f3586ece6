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

async function handle(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? "GET").toUpperCase();
  const url = new URL(req.url ?? "/", "http://emulator.local");
  const path = url.pathname;
  const requestId = uuid();
  res.setHeader("x-request-id", requestId);
  const record: RequestRecord = {
    method,
    path,
    status: 0,
    requestId,
    replayed: false,
    dropped: false,
    category: "global",
    startedAt: Date.now(),
  };
  // Logged before anything can refuse the request (401, 429), so a refusal can be paired with its retry.
  const sentKey = req.headers["idempotency-key"];
  if (sentKey !== undefined && IDEMPOTENT_METHODS.has(method))
    record.idempotencyKey = Array.isArray(sentKey) ? sentKey.join(",") : sentKey;
  let idem: { organizationId: string; key: string } | undefined;
  try {
    const match = deps.router.match(method, path);
    if (!match) throw new HttpError(404, `Cannot ${method} ${path}`);
    record.category = match.route.category;
    const scope = deps.keys.authenticate(req.headers.authorization);
    if (!scope) throw new HttpError(401, "API Key not found");

    const limit = deps.rateLimiter?.take(scope.environmentId, match.route.category);
    if (limit) {
      for (const [k, v] of Object.entries(limit.headers)) res.setHeader(k, v);
      if (!limit.allowed) throw new HttpError(429, "API rate limit exceeded");
    }

    let body: unknown;
    const text = await readBody(req);
    if (method !== "GET" && method !== "DELETE" && text.trim() !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        throw new HttpError(400, ["body: must be valid JSON"]);
      }
    }

    const rawKey = req.headers["idempotency-key"];
    if (rawKey !== undefined && IDEMPOTENT_METHODS.has(method) && !deps.store.modes.ignoreIdempotencyKeys) {
      const key = Array.isArray(rawKey) ? rawKey.join(",") : rawKey;
      record.idempotencyKey = key;
      const checked = idempotencyKeySchema.safeParse(key);
      if (!checked.success) {
        throw new HttpError(
          400,
          checked.error.issues.map((i) => `Idempotency-Key: ${i.message}`),
        );
      }
      const decision = deps.idempotency.begin(scope.organizationId, key, fingerprint(method, path, body));
      switch (decision.kind) {
        case "replay":
          record.replayed = true;
          record.status = decision.response.status;
          send(res, {
            ...decision.response,
            headers: { ...decision.response.headers, "Idempotency-Replay": "true" },
          });
          return;
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
          idem = { organizationId: scope.organizationId, key };
      }
    }

    const latency = deps.faults.latencyMs();
    if (latency > 0) await sleep(latency);
    if (deps.faults.shouldFail())
      throw new HttpError(503, "Service temporarily unavailable (injected fault)");

    const result = await match.route.handler({
      method,
      path,
      params: match.params,
      query: parseQuery(url.searchParams),
      body,
      scope,
      store: deps.store,
      receivedAt: record.startedAt,
    });
    if (idem) {
      deps.idempotency.complete(idem.organizationId, idem.key, {
        status: result.status,
        // A copy: the replay answers what was answered then, not the record as it is later.
        body: result.body === undefined ? undefined : structuredClone(result.body),
        headers: result.headers ?? {},
      });
      idem = undefined;
    }
    if (deps.faults.shouldDrop()) {
      record.dropped = true;
      req.socket.destroy();
      return;
    }
    record.status = result.status;
    send(res, result);
  } catch (err) {
    const http = err instanceof HttpError ? err : undefined;
    const status = http?.statusCode ?? 500;
    const errorId = http ? undefined : uuid();
    if (!http)
      process.emitWarning(`emulator: unhandled error ${errorId}: ${(err as Error)?.stack ?? String(err)}`);
    if (idem) {
      // Client errors are answers like any other and are replayed; server errors let a retry run again.
      if (status < 500) {
        deps.idempotency.complete(idem.organizationId, idem.key, {
          status,
          body: errorBody(status, path, http?.detail ?? "Internal server error"),
          headers: http?.headers ?? {},
        });
      } else deps.idempotency.abandon(idem.organizationId, idem.key);
    }
    record.status = status;
    send(res, {
      status,
      body: errorBody(status, path, http?.detail ?? "Internal server error", errorId),
      headers: http?.headers ?? {},
    });
  } finally {
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
