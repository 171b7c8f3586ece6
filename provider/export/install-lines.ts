/**
 * Where a generated project gets pulumi-svc from while the package is not on the registries: a clone of the
 * pulumi-svc repository beside the project's folder (`../pulumi-svc`, as the Go `replace` and the C#
 * `ProjectReference` expect), which builds the npm package (`npm run package`: `pulumi-svc-<version>.tgz`,
 * scripts/npm-package.ts) and the plugin tarballs (`npm run plugin:dist`: dist/plugins/, scripts/plugin-dist/
 * tarball.ts), and holds the Python SDK (sdks/python). Each line works as written before publishing and after it
 * (installing from the clone stays valid once the registries have the package too).
 */

/** The clone, relative to the generated project's folder. */
export const CLONE = "../pulumi-svc";

/** The npm package `npm run package` writes at the clone's root. */
export function npmTarball(version: string): string {
  return `${CLONE}/pulumi-svc-${version}.tgz`;
}

/** The line installing the Node.js program's dependencies with pulumi-svc from the clone's package. */
export function npmInstallLine(version: string): string {
  return `npm install ${npmTarball(version)}`;
}

/** The lines making the Python program's virtual environment with pulumi_svc from the clone's sdks/python. */
export function pipInstallLines(): string[] {
  return ["python3 -m venv venv", `venv/bin/pip install ${CLONE}/sdks/python -r requirements.txt`];
}

/** The line installing the plugin from the tarball `npm run plugin:dist` builds in the clone (linux-amd64 shown). */
export function pluginInstallLine(version: string): string {
  return `pulumi plugin install resource svc ${version} --file ${CLONE}/dist/plugins/pulumi-resource-svc-v${version}-linux-amd64.tar.gz`;
}

/** What the README says before the install lines: where the clone comes from and what each line takes from it. */
export function cloneParagraph(
  version: string,
  what: string,
  builds: { npm?: boolean; plugin?: boolean },
): string[] {
  const steps = [
    ...(builds.npm === true ? [`\`npm run package\` (writes \`pulumi-svc-${version}.tgz\`)`] : []),
    ...(builds.plugin === true
      ? [
          "`npm run plugin:dist` (writes the plugin tarballs in `dist/plugins/`, one per platform: take your machine's `<os>-<arch>`)",
        ]
      : []),
  ];
  return [
    `Until pulumi-svc is published, ${what} comes from a clone of the pulumi-svc repository beside this folder`,
    `(\`${CLONE}\`; point the paths at yours): in the clone, \`npm ci\`${steps.length > 0 ? `, then ${steps.join(" and ")}` : ""}.`,
    "The lines below install from there; they stay right once it is published.",
  ];
}
