/**
 * Reads the key's environment into the export model: every selected kind at once (their reads fall in
 * different rate-limit categories, and the client paces each to the service's headers), then program
 * names given in a stable order (kind, then identifier) and references linked.
 */
import type { SvcClient } from "../../sdk";
import type { ExportKind, FoundObject, NameLookup } from "./kind";
import {
  configOf,
  type ExportConfig,
  type ExportedResource,
  type ExportProject,
  type ExportType,
} from "./model";
import { NameRegistry } from "./names";

/** How to read. */
export interface ReadOptions {
  client: SvcClient;
  project: string;
  kinds: readonly ExportKind[];
  withSubscriptions: boolean;
  /** Most reads of one kind in flight (default 8). */
  concurrency?: number;
  /** Where progress lines go (default: nowhere). */
  progress?: (line: string) => void;
}

/** What each config shape is for, in the README and Pulumi.yaml. */
const PURPOSES: Record<ExportConfig["shape"], (key: string) => string> = {
  secretObject: (key) =>
    `the credentials of the integration that reads \`${key}\` (secret; unset: adopting keeps what the service holds)`,
  secretString: (key) =>
    `the value of the secret environment variable that reads \`${key}\` (secret; unset: adopting keeps what the service holds)`,
  secretHeaders: (key) =>
    `the secret headers of the http_request steps of the workflow that reads \`${key}\` (secret; unset: adopting keeps what the service holds)`,
  suffix: () =>
    "appended to every integration identifier (identifiers are unique across an organization's environments)",
};

/** Reads the environment of the client's key. */
export async function readEnvironment(opts: ReadOptions): Promise<ExportProject> {
  const say = opts.progress ?? (() => {});
  const environment = await opts.client.environments.me();
  say(`svc-export: reading environment "${environment.name}" (${environment._id})`);
  const leftOut: string[] = [];
  const readKinds = (kinds: readonly ExportKind[], before: readonly FoundObject[]) =>
    Promise.all(
      kinds.map(async (kind) => ({
        kind,
        objects: await kind.read({
          client: opts.client,
          environmentId: environment._id,
          withSubscriptions: opts.withSubscriptions,
          concurrency: opts.concurrency ?? 8,
          progress: (k, done, total) => say(`svc-export: ${k}: ${done}/${total} read`),
          leaveOut: (line) => leftOut.push(line),
          say: (line) => say(`svc-export: ${line}`),
          found: before,
        }),
      })),
    );
  const first = await readKinds(
    opts.kinds.filter((k) => k.late !== true),
    [],
  );
  const late = await readKinds(
    opts.kinds.filter((k) => k.late === true),
    first.flatMap((f) => f.objects),
  );
  // In the kinds' own order (the order resources are written and named in).
  const found = opts.kinds.map((kind) => [...first, ...late].find((f) => f.kind === kind)!);
  const resources = nameAndLink(found);
  return {
    project: opts.project,
    environment: { id: environment._id, name: environment.name },
    resources,
    config: configKeys(resources),
    // Kinds are read at once: sorted, the lines do not depend on which answered first.
    leftOut: leftOut.sort(),
    withSubscriptions: opts.withSubscriptions,
  };
}

/** Program names in a stable order, then each kind's references linked. */
function nameAndLink(found: { kind: ExportKind; objects: FoundObject[] }[]): ExportedResource[] {
  const names = new NameRegistry();
  const byKey = new Map<string, string>();
  const key = (type: ExportType, identifier: string) => `${type}\u0000${identifier}`;
  const named = found.flatMap(({ kind, objects }) =>
    [...objects]
      .sort((a, b) => a.type.localeCompare(b.type) || a.identifier.localeCompare(b.identifier))
      .map((object) => {
        const name = names.name(
          object.identifier,
          object.type === "TopicSubscriptions" ? "subscriptions" : kind.word,
        );
        byKey.set(key(object.type, object.identifier), name);
        return { kind, object, name };
      }),
  );
  const lookup: NameLookup = (type, identifier) => byKey.get(key(type, identifier));
  return named.map(({ kind, object, name }) => ({
    kind: kind.name,
    type: object.type,
    name,
    describe: object.describe,
    props: kind.link ? kind.link(object, lookup) : object.props,
    dependsOn: kind.dependsOn ? kind.dependsOn(object, named) : [],
  }));
}

/** Every config key the resources read, once each, in order of appearance. */
function configKeys(resources: readonly ExportedResource[]): ExportConfig[] {
  const seen = new Map<string, ExportConfig>();
  for (const r of resources) {
    for (const c of Object.values(r.props).flatMap(configOf)) {
      if (!seen.has(c.key))
        seen.set(c.key, { key: c.key, shape: c.shape, purpose: PURPOSES[c.shape](c.key), leaves: c.leaves });
    }
  }
  return [...seen.values()];
}
