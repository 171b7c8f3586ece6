/**
 * The PR-preview path (examples/ci/pulumi-preview.yml: pulumi/actions with `command: preview`, `diff: true`,
 * `comment-on-pr: true` posts the text of `pulumi preview --diff`): the quickstart is deployed, then changed
 * as a pull request would change it, and the text a reviewer reads is checked: each changed resource, update
 * or replace, the property that forces the replacement, and no secret. Needs `npm run build` first.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { repoRoot } from "../../testkit/harness/repo-root";
import { writes } from "../../testkit/programs/example-setup";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  PulumiStack,
  plaintextHits,
  skipEngine,
} from "../../testkit/pulumi-cli";

const SENDGRID_KEY = "SG.pr-preview-secret-77c0";
const TOKEN_BEFORE = "ExponentPushToken[pr-before]";
const TOKEN_AFTER = "ExponentPushToken[pr-after]";

let emu: Emulator;
let stack: PulumiStack;
let comment: string;

/** One resource's block of `pulumi preview --diff`: its marker, op and property lines, by resource name. */
function blocks(text: string): Map<string, { header: string; lines: string[] }> {
  const out = new Map<string, { header: string; lines: string[] }>();
  let current: { header: string; lines: string[] } | undefined;
  for (const line of text.split("\n")) {
    if (/^\s{2,}(\+-|~|\+|-|)\s*pulumi[\w-]*:[^ ]*: \(/.test(line)) {
      current = { header: line.trim(), lines: [] };
      continue;
    }
    const urn = /\[urn=urn:pulumi:[^\]]*::([^\]:]+)\]/.exec(line);
    if (current && urn) out.set(urn[1]!, current);
    else current?.lines.push(line.trim());
  }
  return out;
}

describe.skipIf(skipEngine("PR preview"))(
  "PR preview text from the real engine",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      emu = await startEmulator({ fixtures: "default" });
      stack = await PulumiStack.init({ projectDir: repoRoot(), binDir: await ensurePulumiCli() });
      await stack.setConfig("svc:baseUrl", emu.url);
      await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
      await stack.setConfig("svc-quickstart:sendgridApiKey", SENDGRID_KEY, { secret: true });
      await stack.setConfig("svc-quickstart:adaDeviceToken", TOKEN_BEFORE, { secret: true });
      await stack.up();
      // The pull request: a new sender name, a new device token, another chat provider.
      await stack.setConfig("svc-quickstart:emailSenderName", "Renamed sender");
      await stack.setConfig("svc-quickstart:adaDeviceToken", TOKEN_AFTER, { secret: true });
      await stack.setConfig("svc-quickstart:chatProvider", "discord");
      emu.resetRequests();
      comment = (await stack.run(["preview", "--diff"], { client: true })).stdout;
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      await stack?.destroy({ allowFailure: true });
      await stack?.remove();
      await emu?.close();
    });

    it("the workflow runs this preview with a diff and comments it on the PR", () => {
      const workflow = readFileSync(join(repoRoot(), "examples/ci/pulumi-preview.yml"), "utf8");
      for (const line of ["uses: pulumi/actions@v6", "command: preview", "diff: true", "comment-on-pr: true"])
        expect(workflow).toContain(line);
    });

    it("names each changed resource with update or replace; unchanged ones are not listed as changes", () => {
      const b = blocks(comment);
      expect(b.get("chat")?.header).toBe("+-pulumi-nodejs:dynamic/svc:Integration: (replace)");
      expect(b.get("email")?.header).toBe("~ pulumi-nodejs:dynamic/svc:Integration: (update)");
      expect(b.get("ada-push")?.header).toBe("~ pulumi-nodejs:dynamic/svc:SubscriberCredentials: (update)");
      expect(b.has("push")).toBe(false);
      expect(comment).toMatch(/~ 2 to update\s+\+-1 to replace\s+3 changes\. 2 unchanged/);
    });

    it("shows the property that forces the replacement, old and new value", () => {
      expect(blocks(comment).get("chat")?.lines).toContainEqual(
        expect.stringMatching(/^~ providerId\s*: "slack" => "discord"$/),
      );
    });

    it("shows credentials as [secret] and no secret value anywhere; the preview wrote nothing", () => {
      // A changed credential is named, its values hidden (issue 50 item 11).
      expect(blocks(comment).get("email")?.lines).toContainEqual(
        expect.stringMatching(/^~ credentials\s*: \[secret\] => \[secret\]$/),
      );
      expect(
        blocks(comment)
          .get("ada-push")
          ?.lines.some((l) => /^~ credentials\s*: \[secret\] => \[secret\]$/.test(l)),
      ).toBe(true);
      expect(plaintextHits(comment, [SENDGRID_KEY, TOKEN_BEFORE, TOKEN_AFTER, emu.apiKey])).toEqual({});
      expect(writes(emu)).toEqual([]);
    });
  },
);
