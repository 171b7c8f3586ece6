/**
 * The service's reasons in the one-line error (issue 48 item 5): a 422 says only "Validation Error" in its
 * `message`; the reasons are under `errors` (sdk/validation-reasons.ts). Over real HTTP against the emulator,
 * which answers as Novu's exception filter does (test/conformance/validation.test.ts holds the body whole),
 * and for the body shapes the filter's other paths answer (apps/api/src/exception-filter.ts).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { type ApiError, SvcClient, UnprocessableEntityError } from "../../sdk";
import { errorMessageOf } from "../../sdk/http-utils";
import { failure } from "../../testkit/error-assertions";

const KEY = `sdk_reasons_${randomUUID()}`;
let emu: Emulator;
let client: SvcClient;

beforeAll(async () => {
  emu = await startEmulator({ keys: [{ apiKey: KEY }], fixtures: "none" });
  client = new SvcClient({ apiKey: KEY, baseUrl: emu.url, baseRetryDelayMs: 5 });
});
afterAll(async () => {
  await client?.close();
  await emu?.close();
});

describe("a 422's reasons in the error's one line", () => {
  it("a workflow PUT with an origin the service does not know: operation, status, request id, the reason", async () => {
    await client.workflows.create({ workflowId: "reasons-wf", name: "Reasons", steps: [] });
    const err = await failure(
      client.workflows.update("reasons-wf", {
        name: "Reasons",
        origin: "svc-cloud",
        preferences: {},
        steps: [],
      }),
    );
    expect(err).toBeInstanceOf(UnprocessableEntityError);
    expect(err.message).toMatch(
      /^PUT \/v2\/workflows\/reasons-wf -> 422 \(req [0-9a-f-]{36}\): Validation Error: origin must be one of the following values: novu-cloud, novu-cloud-v1, external$/,
    );
    expect(err.message).not.toContain("\n");
    expect((err as ApiError).operation).toBe("workflows.update");
  });
});

describe("errorMessageOf: every body shape of the service's exception filter", () => {
  it("the ValidationPipe's refusal: the general messages after the generic message, never the value", () => {
    const body = {
      statusCode: 422,
      message: "Validation Error",
      ctx: {},
      errors: { general: { messages: ["a must be a string", "b should not be empty"], value: "sk-secret" } },
    };
    expect(errorMessageOf(body)).toBe("Validation Error: a must be a string; b should not be empty");
  });

  it("a command's refusal keyed by field: the message that already holds them is kept alone", () => {
    const command = {
      statusCode: 422,
      message: "Validation failed for ListSubscribersCommand: limit: limit must not be greater than 100",
      ctx: {},
      errors: { limit: { messages: ["limit must not be greater than 100"], value: 101 } },
    };
    expect(errorMessageOf(command)).toBe(command.message);
    const generic = { ...command, message: "Validation Error" };
    expect(errorMessageOf(generic)).toBe("Validation Error: limit must not be greater than 100");
    const nested = { message: "Validation Error", errors: { "steps.0": { messages: ["is refused"] } } };
    expect(errorMessageOf(nested)).toBe("Validation Error: steps.0: is refused");
  });

  it("a zod refusal: each issue with its path; v1's message list and a plain message as they are", () => {
    const zod = {
      statusCode: 400,
      message: "Zod Validation Failed",
      errors: [{ message: "Required", path: ["to", "subscriberId"] }],
      ctx: { errors: [{ message: "Required", path: ["to", "subscriberId"] }] },
    };
    expect(errorMessageOf(zod)).toBe("Zod Validation Failed: to.subscriberId: Required");
    expect(
      errorMessageOf({ statusCode: 400, message: ["name must be a string"], error: "Bad Request" }),
    ).toBe("name must be a string");
    expect(
      errorMessageOf({ statusCode: 400, message: "One environment can only have one In app provider" }),
    ).toBe("One environment can only have one In app provider");
  });
});
