/**
 * `svc-export` under the service's rate limits paces its reads by the rate-limit headers (the client's
 * `pacing`) instead of sending each kind's reads eight at a time into an empty bucket and waiting out whole
 * `Retry-After` seconds: with the configuration bucket emptied first, almost every read is answered the
 * first time. Counts, not times (bench/export.ts measures the time against the read floor).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../emulator";
import { runExport } from "../../../provider/export/cli";
import { seedScale } from "../../../testkit/export-seed";
import { exhaustConfigurationBucket } from "../../../testkit/out-of-band";

let emu: Emulator;
let root: string;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, fixtures: { subscribers: [{ subscriberId: "drain" }] } });
  root = mkdtempSync(join(tmpdir(), "svc-export-pacing-"));
  await seedScale(emu, { workflows: 30, layouts: 6, topics: 4, integrations: 2 });
});

afterAll(async () => {
  await emu?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

it("reads an environment through an emptied configuration bucket with at most a few 429s", async () => {
  // 50 configuration requests per second: the bucket (275 tokens) empties within the helper's 20 waves of 25.
  emu.setRateLimit({ configuration: 50, global: 30 });
  await exhaustConfigurationBucket(emu, "drain");
  emu.resetRequests();
  const err: string[] = [];
  const code = await runExport(["--language", "yaml", "--out", join(root, "project")], {
    env: { SVC_API_KEY: emu.apiKey, SVC_BASE_URL: emu.url },
    stderr: (line) => err.push(line),
    stdout: () => {},
  });
  expect(code, err.join("\n")).toBe(0);
  const configuration = emu.requests.filter((r) => r.category === "configuration");
  // The environment, 3 lists, 30 workflows and 6 layouts read one by one.
  expect(configuration.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(39);
  // Before the first answer the client knows no bucket (the lists go out together); after it, none is refused.
  expect(configuration.filter((r) => r.status === 429).length).toBeLessThanOrEqual(3);
});
