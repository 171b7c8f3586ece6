/** The languages `svc-export` writes, each a writer over the same model, with its README. */

import type { ExportProject } from "../model";
import { type LanguageNotes, readme } from "../readme";
import { writeCsharp } from "./csharp";
import type { ProjectFiles } from "./files";
import { writeGo } from "./go";
import { writeNode } from "./node";
import { writePython } from "./python";
import { writeYaml } from "./yaml";

/** Every `--language` value of the public surface. */
export const LANGUAGES = ["typescript", "javascript", "python", "go", "yaml", "csharp"] as const;
/** One of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];

/** The version of @pulumi/pulumi a generated Node.js project asks for (the one this package is tested with). */
const PULUMI_NODE_VERSION = "3.270.0";

interface Writer {
  notes: LanguageNotes;
  files(project: ExportProject, version: string): ProjectFiles;
}

const WRITERS: Record<Language, Writer> = {
  yaml: {
    notes: { title: "Pulumi YAML", install: [], credentialsFromConfig: false },
    files: (project) => writeYaml(project),
  },
  typescript: {
    notes: { title: "TypeScript", install: ["npm install"], credentialsFromConfig: true },
    files: (project, version) => writeNode(project, true, { pulumi: PULUMI_NODE_VERSION, svc: version }),
  },
  python: {
    notes: {
      title: "Python",
      install: ["python3 -m venv venv && venv/bin/pip install -r requirements.txt"],
      credentialsFromConfig: true,
    },
    files: (project, version) => writePython(project, version),
  },
  go: {
    notes: {
      title: "Go",
      install: ["go mod tidy"],
      credentialsFromConfig: true,
      before: [
        "The program uses the svc Go SDK (`github.com/pulumi-svc/pulumi-svc/sdks/go/svc`), which is not published as a",
        "Go module: `go.mod` takes it from the `sdks/go` folder of a pulumi-svc clone through its `replace` line, which",
        "expects the clone beside this folder (`../pulumi-svc`). Clone it there, or point the `replace` at your clone's",
        "`sdks/go`, before `go mod tidy`. The plugin `pulumi-resource-svc` must be installed as for any Go program",
        "(docs/installation-configuration.md of pulumi-svc).",
      ],
    },
    files: (project) => writeGo(project),
  },
  csharp: {
    notes: {
      title: "C#",
      install: ["dotnet build"],
      credentialsFromConfig: true,
      before: [
        "The program uses the svc .NET SDK (`PulumiSvc.Svc`), which is not published on NuGet: the project file takes it",
        "from the `sdks/dotnet` folder of a pulumi-svc clone through its `ProjectReference`, which expects the clone",
        "beside this folder (`../pulumi-svc`). Clone it there, or point the `ProjectReference` at your clone's",
        "`sdks/dotnet/PulumiSvc.Svc.csproj`, before `dotnet build`. The plugin `pulumi-resource-svc` must be installed as",
        "for any .NET program (docs/installation-configuration.md of pulumi-svc).",
      ],
    },
    files: (project) => writeCsharp(project),
  },
  javascript: {
    notes: { title: "JavaScript", install: ["npm install"], credentialsFromConfig: true },
    files: (project, version) => writeNode(project, false, { pulumi: PULUMI_NODE_VERSION, svc: version }),
  },
};

/** The project's files in `language`, README.md included. */
export function writeLanguage(language: Language, project: ExportProject, version: string): ProjectFiles {
  const writer = WRITERS[language];
  return { ...writer.files(project, version), "README.md": readme(project, writer.notes) };
}
