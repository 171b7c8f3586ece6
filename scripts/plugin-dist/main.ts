/**
 * `npm run plugin:dist [-- --platforms=linux-amd64,windows-amd64] [--out=DIR] [--gzip-level=1..9]`: builds the plugin tarballs
 * (see build.ts). Prints one line per platform; exits non-zero with a one-line error.
 */
import { buildPluginDist } from "./build";
import { PLATFORMS, platformsNamed } from "./platforms";

/** The value of `--name=value` in argv, if given. */
function flag(argv: readonly string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  return argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

async function main(argv: readonly string[]): Promise<void> {
  const names = flag(argv, "platforms");
  const outDir = flag(argv, "out");
  const level = flag(argv, "gzip-level");
  const compressionLevel = level === undefined ? 6 : Number(level);
  if (!Number.isInteger(compressionLevel) || compressionLevel < 1 || compressionLevel > 9)
    throw new Error(`plugin:dist: --gzip-level must be an integer from 1 to 9, got "${level}"`);
  const platforms = names === undefined ? PLATFORMS : platformsNamed(names.split(","));
  const result = await buildPluginDist({
    platforms,
    compressionLevel,
    ...(outDir !== undefined ? { outDir } : {}),
    log: (line) => console.log(`plugin:dist: ${line}`),
  });
  console.log(`plugin:dist: ${result.tarballs.length} tarball(s) of pulumi-resource-svc v${result.version}`);
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
