/**
 * Where the API key and base URL come from (provider/config.ts): the stack config first, the environment
 * as fallback, and errors that name the command to run and never the value.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, resolveProgramSettings, resolveSettings } from "../../provider/config";
import { dataSourceError } from "../../provider/functions/invoke";
import { ServiceSession } from "../../provider/runtime/shared/service-session";
import { SvcClient } from "../../sdk";
import { isHttpUrl } from "../../sdk/http-url";

/** A dynamic provider's `req.config` holding `values`. */
function source(values: Record<string, unknown>) {
  return { get: (key: string) => values[key] };
}

describe("resolveSettings", () => {
  it("prefers the stack config and falls back on the environment, per setting", () => {
    const env = { SVC_API_KEY: "from-env", SVC_BASE_URL: "https://env.test" };
    expect(
      resolveSettings(source({ "svc:apiKey": "from-config", "svc:baseUrl": "http://x.test" }), env),
    ).toEqual({ apiKey: "from-config", baseUrl: "http://x.test" });
    expect(resolveSettings(source({ "svc:baseUrl": "http://x.test" }), env)).toEqual({
      apiKey: "from-env",
      baseUrl: "http://x.test",
    });
    expect(resolveSettings(undefined, env)).toEqual({ apiKey: "from-env", baseUrl: "https://env.test" });
  });

  it("trims values and treats blank or non-string config values as missing", () => {
    const env = { SVC_API_KEY: "  env-key \n", SVC_BASE_URL: " https://env.test " };
    expect(resolveSettings(source({ "svc:apiKey": "   ", "svc:baseUrl": 42 }), env)).toEqual({
      apiKey: "env-key",
      baseUrl: "https://env.test",
    });
  });

  it("names the exact command for a missing key or base URL, as a ConfigError", () => {
    const noKey = () => resolveSettings(undefined, { SVC_BASE_URL: "https://env.test" });
    expect(noKey).toThrow(ConfigError);
    expect(noKey).toThrow("pulumi config set --secret svc:apiKey <key>");
    expect(noKey).toThrow(/SVC_API_KEY/);
    const noUrl = () => resolveSettings(undefined, { SVC_API_KEY: "k" });
    expect(noUrl).toThrow(ConfigError);
    expect(noUrl).toThrow("pulumi config set svc:baseUrl <url>");
    expect(noUrl).toThrow(/SVC_BASE_URL/);
  });

  it("refuses a base URL that is not http(s), without echoing the key", () => {
    for (const baseUrl of [
      "ftp://z.test",
      "api.example.com",
      "https:// spaced",
      "http://exa mple.test",
      "http://",
    ]) {
      const err = (() => {
        try {
          resolveSettings(source({ "svc:apiKey": "secret-key-1234", "svc:baseUrl": baseUrl }), {});
        } catch (e) {
          return e as Error;
        }
        throw new Error(`accepted ${baseUrl}`);
      })();
      expect(err).toBeInstanceOf(ConfigError);
      expect(err.message).toMatch(/http\(s\) URL/);
      expect(err.message).not.toContain("secret-key-1234");
    }
  });

  it("uses the sdk's URL check: what the client refuses, the settings refuse, and the same for accepts", () => {
    const settings = (baseUrl: string) => {
      try {
        resolveSettings(source({ "svc:apiKey": "k", "svc:baseUrl": baseUrl }), {});
        return true;
      } catch {
        return false;
      }
    };
    const client = (baseUrl: string) => {
      try {
        new SvcClient({ apiKey: "k", baseUrl });
        return true;
      } catch {
        return false;
      }
    };
    for (const baseUrl of [
      "https://api.example.com",
      "http://127.0.0.1:4010/api/",
      "mailto:a@b.test",
      "http://a b",
    ]) {
      expect([baseUrl, settings(baseUrl)]).toEqual([baseUrl, isHttpUrl(baseUrl)]);
      expect([baseUrl, client(baseUrl)]).toEqual([baseUrl, isHttpUrl(baseUrl)]);
    }
  });
});

describe("resolveProgramSettings", () => {
  afterEach(() => {
    pulumi.runtime.setAllConfig({});
  });

  it("reads the program's stack config, secrets included, before the environment", () => {
    pulumi.runtime.setAllConfig({ "svc:apiKey": "program-key", "svc:baseUrl": "https://program.test" }, [
      "svc:apiKey",
    ]);
    expect(resolveProgramSettings({ SVC_API_KEY: "env-key", SVC_BASE_URL: "https://env.test" })).toEqual({
      apiKey: "program-key",
      baseUrl: "https://program.test",
    });
  });

  it("falls back on the environment when the stack has no svc config", () => {
    expect(resolveProgramSettings({ SVC_API_KEY: "env-key", SVC_BASE_URL: "https://env.test" })).toEqual({
      apiKey: "env-key",
      baseUrl: "https://env.test",
    });
    expect(() => resolveProgramSettings({})).toThrow("pulumi config set --secret svc:apiKey <key>");
  });
});

describe("ConfigError on the way out", () => {
  it("reaches the engine from the host as a ConfigError, scrubbed; other failures as a plain Error", async () => {
    const session = new ServiceSession();
    // An explicit provider's config (svc:environment set): no environment fallback, so the key is missing.
    session.configure(source({ "svc:environment": "prod", "svc:baseUrl": "https://z.test" }));
    const missing = await session.guard("create", [], async () => session.client()).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ConfigError);
    expect((missing as Error).name).toBe("ConfigError");
    expect((missing as Error).message).toMatch(/^svc: missing svc:apiKey\. Set it with/);
    const other = await session
      .guard("create", ["tok-1"], async () => {
        throw new Error("boom tok-1");
      })
      .catch((e: unknown) => e);
    expect(other).not.toBeInstanceOf(ConfigError);
    expect((other as Error).message).toBe("svc: create: boom [REDACTED]");
  });

  it("reaches the program from a data source as a ConfigError (a RunError, printed as its message alone)", () => {
    const err = dataSourceError(
      "getWorkflow",
      new ConfigError("svc: missing svc:apiKey. Set it with ..."),
      [],
    );
    expect(err).toBeInstanceOf(ConfigError);
    expect(pulumi.RunError.isInstance(err)).toBe(true);
    const other = dataSourceError("getWorkflow", new Error("GET /v1/workflows/x -> 500"), []);
    expect(other).not.toBeInstanceOf(ConfigError);
    expect(pulumi.RunError.isInstance(other)).toBe(true);
    expect(other.message).toBe("svc: getWorkflow: GET /v1/workflows/x -> 500");
  });
});
