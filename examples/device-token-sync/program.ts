/**
 * Device-token sync: declares the push credentials of every subscriber listed in a file, so that a deploy
 * makes the service's device tokens match the file (added tokens are set, removed rows are cleared).
 *
 * Settings (`pulumi config set <key> <value>`):
 * - `file`: the CSV or JSON file to read, relative to the project directory (default `devices.csv`).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as svc from "pulumi-svc";
import { formatOf, parseDevices } from "./devices";

const cfg = new pulumi.Config();
// Relative to the project directory (where Pulumi.yaml is), whatever the program's working directory.
const file = resolve(pulumi.getRootDirectory() || process.cwd(), cfg.get("file") ?? "devices.csv");
const entries = parseDevices(readFileSync(file, "utf8"), formatOf(file));

const synced = entries.map((e) => {
  const name = [e.subscriberId, e.providerId, e.integrationIdentifier].filter(Boolean).join("-");
  return new svc.SubscriberCredentials(name, {
    subscriberId: e.subscriberId,
    // The provider checks the id against the 20 chat and push providers and names them when it is wrong.
    providerId: e.providerId as svc.SubscriberCredentialsArgs["providerId"],
    ...(e.integrationIdentifier === undefined ? {} : { integrationIdentifier: e.integrationIdentifier }),
    credentials: { deviceTokens: e.deviceTokens },
  });
});

/** The synced entries as `subscriberId/providerId[/integrationIdentifier]` (tokens stay secret). */
export const subscribers = synced.map((c) => c.id);
/** How many device tokens the file declares. */
export const deviceTokenCount = entries.reduce((n, e) => n + e.deviceTokens.length, 0);
