/**
 * The `opts` argument of data sources: client options reach the request (Promise and Output forms), and
 * `dependsOn` makes an Output form read after its resources, or not at all in a preview where one of them
 * is still to be created. Resources are registered under `pulumi.runtime.setMocks`.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../../emulator";
import * as svc from "../../../provider";

let emu: Emulator;
const saved = { key: process.env.SVC_API_KEY, url: process.env.SVC_BASE_URL };

beforeAll(async () => {
  emu = await startEmulator({
    port: 0,
    fixtures: { integrations: [{ providerId: "fcm", channel: "push", active: true, identifier: "fcm-a" }] },
  });
  // Under mocks the stack config is empty: the environment is the fallback.
  process.env.SVC_API_KEY = emu.apiKey;
  process.env.SVC_BASE_URL = emu.url;
});
afterAll(async () => {
  if (saved.key === undefined) delete process.env.SVC_API_KEY;
  else process.env.SVC_API_KEY = saved.key;
  if (saved.url === undefined) delete process.env.SVC_BASE_URL;
  else process.env.SVC_BASE_URL = saved.url;
  await emu.close();
});
afterEach(() => {
  emu.setFaults({});
  emu.resetRequests();
});

function activeListCalls(): number {
  return emu.requests.filter((r) => r.path === "/v1/integrations/active").length;
}

/** A resource of no provider in particular (the mocks answer for it). */
class Thing extends pulumi.CustomResource {
  constructor(name: string) {
    super("test:index:Thing", name, {});
  }
}

/** Registers mocks whose resources get their id only when `release` is called (none in a preview). */
function mockResources(preview: boolean): { release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  pulumi.runtime.setMocks(
    {
      newResource: async (args) => {
        await released;
        return { id: preview ? undefined : `${args.name}-id`, state: args.inputs };
      },
      call: (args) => args.inputs,
    },
    "proj",
    "stack",
    preview,
  );
  return { release };
}

/** The value of an Output, or "never" when its apply does not run within `ms`. */
function valueWithin<T>(o: pulumi.Output<T>, ms: number): Promise<T | "never"> {
  return new Promise((resolve) => {
    setTimeout(() => resolve("never"), ms);
    o.apply((v) => resolve(v));
  });
}

describe("client options", () => {
  it("maxRetries reaches the request in both forms", async () => {
    emu.setFaults({ failRate: 1 });
    await expect(svc.getActiveIntegrations({}, { maxRetries: 0 })).rejects.toThrow(
      /getActiveIntegrations.*503/,
    );
    expect(activeListCalls()).toBe(1);
    emu.resetRequests();
    await expect(svc.getActiveIntegrations({}, { maxRetries: 2 })).rejects.toThrow(/503/);
    expect(activeListCalls()).toBe(3);
  });

  it("an aborted signal stops the call before any request", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(svc.getWorkflow({ workflowId: "x" }, { signal: controller.signal })).rejects.toThrow(
      /^svc: getWorkflow: /,
    );
    expect(emu.requests).toHaveLength(0);
  });
});

describe("dependsOn", () => {
  it("reads only after the resources it depends on are registered", async () => {
    const mocks = mockResources(false);
    const thing = new Thing("thing");
    const result = svc.getActiveIntegrationsOutput({ providerId: "fcm" }, { dependsOn: thing });
    expect(await valueWithin(result, 300)).toBe("never");
    expect(activeListCalls()).toBe(0);
    mocks.release();
    const list = await valueWithin(result, 5_000);
    expect(list === "never" ? list : list.map((i) => i.identifier)).toEqual(["fcm-a"]);
    expect(activeListCalls()).toBe(1);
  });

  it("in a preview, a dependency still to be created leaves the result unknown and calls nothing", async () => {
    const mocks = mockResources(true);
    const thing = new Thing("pending");
    mocks.release();
    const result = svc.getActiveIntegrationsOutput({}, { dependsOn: [thing] });
    expect(await valueWithin(result, 500)).toBe("never");
    expect(activeListCalls()).toBe(0);
    // Without dependsOn the same preview reads at once.
    const free = await valueWithin(svc.getActiveIntegrationsOutput({}), 5_000);
    expect(free === "never" ? free : free.length).toBe(1);
  });
});
