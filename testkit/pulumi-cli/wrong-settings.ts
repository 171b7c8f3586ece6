/**
 * The two settings a user gets wrong, and the one line a preview must then fail with, naming the setting and
 * the command that fixes it (issue 50 item 12): a key the service refuses, an address nobody answers at.
 * It uses vitest's `expect`, so it stays out of ./index.ts, which `npm run example` loads without vitest.
 */
import { expect } from "vitest";
import type { PreviewResult, PulumiStack } from "./stack";

/** A stack config key set wrong, and the line the preview's error must hold. */
export interface WrongSetting {
  readonly key: string;
  readonly value: string;
  readonly secret: boolean;
  readonly line: string;
}

/** A refused key (`refusedKey`, a value the service does not know) and a dead address. */
export function wrongSettings(refusedKey: string): readonly WrongSetting[] {
  return [
    {
      key: "svc:apiKey",
      value: refusedKey,
      secret: true,
      line: "The service refused svc:apiKey: set it with `pulumi config set --secret svc:apiKey <key>`",
    },
    {
      key: "svc:baseUrl",
      value: "http://127.0.0.1:9",
      secret: false,
      line: "No answer from the service at svc:baseUrl (http://127.0.0.1:9): if the address is wrong, set it with `pulumi config set svc:baseUrl <url>`",
    },
  ];
}

/**
 * Sets the wrong setting and previews: the preview must fail with no stack trace in its output. Answers the
 * preview and its whole text (stdout and stderr).
 */
export async function previewFailingOn(
  stack: PulumiStack,
  setting: WrongSetting,
): Promise<{ preview: PreviewResult; text: string }> {
  await stack.setConfig(setting.key, setting.value, { secret: setting.secret });
  const preview = await stack.preview({ allowFailure: true });
  const text = preview.stdout + preview.stderr;
  expect(preview.code, text).not.toBe(0);
  expect(text).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
  return { preview, text };
}
