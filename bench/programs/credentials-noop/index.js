// The engine floor of bench/credentials-set: the same device file as examples/device-token-sync, as one
// dynamic resource with the inputs shape of SubscriberCredentialsSet (providerId, integrationIdentifier, the
// secret credentials map as one JSON text, a fingerprints map of 16 hex digits per subscriber) and a provider that does
// nothing: check returns the news, diff reports a change, create/update return their inputs, read returns the
// state as props and inputs (as the set's read does). What an operation on it costs is what the engine, the
// SDK and the dynamic-provider host need to move the map; the set's time above it is the set's own.
const { createHash } = require("node:crypto");
// The module itself, not its functions: the provider below is serialized, and Pulumi serializes a captured
// built-in module as a require() of it.
const fs = require("node:fs");
const pulumi = require("@pulumi/pulumi");

const config = new pulumi.Config();
const rows = JSON.parse(fs.readFileSync(config.require("file"), "utf8"));
// `plain`: the credentials not secret (what the secret encryption costs is the difference).
const plain = config.getBoolean("plain") === true;
// The credentials as SubscriberCredentialsSet sends them: one JSON text; `map`: as a map of objects (what a
// set sent before the text form; the shape, not the size, is what the SDK, the engine and the host pay for).
const encoded = config.getBoolean("map") !== true;
const credentials = {};
const fingerprints = {};
for (const r of rows) {
  credentials[r.subscriberId] = { deviceTokens: r.deviceTokens };
  // Same size as a real fingerprint (unkeyed here); changes with the tokens.
  const digest = createHash("sha1").update(r.deviceTokens.join("\n")).digest("hex");
  fingerprints[r.subscriberId] = digest.slice(0, 16);
}

// The host's marks, as provider/runtime/phase-log.ts writes them: when the engine hands the provider its
// update or read, the moment the set would send its first request.
function mark(phase) {
  const file = process.env.SVC_PHASE_LOG;
  if (file) fs.appendFileSync(file, `${JSON.stringify({ t: Date.now(), who: "host", phase })}\n`);
}

const noop = {
  async check(_olds, news) {
    return { inputs: news };
  },
  async diff() {
    return { changes: true };
  },
  async create(inputs) {
    return { id: "noop", outs: inputs };
  },
  async update(_id, _olds, news) {
    mark("update:start");
    return { outs: news };
  },
  async read(id, props) {
    mark("read:start");
    return { id, props, inputs: props };
  },
  async delete() {},
};

const wire = encoded ? JSON.stringify(credentials) : credentials;
const first = rows[0];
new pulumi.dynamic.Resource(
  noop,
  "noop-devices",
  {
    providerId: first.providerId,
    integrationIdentifier: first.integrationIdentifier,
    credentials: plain ? wire : pulumi.secret(wire),
    fingerprints,
  },
  plain ? {} : { additionalSecretOutputs: ["credentials"] },
);
exports.subscriberCount = rows.length;
