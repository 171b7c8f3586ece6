/**
 * Writes sdk/schemas/provider-table.ts, the one table of the service's providers, from a Novu checkout:
 *
 *   node dist/scripts/provider-table/main.js --git <novu .git or bare mirror> [--rev HEAD]
 *   node dist/scripts/provider-table/main.js --dir <novu work tree>
 *
 * and, to merge the newest release in, the newest single files saved (outside this repository) under a
 * directory at their paths in `novuhq/novu` (`packages/shared/src/types/providers.ts`,
 * `packages/shared/src/consts/providers/channels/*.ts`, `.../credentials/provider-credentials.ts`) and, at
 * `src/models/components/chatorpushproviderenum.ts`, `@novu/api`'s enum of chat and push ids:
 *
 *   node dist/scripts/provider-table/main.js --git /work/.mirror/NianJiuZst+novu/repo \
 *     --newest /tmp/novu-newest --newest-label "novuhq/novu chat.ts 0e6954db, ..."
 *
 * Files the directory lacks are the first source's. The table then holds every provider of either release,
 * keys from the newest where it reads them, `since: "newest"` on those the first source lacks (`until:
 * "2026-04"` on those the newest drops), `keysUnread` where no file read gives the form's keys. The output
 * depends only on the sources and the label: the same inputs write the same bytes. Then, after `npm run build`,
 * `node dist/scripts/provider-table/main.js --docs` rewrites the list of docs/integrations.md from the table.
 * It also writes emulator/provider-names.ts, the emulator's own copy of the display names (the default name of
 * an integration). Only the generated files are committed, never Novu's files. Keys a provider's form names
 * that the service's CredentialsDto lacks (and so a program cannot declare) are listed apart, as
 * `undeclarable`. Then
 * `npx biome check --write sdk/schemas/provider-table.ts emulator/provider-names.ts` formats them.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { credentialsDtoSchema } from "../../sdk/schemas/integration";
import { PROVIDER_CREDENTIALS } from "../../sdk/schemas/provider-credentials";
import { SERVICE_VOCABULARY } from "../../sdk/schemas/service-vocabulary";
import { apiOnlyProviders } from "./api-enum";
import { providerTableMarkdown, withProviderTable } from "./docs";
import { emulatorNamesText } from "./emulator-names";
import { type MergedProvider, mergeReleases } from "./merge-releases";
import { directorySource, gitSource, type NovuSource, overlaySource } from "./novu-source";
import { readEnums, readProviders, type SourceProvider } from "./read-providers";
import { wrapped } from "./wrapped";

const ROOT = join(__dirname, "..", "..", "..");
const OUT = join(ROOT, "sdk", "schemas", "provider-table.ts");
const EMULATOR_OUT = join(ROOT, "emulator", "provider-names.ts");
const DOCS = join(ROOT, "docs", "integrations.md");

/** The release a checkout holds, and the newest files laid over it when `--newest` is given. */
interface Sources {
  base: NovuSource;
  newest?: NovuSource;
}

function sourcesOf(argv: readonly string[]): Sources {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      git: { type: "string" },
      rev: { type: "string" },
      dir: { type: "string" },
      newest: { type: "string" },
      "newest-label": { type: "string" },
    },
  });
  const base = values.git
    ? gitSource(values.git, values.rev ?? "HEAD")
    : values.dir
      ? directorySource(values.dir)
      : undefined;
  if (!base)
    throw new Error(
      "provider-table: give --git <novu repository> [--rev REV] or --dir <novu work tree> [--newest DIR]",
    );
  if (!values.newest) return { base };
  const label = `newest: ${values["newest-label"] ?? "newest single files"}`;
  return { base, newest: overlaySource(values.newest, base, label) };
}

/** What each release's files list: the base's channel files, the newest's, and the ids only its API names. */
interface Releases {
  base: SourceProvider[];
  newest?: { channelFiles: SourceProvider[]; apiOnly: SourceProvider[] };
}

function releasesOf(sources: Sources): Releases {
  const base = readProviders(sources.base);
  if (!sources.newest) return { base };
  const channelFiles = readProviders(sources.newest, { tolerateUnreadLists: true });
  const known = new Set(channelFiles.map((p) => p.id));
  const apiOnly = apiOnlyProviders(sources.newest, readEnums(sources.newest), known);
  return { base, newest: { channelFiles, apiOnly } };
}

/** The providers of the sources: the base release's, merged with the newest's when given. */
export function providersOf(sources: Sources): MergedProvider[] {
  return merged(releasesOf(sources));
}

function merged({ base, newest }: Releases): MergedProvider[] {
  return newest ? mergeReleases(base, [...newest.channelFiles, ...newest.apiOnly]) : base;
}

/** The vocabulary's member for an id the service names itself (`novu` → `V.inAppProviderId`), or a literal. */
function idExpression(id: string): string {
  const member = Object.entries(SERVICE_VOCABULARY).find(([, v]) => v === id)?.[0];
  return member ? `[V.${member}]` : JSON.stringify(id);
}

const list = (keys: readonly string[]) => `[${keys.map((k) => JSON.stringify(k)).join(", ")}]`;

function entry(p: MergedProvider): string {
  const declarable = new Set(Object.keys(credentialsDtoSchema.shape));
  const keys = p.credentials.filter((c) => declarable.has(c.key));
  const fields = [
    `channel: ${JSON.stringify(p.channel)}`,
    `name: ${JSON.stringify(p.displayName)}`,
    `required: ${list(keys.filter((c) => c.required).map((c) => c.key))}`,
    `optional: ${list(keys.filter((c) => !c.required).map((c) => c.key))}`,
  ];
  const undeclarable = p.credentials.filter((c) => !declarable.has(c.key)).map((c) => c.key);
  if (undeclarable.length > 0) fields.push(`undeclarable: ${list(undeclarable)}`);
  if (p.keysUnread) fields.push("keysUnread: true");
  if (p.since) fields.push(`since: ${JSON.stringify(p.since)}`);
  if (p.until) fields.push(`until: ${JSON.stringify(p.until)}`);
  return `  ${idExpression(p.id)}: { ${fields.join(", ")} },`;
}

/** The generated file's text. */
export function tableText(providers: readonly MergedProvider[], label: string): string {
  const header = wrapped(
    "Every provider of the service: its channel, display name and credential keys, as the dashboard's forms " +
      "require them. GENERATED by scripts/provider-table/main.ts from Novu's " +
      `packages/shared/src/consts/providers/ (${label}); do not edit, regenerate. Read through ` +
      "./provider-credentials.ts.",
  );
  return [
    "/**",
    ...header.map((line) => ` * ${line}`),
    " */",
    'import type { ProviderCredentialSpec } from "./provider-credentials";',
    'import { SERVICE_VOCABULARY as V } from "./service-vocabulary";',
    "",
    "/**",
    " * The providers, keyed by the id the service speaks, in the source's order (channel files by name), then",
    " * those only the newest release lists.",
    " */",
    "export const PROVIDER_TABLE: Readonly<Record<string, ProviderCredentialSpec>> = Object.freeze({",
    ...providers.map(entry),
    "});",
    "",
  ].join("\n");
}

/** Rewrites the list in docs/integrations.md from the committed table (after the table is regenerated and built). */
function writeDocs(): void {
  const page = readFileSync(DOCS, "utf8");
  writeFileSync(DOCS, withProviderTable(page, providerTableMarkdown(PROVIDER_CREDENTIALS)));
  console.log(`provider-table: ${DOCS} rewritten`);
}

if (require.main === module) {
  if (process.argv.includes("--docs")) {
    writeDocs();
  } else {
    const sources = sourcesOf(process.argv.slice(2));
    const releases = releasesOf(sources);
    const providers = merged(releases);
    const label = [sources.base.label, sources.newest?.label].filter((l) => l !== undefined).join("; ");
    writeFileSync(OUT, tableText(providers, label));
    writeFileSync(EMULATOR_OUT, emulatorNamesText(releases.base, releases.newest?.channelFiles, label));
    console.log(
      `provider-table: ${providers.length} providers from ${label} written to ${OUT}, names to ${EMULATOR_OUT}`,
    );
  }
}
