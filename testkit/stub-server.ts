import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the stub received. */
export interface StubRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** Epoch ms of arrival. */
  at: number;
}

/** A tiny programmable HTTP server on 127.0.0.1, port 0, for cases the emulator does not produce. */
export interface Stub {
  url: string;
  requests: StubRequest[];
  close(): Promise<void>;
}

/** Handler gets the request (body read) and the 0-based index of the request. */
export type StubHandler = (req: StubRequest, res: ServerResponse, index: number) => void;

/** Sends JSON with the given status. */
export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Starts a stub server answering with `handler`. */
export async function startStub(handler: StubHandler): Promise<Stub> {
  const requests: StubRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r: StubRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      requests.push(r);
      handler(r, res, requests.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A valid integration as the service returns it. */
export function integration(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    _id: "64b000000000000000000001",
    _environmentId: "env1",
    _organizationId: "org1",
    name: "Mail",
    identifier: "mail-1",
    providerId: "sendgrid",
    channel: "email",
    credentials: {},
    active: true,
    deleted: false,
    primary: true,
    ...over,
  };
}

/** A valid subscriber as the service returns it. */
export function subscriber(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    _id: "64b000000000000000000002",
    subscriberId: "sub-1",
    _organizationId: "org1",
    _environmentId: "env1",
    deleted: false,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    data: { plan: "pro" },
    channels: [],
    ...over,
  };
}
