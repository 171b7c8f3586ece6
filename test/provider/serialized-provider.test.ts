/**
 * The serialized provider (provider/serialized-provider.ts) as @pulumi/pulumi serializes it in a JavaScript
 * project: with `typescript` unresolvable, so that its vendored TypeScript 3.8.3 parses every function.
 * Needs `npm run build` first (the program loads dist through node_modules/pulumi-svc).
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { PROVIDER_KINDS } from "../../provider/model/kinds";
import { captureRegistrations, type Registration, repoRoot } from "../../testkit/harness/index";

interface Ts38 {
  version: string;
  ScriptTarget: { Latest: number };
  ScriptKind: { TS: number };
  createSourceFile(
    name: string,
    text: string,
    target: number,
    setParents: boolean,
    kind: number,
  ): { parseDiagnostics: { messageText: unknown; start?: number }[] };
}

const root = repoRoot();
const ts38 = createRequire(join(root, "package.json"))(
  join(root, "node_modules/@pulumi/pulumi/vendor/typescript@3.8.3/typescript.js"),
) as Ts38;

/** Parse errors of `text` for TypeScript 3.8.3, as `message @ offset: source line`. */
function parseErrors(text: string): string[] {
  const file = ts38.createSourceFile("", text, ts38.ScriptTarget.Latest, true, ts38.ScriptKind.TS);
  return file.parseDiagnostics.map((d) => {
    const at = d.start ?? 0;
    const line = text.slice(text.lastIndexOf("\n", at) + 1, text.indexOf("\n", at)).trim();
    return `${String(d.messageText)} @ ${at}: ${line}`;
  });
}

const PROGRAM = `
  const svc = require("pulumi-svc");
  return [
    new svc.Integration("mail", { providerId: "sendgrid", channel: "email" }),
    new svc.SubscriberCredentials("phone", {
      subscriberId: "s-1", providerId: "fcm", credentials: { deviceTokens: ["t-1"] },
    }),
    new svc.SubscriberCredentialsSet("phones", {
      providerId: "fcm", credentials: { "s-1": { deviceTokens: ["t-1"] } },
    }),
  ];`;

/** The most a serialized provider may weigh, bytes (it is stored twice in every resource's state). */
const MAX_PROVIDER_BYTES = 1000;

let regs: Registration[];
beforeAll(async () => {
  regs = await captureRegistrations({
    program: PROGRAM,
    env: { NODE_OPTIONS: `--require ${join(root, "testkit/harness/hide-typescript.cjs")}` },
  });
});

function providerText(type: string): string {
  const reg = regs.find((r) => r.type === `pulumi-nodejs:dynamic/svc:${type}`);
  expect(reg, `no registration of ${type}`).toBeDefined();
  const text = reg?.inputs.__provider;
  expect(typeof text).toBe("string");
  return text as string;
}

describe("serialized provider, serialized with the vendored TypeScript 3.8.3", () => {
  it("uses the vendored parser of @pulumi/pulumi (the case of every JavaScript project)", () => {
    expect(ts38.version).toBe("3.8.3");
  });

  it("the parser rejects the syntax that broke JavaScript projects (so the checks below can fail)", () => {
    expect(parseErrors("(async function (o) { o.impl ??= 1; })")).toHaveLength(1);
    expect(parseErrors("(function (o) { o.impl ||= 1; })")).toHaveLength(1);
    expect(parseErrors("(function (o) { return o.impl; })")).toEqual([]);
  });

  for (const [type, kind] of [
    ["Integration", "integration"],
    ["SubscriberCredentials", "subscriber-credentials"],
    ["SubscriberCredentialsSet", "subscriber-credentials-set"],
  ] as const) {
    it(`${type}: every serialized function parses, loads the runtime once, names its kind`, () => {
      const text = providerText(type);
      expect(parseErrors(text)).toEqual([]);
      expect(
        text.split('require("pulumi-svc/internal/provider-runtime").installProvider(this, req)'),
      ).toHaveLength(2);
      expect(text).toContain(`kind: "${kind}"`);
      expect(PROVIDER_KINDS).toContain(kind);
      // One function: the other methods are added by configure (contract v2), none is serialized.
      expect(text).toMatch(/\bconfigure: __/);
      for (const m of ["check", "diff", "create", "read", "update", "delete"]) {
        expect(text).not.toMatch(new RegExp(`\\b${m}: `));
      }
    });

    it(`${type}: at most ${MAX_PROVIDER_BYTES} bytes, capturing nothing but itself`, () => {
      const text = providerText(type);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_PROVIDER_BYTES);
      const captures = [...text.matchAll(/with\(\{ ([^}]*) \}\)/g)].map((m) => m[1]);
      expect(captures).toEqual([
        "this: undefined, arguments: undefined",
        "provider: __provider, this: undefined, arguments: undefined",
      ]);
    });
  }
});
