/**
 * The version of this package (package.json is exported as `pulumi-svc/package.json`). The standalone plugin
 * executable (scripts/plugin-dist) replaces this module with the version it was built from.
 */
import { createRequire } from "node:module";

/** The `version` of pulumi-svc's package.json. */
export function packageVersion(): string {
  return (createRequire(__filename)("pulumi-svc/package.json") as { version: string }).version;
}
