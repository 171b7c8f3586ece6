/**
 * The generated README names each integration's credential keys from the provider table, with the exact
 * command per key (issue 50 item 3: twilio needs accountSid, token, from; fcm serviceAccount; in-app none).
 */
import { describe, expect, it } from "vitest";
import {
  Concat,
  ConfigValue,
  type ExportedResource,
  type ExportProject,
} from "../../../provider/export/model";
import { readme } from "../../../provider/export/readme";

function integration(identifier: string, providerId: string, channel: string): ExportedResource {
  const key = `${identifier.replaceAll("-", "")}Credentials`;
  return {
    kind: "integrations",
    type: "Integration",
    name: identifier.replaceAll("-", ""),
    describe: `integration "${identifier}"`,
    props: {
      identifier: new Concat(identifier, new ConfigValue("identifierSuffix", "suffix")),
      providerId,
      channel,
      credentials: new ConfigValue(key, "secretObject"),
      adopt: true,
    },
    dependsOn: [],
  };
}

const resources = [
  integration("sms", "twilio", "sms"),
  integration("push", "fcm", "push"),
  integration("inbox", "novu", "in_app"),
  integration("team-slack", "slack", "chat"),
  integration("pager", "brand-new-provider", "sms"),
  integration("bot", "telegram", "chat"),
];
const project: ExportProject = {
  project: "acme",
  environment: { id: "e1", name: "Development" },
  resources,
  config: resources.map((r) => ({
    key: (r.props.credentials as ConfigValue).key,
    shape: "secretObject" as const,
    purpose: "credentials",
  })),
  leftOut: [],
  withSubscriptions: false,
};
const text = readme(project, {
  title: "TypeScript",
  runtime: "nodejs",
  install: ["npm install"],
  credentialsFromConfig: true,
});

/** The config commands of one config key, in order. */
const commands = (key: string) =>
  [...text.matchAll(new RegExp(`pulumi config set --secret --path '${key}\\.(\\w+)' <value>`, "g"))].map(
    (m) => m[1],
  );

describe("svc-export README: credential keys from the provider table", () => {
  it("names twilio's accountSid, token and from, fcm's serviceAccount, one command each", () => {
    expect(commands("smsCredentials")).toEqual(["accountSid", "token", "from"]);
    expect(text).toContain(
      '- `smsCredentials`: integration "sms" (twilio): needs `accountSid`, `token`, `from`.',
    );
    expect(commands("pushCredentials")).toEqual(["serviceAccount"]);
    expect(text).not.toContain("Credentials.apiKey'");
  });

  it("says the in-app integration needs none, and a chat provider none beyond what its form offers", () => {
    expect(text).toContain(
      '- `inboxCredentials`: integration "inbox" (novu): needs none. It also takes `hmac`',
    );
    expect(commands("inboxCredentials")).toEqual([]);
    expect(text).toContain(
      '- `teamslackCredentials`: integration "team-slack" (slack): needs none. It also takes `applicationId`',
    );
  });

  it("leaves a provider the table does not know to any key of CredentialsDto", () => {
    expect(text).toContain(
      '- `pagerCredentials`: integration "pager" (brand-new-provider): a provider the table does not know',
    );
    expect(text).toContain("pulumi config set --secret --path 'pagerCredentials.<key>' <value>");
  });

  it("does not say a provider whose keys no file read gives (telegram) needs none", () => {
    expect(text).toContain(
      '- `botCredentials`: integration "bot" (telegram): a provider whose keys the table does not know',
    );
    expect(text).not.toContain("(telegram): needs none");
    expect(text).toContain("pulumi config set --secret --path 'botCredentials.<key>' <value>");
  });
});
