/**
 * emulator/provider-names.ts (the emulator's own copy of the display names) and sdk/schemas/provider-table.ts
 * are written by scripts/provider-table from the same sources: each provider's newest name is the table's.
 */
import { describe, expect, it } from "vitest";
import { PROVIDER_NAMES_2026_04, PROVIDER_NAMES_NEWEST_CHANGES } from "../../emulator/provider-names";
import { PROVIDER_CREDENTIALS } from "../../sdk/schemas";

describe("emulator/provider-names.ts", () => {
  it("names every provider of the channel files as the provider table does, by release", () => {
    const newest = { ...PROVIDER_NAMES_2026_04, ...PROVIDER_NAMES_NEWEST_CHANGES };
    for (const [id, spec] of Object.entries(PROVIDER_CREDENTIALS)) {
      if (!Object.hasOwn(newest, id)) {
        // Only the ids the API's enum alone lists have no channel file, hence no service name.
        expect(spec, id).toMatchObject({ since: "newest", keysUnread: true });
        continue;
      }
      expect(newest[id], id).toBe(spec.name);
      expect(Object.hasOwn(PROVIDER_NAMES_2026_04, id), id).toBe(spec.since !== "newest");
    }
    expect(PROVIDER_NAMES_NEWEST_CHANGES).toEqual({ telegram: "Telegram" });
  });
});
