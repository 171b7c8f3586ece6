/**
 * Secrets against a chatty service: a server that answers every write with an error quoting the request
 * body it received (as some validation layers do). The errors the providers hand to the engine must still not
 * carry the API key or any credential value, whole or in part (each line of a multi-line value, e.g. a
 * private key, is searched for too).
 */
import { randomUUID } from "node:crypto";
import { IntegrationProvider } from "../../provider/runtime/integration/provider";
import { SubscriberCredentialsProvider } from "../../provider/runtime/subscriber-credentials/provider";
import { startHttpServer } from "./raw-server";
import { countSecrets } from "./secret-scan";

/** What {@link secretsEcho} found. */
export interface SecretsEchoFigures {
  /** Provider calls that failed against the echoing server. */
  calls: number;
  /** Plaintext occurrences of a secret (or a line of one) in the provider errors. */
  hits: number;
  /** Control: occurrences in what the server actually echoed (must be above 0). */
  controlHits: number;
  /** The error messages (for the report). */
  messages: string[];
}

/** Runs provider calls of both kinds against an echoing server. */
export async function secretsEcho(): Promise<SecretsEchoFigures> {
  const id = randomUUID().slice(0, 8);
  const apiKey = `rel_echo_key_${randomUUID()}`;
  const privateKey = `-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0B${id}\nAQEFAASCBKcwggSjAgEAAoIBAQC${id}\n-----END PRIVATE KEY-----\n`;
  const serviceAccount = JSON.stringify({
    type: "service_account",
    project_id: "p",
    private_key: privateKey,
  });
  const values = {
    sendgrid: `SG.echo-${randomUUID()}`,
    serviceAccount,
    device: `echo-device-${randomUUID()}`,
    webhook: `https://hooks.slack.example/services/echo-${randomUUID()}`,
  };
  const lines = privateKey.split("\n").filter((l) => l.length >= 8 && !l.startsWith("-----"));
  const secrets = [apiKey, ...Object.values(values), ...lines];
  let echoed = "";
  const server = await startHttpServer((req, res, _index, body) => {
    const text = JSON.stringify({
      statusCode: 400,
      message: [
        `Invalid request ${req.method} ${req.url} (authorization ${req.headers.authorization}): ${body}`,
      ],
      received: JSON.parse(body || "null") as unknown,
    });
    echoed += text;
    res.writeHead(400, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  });
  const settings = { apiKey, baseUrl: server.url };
  const messages: string[] = [];
  const integrations = new IntegrationProvider({ settings });
  const credentials = new SubscriberCredentialsProvider({ settings });
  const attempts: (() => Promise<unknown>)[] = [
    () =>
      integrations.create({
        providerId: "sendgrid",
        channel: "email",
        identifier: `echo-${id}`,
        credentials: { apiKey: values.sendgrid, from: "a@b.c" },
        active: true,
        adopt: false,
        conditions: [],
      } as never),
    () =>
      integrations.create({
        providerId: "fcm",
        channel: "push",
        identifier: `echo-fcm-${id}`,
        credentials: { serviceAccount: values.serviceAccount },
        active: true,
        adopt: false,
        conditions: [],
      } as never),
    () =>
      credentials.create({
        subscriberId: "s",
        providerId: "fcm",
        credentials: { deviceTokens: [values.device] },
      } as never),
    () =>
      credentials.create({
        subscriberId: "s",
        providerId: "slack",
        credentials: { webhookUrl: values.webhook },
      } as never),
  ];
  try {
    for (const attempt of attempts) {
      await attempt().then(
        () => messages.push("(no error)"),
        (e: unknown) => messages.push(e instanceof Error ? e.message : String(e)),
      );
    }
  } finally {
    await server.close();
  }
  return {
    calls: attempts.length,
    hits: countSecrets(messages.join("\n"), secrets),
    controlHits: countSecrets(echoed, secrets),
    messages,
  };
}
