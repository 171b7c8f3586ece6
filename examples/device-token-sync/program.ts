/**
 * Device-token sync: declares the push credentials of every subscriber listed in a file, so that a deploy
 * makes the service's device tokens match the file (added tokens are set, removed rows are cleared).
 *
 * One `svc.SubscriberCredentialsSet` per push provider (and integration) in the file, whatever the number
 * of rows: one engine step and one state entry each, where a SubscriberCredentials per subscriber would
 * cost thousands. The preview lists the subscribers added, changed and removed (by their fingerprints),
 * never a token.
 *
 * Settings (`pulumi config set <key> <value>`):
 * - `file`: the CSV or JSON file to read, relative to the project directory (default `devices.csv`).
 * - `svc:fingerprintKey` (secret, optional): keys the preview fingerprints; without it `svc:apiKey` does.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";
import { type DeviceEntry, formatOf, parseDevices } from "./devices";

const cfg = new pulumi.Config();
// Relative to the project directory (where Pulumi.yaml is), whatever the program's working directory.
const file = resolve(pulumi.getRootDirectory() || process.cwd(), cfg.get("file") ?? "devices.csv");
const entries = parseDevices(readFileSync(file, "utf8"), formatOf(file));

/** The file's entries grouped by provider and integration: one set each. */
function groups(all: DeviceEntry[]): Map<string, DeviceEntry[]> {
  const out = new Map<string, DeviceEntry[]>();
  for (const e of all) {
    const key = [e.providerId, e.integrationIdentifier].filter(Boolean).join("-");
    const group = out.get(key);
    if (group) group.push(e);
    else out.set(key, [e]);
  }
  return out;
}

const sets = [...groups(entries)].map(([name, rows]) => {
  const first = rows[0] as DeviceEntry;
  return new svc.SubscriberCredentialsSet(`${name}-devices`, {
    // The provider checks the id against the 20 chat and push providers and names them when it is wrong.
    providerId: first.providerId as svc.SubscriberCredentialsSetArgs["providerId"],
    ...(first.integrationIdentifier === undefined
      ? {}
      : { integrationIdentifier: first.integrationIdentifier }),
    credentials: Object.fromEntries(rows.map((e) => [e.subscriberId, { deviceTokens: e.deviceTokens }])),
  });
});

/** The sets as `providerId[/integrationIdentifier]`. */
export const credentialSets = sets.map((s) => s.id);
/** How many subscribers the file declares. */
export const subscriberCount = entries.length;
/** How many device tokens the file declares. */
export const deviceTokenCount = entries.reduce((n, e) => n + e.deviceTokens.length, 0);
