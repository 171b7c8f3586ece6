import { inspect } from "node:util";
import { Agent } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import {
  AbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  RatePacer,
  type RequestEvent,
  ResponseValidationError,
  SvcClient,
  TimeoutError,
  ValidationError,
} from "../../sdk";
import { expectNoKey, failure } from "../../testkit/error-assertions";
import { integration, json, type Stub, startStub, subscriber } from "../../testkit/stub-server";

const KEY = "stub_key_9f8e7d6c5b4a";
let stub: Stub | undefined;
let client: SvcClient | undefined;

afterEach(async () => {
  await client?.close();
  await stub?.close();
  client = undefined;
  stub = undefined;
});

async function setup(handler: Parameters<typeof startStub>[0], opts: Record<string, unknown> = {}) {
  stub = await startStub(handler);
  client = new SvcClient({ apiKey: KEY, baseUrl: stub.url, baseRetryDelayMs: 1, ...opts });
  return { stub, client };
}

describe("envelopes", () => {
  it("accepts wrapped and bare lists", async () => {
    const { client } = await setup((_req, res, i) =>
      json(res, 200, i === 0 ? { data: [integration()] } : [integration({ identifier: "bare" })]),
    );
    const wrapped = await client.integrations.listActive();
    const bare = await client.integrations.listActive();
    expect(wrapped.map((x) => x.identifier)).toEqual(["mail-1"]);
    expect(bare.map((x) => x.identifier)).toEqual(["bare"]);
  });

  it("accepts wrapped and bare single objects, even a subscriber with its own data field", async () => {
    const { client } = await setup((_req, res, i) =>
      json(res, 200, i === 0 ? { data: subscriber() } : subscriber({ subscriberId: "bare" })),
    );
    const body = { providerId: "fcm" as const, credentials: { deviceTokens: ["t1"] } };
    const a = await client.subscribers.upsertCredentials("sub-1", body);
    const b = await client.subscribers.upsertCredentials("sub-1", body);
    expect(a.subscriberId).toBe("sub-1");
    expect(a.data).toEqual({ plan: "pro" });
    expect(b.subscriberId).toBe("bare");
    expect(b.data).toEqual({ plan: "pro" });
  });

  it("accepts bare and wrapped paginated bodies", async () => {
    const page = { data: [subscriber()], next: null, previous: null, totalCount: 1, totalCountCapped: false };
    const { client } = await setup((_req, res, i) => json(res, 200, i === 0 ? page : { data: page }));
    expect((await client.subscribers.search()).data).toHaveLength(1);
    expect((await client.subscribers.search()).totalCount).toBe(1);
  });

  it("passes unknown keys and enum values through", async () => {
    const { client } = await setup((_req, res) =>
      json(res, 200, [integration({ channel: "carrier-pigeon", extra: 1 })]),
    );
    const [one] = await client.integrations.listActive();
    expect(one?.channel).toBe("carrier-pigeon");
    expect((one as Record<string, unknown>)["extra"]).toBe(1);
  });
});

describe("bad responses", () => {
  it("schema mismatch names operation and field path", async () => {
    const { client } = await setup((_req, res) => json(res, 200, { data: [integration({ active: "yes" })] }));
    const err = await failure(client.integrations.listActive());
    expect(err).toBeInstanceOf(ResponseValidationError);
    expect(err.message).toContain("integrations.listActive");
    expect(err.message).toContain("[0].active");
    expect((err as ResponseValidationError).issues[0]).toMatch(/^\[0\]\.active: /);
  });

  it("malformed JSON names the operation", async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"data": [');
    });
    const err = await failure(client.integrations.list());
    expect(err).toBeInstanceOf(ResponseValidationError);
    expect(err.message).toMatch(/integrations\.list: \(body\): malformed JSON/);
  });

  it("HTML with 200 names the operation and content type", async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body>login</body></html>");
    });
    const err = await failure(client.workflows.get("wf"));
    expect(err).toBeInstanceOf(ResponseValidationError);
    expect(err.message).toMatch(/workflows\.get: .*text\/html \(looks like HTML\)/);
  });

  it("an empty 200 where JSON is expected is an error", async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": 0 });
      res.end();
    });
    const err = await failure(client.notifications.get("n1"));
    expect(err).toBeInstanceOf(ResponseValidationError);
    expect(err.message).toContain("empty response");
  });

  it("a truncated body is a ConnectionError naming the operation", async () => {
    const { client, stub } = await setup(
      (_req, res) => {
        res.writeHead(200, { "content-type": "application/json", "content-length": 500 });
        res.write('{"data": [');
        setTimeout(() => res.socket?.destroy(), 20);
      },
      { maxRetries: 1 },
    );
    const err = await failure(client.integrations.listActive());
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err).not.toBeInstanceOf(TimeoutError);
    expect(err.message).toContain("integrations.listActive");
    expect(err.message).toContain("[after 2 attempts]");
    expect(stub.requests).toHaveLength(2);
  });

  it("an HTML 502 becomes an InternalServerError with a readable message", async () => {
    const { client } = await setup(
      (_req, res) => {
        res.writeHead(502, { "content-type": "text/html" });
        res.end("<html>Bad gateway</html>");
      },
      { maxRetries: 0 },
    );
    const err = await failure(client.integrations.listActive());
    expect(err).toBeInstanceOf(InternalServerError);
    expect(err.message).toBe("GET /v1/integrations/active -> 502: Bad Gateway (non-JSON body: HTML)");
  });
});

describe("requests", () => {
  it("sends auth, user agent, JSON and a fresh idempotency key per logical call", async () => {
    const { client, stub } = await setup((_req, res) => json(res, 201, { data: integration() }), {
      userAgent: "test-agent/1",
    });
    await client.integrations.create({ providerId: "sendgrid", channel: "email", name: "Mail" });
    await client.integrations.create({ providerId: "sendgrid", channel: "email", name: "Mail" });
    const [a, b] = stub.requests;
    expect(a?.method).toBe("POST");
    expect(a?.url).toBe("/v1/integrations");
    expect(a?.headers.authorization).toBe(`ApiKey ${KEY}`);
    expect(a?.headers["user-agent"]).toBe("test-agent/1");
    expect(a?.headers["content-type"]).toBe("application/json");
    // check: false unless the caller sets it (the service checks email integrations live by default).
    expect(JSON.parse(a?.body ?? "")).toEqual({
      providerId: "sendgrid",
      channel: "email",
      name: "Mail",
      check: false,
    });
    expect(a?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(b?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(a?.headers["idempotency-key"]).not.toBe(b?.headers["idempotency-key"]);
  });

  it("renews the idempotency key after a received error answer, derived from an override", async () => {
    const { client, stub } = await setup((_req, res, i) =>
      i < 2 ? json(res, 503, { statusCode: 503, message: "busy" }) : json(res, 200, { data: subscriber() }),
    );
    await client.subscribers.upsertCredentials(
      "sub-1",
      { providerId: "slack", credentials: { webhookUrl: "https://hooks.example.com/x" } },
      { idempotencyKey: "my-key-1" },
    );
    // The service keeps an error answer for the key (a 503 too): repeating the key would replay it.
    expect(stub.requests.map((r) => r.headers["idempotency-key"])).toEqual([
      "my-key-1",
      "my-key-1:r1",
      "my-key-1:r2",
    ]);
    expect(stub.requests.map((r) => r.method)).toEqual(["PATCH", "PATCH", "PATCH"]);
  });

  it("renews a generated key after a received 500, and keeps it after a lost answer", async () => {
    const { client, stub } = await setup((_req, res, i) => {
      if (i === 0) {
        res.socket?.destroy();
        return;
      }
      if (i === 1) json(res, 500, { statusCode: 500, message: "boom", errorId: "e" });
      else json(res, 201, { data: integration() });
    });
    await client.integrations.create({ providerId: "sendgrid", channel: "email" });
    const keys = stub.requests.map((r) => r.headers["idempotency-key"]);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("GET and DELETE carry no idempotency key or body", async () => {
    const { client, stub } = await setup((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    await client.subscribers.deleteCredentials("sub 1", "fcm");
    expect(stub.requests[0]?.method).toBe("DELETE");
    expect(stub.requests[0]?.url).toBe("/v1/subscribers/sub%201/credentials/fcm");
    expect(stub.requests[0]?.headers["idempotency-key"]).toBeUndefined();
    expect(stub.requests[0]?.headers["content-type"]).toBeUndefined();
  });

  it("sends no idempotency key on PUT, even an explicit one (the service ignores it there)", async () => {
    const { client, stub } = await setup((_req, res) => json(res, 200, { data: integration() }));
    await client.integrations.update(
      "64b000000000000000000001",
      { name: "n" },
      { idempotencyKey: "put-key" },
    );
    await client.integrations.update("64b000000000000000000001", { name: "n" });
    expect(stub.requests.map((r) => r.headers["idempotency-key"])).toEqual([undefined, undefined]);
  });

  it("repeats array query parameters and keeps a base path prefix", async () => {
    stub = await startStub((_req, res) =>
      json(res, 200, { data: [], hasMore: false, pageSize: 10, page: 0 }),
    );
    client = new SvcClient({ apiKey: KEY, baseUrl: `${stub.url}/api/` });
    await client.messages.list({ transactionId: ["t1", "t 2"], contextKeys: "tenant:a", channel: "email" });
    const url = new URL(stub.requests[0]?.url ?? "", "http://x");
    expect(url.pathname).toBe("/api/v1/messages");
    expect(url.searchParams.getAll("transactionId")).toEqual(["t1", "t 2"]);
    expect(url.searchParams.getAll("contextKeys")).toEqual(["tenant:a"]);
    expect(url.searchParams.get("channel")).toBe("email");
  });

  it("validates bodies and queries before sending", async () => {
    const { client, stub } = await setup((_req, res) => json(res, 200, {}));
    const err = await failure(
      client.integrations.create({ providerId: "sendgrid", channel: "pager" as "email", credentials: {} }),
    );
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.message).toBe(
      'integrations.create: invalid body: channel: must be one of in_app, email, sms, chat, push (got "pager")',
    );
    const q = await failure(client.notifications.list({ limit: 500 }));
    expect(q).toBeInstanceOf(ValidationError);
    expect(q.message).toMatch(/notifications\.list: invalid query: limit: /);
    const id = await failure(client.subscribers.getPreferences(""));
    expect(id.message).toBe(
      "subscribers.getPreferences: invalid request: subscriberId: must be a non-empty string",
    );
    const opt = await failure(client.integrations.listActive({ timeoutMs: -1 }));
    expect(opt.message).toMatch(/integrations\.listActive: invalid options: timeoutMs: /);
    expect(stub.requests).toHaveLength(0);
  });

  it("calls onRequest before every attempt, without the key", async () => {
    const events: RequestEvent[] = [];
    const { client } = await setup(
      (_req, res, i) => (i === 0 ? json(res, 500, { message: "x" }) : json(res, 200, [])),
      { onRequest: (e: RequestEvent) => events.push(e) },
    );
    await client.integrations.list();
    expect(events.map((e) => e.attempt)).toEqual([1, 2]);
    expect(events[1]?.retryReason).toMatch(/500 server error/);
    expect(JSON.stringify(events)).not.toContain(KEY);
  });

  it("a call after close() fails at once with a ConnectionError, without retries", async () => {
    const events: RequestEvent[] = [];
    const { client, stub } = await setup((_req, res) => json(res, 200, []), {
      onRequest: (e: RequestEvent) => events.push(e),
    });
    await client.integrations.list();
    await client.close();
    const err = await failure(client.integrations.list());
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.message).toMatch(/^GET \/v1\/integrations failed \(integrations\.list\): /);
    expect(events.map((e) => e.attempt)).toEqual([1, 1]);
    expect(stub.requests).toHaveLength(1);
  });

  it("uses a dispatcher passed in and leaves it open on close", async () => {
    const agent = new Agent({ connections: 2 });
    stub = await startStub((_req, res) => json(res, 200, []));
    const c = new SvcClient({ apiKey: KEY, baseUrl: stub.url, dispatcher: agent });
    expect(await c.integrations.list()).toEqual([]);
    await c.close();
    expect(agent.closed).toBe(false);
    await agent.close();
  });
});

describe("errors from the wire", () => {
  it("401 echoing the key: AuthenticationError without the key anywhere", async () => {
    const { client } = await setup((_req, res) =>
      json(
        res,
        401,
        { statusCode: 401, message: `API Key ${KEY} not found`, error: "Unauthorized" },
        { "x-request-id": "r-1" },
      ),
    );
    const err = await failure(client.integrations.listActive());
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err.message).toBe("GET /v1/integrations/active -> 401 (req r-1): API Key [REDACTED] not found");
    expectNoKey(err, KEY);
    expect("id" in err).toBe(false);
  });

  it("no retry on 400, 404 and identifier-conflict 409", async () => {
    const statuses = [400, 404, 409];
    const messages = [
      "SubscriberId: x not found",
      "not found",
      'Integration with identifier "x" already exists',
    ];
    const { client, stub } = await setup((_req, res, i) =>
      json(
        res,
        statuses[i] ?? 500,
        { statusCode: statuses[i], message: messages[i] },
        { "retry-after": "1" },
      ),
    );
    const body = { providerId: "fcm" as const, credentials: { deviceTokens: [] } };
    expect(await failure(client.subscribers.upsertCredentials("x", body))).toBeInstanceOf(BadRequestError);
    expect(await failure(client.workflows.get("missing"))).toBeInstanceOf(NotFoundError);
    const conflict = await failure(
      client.integrations.create({ providerId: "sendgrid", channel: "email", identifier: "x" }),
    );
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(stub.requests).toHaveLength(3);
  });
});

describe("timeouts and aborts", () => {
  it("a hung server fails with TimeoutError after the timeout, each attempt", async () => {
    const { client, stub } = await setup(() => {}, { timeoutMs: 100, maxRetries: 1 });
    const err = await failure(client.integrations.listActive());
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.message).toBe(
      "GET /v1/integrations/active failed (integrations.listActive): no response within 100 ms [after 2 attempts]",
    );
    expect(stub.requests).toHaveLength(2);
  });

  it("retries of a hung request stay within the total retry budget", async () => {
    const { client, stub } = await setup(() => {}, { timeoutMs: 1_500, totalRetryBudgetMs: 1_600 });
    const err = await failure(client.integrations.listActive());
    expect(err).toBeInstanceOf(TimeoutError);
    // The second attempt only got what was left of the budget (floored at 1 s), and no third one started.
    expect((err as TimeoutError).timeoutMs).toBe(1_000);
    expect(stub.requests).toHaveLength(2);
  });

  it("per-call timeoutMs overrides the client's", async () => {
    const { client } = await setup(() => {}, { timeoutMs: 60_000, maxRetries: 0 });
    const err = await failure(client.workflows.get("wf", {}, { timeoutMs: 50 }));
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).timeoutMs).toBe(50);
  });

  it("a caller abort rejects with AbortError and is not retried", async () => {
    const { client, stub } = await setup(() => {}, { timeoutMs: 60_000 });
    const ac = new AbortController();
    const p = client.integrations.listActive({ signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    const err = await failure(p);
    expect(err).toBeInstanceOf(AbortError);
    expect(err.name).toBe("AbortError");
    expect(stub.requests).toHaveLength(1);
  });

  it("an abort during the backoff wait stops the retries", async () => {
    const { client, stub } = await setup((_req, res) =>
      json(res, 503, { message: "busy" }, { "retry-after": "5" }),
    );
    const ac = new AbortController();
    const p = client.integrations.list({ signal: ac.signal });
    while (stub.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    ac.abort();
    expect(await failure(p)).toBeInstanceOf(AbortError);
    expect(stub.requests).toHaveLength(1);
  });

  it("an already aborted signal sends nothing", async () => {
    const { client, stub } = await setup((_req, res) => json(res, 200, []));
    expect(await failure(client.integrations.list({ signal: AbortSignal.abort() }))).toBeInstanceOf(
      AbortError,
    );
    expect(stub.requests).toHaveLength(0);
  });
});

describe("client options", () => {
  it("names the bad option and never echoes the key", () => {
    const bad = (o: unknown) => {
      try {
        new SvcClient(o as never);
      } catch (e) {
        return e as Error;
      }
      throw new Error("expected a throw");
    };
    expect(bad({ baseUrl: "http://x" }).message).toMatch(/SvcClient: invalid options: apiKey: is required/);
    expect(bad({ apiKey: KEY, baseUrl: "not a url" }).message).toMatch(/baseUrl: must be an http\(s\) URL/);
    const e = bad({ apiKey: KEY, baseUrl: "http://x", timeoutMs: "10" });
    expect(e).toBeInstanceOf(ValidationError);
    expect(e.message).toMatch(/timeoutMs: must be a number/);
    expect(bad({ apiKey: KEY, baseUrl: "http://x", retries: 3 }).message).toMatch(/retries: unknown/);
    for (const err of [e, bad({ apiKey: KEY, baseUrl: "ftp://x" })]) expectNoKey(err, KEY);
  });

  it("the client itself does not show the key", () => {
    const c = new SvcClient({ apiKey: KEY, baseUrl: "http://127.0.0.1:9" });
    expect(inspect(c, { depth: 10 })).not.toContain(KEY);
    expect(JSON.stringify(c)).not.toContain(KEY);
  });
});

describe("pacing", () => {
  const list = (_r: unknown, res: Parameters<typeof json>[0]) => json(res, 200, { data: [integration()] });
  const rateLimited = (retryAfter: string) => (_r: unknown, res: Parameters<typeof json>[0], i: number) =>
    i === 0
      ? json(res, 429, { statusCode: 429, message: "slow down" }, { "retry-after": retryAfter })
      : list(_r, res);

  it("is validated like the other options", async () => {
    const bad = (pacing: unknown) => () =>
      new SvcClient({ apiKey: KEY, baseUrl: "http://x", pacing } as never);
    expect(bad("yes")).toThrow(/pacing: must be true, false or \{ safety\?, pacer\? \}/);
    expect(bad({ safety: 2 })).toThrow(/pacing\.safety: must be at most 1/);
    expect(bad({ pacer: {} })).toThrow(/pacing\.pacer: must be a RatePacer/);
    expect(bad({ rate: 1 })).toThrow(/pacing\.rate: unknown field/);
    const c = new SvcClient({ apiKey: KEY, baseUrl: "http://127.0.0.1:9" });
    await expect(c.integrations.list({ pacing: "no" } as never)).rejects.toThrow(
      /pacing: must be true or false/,
    );
  });

  it("after a 429 the next call waits for Retry-After before it is sent", async () => {
    const { stub, client } = await setup(rateLimited("1"), { pacing: true, maxRetries: 0 });
    expect(await failure(client.integrations.list())).toBeInstanceOf(RateLimitError);
    await client.integrations.list();
    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[1]!.at - stub.requests[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it("an unpaced client sends the next call at once; a paced one can be aborted while it waits", async () => {
    const { stub, client } = await setup(rateLimited("30"), { pacing: true, maxRetries: 0 });
    await failure(client.integrations.list());
    const aborted = await failure(client.integrations.list({ signal: AbortSignal.timeout(50) }));
    expect(aborted).toBeInstanceOf(AbortError);
    expect(stub.requests).toHaveLength(1);
    // One call may skip the queue; a 30 s pause would fail this test by vitest's timeout.
    expect(await client.integrations.list({ pacing: false })).toHaveLength(1);
    expect(stub.requests).toHaveLength(2);
  });

  it("clients sharing a pacer pause together", async () => {
    const { stub } = await setup(rateLimited("30"));
    const pacer = new RatePacer();
    const a = new SvcClient({ apiKey: KEY, baseUrl: stub.url, maxRetries: 0, pacing: { pacer } });
    const b = new SvcClient({ apiKey: KEY, baseUrl: stub.url, maxRetries: 0, pacing: { pacer } });
    try {
      await failure(a.integrations.list());
      expect(await failure(b.integrations.list({ signal: AbortSignal.timeout(50) }))).toBeInstanceOf(
        AbortError,
      );
      expect(stub.requests).toHaveLength(1);
      expect(pacer.snapshot().rateLimited).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("the exchange", () => {
  it("a call waiting for a socket can time out or be aborted before it is sent", async () => {
    const hung: Array<() => void> = [];
    const { stub, client } = await setup(
      (_r, res) => {
        hung.push(() => json(res, 200, { data: [] }));
      },
      { connections: 1, maxRetries: 0 },
    );
    const first = client.integrations.list();
    await new Promise((r) => setTimeout(r, 50));
    const timedOut = await failure(client.integrations.list({ timeoutMs: 50 }));
    expect(timedOut).toBeInstanceOf(TimeoutError);
    expect(await failure(client.integrations.list({ signal: AbortSignal.timeout(50) }))).toBeInstanceOf(
      AbortError,
    );
    for (const answer of hung) answer();
    expect(await first).toEqual([]);
    expect(stub.requests).toHaveLength(1);
  });
});
