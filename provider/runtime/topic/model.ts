/**
 * The pure rules of a Topic: check, diff, outputs from the service's answer, and the inputs a read
 * describes.
 */
import type { Topic } from "../../../sdk/schemas";
import { keepDefaultIdentifier } from "../../default-identifier";
import type { CheckOutcome, DiffOutcome } from "../../model/pulumi-results";
import { type TopicInputs, type TopicOutputs, topicInputsSchema } from "../../model/topic-schema";
import { isUnknown } from "../../model/values";
import { schemaFailures } from "../shared/check-failures";
import { engineInputs } from "../shared/engine-values";

type Props = Record<string, unknown>;

/** The result of check for a Topic. */
export type TopicCheck = CheckOutcome<TopicInputs>;

/** Validates new inputs before any request; a default key already in state is kept across a rename. */
export function checkTopic(olds: Props, news: Props): TopicCheck {
  const raw = engineInputs(keepDefaultIdentifier(olds, news, "key"));
  return { inputs: raw as TopicInputs, failures: schemaFailures(topicInputsSchema, raw) };
}

/** A new key replaces the topic; a new name or `forceDestroy` updates it (the flag with no request). */
export function diffTopic(olds: Props, news: Props): DiffOutcome {
  const replaces = isUnknown(news.key) || news.key !== olds.key ? ["key"] : [];
  const renamed = isUnknown(news.name) || news.name !== olds.name;
  const flagged = (news.forceDestroy ?? false) !== (olds.forceDestroy ?? false);
  return { changes: replaces.length > 0 || renamed || flagged, replaces, deleteBeforeReplace: false };
}

/** The outputs of a topic as the service holds it, with the flag of the declaration. */
export function toTopicOutputs(remote: Topic, forceDestroy: boolean | undefined): TopicOutputs {
  const outs: TopicOutputs = { key: remote.key, name: remote.name ?? "" };
  if (forceDestroy !== undefined) outs.forceDestroy = forceDestroy;
  return outs;
}

/** The inputs that describe read outputs (what `pulumi import` writes in the program). */
export function topicInputsOf(outs: TopicOutputs): Props {
  const { forceDestroy, ...rest } = outs;
  return forceDestroy === undefined ? rest : { ...rest, forceDestroy };
}
