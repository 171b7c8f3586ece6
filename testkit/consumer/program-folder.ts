/**
 * A user's Pulumi program folder, made fresh in the system temp directory (outside this repository, so
 * nothing of the repo's node_modules is on any resolution path): package.json, Pulumi.yaml, the program's
 * files, and `npm install` of the packed tarball and @pulumi/pulumi from the npm registry. No `typescript`
 * is installed, as `pulumi new javascript` leaves a folder (and as a TypeScript project looks to
 * @pulumi/pulumi when its compiler is not resolvable from there: pnpm's layout, nested installs).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { repoRoot } from "../harness/repo-root";
import { npm } from "./npm";
import { packInto } from "./pack";

/** Options of {@link createProgramFolder}. */
export interface ProgramFolderOptions {
  /** The pulumi-svc tarball to install. */
  tarball: string;
  /** Pulumi project name (Pulumi.yaml). */
  project: string;
  /** Files of the program, by path relative to the folder. */
  files: Record<string, string>;
  /** `main` of package.json (default `index.js`). */
  main?: string;
  /** Further packages to install, by name, at the version this repository has installed. */
  devPackages?: string[];
  /** Further packages to install at the given versions (`{ typescript: "5.9.3" }`). */
  devVersions?: Record<string, string>;
}

/** A created and installed program folder. */
export interface ProgramFolder {
  dir: string;
  /** Seconds `npm install` took. */
  installSeconds: number;
  /** Where `typescript` resolves from the folder's @pulumi/pulumi (undefined: it does not, as intended). */
  typescriptFromPulumi: string | undefined;
  /** Removes the folder. */
  remove(): void;
}

/** The version of a package installed in this repository (so the user's install hits the npm cache). */
export function repoVersionOf(name: string): string {
  const pkg = join(repoRoot(), "node_modules", name, "package.json");
  return (JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version;
}

function resolveFrom(dir: string, request: string): string | undefined {
  try {
    return createRequire(join(dir, "index.js")).resolve(request);
  } catch {
    return undefined;
  }
}

/** Creates the folder and installs the tarball and @pulumi/pulumi into it. */
export async function createProgramFolder(opts: ProgramFolderOptions): Promise<ProgramFolder> {
  const dir = mkdtempSync(join(tmpdir(), `svc-consumer-${opts.project}-`));
  try {
    const manifest = {
      name: opts.project,
      main: opts.main ?? "index.js",
      private: true,
      dependencies: {
        "@pulumi/pulumi": repoVersionOf("@pulumi/pulumi"),
        "pulumi-svc": `file:${opts.tarball}`,
      },
      devDependencies: {
        ...Object.fromEntries((opts.devPackages ?? []).map((p) => [p, repoVersionOf(p)])),
        ...opts.devVersions,
      },
    };
    writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(join(dir, "Pulumi.yaml"), `name: ${opts.project}\nruntime: nodejs\n`);
    for (const [path, text] of Object.entries(opts.files)) writeFileSync(join(dir, path), text);
    const started = Date.now();
    await npm(["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd: dir });
    const installSeconds = (Date.now() - started) / 1000;
    const pulumiDir = dirname(resolveFrom(dir, "@pulumi/pulumi/package.json") ?? dir);
    return {
      dir,
      installSeconds,
      typescriptFromPulumi: resolveFrom(pulumiDir, "typescript"),
      remove: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/**
 * {@link createProgramFolder} with this repository packed first into a temp directory of its own (as a user
 * installs it); `remove()` removes both.
 */
export async function createPackedProgramFolder(
  opts: Omit<ProgramFolderOptions, "tarball">,
): Promise<ProgramFolder> {
  const packDir = mkdtempSync(join(tmpdir(), `svc-pack-${opts.project}-`));
  try {
    const folder = await createProgramFolder({ ...opts, tarball: await packInto(packDir) });
    return {
      ...folder,
      remove: () => {
        folder.remove();
        rmSync(packDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    rmSync(packDir, { recursive: true, force: true });
    throw e;
  }
}

/**
 * The PATH of a user's shell in `folder`: its `node_modules/.bin` first (where `pulumi-resource-svc` is
 * installed), then `dirs` (the CLI's bin directory, ...), then the Node.js running this process (22), then
 * this process's PATH.
 */
export function programPath(folder: ProgramFolder, ...dirs: string[]): string {
  return [
    join(folder.dir, "node_modules", ".bin"),
    ...dirs,
    dirname(process.execPath),
    process.env.PATH ?? "",
  ].join(delimiter);
}
