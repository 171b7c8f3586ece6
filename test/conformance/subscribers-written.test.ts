/**
 * The subscriber writes over raw HTTP, as Novu's newest sources behave (DESIGN.md "Subscribers, written"):
 * apps/api/src/app/subscribers-v2/subscribers.controller.ts with dtos/create-subscriber.dto.ts and
 * dtos/patch-subscriber.dto.ts, usecases/patch-subscriber/, usecases/remove-subscriber/,
 * libs/application-generic/src/usecases/create-or-update-subscriber/ and update-subscriber/, and the v1
 * routes of apps/api/src/app/subscribers/subscribers.controller.ts. And the fresh organization
 * (`--fixtures none`): each environment holds the "Default layout" and the "Novu Inbox" integration.
 * Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmulatorProcess, raw, single, startEmulatorProcess } from "./emulator-process";

let emu: EmulatorProcess;

beforeAll(async () => {
  emu = await startEmulatorProcess({ organization: "fresh" }, ["conf_dev", "conf_other"]);
}, 30_000);
afterAll(async () => {
  await emu?.stop();
});

const unique = (() => {
  let n = 0;
  return (p: string) => `${p}-${Date.now().toString(36)}-${n++}`;
})();

describe("a fresh organization (organization creation)", () => {
  it("gives each environment the default layout and an active Novu Inbox in-app integration", async () => {
    for (const { apiKey, environmentId } of emu.keys) {
      const layouts = single(await raw(emu, "GET", "/v2/layouts", { key: apiKey }));
      expect(
        layouts.layouts.map((l: { layoutId: string; name: string; isDefault: boolean }) => [
          l.layoutId,
          l.name,
          l.isDefault,
        ]),
      ).toEqual([["default-layout", "Default layout", true]]);
      const one = single(await raw(emu, "GET", "/v2/layouts/default-layout", { key: apiKey }));
      expect(one.controls.values.email.editorType).toBe("block");
      expect(JSON.parse(one.controls.values.email.body).type).toBe("doc");
      const list = single(await raw(emu, "GET", "/v1/integrations/active", { key: apiKey }));
      const inApp = list.filter((i: { _environmentId: string }) => i._environmentId === environmentId);
      expect(inApp).toHaveLength(1);
      expect(inApp[0]).toMatchObject({
        name: "Novu Inbox",
        providerId: "novu",
        channel: "in_app",
        active: true,
      });
      expect(inApp[0].identifier).toMatch(/^novu-inbox-[a-z0-9]+$/);
    }
  });

  it("makes a user's first layout not the default, and lets it be deleted", async () => {
    const layoutId = unique("mine");
    const made = await raw(emu, "POST", "/v2/layouts", { body: { layoutId, name: "Mine" } });
    expect(made.status).toBe(201);
    expect(single(made).isDefault).toBe(false);
    expect((await raw(emu, "DELETE", `/v2/layouts/${layoutId}`)).status).toBe(204);
    expect((await raw(emu, "DELETE", "/v2/layouts/default-layout")).status).toBe(409);
  });
});

describe("POST /v2/subscribers", () => {
  it("creates (201), trims the subscriberId, and stores data; an upsert of the same id is 201 too", async () => {
    const id = unique("v2");
    const made = await raw(emu, "POST", "/v2/subscribers", {
      body: {
        subscriberId: `  ${id} `,
        firstName: "Ada",
        email: "ada@example.com",
        locale: "en_US",
        timezone: "Europe/London",
        data: { plan: "pro" },
        unknownKey: 1,
      },
    });
    expect(made.status).toBe(201);
    expect(single(made)).toMatchObject({
      subscriberId: id,
      firstName: "Ada",
      email: "ada@example.com",
      locale: "en_US",
      timezone: "Europe/London",
      data: { plan: "pro" },
    });
    expect(single(made)).not.toHaveProperty("unknownKey");
    const again = await raw(emu, "POST", "/v2/subscribers", {
      body: { subscriberId: id, lastName: "Lovelace", firstName: null },
    });
    expect(again.status).toBe(201);
    // null and absent fields are not written by the upsert; data becomes `body.data || {}`.
    expect(single(again)).toMatchObject({
      subscriberId: id,
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      data: {},
    });
    expect(single(again)._id).toBe(single(made)._id);
  });

  it("answers 409 with ?failIfExists=true when the subscriber exists, and creates when it does not", async () => {
    const id = unique("fie");
    expect(
      (await raw(emu, "POST", "/v2/subscribers?failIfExists=true", { body: { subscriberId: id } })).status,
    ).toBe(201);
    const dup = await raw(emu, "POST", "/v2/subscribers?failIfExists=true", { body: { subscriberId: id } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`Subscriber with id "${id}" already exists`);
    expect(
      (await raw(emu, "POST", "/v2/subscribers?failIfExists=false", { body: { subscriberId: id } })).status,
    ).toBe(201);
  });

  it("refuses what the DTO refuses with 422 Validation Error, naming each field", async () => {
    const cases: [unknown, string[]][] = [
      [
        {},
        [
          "subscriberId should not be null or undefined",
          "SubscriberId is required",
          "subscriberId must be a string",
        ],
      ],
      [{ subscriberId: "   " }, ["SubscriberId is required"]],
      [{ subscriberId: "x", email: "" }, ["email must be an email"]],
      [{ subscriberId: "x", email: "not-an-email" }, ["email must be an email"]],
      [{ subscriberId: "x", locale: "not a locale" }, ["locale must be locale"]],
      [{ subscriberId: "x", timezone: "Mars/Olympus" }, ["timezone must be a valid IANA time-zone"]],
      [
        { subscriberId: "x", firstName: 5, phone: false },
        ["firstName must be a string", "phone must be a string"],
      ],
      [{ subscriberId: "x", data: [1] }, ["data must be an object"]],
    ];
    for (const [body, messages] of cases) {
      const res = await raw(emu, "POST", "/v2/subscribers", { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message).toBe("Validation Error");
      expect([...res.body.errors.general.messages].sort()).toEqual([...messages].sort());
    }
  });

  it("accepts null for every optional field", async () => {
    const res = await raw(emu, "POST", "/v2/subscribers", {
      body: {
        subscriberId: unique("nul"),
        firstName: null,
        lastName: null,
        email: null,
        phone: null,
        avatar: null,
        locale: null,
        timezone: null,
        data: null,
      },
    });
    expect(res.status).toBe(201);
    expect(single(res).email).toBeUndefined();
  });
});

describe("GET, PATCH, DELETE /v2/subscribers/{id}", () => {
  it("reads one, and answers 404 for a missing one", async () => {
    const id = unique("get");
    await raw(emu, "POST", "/v2/subscribers", { body: { subscriberId: id, firstName: "G" } });
    const got = await raw(emu, "GET", `/v2/subscribers/${id}`);
    expect(got.status).toBe(200);
    expect(single(got)).toMatchObject({ subscriberId: id, firstName: "G" });
    const missing = await raw(emu, "GET", `/v2/subscribers/${unique("nobody")}`);
    expect(missing.status).toBe(404);
  });

  it("PATCH leaves absent fields, replaces data whole, clears email with null, ignores other nulls", async () => {
    const id = unique("patch");
    await raw(emu, "POST", "/v2/subscribers", {
      body: { subscriberId: id, firstName: "A", lastName: "B", email: "a@b.co", data: { a: 1, b: 2 } },
    });
    const res = await raw(emu, "PATCH", `/v2/subscribers/${id}`, {
      body: { firstName: "C", lastName: null, email: null, data: { c: 3 } },
    });
    expect(res.status).toBe(200);
    expect(single(res)).toMatchObject({ firstName: "C", lastName: "B", email: null, data: { c: 3 } });
    const bad = await raw(emu, "PATCH", `/v2/subscribers/${id}`, {
      body: { email: "nope", timezone: "Nowhere/City" },
    });
    expect(bad.status).toBe(422);
    expect([...bad.body.errors.general.messages].sort()).toEqual([
      "email must be an email",
      "timezone must be a valid IANA time-zone",
    ]);
    expect(
      (await raw(emu, "PATCH", `/v2/subscribers/${unique("nobody")}`, { body: { firstName: "x" } })).status,
    ).toBe(404);
  });

  it("DELETE answers { acknowledged, status } and takes the topic subscriptions and credentials with it", async () => {
    const id = unique("del");
    const topic = unique("topic");
    await raw(emu, "POST", "/v2/subscribers", { body: { subscriberId: id } });
    const sub = await raw(emu, "POST", `/v2/topics/${topic}/subscriptions`, {
      body: { subscriberIds: [id] },
    });
    expect(sub.status).toBe(201);
    const del = await raw(emu, "DELETE", `/v2/subscribers/${id}`);
    expect(del.status).toBe(200);
    expect(single(del)).toEqual({ acknowledged: true, status: "deleted" });
    const subs = await raw(emu, "GET", `/v2/topics/${topic}/subscriptions`);
    expect(subs.body.data).toEqual([]);
    expect((await raw(emu, "GET", `/v2/subscribers/${id}`)).status).toBe(404);
    const again = await raw(emu, "DELETE", `/v2/subscribers/${id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("Subscriber was not found");
    // A recreated subscriber is a new record with no credentials.
    const back = single(await raw(emu, "POST", "/v2/subscribers", { body: { subscriberId: id } }));
    expect(back._id).not.toBe(single(sub).data?.[0]?.subscriber?._id);
    expect(back.channels).toEqual([]);
  });

  it("acts on the key's environment only", async () => {
    const id = unique("scoped");
    await raw(emu, "POST", "/v2/subscribers", { body: { subscriberId: id } });
    expect((await raw(emu, "GET", `/v2/subscribers/${id}`, { key: "conf_other" })).status).toBe(404);
  });
});

describe("the v1 subscriber writes (deprecated, served)", () => {
  it("POST /v1/subscribers upserts (201) and writes channels through the credentials write", async () => {
    const id = unique("v1");
    const noIntegration = await raw(emu, "POST", "/v1/subscribers", {
      body: {
        subscriberId: id,
        channels: [{ providerId: "slack", credentials: { webhookUrl: "https://hooks.example/x" } }],
      },
    });
    expect(noIntegration.status).toBe(400);
    expect(noIntegration.body.message).toMatch(/do not have active slack integration/);
    await raw(emu, "POST", "/v1/integrations", {
      body: { providerId: "slack", channel: "chat", name: "S", active: true, check: false, credentials: {} },
    });
    const made = await raw(emu, "POST", "/v1/subscribers", {
      body: {
        subscriberId: id,
        firstName: "V",
        channels: [{ providerId: "slack", credentials: { webhookUrl: "https://hooks.example/x" } }],
      },
    });
    expect(made.status).toBe(201);
    expect(single(made).firstName).toBe("V");
    expect(single(made).channels).toHaveLength(1);
    expect(single(made).channels[0]).not.toHaveProperty("integrationIdentifier");
  });

  it("refuses with 422 and the class-validator messages, as the newest filter answers v1 routes too", async () => {
    const res = await raw(emu, "POST", "/v1/subscribers", { body: { email: "bad", locale: 3 } });
    expect(res.status).toBe(422);
    expect([...res.body.errors.general.messages].sort()).toEqual(
      [
        "email must be an email",
        "locale must be locale",
        "subscriberId must be a string",
        "subscriberId should not be null or undefined",
      ].sort(),
    );
    const channels = await raw(emu, "POST", "/v1/subscribers", { body: { subscriberId: "x", channels: {} } });
    expect(channels.status).toBe(422);
    expect(channels.body.errors.general.messages).toEqual(["channels must be an array"]);
  });

  it("PUT /v1/subscribers/{id} updates, and answers 400 for a missing subscriber", async () => {
    const id = unique("put");
    await raw(emu, "POST", "/v2/subscribers", { body: { subscriberId: id, firstName: "P" } });
    const res = await raw(emu, "PUT", `/v1/subscribers/${id}`, { body: { lastName: "Q" } });
    expect(res.status).toBe(200);
    expect(single(res)).toMatchObject({ firstName: "P", lastName: "Q" });
    const missing = await raw(emu, "PUT", "/v1/subscribers/nobody-here", { body: { lastName: "Q" } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("SubscriberId: nobody-here not found");
    expect((await raw(emu, "PUT", `/v1/subscribers/${id}`, { body: { email: "x" } })).status).toBe(422);
  });

  it("POST /v1/subscribers/bulk answers created and updated, 1 to 500 items", async () => {
    const a = unique("bulk");
    const b = unique("bulk");
    await raw(emu, "POST", "/v2/subscribers", { body: { subscriberId: a } });
    const res = await raw(emu, "POST", "/v1/subscribers/bulk", {
      body: { subscribers: [{ subscriberId: a, firstName: "A" }, { subscriberId: b }] },
    });
    expect(res.status).toBe(201);
    expect(single(res)).toEqual({
      updated: [{ subscriberId: a }],
      created: [{ subscriberId: b }],
      failed: [],
    });
    expect(single(await raw(emu, "GET", `/v2/subscribers/${a}`)).firstName).toBe("A");
    const empty = await raw(emu, "POST", "/v1/subscribers/bulk", { body: { subscribers: [] } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.general.messages).toEqual(["subscribers should not be empty"]);
    const many = Array.from({ length: 501 }, (_, i) => ({ subscriberId: `${a}-${i}` }));
    const tooMany = await raw(emu, "POST", "/v1/subscribers/bulk", { body: { subscribers: many } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.general.messages).toEqual([
      "subscribers must contain no more than 500 elements",
    ]);
    const nested = await raw(emu, "POST", "/v1/subscribers/bulk", {
      body: { subscribers: [{ subscriberId: "ok" }, { subscriberId: "x", email: "no" }] },
    });
    expect(nested.status).toBe(422);
    expect(nested.body.errors.general.messages).toEqual(["subscribers.1.email must be an email"]);
  });
});
