import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  AbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  SvcError,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
} from "../../sdk/errors";
import { isSecretKey, REDACTED, redactUrl, redactValue, scrubText } from "../../sdk/redact";

const KEY = "sk_live_0123456789abcdef";

function allRenderings(err: Error): string {
  return [
    err.message,
    String(err),
    err.stack ?? "",
    JSON.stringify(err),
    inspect(err),
    inspect(err, { depth: 10 }),
  ].join("\n");
}

describe("ApiError", () => {
  const base = {
    operation: "integrations.create",
    method: "POST",
    url: "http://127.0.0.1:4010/v1/integrations",
    requestId: "8f2c1a",
    secrets: [KEY],
  };

  it("has a message that stands alone", () => {
    const err = ApiError.from({
      ...base,
      status: 409,
      body: { statusCode: 409, message: 'Integration with identifier "x" already exists', error: "Conflict" },
    });
    expect(err).toBeInstanceOf(ConflictError);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(SvcError);
    expect(err.message).toBe(
      'POST /v1/integrations -> 409 (req 8f2c1a): Integration with identifier "x" already exists',
    );
    expect(err.name).toBe("ConflictError");
    expect(err.status).toBe(409);
    expect(err.serviceCode).toBe("Conflict");
    expect(err.code).toBe("SVC_ERR_CONFLICT");
    expect(err.method).toBe("POST");
    expect(err.requestId).toBe("8f2c1a");
    expect(err.operation).toBe("integrations.create");
    expect("id" in err).toBe(false);
  });

  it("maps statuses to subclasses", () => {
    const cases: [number, new (...a: never[]) => ApiError][] = [
      [400, BadRequestError],
      [401, AuthenticationError],
      [403, PermissionDeniedError],
      [404, NotFoundError],
      [409, ConflictError],
      [422, UnprocessableEntityError],
      [429, RateLimitError],
      [500, InternalServerError],
      [503, InternalServerError],
    ];
    for (const [status, cls] of cases) {
      const err = ApiError.from({ ...base, status, body: { message: "m" } });
      expect(err).toBeInstanceOf(cls);
      expect(err.name).toBe(cls.name);
    }
    expect(ApiError.from({ ...base, status: 418 }).constructor).toBe(ApiError);
  });

  it("joins validation messages and falls back to the status text", () => {
    expect(
      ApiError.from({ ...base, status: 400, body: { message: ["a is bad", "b is bad"] } }).message,
    ).toMatch(/-> 400 \(req 8f2c1a\): a is bad; b is bad$/);
    expect(ApiError.from({ ...base, requestId: undefined, status: 502, body: undefined }).message).toBe(
      "POST /v1/integrations -> 502: Bad Gateway",
    );
    expect(ApiError.from({ ...base, status: 503, body: "<html><body>oops</body></html>" }).message).toMatch(
      /Service Unavailable \(non-JSON body: HTML\)/,
    );
  });

  it("mentions attempts when retried", () => {
    expect(ApiError.from({ ...base, status: 503, attempts: 6 }).message).toMatch(/\[after 6 attempts\]$/);
  });

  it("never shows the API key or credentials in any rendering", () => {
    const err = ApiError.from({
      ...base,
      url: `http://user:${KEY}@127.0.0.1/v1/x?apiKey=${KEY}&token=abc123&limit=2`,
      status: 401,
      body: {
        message: `Api key ${KEY} is invalid`,
        credentials: { apiKey: "provider-secret-1", webhookUrl: "https://hooks.example/secret-path" },
      },
    });
    const all = allRenderings(err);
    expect(all).not.toContain(KEY);
    expect(all).not.toContain("provider-secret-1");
    expect(all).not.toContain("secret-path");
    expect(all).not.toContain("abc123");
    expect(err.url).toContain("limit=2");
    expect(err.message).toContain("[REDACTED]");
    const json = JSON.parse(JSON.stringify(err));
    expect(json).toMatchObject({
      name: "AuthenticationError",
      status: 401,
      operation: "integrations.create",
    });
    expect(json.id).toBeUndefined();
  });

  it("inspect shows the fields", () => {
    const err = ApiError.from({ ...base, status: 404, body: { message: "nope" } });
    const text = inspect(err);
    expect(text).toContain("NotFoundError: POST /v1/integrations -> 404");
    expect(text).toContain("status: 404");
    expect(text).toContain("requestId: '8f2c1a'");
  });

  it("RateLimitError carries retryAfterMs", () => {
    const err = ApiError.from({ ...base, status: 429, retryAfterMs: 2000 });
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.retryAfterMs).toBe(2000);
  });
});

describe("other errors", () => {
  it("ConnectionError and TimeoutError have no status", () => {
    const c = new ConnectionError({
      operation: "integrations.listActive",
      method: "GET",
      url: `http://127.0.0.1:1/v1/integrations/active?apiKey=${KEY}`,
      reason: "connect ECONNREFUSED",
      cause: new Error("connect ECONNREFUSED"),
      secrets: [KEY],
    });
    expect(c.message).toBe(
      "GET /v1/integrations/active?apiKey=[REDACTED] failed (integrations.listActive): connect ECONNREFUSED",
    );
    expect("status" in c).toBe(false);
    expect(allRenderings(c)).not.toContain(KEY);
    expect(JSON.parse(JSON.stringify(c)).cause).toBe("Error: connect ECONNREFUSED");

    const t = new TimeoutError({ operation: "x.y", method: "GET", url: "http://h/v1/a", timeoutMs: 50 });
    expect(t).toBeInstanceOf(ConnectionError);
    expect(t.message).toBe("GET /v1/a failed (x.y): no response within 50 ms");
    expect(t.timeoutMs).toBe(50);
    expect("status" in t).toBe(false);
  });

  it("AbortError is named AbortError", () => {
    const a = new AbortError("messages.list");
    expect(a.name).toBe("AbortError");
    expect(a.message).toBe("messages.list was aborted");
  });

  it("ValidationError lists issues", () => {
    const v = new ValidationError("integrations.create", ["channel: must be one of in_app, email"]);
    expect(v.message).toBe("integrations.create: invalid request: channel: must be one of in_app, email");
    expect(v.issues).toEqual(["channel: must be one of in_app, email"]);
  });

  it("ResponseValidationError names operation and path", () => {
    const r = new ResponseValidationError({
      operation: "integrations.listActive",
      method: "GET",
      url: "http://h/v1/integrations/active",
      status: 200,
      issues: ["[0].active: must be a boolean"],
    });
    expect(r.message).toBe(
      "GET /v1/integrations/active -> 200: unexpected response for integrations.listActive: [0].active: must be a boolean",
    );
  });
});

describe("redaction helpers", () => {
  it("redactValue replaces secret-looking keys deeply", () => {
    expect(
      redactValue({
        a: 1,
        credentials: { x: 1 },
        nested: [{ deviceTokens: ["t"], webhookUrl: "u", providerId: "fcm" }],
      }),
    ).toEqual({
      a: 1,
      credentials: "[REDACTED]",
      nested: [{ deviceTokens: "[REDACTED]", webhookUrl: "[REDACTED]", providerId: "fcm" }],
    });
  });
  it("scrubText replaces a secret in every form it can take, with the one placeholder", () => {
    const secret = 'sk_"live"\\x';
    const json = JSON.stringify({ type: "service_account", private_key: "-----BEGIN KEY-----\nabc" });
    const text = [
      `plain ${secret}`,
      `once ${JSON.stringify(secret)}`,
      `twice ${JSON.stringify(JSON.stringify(secret))}`,
      "inner -----BEGIN KEY-----\nabc",
      "short abc",
    ].join(" | ");
    const out = scrubText(text, [secret, json, "abc"]);
    expect(out).not.toContain("live");
    expect(out).not.toContain("BEGIN KEY");
    expect(out).toContain("short abc"); // under 4 characters: not a secret on its own
    expect(out.match(/\[REDACTED\]/g)).toHaveLength(4);
    expect(REDACTED).toBe("[REDACTED]");
  });
  it("one list of secret keys: credentials, device tokens, webhook URLs, overrides, keys", () => {
    for (const k of [
      "credentials",
      "deviceTokens",
      "webhookUrl",
      "directWebhookUrl",
      "overrides",
      "apiKey",
    ]) {
      expect(isSecretKey(k)).toBe(true);
    }
    for (const k of ["providerId", "identifier", "channel", "subscriberId", "name"]) {
      expect(isSecretKey(k)).toBe(false);
    }
  });
  it("redactUrl keeps paths and harmless query params", () => {
    expect(redactUrl("/v1/x?limit=1&secret=s")).toBe("/v1/x?limit=1&secret=[REDACTED]");
    expect(redactUrl("http://a:b@h:1/p?q=1")).toBe("http://h:1/p?q=1");
  });
});

describe("the whole family", () => {
  const url = "http://h/v1/x";
  const all: Error[] = [
    new SvcError("m"),
    ApiError.from({ operation: "o", method: "GET", url, status: 400 }),
    ApiError.from({ operation: "o", method: "GET", url, status: 418 }),
    new ConnectionError({ operation: "o", method: "GET", url, reason: "r" }),
    new TimeoutError({ operation: "o", method: "GET", url, timeoutMs: 1 }),
    new AbortError("o"),
    new ValidationError("o", ["a: b"]),
    new ResponseValidationError({ operation: "o", method: "GET", url, status: 200, issues: ["a: b"] }),
  ];

  it("no error has an id field (Pulumi reads it as a partially created resource)", () => {
    for (const err of all) {
      expect("id" in err).toBe(false);
      expect(JSON.parse(JSON.stringify(err)).id).toBeUndefined();
    }
  });

  it("every error is a SvcError and an Error with its own name", () => {
    for (const err of all) {
      expect(err).toBeInstanceOf(SvcError);
      expect(err).toBeInstanceOf(Error);
      expect(err.name).toBe(err.constructor.name);
    }
  });
});

describe("stable error codes", () => {
  const url = "http://h/v1/x";
  const api = (status: number, body?: unknown) =>
    ApiError.from({ operation: "o", method: "GET", url, status, body });
  const conn = (reason: string) => new ConnectionError({ operation: "o", method: "GET", url, reason });
  const timeout = (timeoutMs: number) => new TimeoutError({ operation: "o", method: "GET", url, timeoutMs });
  const response = (status: number) =>
    new ResponseValidationError({ operation: "o", method: "GET", url, status, issues: ["a: b"] });
  /** Each class, its documented code, and two instances made from different inputs. */
  const cases: [{ readonly code: string; readonly name: string }, string, SvcError, SvcError][] = [
    [SvcError, "SVC_ERR", new SvcError("m"), new SvcError("n", { operation: "p" })],
    [ApiError, "SVC_ERR_HTTP", api(418), api(405, { code: "Nope" })],
    [BadRequestError, "SVC_ERR_BAD_REQUEST", api(400), api(400, { error: "Bad Request" })],
    [AuthenticationError, "SVC_ERR_AUTHENTICATION", api(401), api(401, { code: "x" })],
    [PermissionDeniedError, "SVC_ERR_PERMISSION_DENIED", api(403), api(403, { code: "x" })],
    [NotFoundError, "SVC_ERR_NOT_FOUND", api(404), api(404, { code: "x" })],
    [ConflictError, "SVC_ERR_CONFLICT", api(409), api(409, { error: "Conflict" })],
    [UnprocessableEntityError, "SVC_ERR_UNPROCESSABLE_ENTITY", api(422), api(422, { code: "x" })],
    [RateLimitError, "SVC_ERR_RATE_LIMIT", api(429), api(429, { code: "x" })],
    [InternalServerError, "SVC_ERR_INTERNAL_SERVER", api(500), api(503, { code: "x" })],
    [ConnectionError, "SVC_ERR_CONNECTION", conn("refused"), conn("reset")],
    [TimeoutError, "SVC_ERR_TIMEOUT", timeout(1), timeout(30_000)],
    [AbortError, "SVC_ERR_ABORTED", new AbortError("a"), new AbortError("b", new Error("c"))],
    [ValidationError, "SVC_ERR_VALIDATION", new ValidationError("o", ["a: b"]), new ValidationError("p", [])],
    [ResponseValidationError, "SVC_ERR_RESPONSE_VALIDATION", response(200), response(204)],
  ];

  it("each class has its documented code, as a static and on every instance, whatever the inputs", () => {
    for (const [cls, code, first, second] of cases) {
      expect([cls.name, cls.code], cls.name).toEqual([cls.name, code]);
      expect(first.constructor, cls.name).toBe(cls);
      expect(second.constructor, cls.name).toBe(cls);
      expect([first.code, second.code], cls.name).toEqual([code, code]);
    }
  });

  it("no two classes share a code, and every code is SVC_ERR or SVC_ERR_<NAME>", () => {
    const codes = cases.map(([cls]) => cls.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^SVC_ERR(_[A-Z]+)*$/);
  });

  it("the service's own code from the body is serviceCode, and code stays the class's", () => {
    const err = api(409, { statusCode: 409, message: "taken", error: "Conflict" });
    expect(err.serviceCode).toBe("Conflict");
    expect(err.code).toBe(ConflictError.code);
    expect(api(409).serviceCode).toBeUndefined();
  });

  it("the code is logged with the other fields", () => {
    const err = timeout(5);
    expect(JSON.parse(JSON.stringify(err)).code).toBe("SVC_ERR_TIMEOUT");
    expect(inspect(err)).toContain("SVC_ERR_TIMEOUT");
  });
});
