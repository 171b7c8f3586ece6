/**
 * The `__provider` texts older versions of pulumi-svc stored in stacks (test/harness/fixtures), and a program
 * prelude that registers resources with one of them instead of the text the installed package serializes: a
 * stack made that way is what the older version left behind (the runtime contract v1 is unchanged).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ProviderKind } from "../../provider/model/kinds";
import { repoRoot } from "./repo-root";

/** The shapes of serialized provider found in stacks, oldest first. */
export const STORED_PROVIDERS = {
  /** Contract v1, one function per method (`??=`): main at c5c3e33. About 3.0 KB. */
  "v1-first": {
    kinds: ["integration", "subscriber-credentials"],
    file: (kind: ProviderKind) => `provider-v1-${kind}.js.txt`,
  },
  /** Contract v1, a loop of forwarders and one `load`: 4dcf4a7 to ab3599c, the last before the small shim. 3.6 KB. */
  "v1-forwarders": {
    kinds: ["integration", "subscriber-credentials", "subscriber-credentials-set"],
    file: (kind: ProviderKind) => `provider-v1-forwarders-${kind}.js.txt`,
  },
} as const satisfies Record<string, { kinds: readonly ProviderKind[]; file: (k: ProviderKind) => string }>;

/** One of {@link STORED_PROVIDERS}. */
export type StoredProviderShape = keyof typeof STORED_PROVIDERS;

/** The resource type of each kind. */
export const TYPE_OF_KIND: Record<ProviderKind, string> = {
  integration: "pulumi-nodejs:dynamic/svc:Integration",
  layout: "pulumi-nodejs:dynamic/svc:Layout",
  "subscriber-credentials": "pulumi-nodejs:dynamic/svc:SubscriberCredentials",
  "subscriber-credentials-set": "pulumi-nodejs:dynamic/svc:SubscriberCredentialsSet",
  workflow: "pulumi-nodejs:dynamic/svc:Workflow",
  topic: "pulumi-nodejs:dynamic/svc:Topic",
  "topic-subscriptions": "pulumi-nodejs:dynamic/svc:TopicSubscriptions",
  "organization-settings": "pulumi-nodejs:dynamic/svc:OrganizationSettings",
  translation: "pulumi-nodejs:dynamic/svc:Translation",
  "environment-variable": "pulumi-nodejs:dynamic/svc:EnvironmentVariable",
};

/** The stored text of `shape` for resources of `kind`, by resource type. */
export function storedProviderTexts(shape: StoredProviderShape): Record<string, string> {
  const dir = join(repoRoot(), "test/harness/fixtures");
  const { kinds, file } = STORED_PROVIDERS[shape];
  return Object.fromEntries(
    kinds.map((kind) => [TYPE_OF_KIND[kind], readFileSync(join(dir, file(kind)), "utf8")]),
  );
}

/**
 * JavaScript to put at the top of a program: every resource of a kind `shape` covers then registers with the
 * stored text as its `__provider` (a stack transformation, which sees the props after pulumi-svc serialized
 * its own provider into them). Everything else about the resources is what the installed package makes.
 */
export function storedProviderPrelude(shape: StoredProviderShape): string {
  return `{
  const stored = ${JSON.stringify(storedProviderTexts(shape))};
  require("@pulumi/pulumi").runtime.registerStackTransformation((a) =>
    stored[a.type] === undefined ? undefined : { props: { ...a.props, __provider: stored[a.type] }, opts: a.opts });
}
`;
}
