/**
 * Mutated valid responses: real answers of every operation (captured from the emulator) are mutated with a
 * seeded PRNG (fields removed, types changed, enums unknown, extra keys, nulls) and served by a stub. Every
 * call must either return a value that validates against the operation's response schema ("parsed") or
 * fail with an error of the sdk's family: 0 uncaught exceptions, 0 values returned that do not validate.
 */

import type { z } from "zod";
import { startEmulator } from "../../emulator";
import { seededRandom } from "../../emulator/faults";
import { SvcClient, SvcError } from "../../sdk";
import {
  integrationListSchema,
  integrationSchema,
  messagePageSchema,
  notificationPageSchema,
  notificationSchema,
  subscriberPageSchema,
  subscriberPreferencesSchema,
  subscriberSchema,
  workflowSchema,
} from "../../sdk/schemas";
import { type Mutation, mutateSome } from "./mutate";
import { startHttpServer } from "./raw-server";

/** Settings of {@link mutatedResponses}. */
export interface MutatedResponsesOptions {
  /** Mutated responses to serve (default 500). */
  responses?: number;
  /** PRNG seed (default 20240607). */
  seed?: number;
  /**
   * Control: instead of the client, a bare `fetch` that returns whatever JSON arrives (unwrapping `data`)
   * with no validation; the `unvalidated` figure must then go up.
   */
  bypassClient?: boolean;
}

/** What {@link mutatedResponses} measured. */
export interface MutatedResponsesFigures {
  responses: number;
  seed: number;
  /** Calls that returned a value which validates against the operation's response schema. */
  parsed: number;
  /** Calls that returned a value which does NOT validate against the response schema. */
  unvalidated: number;
  /** Calls that failed with an SvcError (ResponseValidationError and kin). */
  familyErrors: number;
  /** Calls that threw anything else, or resolved to nothing. */
  uncaught: number;
  /** Unhandled rejections and uncaught exceptions seen by the process during the run. */
  processErrors: number;
  /** Error class names seen, with counts. */
  errorKinds: Record<string, number>;
  /** Mutation kinds applied, with counts. */
  mutations: Record<string, number>;
  /** Responses with a single mutation, by kind: how many there were and how many parsed. */
  single: Record<string, { responses: number; parsed: number }>;
  /** First non-family failure, for diagnosis. */
  firstUncaught?: string;
  /** First returned value that failed its schema, for diagnosis. */
  firstUnvalidated?: string;
}

/** The control's "client": any JSON the stub answers, `data` unwrapped, nothing checked. */
async function unvalidatedCall(url: string): Promise<unknown> {
  const body = (await (await fetch(url)).json()) as unknown;
  return body !== null && typeof body === "object" && "data" in body
    ? (body as { data: unknown }).data
    : body;
}

type Call = {
  operation: string;
  status: number;
  call: (c: SvcClient) => Promise<unknown>;
  /** The response schema the returned value must validate against. */
  schema: z.ZodType;
};

const ADA = "user-ada";
const SOME_ID = "65f000000000000000000001";

const CALLS: Call[] = [
  {
    operation: "integrations.listActive",
    status: 200,
    call: (c) => c.integrations.listActive(),
    schema: integrationListSchema,
  },
  {
    operation: "integrations.list",
    status: 200,
    call: (c) => c.integrations.list(),
    schema: integrationListSchema,
  },
  {
    operation: "integrations.create",
    status: 201,
    call: (c) => c.integrations.create({ providerId: "twilio", channel: "sms", identifier: "fuzz" }),
    schema: integrationSchema,
  },
  {
    operation: "integrations.update",
    status: 200,
    call: (c) => c.integrations.update(SOME_ID, { name: "n" }),
    schema: integrationSchema,
  },
  {
    operation: "integrations.delete",
    status: 200,
    call: (c) => c.integrations.delete(SOME_ID),
    schema: integrationListSchema,
  },
  {
    operation: "subscribers.upsertCredentials",
    status: 200,
    call: (c) =>
      c.subscribers.upsertCredentials(ADA, { providerId: "fcm", credentials: { deviceTokens: ["t"] } }),
    schema: subscriberSchema,
  },
  {
    operation: "subscribers.search",
    status: 200,
    call: (c) => c.subscribers.search({ limit: 3 }),
    schema: subscriberPageSchema,
  },
  {
    operation: "subscribers.getPreferences",
    status: 200,
    call: (c) => c.subscribers.getPreferences(ADA),
    schema: subscriberPreferencesSchema,
  },
  {
    operation: "workflows.get",
    status: 200,
    call: (c) => c.workflows.get("welcome"),
    schema: workflowSchema,
  },
  {
    operation: "messages.list",
    status: 200,
    call: (c) => c.messages.list({ limit: 3 }),
    schema: messagePageSchema,
  },
  {
    operation: "notifications.get",
    status: 200,
    call: (c) => c.notifications.get(SOME_ID),
    schema: notificationSchema,
  },
  {
    operation: "notifications.list",
    status: 200,
    call: (c) => c.notifications.list({ limit: 3 }),
    schema: notificationPageSchema,
  },
];

/** Captures one valid raw answer per operation from an emulator seeded with the demo fixtures. */
async function captureValidBodies(): Promise<Map<string, unknown>> {
  const emu = await startEmulator({ port: 0, fixtures: "default" });
  const bodies = new Map<string, unknown>();
  try {
    // A client whose dispatcher hands back the raw text: simplest is to replay each call over fetch.
    const raw = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${emu.url}${path}`, {
        method,
        headers: { authorization: `ApiKey ${emu.apiKey}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (res.status >= 300) throw new Error(`capture ${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as unknown;
    };
    const created = (await raw("POST", "/v1/integrations", {
      providerId: "twilio",
      channel: "sms",
      identifier: "fuzz-capture",
      conditions: [
        {
          isNegated: false,
          type: "BOOLEAN",
          value: "AND",
          children: [{ field: "plan", value: "pro", operator: "EQUAL", on: "subscriber" }],
        },
      ],
    })) as { data: { _id: string } };
    const id = created.data._id;
    bodies.set("integrations.create", created);
    bodies.set("integrations.listActive", await raw("GET", "/v1/integrations/active"));
    bodies.set("integrations.list", await raw("GET", "/v1/integrations"));
    bodies.set("integrations.update", await raw("PUT", `/v1/integrations/${id}`, { name: "Renamed" }));
    bodies.set(
      "subscribers.upsertCredentials",
      await raw("PATCH", `/v1/subscribers/${ADA}/credentials`, {
        providerId: "fcm",
        credentials: { deviceTokens: ["a", "b"] },
      }),
    );
    bodies.set("subscribers.search", await raw("GET", "/v2/subscribers?limit=3"));
    bodies.set("subscribers.getPreferences", await raw("GET", `/v2/subscribers/${ADA}/preferences`));
    bodies.set("workflows.get", await raw("GET", "/v2/workflows/welcome"));
    bodies.set("messages.list", await raw("GET", "/v1/messages?limit=3"));
    bodies.set("notifications.get", await raw("GET", `/v1/notifications/${SOME_ID}`));
    bodies.set("notifications.list", await raw("GET", "/v1/notifications?limit=3"));
    bodies.set("integrations.delete", await raw("DELETE", `/v1/integrations/${id}`));
  } finally {
    await emu.close();
  }
  return bodies;
}

/** Serves `responses` mutated answers, one call each, and classifies every outcome. */
export async function mutatedResponses(opts: MutatedResponsesOptions = {}): Promise<MutatedResponsesFigures> {
  const responses = opts.responses ?? 500;
  const seed = opts.seed ?? 20240607;
  const random = seededRandom(seed);
  const valid = await captureValidBodies();
  let next = { status: 200, text: "{}" };
  const server = await startHttpServer((_req, res) => {
    res.writeHead(next.status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(next.text),
    });
    res.end(next.text);
  });
  const client = new SvcClient({
    apiKey: "rel_fuzz_key",
    baseUrl: server.url,
    maxRetries: 0,
    timeoutMs: 5_000,
  });
  const figures: MutatedResponsesFigures = {
    responses,
    seed,
    parsed: 0,
    unvalidated: 0,
    familyErrors: 0,
    uncaught: 0,
    processErrors: 0,
    errorKinds: {},
    mutations: {},
    single: {},
  };
  const onProcessError = () => {
    figures.processErrors++;
  };
  process.on("unhandledRejection", onProcessError);
  process.on("uncaughtException", onProcessError);
  try {
    for (let i = 0; i < responses; i++) {
      const c = CALLS[i % CALLS.length] as Call;
      const { value, kinds } = mutateSome(valid.get(c.operation), random);
      for (const k of kinds) figures.mutations[k as Mutation] = (figures.mutations[k] ?? 0) + 1;
      next = { status: c.status, text: JSON.stringify(value) ?? "null" };
      let single: { responses: number; parsed: number } | undefined;
      if (kinds.length === 1) {
        const kind = kinds[0] as Mutation;
        single = figures.single[kind] ?? { responses: 0, parsed: 0 };
        figures.single[kind] = single;
      }
      if (single) single.responses++;
      try {
        const result = opts.bypassClient ? await unvalidatedCall(server.url) : await c.call(client);
        if (c.schema.safeParse(result).success) {
          figures.parsed++;
          if (single) single.parsed++;
        } else {
          figures.unvalidated++;
          figures.firstUnvalidated ??= `${c.operation}: returned ${JSON.stringify(result)?.slice(0, 200)}`;
        }
      } catch (e) {
        const name = e instanceof Error ? e.name : typeof e;
        figures.errorKinds[name] = (figures.errorKinds[name] ?? 0) + 1;
        if (e instanceof SvcError && e.message.includes(c.operation)) figures.familyErrors++;
        else {
          figures.uncaught++;
          figures.firstUncaught ??= `${c.operation}: ${name}: ${e instanceof Error ? e.message : String(e)}`;
        }
      }
    }
    // Let any stray rejection surface before counting.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off("unhandledRejection", onProcessError);
    process.off("uncaughtException", onProcessError);
    await client.close();
    await server.close();
  }
  return figures;
}
