// The baseline of bench/credentials-set: the same device file as examples/device-token-sync (JSON rows of
// subscriberId, providerId, integrationIdentifier, deviceTokens), one SubscriberCredentials per subscriber.
const { readFileSync } = require("node:fs");
const pulumi = require("@pulumi/pulumi");
const svc = require("pulumi-svc");

const rows = JSON.parse(readFileSync(new pulumi.Config().require("file"), "utf8"));
for (const r of rows) {
  new svc.SubscriberCredentials(r.subscriberId, {
    subscriberId: r.subscriberId,
    providerId: r.providerId,
    integrationIdentifier: r.integrationIdentifier,
    credentials: { deviceTokens: r.deviceTokens },
  });
}
exports.subscriberCount = rows.length;
