/**
 * Secret scans that do not trust the harness: the raw gRPC bytes between engine and host (see
 * testkit/harness/grpc-tap.ts), and the state the real engine writes (`pulumi stack export`).
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { grpcMessages, SECRET_SIG, SIG_KEY, type TappedCall } from "../harness";
import { countSecrets } from "./secret-scan";

/** Plaintext hits in the raw gRPC traffic, by place. */
export interface WireHits {
  /** Calls seen. */
  calls: number;
  /** Hits in what the engine sent (a control: the engine does send the key and credentials, so > 0). */
  requests: number;
  /** Hits in what the host answered, outside values the engine keeps secret (must be 0). */
  responses: number;
  /** Hits in trailers: error messages (`grpc-message`) and status details (must be 0). */
  errors: number;
  /** Where the response hits were, `<rpc> <field>` (for diagnosis). */
  where: string[];
}

type Struct = { toJavaScript(): Record<string, unknown> } | undefined;

/** The value with every secret-wrapped subtree (and every top-level key in `secretKeys`) taken out. */
export function withoutSecretValues(value: unknown, secretKeys: readonly string[] = []): unknown {
  const strip = (v: unknown, top: boolean): unknown => {
    if (Array.isArray(v)) return v.map((x) => strip(x, false));
    if (v === null || typeof v !== "object") return v;
    const o = v as Record<string, unknown>;
    if (o[SIG_KEY] === SECRET_SIG) return "[secret]";
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o))
      out[k] = top && secretKeys.includes(k) ? "[secret]" : strip(x, false);
    return out;
  };
  return strip(value, true);
}

/** The property maps (and failure texts) a response carries, by RPC; undefined for the other RPCs. */
function responseParts(rpc: string, msg: Buffer): Record<string, Struct | string[]> | undefined {
  switch (rpc) {
    case "Check": {
      const r = provproto.CheckResponse.deserializeBinary(msg);
      return { inputs: r.getInputs(), failures: r.getFailuresList().map((f) => f.getReason()) };
    }
    case "Create":
      return { properties: provproto.CreateResponse.deserializeBinary(msg).getProperties() };
    case "Read": {
      const r = provproto.ReadResponse.deserializeBinary(msg);
      return { properties: r.getProperties(), inputs: r.getInputs() };
    }
    case "Update":
      return { properties: provproto.UpdateResponse.deserializeBinary(msg).getProperties() };
    default:
      return undefined;
  }
}

function decodeMessage(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Scans raw gRPC calls for plaintext secrets. Responses are decoded from the raw protobuf bytes (not by the
 * harness). The dynamic provider does not accept secrets, so the engine sends plaintext and keeps secret,
 * on its side, the top-level keys the program marked secret and the `additionalSecretOutputs`: those
 * keys (`engineSecretKeys`) and values the host wrapped as secret may hold secrets in the host's answers;
 * nothing else may (other properties, check failures, error trailers, any other RPC's answer).
 */
export function scanWire(
  calls: readonly TappedCall[],
  secrets: readonly string[],
  engineSecretKeys: readonly string[] = [],
): WireHits {
  const hits: WireHits = { calls: calls.length, requests: 0, responses: 0, errors: 0, where: [] };
  for (const call of calls) {
    const rpc = call.path.split("/").pop() ?? call.path;
    hits.requests += countSecrets(call.request.toString("latin1"), secrets);
    const trailerText = Object.values(call.trailers).map(decodeMessage).join("\n");
    hits.errors += countSecrets(trailerText, secrets);
    for (const msg of grpcMessages(call.response)) {
      const parts = responseParts(rpc, msg);
      if (!parts) {
        const n = countSecrets(msg.toString("latin1"), secrets);
        if (n > 0) hits.where.push(`${rpc} (raw)`);
        hits.responses += n;
        continue;
      }
      for (const [field, part] of Object.entries(parts)) {
        const plain = Array.isArray(part) ? part : part?.toJavaScript();
        const kept = field === "failures" ? [] : engineSecretKeys;
        const n = countSecrets(JSON.stringify(withoutSecretValues(plain, kept)) ?? "", secrets);
        if (n > 0) hits.where.push(`${rpc} ${field}`);
        hits.responses += n;
      }
    }
  }
  return hits;
}

/** What {@link scanStackExport} found. */
export interface StackExportScan {
  /** Plaintext occurrences of the secrets anywhere in the export (must be 0). */
  hits: number;
  /** Secret values the export holds encrypted (`ciphertext`): a control that secrets were there at all. */
  ciphertexts: number;
}

/**
 * For the real-engine tests: scans the output of `pulumi stack export` (the checkpoint as the engine keeps
 * it) for plaintext secrets. The engine stores secret values as `{ <sig>: <secret sig>, ciphertext }`, so
 * any plaintext occurrence, anywhere, is a leak.
 */
export function scanStackExport(exported: string | object, secrets: readonly string[]): StackExportScan {
  const text = typeof exported === "string" ? exported : JSON.stringify(exported);
  return {
    hits: countSecrets(text, secrets),
    ciphertexts: (text.match(/"ciphertext"\s*:/g) ?? []).length,
  };
}
