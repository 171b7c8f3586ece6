/**
 * The README's lines for each integration's credentials config key: the keys its provider needs, named from the
 * provider table that `check` reads (sdk/schemas/provider-table.ts), with the exact command per key.
 */
import { demandedCredentialKeys, providerSpec } from "../../sdk/schemas";
import { Concat, ConfigValue, type ExportProject } from "./model";

/** The integration that reads a credentials config key: its identifier and provider, or undefined. */
function readerOf(
  project: ExportProject,
  key: string,
): { identifier: string; providerId: string } | undefined {
  for (const r of project.resources) {
    const { credentials, providerId, identifier } = r.props;
    if (!(credentials instanceof ConfigValue) || credentials.key !== key || typeof providerId !== "string")
      continue;
    const id =
      identifier instanceof Concat ? identifier.prefix : typeof identifier === "string" ? identifier : r.name;
    return { identifier: id, providerId };
  }
  return undefined;
}

const command = (key: string, field: string) => `pulumi config set --secret --path '${key}.${field}' <value>`;
const names = (keys: readonly string[]) => keys.map((k) => `\`${k}\``).join(", ");

/** The lines for one credentials config key (a heading line, then a shell block when there is a key to set). */
export function credentialKeyLines(project: ExportProject, key: string): string[] {
  const reader = readerOf(project, key);
  const spec = reader && providerSpec(reader.providerId);
  const title = reader
    ? `\`${key}\`: integration "${reader.identifier}" (${reader.providerId})`
    : `\`${key}\``;
  if (!reader || !spec || spec.keysUnread) {
    // A provider of the newest release whose credential form no file read gives (telegram, ...) is as unknown
    // as one the table lacks: "needs none" would send the user off without its keys.
    const why = spec ? "a provider whose keys the table does not know" : "a provider the table does not know";
    return [
      `- ${title}: ${why}; set the CredentialsDto keys it needs:`,
      "",
      "  ```sh",
      `  ${command(key, "<key>")}`,
      "  ```",
    ];
  }
  const demanded = demandedCredentialKeys(reader.providerId);
  const others = [...spec.required, ...spec.optional].filter((k) => !demanded.includes(k));
  const also = others.length > 0 ? ` It also takes ${names(others)} (\`${command(key, "<key>")}\`).` : "";
  if (demanded.length === 0) return [`- ${title}: needs none.${also}`];
  return [
    `- ${title}: needs ${names(demanded)}.${also}`,
    "",
    "  ```sh",
    ...demanded.map((field) => `  ${command(key, field)}`),
    "  ```",
  ];
}
