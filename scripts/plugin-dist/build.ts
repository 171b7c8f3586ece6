/**
 * `npm run plugin:dist`: the provider plugin `pulumi-resource-svc` as a standalone executable per platform
 * (no Node.js needed where it runs), each in a plugin tarball in `dist/plugins/`. Builds from `dist/` (run
 * `npm run build` first); the version is package.json's.
 */
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../../testkit/harness/repo-root";
import { bundlePlugin } from "./bundle";
import { nodeBinaryFor, runsOn } from "./node-binary";
import { PLATFORMS, type PluginPlatform } from "./platforms";
import { hasTool } from "./run-tool";
import { makeExecutable, seaBlob } from "./sea";
import { packTarball } from "./tarball";
import { BUNDLE_ASSET, CACHE_ASSET, seaLoaderSource, warmCodeCache, wrapBundle } from "./warm-cache";

/** Options of {@link buildPluginDist}. */
export interface PluginDistOptions {
  /** Platforms to build (default: every one of {@link PLATFORMS} this machine can build). */
  platforms?: readonly PluginPlatform[];
  /** Where the tarballs go (default `<repo>/dist/plugins`). */
  outDir?: string;
  /** gzip level of the tarballs, 1 (fastest, the tests') to 9 (default 6). */
  compressionLevel?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

/** One built tarball. */
export interface PluginTarball {
  /** Pulumi's `<os>-<arch>`. */
  platform: string;
  /** The tarball's path. */
  file: string;
  /** Its size. */
  bytes: number;
  /** The executable's size. */
  executableBytes: number;
  /** Wall time of this platform's steps (fetch, blob, copy, inject, sign, pack), in seconds. */
  seconds: number;
}

/** What {@link buildPluginDist} made. */
export interface PluginDistResult {
  /** package.json's version. */
  version: string;
  /** The bundled script's size. */
  bundleBytes: number;
  /** Wall time of the bundle, in seconds. */
  bundleSeconds: number;
  tarballs: PluginTarball[];
  /** Platforms left out, with why. */
  skipped: { platform: string; reason: string }[];
}

/** Why this machine cannot build `p`, if it cannot. */
export function cannotBuild(p: PluginPlatform): string | undefined {
  if (p.codesign && (process.platform !== "darwin" || !hasTool("codesign")))
    return "a macOS executable must be signed again after injection (codesign), which needs macOS";
  return undefined;
}

function seconds(t0: number): number {
  return (performance.now() - t0) / 1000;
}

/** The bundle, as a file and wrapped for the loader with its warm code cache (made once, for this machine). */
interface BundleFiles {
  /** The bundle, a SEA main script. */
  script: string;
  /** The wrapped bundle and its warm cache (warm-cache.ts), made on the first platform this machine runs. */
  warm?: { loader: string; wrapped: string; cache: string };
}

/**
 * The SEA blob of platform `p`: on this machine's platform and Node.js, the loader with the bundle and its warm
 * code cache as assets; elsewhere (no cache can be made for another binary), the bundle as main script.
 */
async function blobFor(p: PluginPlatform, files: BundleFiles, work: string, nodeVersion: string) {
  if (!runsOn(p, nodeVersion)) return seaBlob("sea-prep", { main: files.script, codeCache: false }, work);
  if (files.warm === undefined) {
    const warm = {
      loader: join(work, "sea-loader.js"),
      wrapped: join(work, BUNDLE_ASSET),
      cache: join(work, CACHE_ASSET),
    };
    writeFileSync(warm.loader, seaLoaderSource());
    writeFileSync(warm.wrapped, wrapBundle(readFileSync(files.script, "utf8")));
    await warmCodeCache(warm.wrapped, warm.cache);
    files.warm = warm;
  }
  const assets = { [BUNDLE_ASSET]: files.warm.wrapped, [CACHE_ASSET]: files.warm.cache };
  return seaBlob("sea-prep-warm", { main: files.warm.loader, assets, codeCache: false }, work);
}

/** Builds one platform's executable and tarball in `work`; moves the tarball into `outDir`. */
async function buildPlatform(
  p: PluginPlatform,
  files: BundleFiles,
  version: string,
  work: string,
  outDir: string,
  level: number,
): Promise<PluginTarball> {
  const t0 = performance.now();
  const dir = join(work, p.name);
  mkdirSync(dir);
  const nodeVersion = process.version.slice(1);
  const node = nodeBinaryFor(p, nodeVersion);
  const blob = await blobFor(p, files, work, nodeVersion);
  const executable = join(dir, p.executable);
  makeExecutable(p, node, blob, executable);
  const packed = packTarball(dir, p.executable, version, p.name, level);
  const file = join(outDir, packed.slice(dir.length + 1));
  renameSync(packed, file);
  return {
    platform: p.name,
    file,
    bytes: statSync(file).size,
    executableBytes: statSync(executable).size,
    seconds: seconds(t0),
  };
}

/** Bundles the plugin, makes its SEA blob and builds each platform's tarball into `outDir`. */
export async function buildPluginDist(opts: PluginDistOptions = {}): Promise<PluginDistResult> {
  const root = repoRoot();
  const log = opts.log ?? (() => {});
  const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string })
    .version;
  const outDir = opts.outDir ?? join(root, "dist", "plugins");
  mkdirSync(outDir, { recursive: true });
  const work = mkdtempSync(join(outDir, ".work-"));
  try {
    const t0 = performance.now();
    const bundle = await bundlePlugin(root, version);
    const script = join(work, "pulumi-resource-svc.js");
    writeFileSync(script, bundle.code);
    const bundleSeconds = seconds(t0);
    const bundleBytes = Buffer.byteLength(bundle.code);
    log(
      `bundle ${(bundleBytes / 1e6).toFixed(1)} MB in ${bundleSeconds.toFixed(1)} s (${bundle.warnings} esbuild warning(s))`,
    );
    const result: PluginDistResult = {
      version,
      bundleBytes,
      bundleSeconds,
      tarballs: [],
      skipped: [],
    };
    const files: BundleFiles = { script };
    for (const p of opts.platforms ?? PLATFORMS) {
      const reason = cannotBuild(p);
      if (reason !== undefined) {
        result.skipped.push({ platform: p.name, reason });
        log(`${p.name}: skipped (${reason})`);
        continue;
      }
      const t = await buildPlatform(p, files, version, work, outDir, opts.compressionLevel ?? 6);
      result.tarballs.push(t);
      log(`${p.name}: ${t.file} (${(t.bytes / 1e6).toFixed(1)} MB) in ${t.seconds.toFixed(1)} s`);
    }
    return result;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
