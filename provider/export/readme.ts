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
  out.push(...secretValuesSection(project, notes), ...secretHeadersSection(project, notes));
  if (suffix) {
    out.push(
      `\`${suffix.key}\` (default empty): ${suffix.purpose}. A copy into another environment of the same organization`,
      `needs one, e.g. \`pulumi config set ${suffix.key} -- -staging\`; a copy to another service does not.`,
      "",
    );
  }
  return out;
}

/** The secret environment variables' values: where they come from, and what happens while unset. */
function secretValuesSection(project: ExportProject, notes: LanguageNotes): string[] {
  const values = project.config.filter((c) => c.shape === "secretString");
  if (values.length === 0) return [];
  const common = [
    "The service never reads a secret environment variable's value back (it answers a mask), so none is in this",
    "program. While a variable's value is not declared, adopting keeps the value the environment holds (the",
    "variable declares `adopt: true` and no `value`); a create (on another service or environment, or where the",
    "environment holds no value) fails naming the variable, before writing it.",
  ];
  if (notes.credentialsFromConfig) {
    return [
      ...common,
      "Each reads its value from a secret config key; set it to manage the value here (the next `up` writes it):",
      "",
      "```sh",
      ...values.map((c) => `pulumi config set --secret ${c.key} <value>`),
      "```",
      "",
    ];
  }
  return [
    ...common,
    `To manage a value here, declare a secret config key and pass it as the variable's \`value\`, e.g. for \`${values[0]!.key}\`:`,
    "",
    "```yaml",
    "config:",
    `  ${values[0]!.key}:`,
    "    type: string",
    "    secret: true",
    "```",
    "",
    `then \`value: \${${values[0]!.key}}\` on the variable, and \`pulumi config set --secret ${values[0]!.key} <value>\`. The keys:`,
    "",
    ...values.map((c) => `- \`${c.key}\`: ${c.purpose}`),
    "",
  ];
}

/** Workflows' secret headers (http_request steps): where they come from, and what happens while unset. */
function secretHeadersSection(project: ExportProject, notes: LanguageNotes): string[] {
  const keys = project.config.filter((c) => c.shape === "secretHeaders");
  if (keys.length === 0) return [];
  const first = keys[0]!.key;
  const common = [
    "The headers of http_request steps whose name says they carry a credential (Authorization, X-Api-Key, ...) are",
    "not in this program: while a workflow's `secretHeaders` are not declared, adopting keeps the headers the",
    "service holds, and a create (on another service or environment) makes the steps without them.",
  ];
  const set = `pulumi config set --secret --path '${first}["<step name>"].Authorization' '<value>'`;
  if (notes.credentialsFromConfig) {
    return [
      ...common,
      "Each workflow reads them from a secret config object (step name -> header -> value); set it to manage them here:",
      "",
      "```sh",
      set,
      "```",
      "",
      ...keys.map((c) => `- \`${c.key}\`: ${c.purpose}`),
      "",
    ];
  }
  return [
    ...common,
    `To manage them here, declare a secret config object and pass it as the workflow's \`secretHeaders\`, e.g. \`${first}\`:`,
    "",
    "```yaml",
    "config:",
    `  ${first}:`,
    "    type: object",
    "    secret: true",
    "```",
    "",
    `then \`secretHeaders: \${${first}}\` on the workflow, and \`${set}\`. The keys:`,
    "",
    ...keys.map((c) => `- \`${c.key}\`: ${c.purpose}`),
    "",
  ];
}

/** The README text. */
export function readme(project: ExportProject, notes: LanguageNotes): string {
  const count = (kind: string) => project.resources.filter((r) => r.kind === kind).length;
  const lines = [
    `# ${project.project}`,
    "",
    `The svc environment "${project.environment.name}" as a ${notes.title} program, written by \`svc-export\`:`,
    `${count("integrations")} integrations, ${count("layouts")} layouts, ${count("workflows")} workflows, ${count("topics")} topics,`,
    `${count("variables")} environment variables and ${count("translations")} translations${count("settings") > 0 ? ", and the organization's settings" : ""},`,
    "each declared by its identifier with `adopt: true` (translations and settings take over what they find as",
    "declared without it): where the object exists, `pulumi up` takes it over (and writes nothing when it is as",
    "declared); where it does not, it is created.",
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
  if (count("settings") > 0) {
    lines.push(
      "## Organization settings",
      "",
      "`svc.OrganizationSettings` is the whole organization's record, not this environment's (exported because",
      "`--only` named `settings`). Declare it in one stack per organization: a copy into a sibling environment of",
      "the same organization should leave it out, and `pulumi destroy` puts back the values it found.",
      "",
    );
  }
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
