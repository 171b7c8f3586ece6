/**
 * The plugin as one JavaScript file: `dist/provider/plugin/main.js` and everything it loads (@pulumi/pulumi and
 * its generated gRPC stubs, grpc-js, google-protobuf, undici, zod, the schema) bundled by esbuild. The two
 * modules that load by computed name are replaced: `provider/runtime/shared/pulumi-require` by a table of the
 * modules loaded through it (resolved from @pulumi/pulumi's proto folder, as at run time), and
 * `node-support/package-version` by the version built (and package.json's `engines.node`).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { build, type Plugin } from "esbuild";

/** The modules the plugin loads through `fromPulumi` (provider/runtime/shared/pulumi-require.ts). */
export const PULUMI_MODULES: readonly string[] = [
  "@grpc/grpc-js",
  "google-protobuf/google/protobuf/struct_pb",
  "google-protobuf/google/protobuf/empty_pb",
];

/** The replacement of provider/runtime/shared/pulumi-require: the same `fromPulumi`, over a static table. */
function pulumiRequireModule(): string {
  const entries = PULUMI_MODULES.map(
    (id) => `  ${JSON.stringify(id)}: () => require(${JSON.stringify(id)}),`,
  );
  return [
    `"use strict";`,
    `const modules = {`,
    ...entries,
    `};`,
    `exports.fromPulumi = function fromPulumi(id) {`,
    `  const load = modules[id];`,
    `  if (load === undefined) throw new Error("pulumi-resource-svc: " + id + " is not in the executable; add it to PULUMI_MODULES in scripts/plugin-dist/bundle.ts");`,
    `  return load();`,
    `};`,
  ].join("\n");
}

/** The replacement of node-support/package-version: the version built and package.json's `engines.node`. */
function packageVersionModule(root: string, version: string): string {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    engines: { node: string };
  };
  return [
    `"use strict";`,
    `exports.packageVersion = () => ${JSON.stringify(version)};`,
    `exports.requiredNodeRange = () => ${JSON.stringify(manifest.engines.node)};`,
  ].join("\n");
}

/** The esbuild plugin that swaps the two computed-name modules for static ones. */
function replaceComputedLoads(root: string, version: string): Plugin {
  const protoDir = dirname(
    createRequire(join(root, "package.json")).resolve("@pulumi/pulumi/proto/provider_pb"),
  );
  return {
    name: "pulumi-svc-computed-loads",
    setup(b) {
      b.onLoad({ filter: /[\\/]provider[\\/]runtime[\\/]shared[\\/]pulumi-require\.js$/ }, () => ({
        contents: pulumiRequireModule(),
        loader: "js",
        resolveDir: protoDir,
      }));
      b.onLoad({ filter: /[\\/]node-support[\\/]package-version\.js$/ }, () => ({
        contents: packageVersionModule(root, version),
        loader: "js",
      }));
    },
  };
}

/** What {@link bundlePlugin} made. */
export interface PluginBundle {
  /** The bundle's text (one CommonJS script, no hashbang). */
  code: string;
  /**
   * Warnings esbuild gave (one today: a computed `require.resolve("node-gyp/...")` in @npmcli/run-script, which
   * @pulumi/pulumi loads and the plugin never runs).
   */
  warnings: number;
}

/** Bundles `<root>/dist/provider/plugin/main.js` (run `npm run build` first) for Node.js 22. */
export async function bundlePlugin(root: string, version: string): Promise<PluginBundle> {
  const result = await build({
    entryPoints: [join(root, "dist", "provider", "plugin", "main.js")],
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    minify: true,
    keepNames: true,
    write: false,
    logLevel: "silent",
    plugins: [replaceComputedLoads(root, version)],
  });
  const text = result.outputFiles[0]?.text ?? "";
  // A SEA main script is run as a CommonJS module body: no hashbang line.
  const code = text.startsWith("#!") ? text.slice(text.indexOf("\n") + 1) : text;
  return { code, warnings: result.warnings.length };
}
