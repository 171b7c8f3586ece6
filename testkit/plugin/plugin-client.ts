/**
 * A gRPC client of `pulumi-resource-svc` that calls it as the engine does (Configure first, then the
 * resource methods with URN, type and name set), on plain JSON values: secrets wrapped with `secret()` of
 * ../harness/protocol.ts, unknowns as `UNKNOWN`. For the plugin's unit tests, against a server started in
 * process (`startPluginServer`) or the bin.
 */
import * as grpc from "@grpc/grpc-js";
import type * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { fromStruct, type PropertyMap, toStruct } from "../harness/protocol";

/** What Diff (or DiffConfig) answered, decoded. */
export interface PluginDiff {
  changes: "some" | "none" | "unknown";
  replaces: string[];
  stables: string[];
  deleteBeforeReplace: boolean;
  /** Property -> PropertyDiff kind name (`UPDATE`, `UPDATE_REPLACE`, ...). */
  detailedDiff: Record<string, string>;
}

const KIND_NAMES = Object.fromEntries(Object.entries(provproto.PropertyDiff.Kind).map(([k, v]) => [v, k]));
const CHANGES = { 0: "unknown", 1: "none", 2: "some" } as const;

/** A URN as the engine builds it. */
export function pluginUrn(type: string, name: string, stack = "dev", project = "svc-plugin-test"): string {
  return `urn:pulumi:${stack}::${project}::${type}::${name}`;
}

type Callback<Res> = (err: grpc.ServiceError | null, res: Res) => void;

function call<Res>(start: (cb: Callback<Res>) => unknown): Promise<Res> {
  return new Promise((resolve, reject) => start((err, res) => (err ? reject(err) : resolve(res))));
}

function addressed<R extends { setUrn(u: string): R; setType(t: string): R; setName(n: string): R }>(
  req: R,
  urn: string,
): R {
  const parts = urn.split("::");
  return req
    .setUrn(urn)
    .setType(parts[2] ?? "")
    .setName(parts[3] ?? "");
}

function decodeDiff(res: provproto.DiffResponse): PluginDiff {
  const detailedDiff: Record<string, string> = {};
  for (const [k, v] of res.getDetaileddiffMap().entries()) detailedDiff[k] = KIND_NAMES[v.getKind()] ?? "";
  return {
    changes: CHANGES[res.getChanges()],
    replaces: res.getReplacesList(),
    stables: res.getStablesList(),
    deleteBeforeReplace: res.getDeletebeforereplace(),
    detailedDiff,
  };
}

/** A client of one plugin server. */
export class PluginClient {
  private readonly client: provrpc.ResourceProviderClient;

  constructor(address: string) {
    this.client = new provrpc.ResourceProviderClient(address, grpc.credentials.createInsecure());
  }

  async pluginInfo(): Promise<string> {
    const res = await call<plugproto.PluginInfo>((cb) => this.client.getPluginInfo(new Empty(), cb));
    return res.getVersion();
  }

  async schema(): Promise<string> {
    const req = new provproto.GetSchemaRequest();
    return (await call<provproto.GetSchemaResponse>((cb) => this.client.getSchema(req, cb))).getSchema();
  }

  async checkConfig(olds: PropertyMap, news: PropertyMap) {
    const urn = pluginUrn("pulumi:providers:svc", "default");
    const req = addressed(new provproto.CheckRequest(), urn).setOlds(toStruct(olds)).setNews(toStruct(news));
    const res = await call<provproto.CheckResponse>((cb) => this.client.checkConfig(req, cb));
    return { inputs: fromStruct(res.getInputs()), failures: res.getFailuresList().map((f) => f.toObject()) };
  }

  async diffConfig(olds: PropertyMap, news: PropertyMap): Promise<PluginDiff> {
    const urn = pluginUrn("pulumi:providers:svc", "default");
    const req = addressed(new provproto.DiffRequest(), urn)
      .setOlds(toStruct(olds))
      .setOldInputs(toStruct(olds))
      .setNews(toStruct(news));
    return decodeDiff(await call<provproto.DiffResponse>((cb) => this.client.diffConfig(req, cb)));
  }

  async configure(args: PropertyMap): Promise<provproto.ConfigureResponse.AsObject> {
    const req = new provproto.ConfigureRequest().setArgs(toStruct(args)).setAcceptsecrets(true);
    return (await call<provproto.ConfigureResponse>((cb) => this.client.configure(req, cb))).toObject();
  }

  async check(urn: string, olds: PropertyMap, news: PropertyMap) {
    const req = addressed(new provproto.CheckRequest(), urn).setOlds(toStruct(olds)).setNews(toStruct(news));
    const res = await call<provproto.CheckResponse>((cb) => this.client.check(req, cb));
    return { inputs: fromStruct(res.getInputs()), failures: res.getFailuresList().map((f) => f.toObject()) };
  }

  async diff(urn: string, id: string, olds: PropertyMap, news: PropertyMap, oldInputs: PropertyMap) {
    const req = addressed(new provproto.DiffRequest(), urn)
      .setId(id)
      .setOlds(toStruct(olds))
      .setNews(toStruct(news))
      .setOldInputs(toStruct(oldInputs));
    return decodeDiff(await call<provproto.DiffResponse>((cb) => this.client.diff(req, cb)));
  }

  async create(urn: string, props: PropertyMap): Promise<{ id: string; outs: PropertyMap }> {
    const req = addressed(new provproto.CreateRequest(), urn).setProperties(toStruct(props));
    const res = await call<provproto.CreateResponse>((cb) => this.client.create(req, cb));
    return { id: res.getId(), outs: fromStruct(res.getProperties()) };
  }

  /** Read; `props` and `inputs` left out: the id alone, as `pulumi import` reads. */
  async read(urn: string, id: string, props?: PropertyMap, inputs?: PropertyMap) {
    const req = addressed(new provproto.ReadRequest(), urn).setId(id);
    if (props) req.setProperties(toStruct(props));
    if (inputs) req.setInputs(toStruct(inputs));
    const res = await call<provproto.ReadResponse>((cb) => this.client.read(req, cb));
    const ins = res.getInputs();
    return { id: res.getId(), props: fromStruct(res.getProperties()), inputs: ins && fromStruct(ins) };
  }

  async update(urn: string, id: string, olds: PropertyMap, news: PropertyMap): Promise<PropertyMap> {
    const req = addressed(new provproto.UpdateRequest(), urn)
      .setId(id)
      .setOlds(toStruct(olds))
      .setNews(toStruct(news));
    return fromStruct(
      (await call<provproto.UpdateResponse>((cb) => this.client.update(req, cb))).getProperties(),
    );
  }

  async delete(urn: string, id: string, props: PropertyMap): Promise<void> {
    const req = addressed(new provproto.DeleteRequest(), urn).setId(id).setProperties(toStruct(props));
    await call<Empty>((cb) => this.client.delete(req, cb));
  }

  async invoke(token: string, args: PropertyMap): Promise<PropertyMap> {
    const req = new provproto.InvokeRequest().setTok(token).setArgs(toStruct(args));
    return fromStruct(
      (await call<provproto.InvokeResponse>((cb) => this.client.invoke(req, cb))).getReturn(),
    );
  }

  close(): void {
    this.client.close();
  }
}
