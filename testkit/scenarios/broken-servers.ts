/**
 * Hung and broken servers: a server that accepts and never answers, one that sends headers and stalls the
 * body, and 2xx answers that are malformed JSON, cut short, of the wrong content type, or HTML. Each must end
 * in an error of the sdk's family, within the timeout, naming the operation.
 */
import type { ServerResponse } from "node:http";
import { SvcClient, SvcError } from "../../sdk";
import { since } from "./pool";
import { type RawServer, startHttpServer, startSilentServer } from "./raw-server";

/** One broken-server case and its outcome. */
export interface BrokenServerCase {
  name: string;
  /** Error class thrown, or `none`. */
  error: string;
  /** The error is an SvcError. */
  inFamily: boolean;
  /** The message names the sdk operation (e.g. `integrations.listActive`). */
  namesOperation: boolean;
  /** Attempts the server saw. */
  attempts: number;
  /** Time until the call failed, ms. */
  elapsedMs: number;
  /** Per-attempt timeout used, ms. */
  timeoutMs: number;
  /** Retry budget of the whole call, ms, when the case sets one. */
  budgetMs?: number;
  message: string;
}

const OPERATION = "integrations.listActive";
const TIMEOUT_MS = 300;

function write(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

type Setup = { name: string; retries: number; budgetMs?: number; start: () => Promise<RawServer> };

const VALID = JSON.stringify({ data: [] });

const CASES: Setup[] = [
  { name: "accepts, never answers (no retries)", retries: 0, start: startSilentServer },
  { name: "accepts, never answers (2 retries)", retries: 2, start: startSilentServer },
  {
    name: "accepts, never answers (5 retries, 1 s budget)",
    retries: 5,
    budgetMs: 1_000,
    start: startSilentServer,
  },
  {
    name: "headers, then the body stalls",
    retries: 0,
    start: () =>
      startHttpServer((_req, res) => {
        res.writeHead(200, { "content-type": "application/json", "content-length": 100 });
        res.write('{"data": [');
      }),
  },
  {
    name: "malformed JSON",
    retries: 2,
    start: () => startHttpServer((_req, res) => write(res, 200, "application/json", '{"data": [{"_id": ')),
  },
  {
    name: "truncated body (connection closed mid-body)",
    retries: 2,
    start: () =>
      startHttpServer((_req, res) => {
        res.writeHead(200, { "content-type": "application/json", "content-length": 400 });
        res.write(VALID.slice(0, 5));
        setImmediate(() => res.socket?.destroy());
      }),
  },
  {
    name: "wrong content type (text/plain)",
    retries: 2,
    start: () => startHttpServer((_req, res) => write(res, 200, "text/plain", VALID)),
  },
  {
    name: "HTML page with 200",
    retries: 2,
    start: () =>
      startHttpServer((_req, res) =>
        write(res, 200, "text/html", "<!doctype html><html><body>Welcome to nginx!</body></html>"),
      ),
  },
  {
    name: "HTML error page with 502 (proxy)",
    retries: 2,
    start: () =>
      startHttpServer((_req, res) =>
        write(res, 502, "text/html", "<html><head><title>502 Bad Gateway</title></head></html>"),
      ),
  },
  {
    name: "empty body with 200",
    retries: 2,
    start: () => startHttpServer((_req, res) => write(res, 200, "application/json", "")),
  },
];

/** Runs every case against its own misbehaving server. */
export async function brokenServers(): Promise<BrokenServerCase[]> {
  const rows: BrokenServerCase[] = [];
  for (const c of CASES) {
    const server = await c.start();
    const client = new SvcClient({
      apiKey: "rel_broken_key",
      baseUrl: server.url,
      timeoutMs: TIMEOUT_MS,
      maxRetries: c.retries,
      baseRetryDelayMs: 5,
      ...(c.budgetMs === undefined ? {} : { totalRetryBudgetMs: c.budgetMs }),
    });
    const t0 = performance.now();
    let error = "none";
    let inFamily = false;
    let message = "";
    try {
      await client.integrations.listActive();
    } catch (e) {
      error = e instanceof Error ? e.name : typeof e;
      inFamily = e instanceof SvcError;
      message = e instanceof Error ? e.message : String(e);
    }
    const elapsedMs = since(t0);
    rows.push({
      name: c.name,
      error,
      inFamily,
      namesOperation: message.includes(OPERATION),
      attempts: server.hits(),
      elapsedMs,
      timeoutMs: TIMEOUT_MS,
      ...(c.budgetMs === undefined ? {} : { budgetMs: c.budgetMs }),
      message,
    });
    await client.close();
    await server.close();
  }
  return rows;
}
