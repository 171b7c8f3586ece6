/**
 * The gRPC methods about the provider's configuration: CheckConfig, DiffConfig, Configure, Invoke and Cancel
 * (GetPluginInfo and GetSchema are ./plugin-identity.ts). Configure answers `acceptSecrets` (secrets arrive
 * wrapped and are unwrapped here; every answer marks the secret policy's values again, ./wire-values.ts), no
 * resource references or outputs (no input takes one), and no preview support (the engine previews a create
 * or update from the checked inputs).
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Empty } from "./grpc";
import { checkConfig, diffConfig, SECRET_CONFIG_KEYS } from "./plugin-config";
import { diffResponse, failureMessages } from "./resource-methods";
import type { SvcPlugin } from "./svc-plugin";
import { fromWire, markSecrets, type Props, toWire } from "./wire-values";

/** Configure's args: the `args` Struct (plain values), else the legacy `svc:config:<key>` variables. */
function configureArgs(req: provproto.ConfigureRequest): Props {
  const args = req.getArgs();
  if (args !== undefined) return fromWire(args).props;
  const out: Props = {};
  for (const [key, value] of req.getVariablesMap().entries()) {
    const short = key.replace(/^svc:config:/, "").replace(/^svc:/, "");
    out[short] = value;
  }
  return out;
}

/** The provider's methods of the ResourceProvider service. */
export function configMethods(plugin: SvcPlugin) {
  return {
    async checkConfig(req: provproto.CheckRequest): Promise<provproto.CheckResponse> {
      const news = fromWire(req.getNews());
      return new provproto.CheckResponse()
        .setInputs(toWire(markSecrets(news.props, [...SECRET_CONFIG_KEYS, ...news.secretKeys])))
        .setFailuresList(failureMessages(checkConfig(news.props)));
    },
    async diffConfig(req: provproto.DiffRequest): Promise<provproto.DiffResponse> {
      const olds = fromWire(req.getOldInputs()).props;
      const base = Object.keys(olds).length > 0 ? olds : fromWire(req.getOlds()).props;
      const { changed, replaces } = diffConfig(base, fromWire(req.getNews()).props);
      const changes = changed.map((property) => ({
        property,
        kind: "update" as const,
        replace: replaces.includes(property),
      }));
      const answer = { changes: changed.length > 0, replaces, deleteBeforeReplace: false, stables: [] };
      return diffResponse({ ...answer, changed: changes });
    },
    async configure(req: provproto.ConfigureRequest): Promise<provproto.ConfigureResponse> {
      plugin.configure(configureArgs(req));
      return new provproto.ConfigureResponse()
        .setAcceptsecrets(true)
        .setAcceptresources(false)
        .setAcceptoutputs(false)
        .setSupportspreview(false);
    },
    async invoke(req: provproto.InvokeRequest): Promise<provproto.InvokeResponse> {
      // The data sources load @pulumi/pulumi whole (their `...Output` forms): only when a program calls one.
      const { invokeFunction } = await import("./functions.js");
      const result = await invokeFunction(req.getTok(), fromWire(req.getArgs()).props, plugin.settings());
      return new provproto.InvokeResponse().setReturn(toWire(result));
    },
    async cancel(): Promise<Empty> {
      return new Empty();
    },
  };
}
