/**
 * A recording HTTP/2 proxy between the harness (playing the engine) and the dynamic-provider host: every gRPC
 * call passes through unchanged, and its raw bytes are kept, both ways: the request body, the response body
 * (gRPC length-prefixed protobuf, as on the wire) and the trailers (`grpc-status`, `grpc-message`, where a
 * host error's text travels). Secret scans read these bytes, not the harness's decoded, redacted view.
 */
import * as http2 from "node:http2";

/** One gRPC call as it crossed the wire. */
export interface TappedCall {
  /** `/pulumirpc.ResourceProvider/Create` and so on. */
  path: string;
  /** Raw request body (engine -> host). */
  request: Buffer;
  /** Raw response body (host -> engine). */
  response: Buffer;
  /** Response trailers (or the headers of a trailers-only answer), as sent. */
  trailers: Record<string, string>;
}

/** A running tap. */
export interface GrpcTap {
  /** Address to dial instead of the host's (`127.0.0.1:<port>`). */
  address: string;
  /** Calls completed so far, in completion order. */
  readonly calls: TappedCall[];
  close(): Promise<void>;
}

const PSEUDO = /^:/;
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "http2-settings"]);

function forwardable(headers: http2.IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined || PSEUDO.test(k) || HOP_BY_HOP.has(k)) continue;
    out[k] = v;
  }
  return out;
}

function flat(headers: http2.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = String(v);
  return out;
}

/** Relays one call from the harness's stream to the host, recording it into `calls` when it ends. */
function relay(
  upstream: http2.ClientHttp2Session,
  stream: http2.ServerHttp2Stream,
  headers: http2.IncomingHttpHeaders,
  calls: TappedCall[],
): void {
  const path = String(headers[":path"] ?? "");
  const request: Buffer[] = [];
  const response: Buffer[] = [];
  let trailers: Record<string, string> = {};
  const out = upstream.request({ ":method": "POST", ":path": path, ...forwardable(headers) });
  stream.on("data", (c: Buffer) => {
    request.push(c);
    out.write(c);
  });
  stream.on("end", () => out.end());
  stream.on("error", () => out.close(http2.constants.NGHTTP2_CANCEL));
  out.on("response", (h) => {
    if (h["grpc-status"] !== undefined) {
      // Trailers-only answer (an error with no message): headers and end in one frame.
      trailers = flat(h);
      stream.respond({ ":status": h[":status"] ?? 200, ...forwardable(h) }, { endStream: true });
      return;
    }
    stream.respond({ ":status": h[":status"] ?? 200, ...forwardable(h) }, { waitForTrailers: true });
  });
  out.on("data", (c: Buffer) => {
    response.push(c);
    stream.write(c);
  });
  out.on("trailers", (t) => {
    trailers = flat(t);
  });
  stream.on("wantTrailers", () => stream.sendTrailers(forwardable(trailers)));
  out.on("end", () => {
    calls.push({ path, request: Buffer.concat(request), response: Buffer.concat(response), trailers });
    if (!stream.destroyed && !stream.headersSent) stream.respond({ ":status": 502 }, { endStream: true });
    else if (!stream.destroyed && !stream.writableEnded) stream.end();
  });
  out.on("error", () => stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR));
}

/** Starts a tap in front of the gRPC server at `target` (`host:port`). */
export async function startGrpcTap(target: string): Promise<GrpcTap> {
  const calls: TappedCall[] = [];
  const upstream = http2.connect(`http://${target}`);
  upstream.on("error", () => undefined);
  const server = http2.createServer();
  server.on("stream", (stream, headers) => relay(upstream, stream, headers, calls));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("grpc tap: no address");
  return {
    address: `127.0.0.1:${address.port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        upstream.close();
        server.close(() => resolve());
        // Sessions the client keeps open would hold close() forever.
        setTimeout(resolve, 1000).unref();
      }),
  };
}

/** The protobuf messages of a gRPC body (each is a 1-byte flag, a 4-byte length, then the message). */
export function grpcMessages(body: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  while (at + 5 <= body.length) {
    const len = body.readUInt32BE(at + 1);
    out.push(body.subarray(at + 5, at + 5 + len));
    at += 5 + len;
  }
  return out;
}
