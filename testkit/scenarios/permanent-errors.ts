/**
 * Permanent errors: answers that repeating cannot change (400, 401, 404, a 409 identifier conflict, 422)
 * must be sent once. Each case runs with the client's default retry settings against an emulator whose
 * request log counts what actually arrived.
 */
import { randomUUID } from "node:crypto";
import { type Emulator, startEmulator } from "../../emulator";
import { SvcClient, SvcError } from "../../sdk";

/** One permanent-error case and what the emulator saw. */
export interface PermanentErrorCase {
  /** What was tried, e.g. `404 workflows.get`. */
  name: string;
  /** Status the case expects. */
  expectedStatus: number;
  /** Status of the error the client threw (undefined when it did not throw an ApiError). */
  status: number | undefined;
  /** Error class name thrown (or `none`). */
  error: string;
  /** Requests the emulator received for the call (1 = never retried). */
  requests: number;
  /** The error names its operation (`operation` property). */
  operation: string | undefined;
}

type Case = {
  name: string;
  expectedStatus: number;
  call: (c: { client: SvcClient; badClient: SvcClient; emu: Emulator; run: string }) => Promise<unknown>;
};

const CASES: Case[] = [
  {
    name: "400 subscribers.upsertCredentials (unknown subscriber)",
    expectedStatus: 400,
    call: ({ client, run }) =>
      client.subscribers.upsertCredentials(`nobody-${run}`, {
        providerId: "fcm",
        credentials: { deviceTokens: ["t"] },
      }),
  },
  {
    // The service checks no credentials on create (create-integration.usecase.ts): a 400 it does give is a
    // PUT with nothing to update (update-integration.usecase.ts, "No properties found for update").
    name: "400 integrations.update (nothing to update)",
    expectedStatus: 400,
    call: ({ client, emu, run }) => {
      const taken = emu.integrations().find((i) => i.identifier === `taken-${run}`);
      return client.integrations.update(taken?._id ?? "missing", {});
    },
  },
  {
    name: "401 integrations.listActive (wrong API key)",
    expectedStatus: 401,
    call: ({ badClient }) => badClient.integrations.listActive(),
  },
  {
    name: "401 integrations.create (wrong API key)",
    expectedStatus: 401,
    call: ({ badClient, run }) =>
      badClient.integrations.create({ providerId: "sendgrid", channel: "email", identifier: `x-${run}` }),
  },
  {
    name: "404 workflows.get (unknown workflow)",
    expectedStatus: 404,
    call: ({ client, run }) => client.workflows.get(`no-such-workflow-${run}`),
  },
  {
    name: "404 notifications.get (unknown event)",
    expectedStatus: 404,
    call: ({ client }) => client.notifications.get("65f0000000000000000fffff"),
  },
  {
    name: "404 subscribers.getPreferences (unknown subscriber)",
    expectedStatus: 404,
    call: ({ client, run }) => client.subscribers.getPreferences(`nobody-${run}`),
  },
  {
    name: "404 integrations.update (unknown id)",
    expectedStatus: 404,
    call: ({ client }) => client.integrations.update("65f0000000000000000ffffe", { name: "x" }),
  },
  {
    name: "404 integrations.delete (unknown id)",
    expectedStatus: 404,
    call: ({ client }) => client.integrations.delete("65f0000000000000000ffffd"),
  },
  {
    name: "409 integrations.create (identifier conflict)",
    expectedStatus: 409,
    call: ({ client, run }) =>
      client.integrations.create({ providerId: "twilio", channel: "sms", identifier: `taken-${run}` }),
  },
  {
    name: "422 integrations.create (idempotency key reused, other body)",
    expectedStatus: 422,
    call: ({ client, run }) =>
      client.integrations.create(
        { providerId: "twilio", channel: "sms", identifier: `other-${run}` },
        { idempotencyKey: `reused-${run}` },
      ),
  },
];

/** Runs every case against one emulator; returns one row per case. */
export async function permanentErrors(): Promise<PermanentErrorCase[]> {
  const run = randomUUID().slice(0, 8);
  const emu = await startEmulator({ port: 0, keys: [{ apiKey: `rel_perm_${randomUUID()}` }] });
  const client = new SvcClient({ apiKey: emu.apiKey, baseUrl: emu.url, baseRetryDelayMs: 5 });
  const badClient = new SvcClient({ apiKey: `wrong_${randomUUID()}`, baseUrl: emu.url, baseRetryDelayMs: 5 });
  try {
    // Preconditions: the identifier that conflicts and the idempotency key that is reused.
    await client.integrations.create({ providerId: "twilio", channel: "sms", identifier: `taken-${run}` });
    await client.integrations.create(
      { providerId: "twilio", channel: "sms", identifier: `first-${run}` },
      { idempotencyKey: `reused-${run}` },
    );
    const rows: PermanentErrorCase[] = [];
    for (const c of CASES) {
      emu.resetRequests();
      let error = "none";
      let status: number | undefined;
      let operation: string | undefined;
      try {
        await c.call({ client, badClient, emu, run });
      } catch (e) {
        error = e instanceof Error ? e.name : typeof e;
        if (e instanceof SvcError) operation = e.operation;
        const s = (e as { status?: unknown }).status;
        status = typeof s === "number" ? s : undefined;
      }
      rows.push({
        name: c.name,
        expectedStatus: c.expectedStatus,
        status,
        error,
        requests: emu.requests.length,
        operation,
      });
    }
    return rows;
  } finally {
    await client.close();
    await badClient.close();
    await emu.close();
  }
}
