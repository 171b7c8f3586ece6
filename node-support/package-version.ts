/**
 * The version of this package and the Node.js it needs (package.json is exported as `pulumi-svc/package.json`).
 * The standalone plugin executable (scripts/plugin-dist) replaces this module with the values it was built from.
 */
import { createRequire } from "node:module";

/** The fields of pulumi-svc's package.json read at run time. */
interface Manifest {
  version: string;
  engines: { node: string };
}

function manifest(): Manifest {
  return createRequire(__filename)("pulumi-svc/package.json") as Manifest;
}

/** The `version` of pulumi-svc's package.json. */
export function packageVersion(): string {
  return manifest().version;
}

/** The `engines.node` range of pulumi-svc's package.json (`>=22.19.0`). */
export function requiredNodeRange(): string {
  return manifest().engines.node;
}
