import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { KeyRegistry } from "./auth";
import {
  errorBody,
  HttpError,
  INTERNAL_ERROR_MESSAGE,
  InternalError,
  malformedJson,
  ObjectHttpError,
  objectErrorBody,
} from "./errors";
import type { FaultInjector } from "./faults";
import { fingerprint, type IdempotencyCache, MAX_IDEMPOTENCY_KEY_LENGTH } from "./idempotency";
import { uuid } from "./ids";
import type { RateLimitCategory, RateLimiter } from "./rate-limit";
import { parseQuery, type RouteResult, type Router } from "./router";
import type { Store } from "./store";

/** One request the emulator received, for test assertions. */
export interface RequestRecord {
  method: string;
  /** Path without query string. */
  path: string;
  /**
   * The request target as sent, query string included: the `path` of an error body (Novu's exception filter
   * answers `request.url`, apps/api/src/exception-filter.ts).
   */
  target?: string;
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
/**
 * Methods whose Idempotency-Key is honoured: POST and PATCH only, PUT and DELETE ignore it
 * (apps/api/src/app/shared/framework/idempotency.interceptor.ts `ALLOWED_METHODS`).
 */
const IDEMPOTENT_METHODS = new Set(["POST", "PATCH"]);
/** Link sent with the 409 and 422 of the idempotency interceptor. */
const IDEMPOTENCY_DOCS_LINK = "https://docs.novu.co/additional-resources/idempotency";

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

/**
 * The Idempotency-Key header of a POST/PATCH (repeated headers joined), read once per request; an empty
 * one counts as none (the interceptor's `!idempotencyKey`).
 */
function idempotencyKeyOf(req: IncomingMessage, method: string): string | undefined {
  const sent = req.headers["idempotency-key"];
  if (sent === undefined || !IDEMPOTENT_METHODS.has(method)) return undefined;
  const key = Array.isArray(sent) ? sent.join(",") : sent;
  return key === "" ? undefined : key;
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

/**
 * The parsed JSON body (undefined for GET and an empty body); 400 when it is not JSON (errors.ts `malformedJson`). A DELETE body is
 * read too, as the service's JSON body parser does (DELETE /v2/topics/{key}/subscriptions takes one).
 */
async function jsonBody(req: IncomingMessage, method: string): Promise<unknown> {
  const text = await readBody(req);
  if (method === "GET" || text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw malformedJson(e instanceof Error ? e.message : String(e));
  }
}

/** An idempotent request in progress: where to store its answer. */
type Idem = { organizationId: string; key: string };

/**
 * Starts the idempotent request as apps/api/src/app/shared/framework/idempotency.interceptor.ts does: a key
 * over 255 characters is a 400; a key still in flight a 409 with `Retry-After: 1` (checked before the
 * body); another body a 422; a completed one is replayed with `Idempotency-Replay: true`.
 */
function beginIdempotent(
  deps: ServerDeps,
  organizationId: string,
  key: string,
  fingerprintText: string,
  path: string,
): { replay: RouteResult } | { idem: Idem } {
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new HttpError(
      400,
      `idempotencyKey "${key}" has exceeded the maximum allowed length of ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
    );
  }
  const decision = deps.idempotency.begin(organizationId, key, fingerprintText);
  switch (decision.kind) {
    case "replay":
      return { replay: replayOf(decision.response, key, path) };
    case "in-flight":
      throw new HttpError(
        409,
        `Request with key "${key}" is currently being processed. Please retry after 1 second`,
        { "Idempotency-Key": key, "Retry-After": "1", Link: IDEMPOTENCY_DOCS_LINK },
      );
    case "mismatch":
      throw new HttpError(422, `Request with key "${key}" is being reused for a different body`, {
        "Idempotency-Key": key,
        Link: IDEMPOTENCY_DOCS_LINK,
      });
    case "proceed":
      return { idem: { organizationId, key } };
  }
}

/**
 * A stored answer as replayed: with `Idempotency-Key` and `Idempotency-Replay: true`. A stored error is
 * rebuilt and thrown again by the interceptor (`buildError`), so it gets a new timestamp; a stored 500 comes
 * back through the exception filter with a new `errorId` and, as `message`, the serialized
 * InternalServerErrorException's response (`{ statusCode: 500, message: "Internal Server Error" }`).
 */
function replayOf(stored: RouteResult, key: string, path: string): RouteResult {
  const headers = { ...stored.headers, "Idempotency-Key": key, "Idempotency-Replay": "true" };
  if (stored.status < 400) return { ...stored, headers };
  const timestamp = new Date().toISOString();
  if (stored.status >= 500) {
    const body = {
      statusCode: stored.status,
      timestamp,
      path,
      message: { statusCode: stored.status, message: "Internal Server Error" },
      errorId: uuid(),
    };
    return { status: stored.status, headers, body };
  }
  const body =
    typeof stored.body === "object" && stored.body !== null ? { ...stored.body, timestamp } : stored.body;
  return { status: stored.status, headers, body };
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

/** An injected 503: answered in front of the service (a gateway), so the interceptor never ran. */
class InjectedUnavailable extends HttpError {
  constructor() {
    super(503, "Service temporarily unavailable (injected fault)");
  }
}

/** Injected latency, then maybe an injected 503. */
async function injectFaults(deps: ServerDeps): Promise<void> {
  const latency = deps.faults.latencyMs();
  if (latency > 0) await sleep(latency);
  if (deps.faults.shouldFail()) throw new InjectedUnavailable();
}

/**
 * Answers an error. For an idempotent request the error the handler produced is stored for replay, a 500
 * too (the interceptor's `catchError` caches every error: idempotency.interceptor.ts), except an injected
 * 503, which models a gateway answering in front of the service: nothing was stored, a retry runs again.
 * Unexpected errors are logged.
 */
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
  if (!http && !(err instanceof InternalError))
    process.emitWarning(`emulator: unhandled error ${errorId}: ${(err as Error)?.stack ?? String(err)}`);
  const detail = http?.detail ?? INTERNAL_ERROR_MESSAGE;
  const body =
    err instanceof ObjectHttpError
      ? objectErrorBody(status, record.target ?? record.path, err.response)
      : { ...errorBody(status, record.target ?? record.path, detail, errorId), ...http?.extra };
  const headers = { ...http?.headers, ...(idem ? { "Idempotency-Key": idem.key } : {}) };
  if (idem && err instanceof InjectedUnavailable) deps.idempotency.abandon(idem.organizationId, idem.key);
  else if (idem) deps.idempotency.complete(idem.organizationId, idem.key, { status, body, headers });
  record.status = status;
  send(res, { status, body, headers });
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
  const record = {
    ...newRecord(method, url.pathname, requestId, sentKey),
    target: `${url.pathname}${url.search}`,
  };
  const arrived = performance.now();
  let idem: Idem | undefined;
  try {
    const { match, scope } = admit(deps, req, res, record);
    const body = await jsonBody(req, method);
    if (key !== undefined) {
      const begun = beginIdempotent(deps, scope.organizationId, key, fingerprint(body), record.path);
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
    if (idem) {
      rememberAnswer(deps, idem, result);
      result.headers = { ...result.headers, "Idempotency-Key": idem.key };
    }
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
