import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The directory of the pulumi-svc package.json, found upward from this file (works from test/ and dist/). */
export function repoRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 10; i++) {
    const pkg = join(dir, "package.json");
    if (
      existsSync(pkg) &&
      (JSON.parse(readFileSync(pkg, "utf8")) as { name?: string }).name === "pulumi-svc"
    ) {
      return dir;
    }
    dir = dirname(dir);
  }
  throw new Error(`pulumi-svc package.json not found above ${__dirname}`);
}
