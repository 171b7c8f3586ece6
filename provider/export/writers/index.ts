/** The languages `svc-export` writes, each a writer over the same model, with its README. */

import { CLONE, cloneParagraph, npmInstallLine, pipInstallLines, pluginInstallLine } from "../install-lines";
import type { ExportProject } from "../model";
import { type LanguageNotes, readme } from "../readme";
import { writeCsharp } from "./csharp";
import { droppedNulls } from "./dropped-nulls";
import type { ProjectFiles } from "./files";
import { writeGo } from "./go";
import { writeNode } from "./node";
import { writePython } from "./python";
import { writeYaml, yamlSecretValuePath } from "./yaml";

/** Every `--language` value of the public surface. */
export const LANGUAGES = ["typescript", "javascript", "python", "go", "yaml", "csharp"] as const;
/** One of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];

/** The version of @pulumi/pulumi a generated Node.js project asks for (the one this package is tested with). */
const PULUMI_NODE_VERSION = "3.270.0";

interface Writer {
  notes(version: string): LanguageNotes;
  files(project: ExportProject, version: string): ProjectFiles;
}

/** The notes of the TypeScript and JavaScript programs (the npm package; no plugin). */
function nodeNotes(title: string, version: string): LanguageNotes {
  return {
    title,
    runtime: "nodejs",
    install: [npmInstallLine(version)],
    credentialsFromConfig: true,
    before: cloneParagraph(version, "the npm package `pulumi-svc`", { npm: true }),
  };
}

const PLUGIN_PATH =
  "The plugin `pulumi-resource-svc` must be installed as for any program of a plugin language (the last line; docs/installation-configuration.md of pulumi-svc).";

const WRITERS: Record<Language, Writer> = {
  yaml: {
    notes: (version) => ({
      title: "Pulumi YAML",
      runtime: "yaml",
      install: [pluginInstallLine(version)],
      credentialsFromConfig: false,
      secretValuePath: yamlSecretValuePath,
      before: cloneParagraph(version, "the plugin `pulumi-resource-svc`", { plugin: true }),
    }),
    files: (project) => writeYaml(project),
  },
  typescript: {
    notes: (version) => nodeNotes("TypeScript", version),
    files: (project, version) => writeNode(project, true, { pulumi: PULUMI_NODE_VERSION, svc: version }),
  },
  python: {
    notes: (version) => ({
      title: "Python",
      runtime: "python",
      install: [...pipInstallLines(), pluginInstallLine(version)],
      credentialsFromConfig: true,
      before: cloneParagraph(version, "the Python SDK `pulumi_svc` (with the plugin `pulumi-resource-svc`)", {
        plugin: true,
      }),
    }),
    files: (project, version) => writePython(project, version),
  },
  go: {
    notes: (version) => ({
      title: "Go",
      runtime: "go",
      install: ["go mod tidy", pluginInstallLine(version)],
      credentialsFromConfig: true,
      before: [
        "The program uses the svc Go SDK (`github.com/pulumi-svc/pulumi-svc/sdks/go/svc`), which is not published as a",
        "Go module: `go.mod` takes it from the `sdks/go` folder of a pulumi-svc clone through its `replace` line, which",
        `expects the clone beside this folder (\`${CLONE}\`). Clone it there, or point the \`replace\` at your clone's`,
        "`sdks/go`, before `go mod tidy`.",
        PLUGIN_PATH,
        "",
        ...cloneParagraph(version, "the plugin", { plugin: true }),
      ],
    }),
    files: (project) => writeGo(project),
  },
  csharp: {
    notes: (version) => ({
      title: "C#",
      runtime: "dotnet",
      install: ["dotnet build", pluginInstallLine(version)],
      credentialsFromConfig: true,
      before: [
        "The program uses the svc .NET SDK (`PulumiSvc.Svc`), which is not published on NuGet: the project file takes it",
        "from the `sdks/dotnet` folder of a pulumi-svc clone through its `ProjectReference`, which expects the clone",
        `beside this folder (\`${CLONE}\`). Clone it there, or point the \`ProjectReference\` at your clone's`,
        "`sdks/dotnet/PulumiSvc.Svc.csproj`, before `dotnet build`.",
        PLUGIN_PATH,
        "",
        ...cloneParagraph(version, "the plugin", { plugin: true }),
      ],
    }),
    files: (project) => writeCsharp(project),
  },
  javascript: {
    notes: (version) => nodeNotes("JavaScript", version),
    files: (project, version) => writeNode(project, false, { pulumi: PULUMI_NODE_VERSION, svc: version }),
  },
};

/**
 * What the program in `language` leaves out beyond what was read (./dropped-nulls.ts: a step's null controls in
 * the languages that drop a null inside a map), one line each.
 */
export function languageLeftOut(language: Language, project: ExportProject): string[] {
  return droppedNulls(language, project);
}

/** The project's files in `language`, README.md included (its "Left out" with {@link languageLeftOut}'s lines). */
export function writeLanguage(language: Language, project: ExportProject, version: string): ProjectFiles {
  const writer = WRITERS[language];
  const leftOut = [...project.leftOut, ...languageLeftOut(language, project)].sort();
  return {
    ...writer.files(project, version),
    "README.md": readme({ ...project, leftOut }, writer.notes(version)),
  };
}
