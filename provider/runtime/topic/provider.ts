/**
 * The real implementation behind `svc.Topic` (and `svc:index:Topic` of the plugin): a v2 topic of the API
 * key's environment (`/v2/topics`). The resource id is the topic's key.
 *
 * - create: GET the key first. The service's POST is an upsert (`upsert-topic.usecase.ts`): it would rename
 *   someone else's topic without a word. A topic already there is taken over only with `adopt`, or when the
 *   key is this resource's default one (no one else can have made it, so a re-run after a lost answer never
 *   fails); otherwise the create fails naming it and how to adopt it. Taking over a topic of the declared
 *   name writes nothing. The POST then says `failIfExists`, so a topic
 *   made between the GET and the POST is refused too (409).
 * - update: PATCH the name (a new `forceDestroy` alone sends nothing).
 * - read: GET by key; a topic gone answers `{}`.
 * - delete: the service deletes every subscription of a topic with it, whoever made them
 *   (`delete-topic.usecase.ts`, `force: true`). Unless `forceDestroy`, the subscriptions still in it (the
 *   stack's own TopicSubscriptions are destroyed before, when they take `topicKey: topic.key`) fail the
 *   destroy, naming how many. 404 is already gone.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { ConflictError, NotFoundError } from "../../../sdk/errors";
import type { Topic } from "../../../sdk/schemas";
import type { ConfigSource } from "../../config";
import { defaultIdentifier } from "../../default-identifier";
import type { CreateOutcome, DiffOutcome, ReadOutcome, UpdateOutcome } from "../../model/pulumi-results";
import type { TopicInputs, TopicOutputs } from "../../model/topic-schema";
import { carryWriteId, ReplacementGuard, type Stamped } from "../shared/replacement-guard";
import { ServiceSession, type ServiceSessionOptions } from "../shared/service-session";
import { checkTopic, diffTopic, type TopicCheck, topicInputsOf, toTopicOutputs } from "./model";

/** Options for tests and benchmarks that call the provider directly (the host passes none). */
export type TopicProviderOptions = ServiceSessionOptions;

/** What read answers for a Topic. */
export type TopicRead = ReadOutcome<Stamped<TopicOutputs>, Record<string, unknown>>;

/** Page size of the count of a topic's subscriptions before a destroy. */
const COUNT_PAGE_SIZE = 100;

/** `pulumi.dynamic.ResourceProvider` for v2 topics. */
export class TopicProvider implements dynamic.ResourceProvider {
  /** Settings, the shared paced client and error mapping. */
  readonly session: ServiceSession;
  /** Creates of this deployment: the old half of a replacement that took its topic over leaves it. */
  private readonly creates = new ReplacementGuard();

  constructor(options: TopicProviderOptions = {}) {
    this.session = new ServiceSession(options);
  }

  /** Reads `svc:apiKey` / `svc:baseUrl` from the stack config the engine sends (env as fallback). */
  async configure(req: { config: ConfigSource }): Promise<void> {
    this.session.configure(req.config);
  }

  /** Validates the key and name (./model.ts); no request is made. */
  async check(olds: Record<string, unknown>, news: Record<string, unknown>): Promise<TopicCheck> {
    return checkTopic(olds ?? {}, news ?? {});
  }

  /** Compares checked inputs with the outputs in state; no request is made. */
  async diff(
    _id: string,
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<DiffOutcome> {
    return diffTopic(olds, news);
  }

  /** Creates the topic, or takes over the one with its key when it may (see the file header). */
  async create(inputs: TopicInputs): Promise<CreateOutcome<Stamped<TopicOutputs>>> {
    return this.session.guard("create", undefined, async () => {
      const existing = await this.find(inputs.key);
      const written = existing ? await this.takeOver(inputs, existing) : await this.createNew(inputs);
      const outs = toTopicOutputs(written, inputs.forceDestroy);
      return { id: written.key, outs: this.creates.stamp(written.key, outs, undefined) };
    });
  }

  /** The topic as the service holds it now, or `{}` when it is gone; a lookup of a missing key fails. */
  async read(id: string, props?: Partial<TopicOutputs>): Promise<TopicRead> {
    return this.session.guard("read", undefined, async () => {
      const found = await this.find(id);
      if (!found && props?.key === undefined) {
        throw new Error(`svc: read: no topic has the key "${id}" in the API key's environment`);
      }
      if (!found) return {};
      const outs = toTopicOutputs(found, props?.forceDestroy);
      return { id: found.key, props: carryWriteId(outs, props), inputs: topicInputsOf(outs) };
    });
  }

  /** Renames the topic when its name changed; a new `forceDestroy` is recorded without a request. */
  async update(
    id: string,
    olds: TopicOutputs,
    news: TopicInputs,
  ): Promise<UpdateOutcome<Stamped<TopicOutputs>>> {
    return this.session.guard("update", undefined, async () => {
      if (news.name === olds.name) {
        return { outs: carryWriteId(toTopicOutputs({ ...olds, _id: "" }, news.forceDestroy), olds) };
      }
      const updated = await this.session.client().topics.update(id, { name: news.name });
      return { outs: carryWriteId(toTopicOutputs(updated, news.forceDestroy), olds) };
    });
  }

  /**
   * Deletes the topic (and with it, by the service's rule, every subscription in it). Without
   * `forceDestroy`, a topic that still holds subscriptions fails the destroy, naming how many.
   */
  async delete(id: string, props: TopicOutputs): Promise<void> {
    return this.session.guard("delete", undefined, async () => {
      if (this.creates.supersededBy(id, props)) return;
      if (props.forceDestroy !== true) await this.refuseIfSubscribed(id);
      try {
        await this.session.client().topics.delete(id);
      } catch (e) {
        if (!(e instanceof NotFoundError)) throw e;
      }
    });
  }

  /** Fails when the topic holds subscriptions (a missing topic holds none). */
  private async refuseIfSubscribed(key: string): Promise<void> {
    const held = await this.countSubscriptions(key);
    if (held === 0) return;
    throw new Error(
      `svc: delete: topic "${key}" still holds ${held} subscription${held === 1 ? "" : "s"} this stack did not make ` +
        "(the application's, or another stack's); deleting the topic would delete them all. Remove them first, " +
        "or set `forceDestroy: true` on the topic (then run `pulumi up`, then destroy again).",
    );
  }

  /** How many subscriptions the topic holds, page by page; 0 when the topic is gone. */
  private async countSubscriptions(key: string): Promise<number> {
    let count = 0;
    try {
      for await (const _ of this.session
        .client()
        .topics.subscriptions.listAll(key, { limit: COUNT_PAGE_SIZE })) {
        count++;
      }
    } catch (e) {
      if (e instanceof NotFoundError) return 0;
      throw e;
    }
    return count;
  }

  /** The topic the key names in the key's environment, or undefined (404). */
  private async find(key: string): Promise<Topic | undefined> {
    try {
      return await this.session.client().topics.get(key);
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
  }

  /** POST with `failIfExists`: a topic made meanwhile is refused (409), not renamed. */
  private async createNew(inputs: TopicInputs): Promise<Topic> {
    try {
      return await this.session
        .client()
        .topics.upsert({ key: inputs.key, name: inputs.name }, { failIfExists: true });
    } catch (e) {
      if (!(e instanceof ConflictError)) throw e;
      const appeared = await this.find(inputs.key);
      if (appeared && mayTakeOverTopic(inputs)) return this.takeOver(inputs, appeared);
      throw refusal(inputs.key);
    }
  }

  /** The existing topic renamed to the declaration, when this resource may take it over. */
  private async takeOver(inputs: TopicInputs, existing: Topic): Promise<Topic> {
    if (!mayTakeOverTopic(inputs)) throw refusal(inputs.key);
    if (existing.name === inputs.name) return existing;
    return this.session.client().topics.update(existing.key, { name: inputs.name });
  }
}

/** The error of a create whose key another topic has. */
function refusal(key: string): Error {
  return new Error(
    `svc: create: topic "${key}" already exists in the API key's environment and this resource did not create it ` +
      "(its key was set explicitly, so it may belong to the application or to another stack). To manage it here, " +
      "set `adopt: true` on this resource (its name is then replaced by the declared one); otherwise choose another key.",
  );
}

/**
 * Whether an existing topic with this resource's key may be taken over: the user said so (`adopt`), or the
 * key is this resource's default one (recomputed from the project, stack and name the resource sent).
 */
export function mayTakeOverTopic(inputs: TopicInputs): boolean {
  if (inputs.adopt === true) return true;
  const origin = inputs.defaultIdentifierOf;
  return origin !== undefined && defaultIdentifier(origin) === inputs.key;
}
