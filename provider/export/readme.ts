/**
 * README.md of a generated project: what was exported, the config to set (credentials, the identifier
 * suffix), how to adopt the environment it came from, and how to copy it to another service or environment.
 */
import { credentialKeyLines } from "./credential-keys";
import type { ExportProject } from "./model";

/** How each language's program is run and where credentials go, for the README. */
export interface LanguageNotes {
  /** `TypeScript`, `Pulumi YAML`, ... */
  title: string;
  /** The project's Pulumi runtime (`nodejs`, `yaml`, `python`, `go`, `dotnet`): which language host runs it. */
  runtime: string;
  /** Shell lines that install the program's dependencies (may be empty). */
  install: string[];
  /** Whether the program reads credentials from config (the YAML program cannot leave them out while unset). */
  credentialsFromConfig: boolean;
  /** A paragraph on what the program needs before its install lines run (e.g. where Go finds the SDK). */
  before?: string[];
  /**
   * The config path a secret variable's value is read from, when it is not the key itself (YAML: a property
   * of one object key, set with `--path`).
   */
  secretValuePath?: (key: string) => string;
}

/** The command that sets a secret variable's value read from config key `key`. */
export function setSecretValueCommand(key: string, notes: LanguageNotes): string {
  const target = notes.secretValuePath === undefined ? key : `--path '${notes.secretValuePath(key)}'`;
  return `pulumi config set --secret ${target} <value>`;
}

const PATH_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A Pulumi config path (`pulumi config set --path`) below `base`: a plain name as `.name`, any other as
 * `["name"]` (a `"` in it as `\"`, the one escape the CLI's property-path parser reads).
 */
export function configPath(base: string, names: readonly string[]): string {
  return names
    .map((n) => (PATH_NAME.test(n) ? `.${n}` : `["${n.replaceAll('"', '\\"')}"]`))
    .reduce((path, part) => path + part, base);
}

/** A word quoted for sh (single quotes; a `'` in it as `'\''`). */
function shQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * The commands that set a workflow's secret headers read from config key `key`: one per header the export
 * found (`leaves`: step name, header name), each a `--path` to that header below the key (YAML: below the
 * object key holding secret values); with none found, one with placeholders.
 */
export function setSecretHeaderCommands(
  key: string,
  leaves: readonly (readonly string[])[],
  notes: LanguageNotes,
): string[] {
  const base = notes.secretValuePath === undefined ? key : notes.secretValuePath(key);
  const found = leaves.length > 0 ? leaves : [["<step name>", "<header>"]];
  return found.map((leaf) => `pulumi config set --secret --path ${shQuote(configPath(base, leaf))} <value>`);
}

function configSection(project: ExportProject, notes: LanguageNotes): string[] {
  const out = ["## Config", ""];
  const secrets = project.config.filter((c) => c.shape === "secretObject");
  const suffix = project.config.find((c) => c.shape === "suffix");
  if (secrets.length > 0 && notes.credentialsFromConfig) {
    out.push(
      "An integration's credentials are never copied from the service (some releases answer them in plaintext), so",
      "none are in this program. Each",
      "integration reads them from a secret config key; while it is unset, adopting keeps the credentials the",
      "service holds, and a create (on another service or environment) makes the integration without credentials",
      "(the engine warns). Set the fields each provider needs, as the provider table of docs/integrations.md",
      "names them:",
      "",
      ...secrets.flatMap((c) => [...credentialKeyLines(project, c.key), ""]),
    );
  } else if (secrets.length > 0) {
    out.push(
      "An integration's credentials are never copied from the service (some releases answer them in plaintext), so",
      "none are in this program: adopting",
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
  return [
    "The service never reads a secret environment variable's value back (it answers a mask), so none is in this",
    "program. Each secret variable reads its value from secret config; while that is unset, the variable declares",
    "`adopt: true` and no `value`, and adopting keeps the value the environment holds; a create (on another service",
    "or environment, or where the environment holds no value) fails naming the variable, before writing it. Set",
    "each to manage the value here (the next `up` writes it; a copy needs it):",
    "",
    "```sh",
    ...values.map((c) => setSecretValueCommand(c.key, notes)),
    "```",
    "",
  ];
}

/**
 * What to have before the first `pulumi` command: the program's dependencies (from a pulumi-svc clone until
 * published), the CLI and its language host, and a backend with a passphrase to try it on.
 */
function beforeFirstRun(notes: LanguageNotes): string[] {
  const host =
    notes.runtime === "nodejs"
      ? "with its Node.js language host `pulumi-language-nodejs`, which the official CLI's download includes (a CLI built from Go modules alone does not)"
      : `with its ${notes.title} language host (\`runtime: ${notes.runtime}\`), which the official CLI's download includes`;
  return [
    "## Before the first run",
    "",
    ...(notes.before ?? []),
    ...(notes.before === undefined ? [] : [""]),
    "```sh",
    ...notes.install,
    "```",
    "",
    `The Pulumi CLI (https://www.pulumi.com/docs/iac/download-install/), ${host}. A stack's state lives in a`,
    "backend: to try it on this machine, `pulumi login --local` (state under `~/.pulumi`); a local backend",
    "encrypts the stack's secrets with a passphrase, which the CLI asks for, or takes from",
    "`PULUMI_CONFIG_PASSPHRASE` (`read -rs PULUMI_CONFIG_PASSPHRASE && export PULUMI_CONFIG_PASSPHRASE`).",
    "",
  ];
}

/** Workflows' secret headers (http_request steps): where they come from, and what happens while unset. */
function secretHeadersSection(project: ExportProject, notes: LanguageNotes): string[] {
  const keys = project.config.filter((c) => c.shape === "secretHeaders");
  if (keys.length === 0) return [];
  return [
    "The headers of http_request steps whose name says they carry a credential (Authorization, X-Api-Key, ...) are",
    "not in this program (the service answers them in plaintext). Each workflow reads them from secret config",
    "(step name -> header -> value); while that is unset, the workflow declares no `secretHeaders`, and adopting",
    "keeps the headers the service holds; a create (on another service or environment) makes the steps without",
    "them. Set each to manage it here (the next `up` writes it; a copy needs it):",
    "",
    "```sh",
    ...keys.flatMap((c) => setSecretHeaderCommands(c.key, c.leaves ?? [], notes)),
    "```",
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
    ...beforeFirstRun(notes),
    "## Adopt the environment it was read from",
    "",
    "```sh",
    "pulumi stack init dev",
    "pulumi config set svc:baseUrl <the service's address>",
    "pulumi config set --secret svc:apiKey <the environment's API key>",
    "pulumi preview   # + N to create: new to this stack; each adopts its object",
    "pulumi up        # takes every object over: writes nothing where it is as declared",
    "pulumi preview   # no changes",
    "```",
    "",
    "The first preview lists every resource as a create (`+ N to create`): the stack has none of them yet. Each",
    "declares `adopt: true`, so its create finds the object by its identifier and takes it over, writing nothing",
    "where it is as declared (and updating it to the declaration where it differs). After that `up`, a preview",
    "shows no changes.",
    "",
    "## Copy to another service or environment",
    "",
    "A stack whose `svc:baseUrl` and `svc:apiKey` name another service (or another environment) creates every",
    "object there. Integration identifiers are unique across the environments of one organization: for a copy",
    "into a sibling environment, set an identifier suffix (below). The objects the service makes itself in every",
    'environment (its in-app integration, the default layout it made: under "Left out") are not in the program,',
    "so the target's own serve the copy. A workflow is created after the integrations of its steps' channels, so",
    "its steps carry the same integration issues as the source's.",
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
