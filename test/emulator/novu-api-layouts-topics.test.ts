import { Novu } from "@novu/api";
import { HTTPClient } from "@novu/api/lib/http";
import * as errors from "@novu/api/models/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { call } from "../../testkit/emulator-http";

/**
 * The official client (@novu/api, a devDependency) parses every layout and topic answer of the emulator:
 * each call below goes through the client's own response schemas, which throw on any shape they do not
 * accept. The interface's naming note writes the service's name as `svc` in enumerated identifiers
 * (`novu-cloud`); the client knows them by the service's own name, so its fetcher translates that one
 * value of `origin` back before the client parses.
 */

let emu: Emulator;
let novu: Novu;

/** A fetch that hands the client the answer with `origin` spelled as the service spells it. */
const fetcher = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const res = await fetch(input, init);
  if (res.status === 204 || res.status === 304) return res;
  const text = (await res.text()).replaceAll('"origin":"novu-cloud"', '"origin":"novu-cloud"');
  return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
};

beforeAll(async () => {
  emu = await startEmulator({
    fixtures: { subscribers: [{ subscriberId: "api-a", firstName: "A" }, { subscriberId: "api-b" }] },
  });
  novu = new Novu({ secretKey: emu.apiKey, serverURL: emu.url, httpClient: new HTTPClient({ fetcher }) });
});
afterAll(() => emu.close());

describe("@novu/api parses the emulator's layouts", () => {
  it("create, get, update, list, usage, delete", async () => {
    const first = (await novu.layouts.create({ layoutId: "api-default", name: "Default" })).result;
    expect(first.isDefault).toBe(true);
    const made = (await novu.layouts.create({ layoutId: "api-layout", name: "Api layout" })).result;
    expect(made).toMatchObject({
      layoutId: "api-layout",
      isDefault: false,
      origin: "novu-cloud",
      type: "BRIDGE",
    });
    expect(made.controls.values.email?.editorType).toBe("block");
    const got = (await novu.layouts.retrieve("api-layout")).result;
    expect(got.id).toBe(made.id);
    const body = "<html><body>{{content}}</body></html>";
    const updated = await novu.layouts.update(
      { name: "Renamed", controlValues: { email: { body, editorType: "html" } } },
      "api-layout",
    );
    expect(updated.result.controls.values.email).toEqual({ body, editorType: "html" });
    const list = (await novu.layouts.list({})).result;
    expect(list.totalCount).toBe(2);
    expect(list.layouts.map((l) => l.layoutId).sort()).toEqual(["api-default", "api-layout"]);
    const step = {
      name: "Mail",
      type: "email",
      controlValues: { subject: "s", body: "b", layoutId: "api-layout" },
    };
    const wf = await call(emu, "POST", "/v2/workflows", {
      body: { workflowId: "api-wf", name: "Api wf", steps: [step] },
    });
    expect(wf.status).toBe(201);
    const usage = (await novu.layouts.usage("api-layout")).result;
    expect(usage.workflows).toEqual([{ name: "Api wf", workflowId: "api-wf" }]);
    await novu.layouts.delete("api-layout");
    await expect(novu.layouts.retrieve("api-layout")).rejects.toMatchObject({ statusCode: 404 });
  });

  it("a refused body is an ErrorDto with the issue under ctx", async () => {
    await novu.layouts.create({ layoutId: "api-bad", name: "Bad" });
    const failure = await novu.layouts
      .update(
        { name: "x", controlValues: { email: { body: "<html><body></body></html>", editorType: "html" } } },
        "api-bad",
      )
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(errors.ErrorDto);
    expect((failure as errors.ErrorDto).ctx?.["controls"]["email.body"][0].issueType).toBe("MISSING_VALUE");
  });
});

describe("@novu/api parses the emulator's topics and subscriptions", () => {
  it("topic upsert, get, update, list, delete", async () => {
    const made = await novu.topics.create({ key: "api-topic", name: "Api" });
    expect(made.result).toMatchObject({ key: "api-topic", name: "Api" });
    expect((await novu.topics.get("api-topic")).result.id).toBe(made.result.id);
    expect((await novu.topics.update({ name: "Renamed" }, "api-topic")).result.name).toBe("Renamed");
    const list = await novu.topics.list({ limit: 10 });
    expect(list.result.data.map((t) => t.key)).toContain("api-topic");
    expect(list.result.totalCount).toBeGreaterThan(0);
    expect((await novu.topics.delete("api-topic")).result.acknowledged).toBe(true);
  });

  it("subscriptions create (partial failure too), list, get one, delete", async () => {
    const created = await novu.topics.subscriptions.create({ subscriberIds: ["api-a"] }, "api-subs");
    const second = await novu.topics.subscriptions.create(
      { subscriptions: [{ identifier: "api-b-sub", subscriberId: "api-b" }] },
      "api-subs",
    );
    expect(created.result.meta).toEqual({ totalCount: 1, successful: 1, failed: 0 });
    expect(second.result.meta).toEqual({ totalCount: 1, successful: 1, failed: 0 });
    const partial = await novu.topics.subscriptions.create(
      { subscriberIds: ["api-a", "api-ghost"] },
      "api-subs",
    );
    expect(partial.result.errors?.[0]?.code).toBe("SUBSCRIBER_NOT_FOUND");
    const list = await novu.topics.subscriptions.list({ topicKey: "api-subs", limit: 1 });
    expect(list.result.data).toHaveLength(1);
    expect(list.result.next).not.toBeNull();
    const rest = await novu.topics.subscriptions.list({
      topicKey: "api-subs",
      after: list.result.next ?? "",
    });
    expect(rest.result.data.map((s) => s.subscriber.subscriberId)).toEqual(["api-a"]);
    const one = await novu.topics.subscriptions.getSubscription("api-subs", "api-b-sub");
    expect(one.result.identifier).toBe("api-b-sub");
    const deleted = await novu.topics.subscriptions.delete(
      { subscriptions: [{ identifier: "api-b-sub" }] },
      "api-subs",
    );
    expect(deleted.result.meta.successful).toBe(1);
    const total = await novu.topics.subscriptions
      .create({ subscriberIds: ["api-ghost"] }, "api-subs")
      .catch((e) => e);
    expect(total).toBeInstanceOf(errors.ErrorDto);
    expect((total as errors.ErrorDto).statusCode).toBe(400);
  });
});
