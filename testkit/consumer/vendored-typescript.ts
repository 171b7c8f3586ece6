/**
 * The compiler @pulumi/pulumi falls back to when a program's folder has no `typescript` (its
 * `tsutils.typeScriptRequireStrings`): `vendor/typescript@3.8.3` inside the folder's @pulumi/pulumi. Type-checks
 * a program with it under the options cmd/run gives ts-node when there is no tsconfig.json (target ES2020,
 * CommonJS, node resolution), strict as the `pulumi new typescript` template.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type ts from "typescript";

/** The vendored compiler of the @pulumi/pulumi installed in `folder`. */
export function vendoredTypeScript(folder: string): typeof ts {
  const req = createRequire(join(folder, "index.js"));
  const pulumiDir = dirname(req.resolve("@pulumi/pulumi/package.json"));
  return req(join(pulumiDir, "vendor", "typescript@3.8.3", "typescript.js")) as typeof ts;
}

/**
 * The diagnostics of `files` (in `folder`) that fall in the program or in pulumi-svc's declarations. Other
 * packages' declarations are left out: 3.8 cannot parse the @types/node that @pulumi/pulumi's dependencies
 * install, and ts-node reports only the program's own files anyway.
 */
export function vendoredDiagnostics(folder: string, files: string[]): { version: string; errors: string[] } {
  const compiler = vendoredTypeScript(folder);
  const program = compiler.createProgram(
    files.map((f) => join(folder, f)),
    {
      noEmit: true,
      strict: true,
      target: compiler.ScriptTarget.ES2020,
      module: compiler.ModuleKind.CommonJS,
      moduleResolution: compiler.ModuleResolutionKind.NodeJs,
    },
  );
  const ours = compiler
    .getPreEmitDiagnostics(program)
    .filter((d) => !d.file || !/[\\/]node_modules[\\/](?!pulumi-svc[\\/])/.test(d.file.fileName));
  const host = {
    getCanonicalFileName: (f: string) => f,
    getCurrentDirectory: () => folder,
    getNewLine: () => "\n",
  };
  return { version: compiler.version, errors: ours.map((d) => compiler.formatDiagnostics([d], host).trim()) };
}
