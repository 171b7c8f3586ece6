/** docs/integrations.md lists every provider of the table `check` reads, as scripts/provider-table renders it. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DOC_MARKERS, providerTableMarkdown } from "../../scripts/provider-table/docs";
import { PROVIDER_CREDENTIALS } from "../../sdk/schemas";

const page = readFileSync(join(__dirname, "..", "..", "docs", "integrations.md"), "utf8");

describe("docs/integrations.md, providers and their credential keys", () => {
  it("holds the list generated from the table (node dist/scripts/provider-table/main.js --docs)", () => {
    const from = page.indexOf(DOC_MARKERS.start);
    const to = page.indexOf(DOC_MARKERS.end) + DOC_MARKERS.end.length;
    expect(from).toBeGreaterThan(0);
    expect(page.slice(from, to)).toBe(providerTableMarkdown(PROVIDER_CREDENTIALS));
  });

  it("lists every provider, those of 2025-26 with their keys", () => {
    for (const id of Object.keys(PROVIDER_CREDENTIALS)) expect(page).toContain(`| \`${id}\` |`);
    expect(page).toContain("| `unifonic` | Unifonic | sms | `appSid`, `senderId`, `from` |");
    expect(page).toContain("| `appio` | AppIO | push | `AppIOBaseUrl` |");
    expect(page).toMatch(/\| `msteams` \| MSTeams \| chat \| {2}\| .*`tenantId`/);
    // The newest release's providers the April 2026 tree lacks, marked as such.
    expect(page).toContain(
      "| `telegram` | Telegram (newest service only) | chat | not in the files read |  |",
    );
    expect(page).toContain("| `webex-messaging` | Webex Messaging (newest service only) | chat |");
  });
});
