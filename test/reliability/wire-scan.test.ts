import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { describe, expect, it } from "vitest";
import { secret, type TappedCall } from "../../testkit/harness";
import { toStruct } from "../../testkit/harness/protocol";
import { kindOfUrn } from "../../testkit/scenarios/secrets-lifecycle";
import { scanStackExport, scanWire } from "../../testkit/scenarios/wire-scan";

const KEY = "wire-secret-key-0123456789";

/** A gRPC body: one length-prefixed message. */
function framed(bytes: Uint8Array): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt32BE(bytes.length, 1);
  return Buffer.concat([head, Buffer.from(bytes)]);
}

function createCall(properties: Record<string, unknown>, trailers: Record<string, string> = {}): TappedCall {
  const res = new provproto.CreateResponse();
  res.setId("id-1");
  res.setProperties(toStruct(properties as never));
  const req = new provproto.CreateRequest();
  req.setProperties(toStruct({ credentials: { apiKey: KEY } }));
  return {
    path: "/pulumirpc.ResourceProvider/Create",
    request: framed(req.serializeBinary()),
    response: framed(res.serializeBinary()),
    trailers: { "grpc-status": "0", ...trailers },
  };
}

describe("raw gRPC secret scan", () => {
  it("passes secrets in keys the engine keeps secret, or wrapped by the host, and sees the request (control)", () => {
    const hits = scanWire(
      [createCall({ credentials: { apiKey: KEY }, other: secret(KEY), name: "x" })],
      [KEY],
      ["credentials"],
    );
    expect(hits).toEqual({ calls: 1, requests: 1, responses: 0, errors: 0, where: [] });
  });

  it("fails on a secret in any other output, in an error trailer, or in a check failure", () => {
    const leak = scanWire(
      [
        createCall({ credentials: {}, apiKeyEcho: `Bearer ${KEY}` }),
        createCall({}, { "grpc-status": "2", "grpc-message": encodeURIComponent(`bad key ${KEY}`) }),
      ],
      [KEY],
      ["credentials"],
    );
    expect(leak.responses).toBe(1);
    expect(leak.where).toEqual(["Create properties"]);
    expect(leak.errors).toBe(1);
    const check = new provproto.CheckResponse();
    const failure = new provproto.CheckFailure();
    failure.setProperty("credentials");
    failure.setReason(`credentials: ${KEY} is not valid`);
    check.addFailures(failure);
    const failed = scanWire(
      [
        {
          path: "/pulumirpc.ResourceProvider/Check",
          request: Buffer.alloc(0),
          response: framed(check.serializeBinary()),
          trailers: {},
        },
      ],
      [KEY],
      ["credentials"],
    );
    expect(failed.responses).toBe(1);
  });

  it("stack export scan: plaintext anywhere is a hit; ciphertexts are counted as the control", () => {
    const sig = "4dabf18193072939515e22adb298388d";
    const safe = {
      resources: [
        { outputs: { credentials: { [sig]: "1b47061264138c4ac30d75fd1eb44270", ciphertext: "AAAA" } } },
      ],
    };
    expect(scanStackExport(safe, [KEY])).toEqual({ hits: 0, ciphertexts: 1 });
    const leaked = JSON.stringify({ resources: [{ inputs: { __provider: `const k = "${KEY}"` } }] });
    expect(scanStackExport(leaked, [KEY])).toEqual({ hits: 1, ciphertexts: 0 });
  });

  it("resource kinds come from the URNs of the steps that ran", () => {
    expect(kindOfUrn("urn:pulumi:dev::p::pulumi-nodejs:dynamic/svc:Integration::mail")).toBe("Integration");
    expect(kindOfUrn("urn:pulumi:dev::p::pulumi-nodejs:dynamic/svc:SubscriberCredentials::x")).toBe(
      "SubscriberCredentials",
    );
  });
});
