/**
 * The provider calls of one run, as comparable records, from either side of the harness/engine comparison:
 * the real engine's calls recorded by recording-plugin.js (installed with {@link recordingPlugin}), or the
 * harness's calls recorded by its gRPC tap (`startHarness({ wire })`). Both are decoded from the protobuf
 * bytes with the same stubs, so a difference is a difference on the wire.
 *
 * ```ts
 * const plugin = recordingPlugin(tmpDir);           // PATH: plugin.dir first; env: plugin.env
 * await stack.up();
 * const engineCalls = decodeCalls(readRecording(plugin.file));
 * const harnessCalls = decodeCalls(fromTap(wire));
 * ```
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { grpcMessages, type TappedCall } from "./grpc-tap";
import { fromStruct, type Json, redactSecrets } from "./protocol";
import { repoRoot } from "./repo-root";

/** The environment variable naming the file recording-plugin.js appends to. */
export const RECORD_ENV = "SVC_RECORD_PROVIDER_CALLS";

/** One provider call: its method and request bytes (protobuf, unframed), and whether it failed. */
export interface RawCall {
  method: string;
  request: Uint8Array;
  error: boolean;
}

/** A decoded provider call, with only what the harness and the engine must agree on. */
export interface ProviderCall {
  /** `Check`, `Diff`, `Create`, `Update`, `Delete`, `Read`, `Configure`, ... */
  method: string;
  /** The resource's name (last URN part); for Configure, the provider's. */
  name: string;
  /** Check: whether `olds` was empty (the engine's first Check of a new resource and its second Check of a replace). */
  emptyOlds?: boolean;
  /** Configure: the args with secrets redacted, the variables' keys, and the protocol flags. */
  configure?: { args: Json; variables: string[]; type: string; flags: boolean[] };
}

/** A plugin folder whose `pulumi-resource-pulumi-nodejs` records every call into `file` (put `dir` first on PATH). */
export interface RecordingPlugin {
  dir: string;
  file: string;
  /** The environment the plugin needs ({@link RECORD_ENV}). */
  env: Record<string, string>;
}

/** Writes the recording plugin into `dir` (a temp folder: the recording holds decrypted config and inputs). */
export function recordingPlugin(dir: string): RecordingPlugin {
  const script = join(repoRoot(), "testkit", "harness", "recording-plugin.js");
  const plugin = join(dir, "pulumi-resource-pulumi-nodejs");
  writeFileSync(plugin, `#!/usr/bin/env node\nrequire(${JSON.stringify(script)});\n`);
  chmodSync(plugin, 0o755);
  const file = join(dir, "provider-calls.jsonl");
  return { dir, file, env: { [RECORD_ENV]: file } };
}

/** The calls recorded so far (none when the file does not exist yet). */
export function readRecording(file: string): RawCall[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as { method: string; request: string; error: string | null })
    .map((l) => ({ method: l.method, request: Buffer.from(l.request, "base64"), error: l.error !== null }));
}

/** The calls a harness tap saw. */
export function fromTap(calls: readonly TappedCall[]): RawCall[] {
  return calls.map((c) => ({
    method: c.path,
    request: grpcMessages(c.request)[0] ?? new Uint8Array(),
    error: (c.trailers["grpc-status"] ?? "0") !== "0",
  }));
}

const lastPart = (s: string, sep: string): string => s.split(sep).pop() ?? "";

/** Decodes the calls the comparison looks at (resource calls and Configure); others are left out. */
export function decodeCalls(raw: readonly RawCall[]): ProviderCall[] {
  const out: ProviderCall[] = [];
  for (const c of raw) {
    const call = decodeCall(lastPart(c.method, "/"), c.request);
    if (call) out.push(call);
  }
  return out;
}

function decodeCall(method: string, bytes: Uint8Array): ProviderCall | undefined {
  const named = (urn: string) => ({ method, name: lastPart(urn, "::") });
  switch (method) {
    case "Check": {
      const r = provproto.CheckRequest.deserializeBinary(bytes);
      return { ...named(r.getUrn()), emptyOlds: Object.keys(fromStruct(r.getOlds())).length === 0 };
    }
    case "Diff":
      return named(provproto.DiffRequest.deserializeBinary(bytes).getUrn());
    case "Create":
      return named(provproto.CreateRequest.deserializeBinary(bytes).getUrn());
    case "Update":
      return named(provproto.UpdateRequest.deserializeBinary(bytes).getUrn());
    case "Delete":
      return named(provproto.DeleteRequest.deserializeBinary(bytes).getUrn());
    case "Read":
      return named(provproto.ReadRequest.deserializeBinary(bytes).getUrn());
    case "Configure": {
      const r = provproto.ConfigureRequest.deserializeBinary(bytes);
      return {
        ...named(r.getUrn() ?? ""),
        configure: {
          args: redactSecrets(fromStruct(r.getArgs())),
          variables: [...r.getVariablesMap().keys()].sort(),
          type: r.getType() ?? "",
          flags: [
            r.getAcceptsecrets(),
            r.getAcceptresources(),
            r.getSendsOldInputs(),
            r.getSendsOldInputsToDelete(),
          ],
        },
      };
    }
    default:
      return undefined;
  }
}

/** `"Check push (olds empty)"`-style lines, one per call, for readable comparisons. */
export function callLines(calls: readonly ProviderCall[]): string[] {
  return calls
    .filter((c) => c.method !== "Configure")
    .map((c) => `${c.method} ${c.name}${c.emptyOlds === undefined ? "" : c.emptyOlds ? " (no olds)" : ""}`);
}
