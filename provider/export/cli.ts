/**
 * `svc-export` (and `pulumi-resource-svc export`): an existing environment as a Pulumi project. The key and
 * the address come from SVC_API_KEY and SVC_BASE_URL only (never a flag, which lands in shell history) and
 * are never written into a file. Progress goes to stderr; every failure is one line naming what to do, with
 * a non-zero exit and nothing written.
 */

import { basename, resolve } from "node:path";
import { parseArgs } from "node:util";
import { packageVersion } from "../../node-support/package-version";
import { SvcClient } from "../../sdk";
import { AuthenticationError, ConnectionError, PermissionDeniedError, SvcError } from "../../sdk/errors";
import { DEFAULT_KINDS, EXPORT_KINDS } from "./kinds";
import { assertWritable, ExportInputError, writeProject } from "./project-folder";
import { readEnvironment } from "./read-environment";
import { LANGUAGES, type Language, languageLeftOut, writeLanguage } from "./writers";

const USAGE =
  "usage: svc-export --language typescript|javascript|python|go|yaml|csharp --out DIR [--project NAME] " +
  "[--only integrations,workflows,layouts,topics,variables,translations,settings] [--with-subscriptions]  " +
  "(default: all but settings, which are the whole organization's; the key and address: SVC_API_KEY, SVC_BASE_URL)";

/** The command's options, validated. */
export interface ExportOptions {
  language: Language;
  out: string;
  project: string;
  only: readonly string[];
  withSubscriptions: boolean;
}

/** Parses and validates the arguments (no request, nothing written). */
export function parseExportArgs(argv: readonly string[]): ExportOptions | "help" {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        language: { type: "string" },
        out: { type: "string" },
        project: { type: "string" },
        only: { type: "string" },
        "with-subscriptions": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (e) {
    throw new ExportInputError(
      `svc-export: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}; ${USAGE}`,
    );
  }
  if (values.help === true) return "help";
  const language = values.language;
  if (typeof language !== "string" || !(LANGUAGES as readonly string[]).includes(language)) {
    throw new ExportInputError(
      `svc-export: --language must be one of ${LANGUAGES.join(", ")}${typeof language === "string" ? ` (got "${language}")` : ""}`,
    );
  }
  if (typeof values.out !== "string" || values.out === "") {
    throw new ExportInputError("svc-export: --out DIR is required (an absent or empty folder)");
  }
  const kinds = EXPORT_KINDS.map((k) => k.name);
  const only =
    typeof values.only === "string"
      ? values.only
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : DEFAULT_KINDS.map((k) => k.name);
  const unknown = only.filter((o) => !kinds.includes(o));
  if (unknown.length > 0 || only.length === 0) {
    throw new ExportInputError(
      `svc-export: --only takes ${kinds.join(", ")} (comma-separated); got "${values.only}"`,
    );
  }
  const project = typeof values.project === "string" ? values.project : projectName(values.out);
  if (!/^[A-Za-z0-9_.-]+$/.test(project)) {
    throw new ExportInputError(
      `svc-export: --project must be letters, digits, "_", "." or "-" (got "${project}")`,
    );
  }
  return {
    language: language as Language,
    out: values.out,
    project,
    only,
    withSubscriptions: values["with-subscriptions"] === true,
  };
}

/** A project name from the folder's name. */
function projectName(out: string): string {
  const name = basename(resolve(out))
    .replace(/[^A-Za-z0-9_.-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return name === "" ? "svc-environment" : name;
}

/** The key and address from the environment, or a failure naming how to set them. */
function credentialsFromEnv(env: NodeJS.ProcessEnv): { apiKey: string; baseUrl: string } {
  const apiKey = env.SVC_API_KEY?.trim();
  const baseUrl = env.SVC_BASE_URL?.trim();
  if (!apiKey) {
    throw new ExportInputError(
      "svc-export: SVC_API_KEY is not set; export the environment's API key first (e.g. `read -rs SVC_API_KEY && export SVC_API_KEY`)",
    );
  }
  if (!baseUrl || !/^https?:\/\/./.test(baseUrl)) {
    throw new ExportInputError(
      "svc-export: SVC_BASE_URL must be the service's http(s) address (e.g. `export SVC_BASE_URL=https://api.example.com`)",
    );
  }
  return { apiKey, baseUrl };
}

/** One line for a failure of the service or the network, naming what to do. */
export function describeFailure(e: unknown, baseUrl: string | undefined): string {
  if (e instanceof ExportInputError) return e.message;
  if (e instanceof AuthenticationError || e instanceof PermissionDeniedError) {
    return `svc-export: the service refused SVC_API_KEY (${e.status}); export the API key of the environment to read in SVC_API_KEY`;
  }
  if (e instanceof ConnectionError) {
    return `svc-export: cannot reach SVC_BASE_URL (${baseUrl ?? "unset"}): ${firstLine(e.message)}; check the address and that the service runs`;
  }
  if (e instanceof SvcError) return `svc-export: ${firstLine(e.message)}`;
  return `svc-export: ${firstLine(e instanceof Error ? e.message : String(e))}`;
}

function firstLine(text: string): string {
  return text.split("\n")[0] ?? text;
}

/** Runs the command; answers the exit code. */
export async function runExport(
  argv: readonly string[],
  io: { env: NodeJS.ProcessEnv; stderr: (line: string) => void; stdout: (line: string) => void },
): Promise<number> {
  let baseUrl: string | undefined;
  try {
    const options = parseExportArgs(argv);
    if (options === "help") {
      io.stdout(USAGE);
      return 0;
    }
    assertWritable(resolve(options.out));
    const settings = credentialsFromEnv(io.env);
    baseUrl = settings.baseUrl;
    // Paced by the rate-limit headers: each category's reads go out as its bucket refills, instead of eight at
    // a time into an empty bucket and whole `Retry-After` seconds of waiting (bench/export.ts).
    const client = new SvcClient({ ...settings, maxRetries: 3, pacing: true });
    try {
      const project = await readEnvironment({
        client,
        project: options.project,
        kinds: EXPORT_KINDS.filter((k) => options.only.includes(k.name)),
        withSubscriptions: options.withSubscriptions,
        progress: io.stderr,
      });
      for (const line of [...project.leftOut, ...languageLeftOut(options.language, project)].sort())
        io.stderr(`svc-export: left out: ${line}`);
      writeProject(options.out, writeLanguage(options.language, project, packageVersion()));
      io.stderr(
        `svc-export: wrote ${project.resources.length} resources as a ${options.language} project in ${options.out} (see its README.md)`,
      );
      return 0;
    } finally {
      await client.close();
    }
  } catch (e) {
    io.stderr(describeFailure(e, baseUrl));
    return e instanceof ExportInputError ? 2 : 1;
  }
}
