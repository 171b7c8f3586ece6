import { EnvironmentVariables } from "./api/environment-variables";
import { Environments } from "./api/environments";
import { Integrations } from "./api/integrations";
import { Layouts } from "./api/layouts";
import { Messages } from "./api/messages";
import { Notifications } from "./api/notifications";
import { Organization } from "./api/organization";
import { Subscribers } from "./api/subscribers";
import { Topics } from "./api/topics";
import { Translations } from "./api/translations";
import { Workflows } from "./api/workflows";
import { resolveClientOptions, type SvcClientOptions } from "./options";
import { Transport } from "./transport";

/**
 * The typed client of the svc service.
 *
 * ```ts
 * const client = new SvcClient({ apiKey: process.env.SVC_API_KEY!, baseUrl: "https://api.example.com" });
 * const active = await client.integrations.listActive();
 * for await (const s of client.subscribers.searchAll({ email: "a@b.c" })) console.log(s.subscriberId);
 * await client.close();
 * ```
 *
 * One keep-alive pool per client (unless `dispatcher` is given); bounded retries with backoff that honours
 * `Retry-After`; an `Idempotency-Key` on every POST and PATCH; a timeout per attempt; with `pacing: true`,
 * requests paced by the service's rate-limit headers. Every method takes a last optional
 * `{ signal?, timeoutMs?, idempotencyKey?, maxRetries?, pacing? }`. Failures are `SvcError`s.
 */
export class SvcClient {
  /** Subscriber credentials, search and preferences. */
  readonly subscribers: Subscribers;
  /** Integrations: create, list, list active, update, delete. */
  readonly integrations: Integrations;
  /** Messages: list, listAll. */
  readonly messages: Messages;
  /** Workflows: get, create, update, patch, delete, list, listAll, sync. */
  readonly workflows: Workflows;
  /** Email layouts: create, get, update, delete, list, listAll, usage. */
  readonly layouts: Layouts;
  /** Notification events: get, list, listAll. */
  readonly notifications: Notifications;
  /** Topics (upsert, get, update, delete, list) and their subscriptions (create, delete, list, get). */
  readonly topics: Topics;
  /** The API key's environment (me) and the organization's environments (list). */
  readonly environments: Environments;
  /** The organization's settings: `organization.settings.get/update` (enterprise edition and Novu Cloud). */
  readonly organization: Organization;
  /** Translations of workflows and layouts: upsert, get, delete, group (enterprise edition). */
  readonly translations: Translations;
  /** The organization's environment variables: list, get, create, update, delete, usage. */
  readonly environmentVariables: EnvironmentVariables;
  readonly #transport: Transport;

  /** Validates `options` (throws `ValidationError` naming the bad option) and opens no connection yet. */
  constructor(options: SvcClientOptions) {
    this.#transport = new Transport(resolveClientOptions(options));
    this.subscribers = new Subscribers(this.#transport);
    this.integrations = new Integrations(this.#transport);
    this.messages = new Messages(this.#transport);
    this.workflows = new Workflows(this.#transport);
    this.layouts = new Layouts(this.#transport);
    this.notifications = new Notifications(this.#transport);
    this.environments = new Environments(this.#transport);
    this.environmentVariables = new EnvironmentVariables(this.#transport);
    this.topics = new Topics(this.#transport);
    this.organization = new Organization(this.#transport);
    this.translations = new Translations(this.#transport);
  }

  /** Closes the client's connection pool (not a `dispatcher` passed in). Idempotent; on the own pool, later calls fail at once. */
  close(): Promise<void> {
    return this.#transport.close();
  }

  /** `await using client = new SvcClient(...)` closes it at the end of the scope. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}
