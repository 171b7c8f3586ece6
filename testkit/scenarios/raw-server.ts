import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createTcpServer, type Server, type Socket } from "node:net";

/** A loopback server for misbehaviour the emulator does not produce. */
export interface RawServer {
  url: string;
  /** Connections accepted (TCP) or requests received (HTTP). */
  hits(): number;
  close(): Promise<void>;
}

function urlOf(server: Server): string {
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("raw-server: no port");
  return `http://127.0.0.1:${address.port}`;
}

function closing(server: Server, sockets: Set<Socket>): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

/** Accepts TCP connections, reads whatever comes, and never writes a byte. */
export async function startSilentServer(): Promise<RawServer> {
  const sockets = new Set<Socket>();
  let hits = 0;
  const server = createTcpServer((socket) => {
    hits++;
    sockets.add(socket);
    socket.on("data", () => {});
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: urlOf(server), hits: () => hits, close: closing(server, sockets) };
}

/** An HTTP server whose answers `handler` writes by hand (it may stall, cut short, or lie). */
export async function startHttpServer(
  handler: (req: IncomingMessage, res: ServerResponse, index: number, body: string) => void,
): Promise<RawServer> {
  const sockets = new Set<Socket>();
  let hits = 0;
  const server = createHttpServer((req, res) => {
    const index = hits++;
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => handler(req, res, index, Buffer.concat(chunks).toString("utf8")));
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: urlOf(server), hits: () => hits, close: closing(server, sockets) };
}
