/**
 * A key of another environment never makes a stack forget what it made (issue 26), at the provider level
 * against a port-0 emulator (test layer 3): resources written with the Development key remember their
 * environment; diff, read, update and delete of them with the Production key of the same organization, or
 * with a key of another organization, fail with one line naming both environments, and write nothing; the
 * right key works; `GET /v1/environments/me` is asked once per process and key; a service without that
 * route (404) means "unknown": no check, as before.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../emulator";
import { ConfigError } from "../../../provider/config";
import { environmentMismatch, withoutPlacement } from "../../../provider/model/key-environment";
import { IntegrationProvider } from "../../../provider/runtime/integration/provider";
import { type TargetedProvider, withTarget } from "../../../provider/runtime/shared/with-target";
import { SubscriberCredentialsProvider } from "../../../provider/runtime/subscriber-credentials/provider";
import { SubscriberCredentialsSetProvider } from "../../../provider/runtime/subscriber-credentials-set/provider";

type Props = Record<string, unknown>;

const ORG_A = "0000000000000000000000a1";
const ORG_B = "0000000000000000000000b1";
const KEYS = [
  { apiKey: "env-dev", organizationId: ORG_A, environmentName: "Development" },
  { apiKey: "env-prod", organizationId: ORG_A, environmentName: "Production" },
  { apiKey: "env-other-org", organizationId: ORG_B, environmentName: "Development" },
];
const [DEV, PROD, OTHER] = KEYS.map((k) => k.apiKey) as [string, string, string];
const SUBSCRIBERS = [{ subscriberId: "user-ada" }, { subscriberId: "user-bob" }];

let emu: Emulator;
const sessions: TargetedProvider[] = [];

beforeAll(async () => {
  emu = await startEmulator({ port: 0, keys: KEYS });
  // The same subscribers in every environment: a look in the wrong one would find someone (or no one).
  for (const apiKey of KEYS.map((k) => k.apiKey)) emu.seed({ subscribers: SUBSCRIBERS }, { apiKey });
});
afterAll(async () => {
  for (const p of sessions) await p.session?.client().close();
  await emu.close();
});

const envOf = (apiKey: string) => emu.keys.find((k) => k.apiKey === apiKey)!;
const meRequests = (e: Emulator) => e.requests.filter((r) => r.path === "/v1/environments/me").length;
const writes = () => emu.requests.filter((r) => r.method !== "GET");

/** The three kinds for one key, wrapped as the host wraps them. */
function providersFor(apiKey: string, baseUrl = emu.url) {
  const settings = { apiKey, baseUrl };
  const make = <P extends TargetedProvider>(p: P) => {
    sessions.push(p);
    return withTarget(p);
  };
  return {
    integration: make(new IntegrationProvider({ settings })),
    credentials: make(new SubscriberCredentialsProvider({ settings })),
    set: make(new SubscriberCredentialsSetProvider({ settings })),
  };
}

type Kinds = ReturnType<typeof providersFor>;
interface Made {
  id: string;
  outs: Props;
  news: Props;
}

/** An Integration, a SubscriberCredentials and a SubscriberCredentialsSet, made through `p`. */
async function makeAll(p: Kinds, identifier: string): Promise<Record<keyof Kinds, Made>> {
  const make = async (provider: Kinds[keyof Kinds], raw: Props): Promise<Made> => {
    const { inputs, failures } = await provider.check({}, raw);
    expect(failures).toEqual([]);
    const { id, outs } = await provider.create(inputs);
    return { id, outs: outs as Props, news: inputs as Props };
  };
  const integration = await make(p.integration, {
    providerId: "fcm",
    channel: "push",
    identifier,
    active: true,
    credentials: { serviceAccount: '{"project_id":"env"}' },
  });
  const credentials = await make(p.credentials, {
    subscriberId: "user-ada",
    providerId: "fcm",
    integrationIdentifier: identifier,
    credentials: { deviceTokens: ["tok-env-ada"] },
  });
  const set = await make(p.set, {
    providerId: "fcm",
    integrationIdentifier: identifier,
    credentials: { "user-bob": { deviceTokens: ["tok-env-bob"] } },
  });
  return { integration, credentials, set };
}

/** Every operation on an existing resource, run through `p` on what `made` holds; each outcome. */
async function everyOperation(p: Kinds, made: Record<keyof Kinds, Made>) {
  const out: [string, unknown][] = [];
  for (const kind of ["integration", "credentials", "set"] as const) {
    const provider = p[kind];
    const { id, outs, news } = made[kind];
    const attempt = async (op: string, fn: () => Promise<unknown>) => {
      try {
        out.push([`${kind}.${op}`, await fn()]);
      } catch (e) {
        out.push([`${kind}.${op}`, e]);
      }
    };
    await attempt("diff", () => provider.diff(id, outs, news));
    await attempt("read", () => provider.read(id, outs));
    await attempt("update", () => provider.update(id, outs, news));
    await attempt("delete", () => provider.delete(id, outs));
  }
  return out;
}

describe("resources remember the key's environment", () => {
  let dev: Kinds;
  let made: Record<keyof Kinds, Made>;

  beforeAll(async () => {
    emu.resetRequests();
    dev = providersFor(DEV);
    made = await makeAll(dev, "fcm-env");
  });

  it("every kind's outputs hold environmentId, environmentName and organizationId; read's inputs do not", async () => {
    const place = {
      environmentId: envOf(DEV).environmentId,
      environmentName: "Development",
      organizationId: ORG_A,
    };
    for (const kind of ["integration", "credentials", "set"] as const) {
      expect(made[kind].outs, kind).toMatchObject(place);
      const read = await dev[kind].read(made[kind].id, made[kind].outs);
      expect(read.props, kind).toMatchObject(place);
      expect(read.inputs, kind).toEqual(withoutPlacement(read.inputs ?? {}));
      expect(read.inputs, kind).not.toHaveProperty("environmentId");
    }
  });

  it("with a key of another environment, diff, read, update and delete fail naming both, and write nothing", async () => {
    const prod = providersFor(PROD);
    emu.resetRequests();
    const outcomes = await everyOperation(prod, made);
    expect(writes()).toEqual([]);
    const devEnv = envOf(DEV).environmentId;
    const prodEnv = envOf(PROD).environmentId;
    for (const [op, outcome] of outcomes) {
      expect(outcome, op).toBeInstanceOf(ConfigError);
      const err = outcome as ConfigError;
      expect(err.code, op).toBe("SVC_ERR_ENVIRONMENT_MISMATCH");
      expect(err.message, op).toBe(
        `svc: ${op.split(".")[1]}: this resource lives in environment "Development" (${devEnv}), but svc:apiKey acts on ` +
          `environment "Production" (${prodEnv}); nothing was read or changed and the state keeps the resource. ` +
          'Set svc:apiKey back to a key of "Development" (`pulumi config set --secret svc:apiKey <key>`), then run ' +
          "`pulumi up` (it also stores the key that `pulumi refresh` and `pulumi destroy` act with), or give " +
          'each environment its own svc.Provider (docs/installation-configuration.md: "When the key changes").',
      );
      expect(err.message).not.toContain("\n");
    }
    // The service still holds everything.
    expect(emu.integrations().filter((i) => i.identifier === "fcm-env" && !i.deleted)).toHaveLength(1);
    const channels = (id: string) => emu.subscriber(devEnv, id)?.channels ?? [];
    expect(channels("user-ada").map((c) => c.credentials.deviceTokens)).toEqual([["tok-env-ada"]]);
    expect(channels("user-bob").map((c) => c.credentials.deviceTokens)).toEqual([["tok-env-bob"]]);
  });

  it("with a key of another organization, the same, naming both organizations", async () => {
    const other = providersFor(OTHER);
    emu.resetRequests();
    const outcomes = await everyOperation(other, made);
    expect(writes()).toEqual([]);
    for (const [op, outcome] of outcomes) {
      expect(outcome, op).toBeInstanceOf(ConfigError);
      expect((outcome as Error).message, op).toContain(
        `this resource lives in environment "Development" (${envOf(DEV).environmentId}) of organization ${ORG_A}, ` +
          `but svc:apiKey acts on environment "Development" (${envOf(OTHER).environmentId}) of another organization (${ORG_B});`,
      );
    }
  });

  it("with the key of the environment, diff finds nothing to change and delete removes everything", async () => {
    for (const kind of ["integration", "credentials", "set"] as const) {
      const { id, outs, news } = made[kind];
      expect((await dev[kind].diff(id, outs, news)).changes, kind).toBe(false);
    }
    for (const kind of ["set", "credentials", "integration"] as const) {
      await dev[kind].delete(made[kind].id, made[kind].outs);
    }
    const devEnv = envOf(DEV).environmentId;
    expect(emu.subscriber(devEnv, "user-ada")?.channels ?? []).toEqual([]);
    expect(emu.subscriber(devEnv, "user-bob")?.channels ?? []).toEqual([]);
    expect(emu.integrations().filter((i) => i.identifier === "fcm-env" && !i.deleted)).toEqual([]);
  });
});

describe("environments.me counted per key", () => {
  it("is asked once for a key, by the first operation of any kind, and not again by other providers", async () => {
    const e = await startEmulator({ port: 0, keys: KEYS });
    try {
      e.seed({ subscribers: SUBSCRIBERS }, { apiKey: DEV });
      const p = providersFor(DEV, e.url);
      const q = providersFor(DEV, e.url);
      const made = await makeAll(p, "fcm-count");
      for (const kind of ["integration", "credentials", "set"] as const) {
        await q[kind].read(made[kind].id, made[kind].outs);
        await q[kind].diff(made[kind].id, made[kind].outs, made[kind].news);
      }
      const me = () => meRequests(e);
      expect(me()).toBe(1);
      const prod = providersFor(PROD, e.url);
      await prod.integration
        .diff(made.integration.id, made.integration.outs, made.integration.news)
        .catch(() => {});
      await prod.set.read(made.set.id, made.set.outs).catch(() => {});
      expect(me()).toBe(2);
    } finally {
      await e.close();
    }
  });
});

/** A server in front of `target` that answers 404 to `GET /v1/environments/me` (an older service). */
async function withoutEnvironmentsMe(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith("/v1/environments/me")) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ statusCode: 404, message: "Cannot GET /v1/environments/me", error: "Not Found" }),
      );
      return;
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("a service without GET /v1/environments/me (404)", () => {
  it("means unknown: no check, no environmentName; operations behave as before", async () => {
    const proxy = await withoutEnvironmentsMe(emu.url);
    try {
      const dev = providersFor(DEV, proxy.url);
      const made = await makeAll(dev, "fcm-old-service");
      expect(made.integration.outs).toMatchObject({ environmentId: envOf(DEV).environmentId });
      expect(made.integration.outs).not.toHaveProperty("environmentName");
      expect(made.set.outs).not.toHaveProperty("environmentId");
      const prod = providersFor(PROD, proxy.url);
      // Without the service's answer nothing can be checked: a diff with another key passes, as before.
      const { id, outs, news } = made.integration;
      expect((await prod.integration.diff(id, outs, news)).changes).toBe(false);
      for (const kind of ["set", "credentials", "integration"] as const) {
        await dev[kind].delete(made[kind].id, made[kind].outs);
      }
    } finally {
      await proxy.close();
    }
  });
});

describe("an identifier of another environment of the organization", () => {
  it("is never taken over from the key's environment, even with adopt: the create fails naming both", async () => {
    const dev = providersFor(DEV);
    const prod = providersFor(PROD);
    const raw = {
      providerId: "fcm",
      channel: "push",
      identifier: "fcm-shared",
      active: true,
      credentials: { serviceAccount: "{}" },
    };
    const first = await dev.integration.create((await dev.integration.check({}, raw)).inputs);
    const adopted = (await prod.integration.check({}, { ...raw, adopt: true })).inputs;
    await expect(prod.integration.create(adopted)).rejects.toThrow(
      `svc: create: integration "fcm-shared" already exists (id ${first.id}) in environment ${envOf(DEV).environmentId} ` +
        `of the organization, not in the API key's environment "Production" (${envOf(PROD).environmentId})`,
    );
    await dev.integration.delete(first.id, first.outs);
  });
});

describe("a move the program declares (an svc.Provider's target changed)", () => {
  it("is a replace, not an error: diff replaces, the old half's delete leaves the object; the key alone changed fails", async () => {
    const dev = providersFor(DEV);
    const devTarget = { environment: "dev", baseUrl: emu.url };
    const prodTarget = { environment: "prod", baseUrl: emu.url };
    const raw = {
      providerId: "fcm",
      channel: "push",
      identifier: "fcm-declared",
      active: true,
      credentials: { serviceAccount: "{}" },
      target: devTarget,
    };
    const made = await dev.integration.create((await dev.integration.check({}, raw)).inputs);
    const olds = made.outs as Props;
    const prod = providersFor(PROD).integration;
    const values: Record<string, string> = { "svc:environment": "prod", "svc:baseUrl": emu.url };
    await prod.configure({ config: { get: (k: string) => values[k] } });
    const news = { ...withoutPlacement(olds), target: prodTarget };
    const diff = await prod.diff(made.id, olds, news);
    expect(diff.replaces).toContain("target");
    emu.resetRequests();
    await prod.delete(made.id, olds);
    expect(emu.requests).toEqual([]);
    expect(emu.integrations().filter((i) => i.identifier === "fcm-declared" && !i.deleted)).toHaveLength(1);
    // The same provider with its target unchanged: the key of another environment is refused.
    await expect(prod.diff(made.id, olds, { ...news, target: devTarget })).rejects.toThrow(
      /lives in environment "Development" .*, but the apiKey of svc.Provider "prod" acts on environment "Production" .* Set the apiKey of svc.Provider "prod" back to a key of "Development", then run `pulumi up` .*\(docs\/installation-configuration.md/,
    );
    await dev.integration.delete(made.id, olds);
  });
});

describe("the fix the error names (issue 33)", () => {
  const dev = { environmentId: "e-dev", environmentName: "Development", organizationId: ORG_A };
  const prod = { environmentId: "e-prod", environmentName: "Production", organizationId: ORG_A };

  it("with the key set now (preview, up): set it back, then `pulumi up`, which stores it for refresh and destroy", () => {
    for (const op of ["diff", "update", "read", "delete"]) {
      const text = environmentMismatch(op, dev, prod, {}, "current");
      expect(text, op).toContain('Set svc:apiKey back to a key of "Development"');
      expect(text, op).toContain(
        "then run `pulumi up` (it also stores the key that `pulumi refresh` and `pulumi destroy` act with)",
      );
    }
  });

  it("with a key the state may have stored (refresh, destroy): says so, and names the --run-program form", () => {
    for (const [op, command, rerun] of [
      ["read", "pulumi refresh", "pulumi refresh --run-program"],
      ["delete", "pulumi destroy", "pulumi destroy --run-program"],
    ] as const) {
      const text = environmentMismatch(op, dev, prod, {}, "stored");
      expect(text).toContain(
        `\`${command}\` acts with the key stored at the last \`pulumi up\` (a failed one too), which may not be svc:apiKey as set now: ` +
          'make svc:apiKey a key of "Development" (`pulumi config set --secret svc:apiKey <key>`) if it is not one, ' +
          `then run \`${rerun}\` (it acts with the key set now)`,
      );
      expect(text.match(/then run `[^`]+`/g)).toEqual([`then run \`${rerun}\``]);
      const explicit = environmentMismatch(op, dev, prod, { provider: "prod" }, "stored");
      expect(explicit).toContain(
        'make the apiKey of svc.Provider "prod" a key of "Development" if it is not one',
      );
    }
  });
});
