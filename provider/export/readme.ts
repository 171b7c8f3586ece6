/**
 * README.md of a generated project: what was exported, the config to set (credentials, the identifier
 * suffix), how to adopt the environment it came from, and how to copy it to another service or environment.
 */
import type { ExportProject } from "./model";

/** How each language's program is run and where credentials go, for the README. */
export interface LanguageNotes {
  /** `TypeScript`, `Pulumi YAML`, ... */
  title: string;
  /** Shell lines that install the program's dependencies (may be empty). */
  install: string[];
  /** Whether the program reads credentials from config (the YAML program cannot leave them out while unset). */
  credentialsFromConfig: boolean;
  /** A paragraph on what the program needs before its install lines run (e.g. where Go finds the SDK). */
  before?: string[];
}

function configSection(project: ExportProject, notes: LanguageNotes): string[] {
  const out = ["## Config", ""];
  const secrets = project.config.filter((c) => c.shape === "secretObject");
  const suffix = project.config.find((c) => c.shape === "suffix");
  if (secrets.length > 0 && notes.credentialsFromConfig) {
    out.push(
      "The service never returns an integration's credentials to an API key, so none are in this program. Each",
      "integration reads them from a secret config key; while it is unset, adopting keeps the credentials the",
      "service holds, and a create (on another service or environment) makes the integration without credentials",
      "(the engine warns). Set each field of the provider's credentials (`apiKey`, `from`, ...):",
      "",
      "```sh",
      ...secrets.map((c) => `pulumi config set --secret --path '${c.key}.apiKey' <value>`),
      "```",
      "",
    );
  } else if (secrets.length > 0) {
    out.push(
      "The service never returns an integration's credentials to an API key, so none are in this program: adopting",
      "keeps the credentials the service holds. To manage them here, declare a secret config key and pass it as the",
      `integration's \`credentials\`, e.g. for the key \`${secrets[0]!.key}\`:`,
      "",
      "```yaml",
      "config:",
      `  ${secrets[0]!.key}:`,
      "    type: object",
      "    secret: true",
      "```",
      "",
      "then `credentials: ${" +
        secrets[0]!.key +
        "}` on the integration, and `pulumi config set --secret " +
        secrets[0]!.key +
        " '<json>'`.",
      "",
    );
  }
  if (suffix) {
    out.push(
      `\`${suffix.key}\` (default empty): ${suffix.purpose}. A copy into another environment of the same organization`,
      `needs one, e.g. \`pulumi config set ${suffix.key} -- -staging\`; a copy to another service does not.`,
      "",
    );
  }
  return out;
}

/** The README text. */
export function readme(project: ExportProject, notes: LanguageNotes): string {
  const count = (kind: string) => project.resources.filter((r) => r.kind === kind).length;
  const lines = [
    `# ${project.project}`,
    "",
    `The svc environment "${project.environment.name}" as a ${notes.title} program, written by \`svc-export\`:`,
    `${count("integrations")} integrations, ${count("layouts")} layouts, ${count("workflows")} workflows and ${count("topics")} topics,`,
    "each declared by its identifier with `adopt: true`: where the object exists, `pulumi up` takes it over (and",
    "writes nothing when it is as declared); where it does not, it is created.",
    "",
    ...(notes.before === undefined ? [] : ["## Before the first run", "", ...notes.before, ""]),
    "## Adopt the environment it was read from",
    "",
    "```sh",
    ...notes.install,
    "pulumi stack init dev",
    "pulumi config set svc:baseUrl <the service's address>",
    "pulumi config set --secret svc:apiKey <the environment's API key>",
    "pulumi preview   # no changes expected",
    "pulumi up",
    "```",
    "",
    "## Copy to another service or environment",
    "",
    "A stack whose `svc:baseUrl` and `svc:apiKey` name another service (or another environment) creates every",
    "object there. Integration identifiers are unique across the environments of one organization: for a copy",
    "into a sibling environment, set an identifier suffix (below).",
    "",
    "```sh",
    "pulumi stack init copy",
    "pulumi config set svc:baseUrl <the target's address>",
    "pulumi config set --secret svc:apiKey <the target environment's API key>",
    "pulumi up",
    "```",
    "",
    ...configSection(project, notes),
  ];
  if (project.withSubscriptions) {
    lines.push(
      "## Subscriptions",
      "",
      "Topic subscriptions name subscribers, which are the application's data: on a copy, the subscribers must",
      "exist in the target before `pulumi up`.",
      "",
    );
  }
  if (project.leftOut.length > 0) {
    lines.push("## Left out", "", ...project.leftOut.map((l) => `- ${l}`), "");
  }
  return `${lines.join("\n")}`;
}
