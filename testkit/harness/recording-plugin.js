#!/usr/bin/env node
"use strict";
/*
 * A pulumi-resource-pulumi-nodejs plugin that records what the real engine sends: it runs @pulumi/pulumi's
 * dynamic-provider host (as the shipped plugin does) with every gRPC handler wrapped so that each call's
 * request and answer, as protobuf bytes, are appended as one JSON line to $SVC_RECORD_PROVIDER_CALLS.
 * The file holds decrypted config and inputs: keep it in a temp directory, never commit it.
 * Plain CommonJS so the engine can run it without a build (see recordingPluginDir in engine-record.ts).
 */
const { appendFileSync } = require("node:fs");
const { dirname } = require("node:path");

const file = process.env.SVC_RECORD_PROVIDER_CALLS;
const host = require.resolve("@pulumi/pulumi/cmd/dynamic-provider", { paths: [process.cwd()] });
// The host's own grpc module instance (the one whose Server it constructs).
const grpc = require(require.resolve("@grpc/grpc-js", { paths: [dirname(host)] }));
let seq = 0;

function record(def, seqNo, request, err, response) {
  if (!file) return;
  const line = {
    seq: seqNo,
    pid: process.pid,
    method: def.path,
    request: def.requestSerialize(request).toString("base64"),
    response: response ? def.responseSerialize(response).toString("base64") : null,
    error: err ? String(err.details || err.message || err) : null,
  };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

const addService = grpc.Server.prototype.addService;
grpc.Server.prototype.addService = function (service, impl) {
  const wrapped = {};
  for (const name of Object.keys(service)) {
    const fn = impl[name];
    if (typeof fn !== "function") continue;
    const def = service[name];
    wrapped[name] = (call, callback) => {
      const n = ++seq;
      return fn.call(impl, call, (err, res, ...rest) => {
        record(def, n, call.request, err, res);
        callback(err, res, ...rest);
      });
    };
  }
  return addService.call(this, service, wrapped);
};
require(host);
