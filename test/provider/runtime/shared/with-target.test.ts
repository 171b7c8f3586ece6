/**
 * The `target` input of resources bound to an explicit svc.Provider (provider/model/target.ts and
 * provider/runtime/shared/with-target.ts): hidden from the implementation, carried into every answer, a change replaces, and the delete of an object the host's
 * target does not reach makes no call. The configured target comes from the provider's inputs.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { describe, expect, it } from "vitest";
import { configuredTarget, targetChanged } from "../../../../provider/model/target";
import { UNKNOWN } from "../../../../provider/model/values";
import { ServiceSession } from "../../../../provider/runtime/shared/service-session";
import { withTarget } from "../../../../provider/runtime/shared/with-target";

type Props = Record<string, unknown>;

const DEV = { environment: "dev", baseUrl: "https://dev.example.com" };
const PROD = { environment: "prod", baseUrl: "https://api.example.com" };

/** An implementation that records what it sees and echoes its inputs. */
function recorder() {
  const seen: [string, ...unknown[]][] = [];
  const inner: Required<dynamic.ResourceProvider> = {
    configure: async () => {},
    check: async (olds: Props, news: Props) => {
      seen.push(["check", olds, news]);
      return { inputs: news, failures: [] };
    },
    diff: async (id: string, olds: Props, news: Props) => {
      seen.push(["diff", id, olds, news]);
      return { changes: olds.name !== news.name, replaces: [], deleteBeforeReplace: true };
    },
    create: async (inputs: Props) => {
      seen.push(["create", inputs]);
      return { id: "i1", outs: { ...inputs, _id: "i1" } };
    },
    read: async (id: string, props?: Props) => {
      seen.push(["read", id, props]);
      return { id, props: { ...props, name: "live" }, inputs: { name: "live" } };
    },
    update: async (id: string, olds: Props, news: Props) => {
      seen.push(["update", id, olds, news]);
      return { outs: { ...news, _id: id } };
    },
    delete: async (id: string, props: Props) => {
      seen.push(["delete", id, props]);
    },
  };
  return { seen, provider: withTarget(inner) };
}

const config = (values: Record<string, string>) => ({
  config: { get: (k: string) => values[k], require: (k: string) => values[k] ?? "" },
});

describe("withTarget", () => {
  it("hides target from the implementation and carries it through check, create, read and update", async () => {
    const { seen, provider } = recorder();
    const checked = await provider.check({}, { name: "a", target: DEV });
    expect(checked).toEqual({ inputs: { name: "a", target: DEV }, failures: [] });
    expect((await provider.create({ name: "a", target: DEV })).outs).toEqual({
      name: "a",
      _id: "i1",
      target: DEV,
    });
    const read = await provider.read("i1", { name: "a", target: DEV });
    expect(read).toEqual({
      id: "i1",
      props: { name: "live", target: DEV },
      inputs: { name: "live", target: DEV },
    });
    const updated = await provider.update("i1", { name: "a", target: DEV }, { name: "b", target: DEV });
    expect(updated.outs).toEqual({ name: "b", _id: "i1", target: DEV });
    expect(JSON.stringify(seen)).not.toContain("target");
  });

  it("leaves resources without a target (the default provider) as they are", async () => {
    const { provider } = recorder();
    expect(await provider.check({}, { name: "a" })).toEqual({ inputs: { name: "a" }, failures: [] });
    expect((await provider.create({ name: "a" })).outs).toEqual({ name: "a", _id: "i1" });
    expect(await provider.diff("i1", { name: "a" }, { name: "a" })).toMatchObject({
      changes: false,
      replaces: [],
    });
  });

  it("refuses a malformed target in check", async () => {
    const { provider } = recorder();
    const checked = await provider.check({}, { name: "a", target: { environment: "" } });
    expect(checked.failures).toEqual([
      { property: "target", reason: expect.stringMatching(/svc\.Provider/) },
    ]);
  });

  it("replaces on a change of environment or baseUrl; a key is not part of it", async () => {
    const { provider } = recorder();
    const same = await provider.diff("i1", { name: "a", target: DEV }, { name: "a", target: { ...DEV } });
    expect(same).toMatchObject({ changes: false, replaces: [] });
    for (const next of [
      PROD,
      { ...DEV, baseUrl: "https://other.example.com" },
      { ...DEV, environment: "qa" },
    ]) {
      const moved = await provider.diff("i1", { name: "a", target: DEV }, { name: "a", target: next });
      expect(moved).toMatchObject({ changes: true, replaces: ["target"] });
    }
    const unknown = await provider.diff(
      "i1",
      { target: DEV },
      { target: { environment: "dev", baseUrl: UNKNOWN } },
    );
    expect(unknown.replaces).toEqual(["target"]);
  });

  it("takes a first target (adoption from the default provider) without a replace", () => {
    expect(targetChanged(undefined, DEV)).toBe(false);
    expect(targetChanged(DEV, DEV)).toBe(false);
    expect(targetChanged(DEV, PROD)).toBe(true);
  });

  it("deletes through the host only what lives at the host's target", async () => {
    const { seen, provider } = recorder();
    await provider.configure(
      config({ "svc:apiKey": "k", "svc:baseUrl": ` ${DEV.baseUrl} `, "svc:environment": "dev" }),
    );
    await provider.delete("i1", { name: "a", target: DEV });
    await provider.delete("i2", { name: "b", target: PROD });
    await provider.delete("i3", { name: "c" });
    expect(seen.filter(([m]) => m === "delete").map(([, id]) => id)).toEqual(["i1", "i3"]);
  });
});

describe("configuredTarget", () => {
  it("is the explicit provider's environment and baseUrl; none for the stack config", () => {
    expect(configuredTarget(config({ "svc:baseUrl": DEV.baseUrl, "svc:environment": "dev" }).config)).toEqual(
      DEV,
    );
    expect(
      configuredTarget(config({ "svc:baseUrl": DEV.baseUrl, "svc:apiKey": "k" }).config),
    ).toBeUndefined();
    expect(configuredTarget(undefined)).toBeUndefined();
  });
});

describe("ServiceSession of an explicit provider", () => {
  it("never falls back to SVC_API_KEY / SVC_BASE_URL, which may be another environment's", () => {
    const saved = { key: process.env.SVC_API_KEY, url: process.env.SVC_BASE_URL };
    process.env.SVC_API_KEY = "env-key";
    process.env.SVC_BASE_URL = "https://env.example.com";
    try {
      const explicit = new ServiceSession();
      explicit.configure(config({ "svc:environment": "prod", "svc:baseUrl": PROD.baseUrl }).config);
      expect(() => explicit.client()).toThrow(/missing svc:apiKey/);
      const stackConfig = new ServiceSession();
      stackConfig.configure(config({ "svc:baseUrl": PROD.baseUrl }).config);
      expect(() => stackConfig.client()).not.toThrow();
    } finally {
      for (const [k, v] of [
        ["SVC_API_KEY", saved.key],
        ["SVC_BASE_URL", saved.url],
      ] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});
