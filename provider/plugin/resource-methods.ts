/**
 * The gRPC resource methods (Check, Diff, Create, Read, Update, Delete): protobuf messages in and out of
 * ./resource-calls.ts, which works on plain values.
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import type { CheckFailure } from "../model/pulumi-results";
import { withResourceUrn } from "../runtime/shared/resource-urn";
import type { PropertyChange } from "./detailed-diff";
import { Empty } from "./grpc";
import type { DiffAnswer, ResourceCalls } from "./resource-calls";
import { parseUrn } from "./resource-types";
import { fromWire, toWire } from "./wire-values";

/** CheckFailure messages. */
export function failureMessages(failures: readonly CheckFailure[]): provproto.CheckFailure[] {
  return failures.map((f) => new provproto.CheckFailure().setProperty(f.property).setReason(f.reason));
}

const KIND = provproto.PropertyDiff.Kind;

function propertyDiff(change: PropertyChange): provproto.PropertyDiff {
  const kinds = {
    add: [KIND.ADD, KIND.ADD_REPLACE],
    delete: [KIND.DELETE, KIND.DELETE_REPLACE],
    update: [KIND.UPDATE, KIND.UPDATE_REPLACE],
  } as const;
  const kind = kinds[change.kind][change.replace ? 1 : 0];
  return new provproto.PropertyDiff().setKind(kind).setInputdiff(true);
}

/** A DiffResponse (used for resources and for the provider's config alike). */
export function diffResponse(answer: DiffAnswer): provproto.DiffResponse {
  const changes = provproto.DiffResponse.DiffChanges;
  const resp = new provproto.DiffResponse()
    .setChanges(answer.changes ? changes.DIFF_SOME : changes.DIFF_NONE)
    .setReplacesList(answer.replaces)
    .setStablesList(answer.stables)
    .setDeletebeforereplace(answer.deleteBeforeReplace)
    .setDiffsList(answer.changed.map((c) => c.property))
    .setHasdetaileddiff(answer.changed.length > 0);
  for (const change of answer.changed) resp.getDetaileddiffMap().set(change.property, propertyDiff(change));
  return resp;
}

/** The type token a request is about (older engines leave `type` out: the URN says it). */
function typeOf(req: { getType(): string; getUrn(): string }): string {
  return req.getType() || parseUrn(req.getUrn()).type;
}

/** The resource methods of the ResourceProvider service, over `calls`. */
export function resourceMethods(calls: ResourceCalls) {
  return {
    async check(req: provproto.CheckRequest): Promise<provproto.CheckResponse> {
      const answer = await calls.check(
        req.getUrn(),
        typeOf(req),
        fromWire(req.getOlds()),
        fromWire(req.getNews()),
      );
      return new provproto.CheckResponse()
        .setInputs(toWire(answer.inputs))
        .setFailuresList(failureMessages(answer.failures));
    },
    async diff(req: provproto.DiffRequest): Promise<provproto.DiffResponse> {
      const olds = fromWire(req.getOlds());
      const answer = await calls.diff(
        req.getId(),
        typeOf(req),
        olds,
        fromWire(req.getNews()),
        fromWire(req.getOldInputs()),
      );
      return diffResponse(answer);
    },
    async create(req: provproto.CreateRequest): Promise<provproto.CreateResponse> {
      const props = fromWire(req.getProperties());
      const answer = await withResourceUrn(req.getUrn(), () => calls.create(typeOf(req), props));
      return new provproto.CreateResponse().setId(answer.id).setProperties(toWire(answer.properties));
    },
    async read(req: provproto.ReadRequest): Promise<provproto.ReadResponse> {
      const props = fromWire(req.getProperties());
      const answer = await calls.read(req.getId(), typeOf(req), props, fromWire(req.getInputs()));
      const resp = new provproto.ReadResponse().setId(answer.id).setProperties(toWire(answer.properties));
      return answer.inputs === undefined ? resp : resp.setInputs(toWire(answer.inputs));
    },
    async update(req: provproto.UpdateRequest): Promise<provproto.UpdateResponse> {
      const olds = fromWire(req.getOlds());
      const news = fromWire(req.getNews());
      const outs = await withResourceUrn(req.getUrn(), () =>
        calls.update(req.getId(), typeOf(req), olds, news),
      );
      return new provproto.UpdateResponse().setProperties(toWire(outs));
    },
    async delete(req: provproto.DeleteRequest): Promise<Empty> {
      const props = fromWire(req.getProperties());
      await withResourceUrn(req.getUrn(), () => calls.delete(req.getId(), typeOf(req), props));
      return new Empty();
    },
  };
}
