import { describe, expect, it } from "vitest";
import { z } from "zod";
import { integrationListSchema, integrationSchema, subscriberSchema } from "../../../sdk/schemas";
import { fastAcceptor } from "../../../sdk/schemas/fast-accept";

const integration = {
  _id: "6b05e3e6c86e07531b39ce18",
  _environmentId: "env",
  _organizationId: "org",
  name: "FCM",
  identifier: "bench-fcm",
  providerId: "fcm",
  channel: "push",
  active: true,
  deleted: false,
  primary: false,
  conditions: [],
  credentials: { apiKey: "k", nested: { a: [1, 2] } },
  createdAt: "2026-11-24T19:22:14.035Z",
};

const subscriber = {
  _id: "s1",
  subscriberId: "bench-subscriber",
  firstName: "B",
  lastName: null,
  channels: [
    { providerId: "fcm", credentials: { deviceTokens: ["t1", "t2"] }, _integrationId: "i1", extra: 1 },
  ],
  data: null,
  _organizationId: "org",
  _environmentId: "env",
  deleted: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  __v: 0,
};

/** The acceptor's one promise: whatever it takes, zod takes too and returns deep-equal. */
function agrees(schema: z.ZodType, value: unknown): boolean {
  const accepted = fastAcceptor(schema)(value);
  if (accepted) {
    const r = schema.safeParse(value);
    expect(r.success).toBe(true);
    expect(r.success && r.data).toEqual(value);
  }
  return accepted;
}

describe("fastAcceptor", () => {
  it("takes valid response payloads as they are (loose objects, records, nullable, optional, arrays)", () => {
    expect(agrees(integrationListSchema, [integration, { ...integration, identifier: "b" }])).toBe(true);
    expect(agrees(integrationSchema, { ...integration, unknownNewField: { x: 1 } })).toBe(true);
    expect(agrees(subscriberSchema, subscriber)).toBe(true);
    expect(agrees(subscriberSchema, { ...subscriber, data: { any: ["thing"] } })).toBe(true);
  });

  it("leaves every invalid payload to zod", () => {
    const { name: _name, ...noName } = integration;
    for (const bad of [
      noName,
      { ...integration, active: "yes" },
      { ...integration, credentials: [] },
      { ...integration, conditions: [{ isNegated: "no" }] },
      [integration, null],
      "text",
      null,
    ]) {
      expect(agrees(integrationListSchema, Array.isArray(bad) ? bad : [bad])).toBe(false);
      expect(integrationListSchema.safeParse(Array.isArray(bad) ? bad : [bad]).success).toBe(false);
    }
    expect(agrees(subscriberSchema, { ...subscriber, channels: [{ providerId: "fcm" }] })).toBe(false);
  });

  it("leaves to zod whatever zod would change: stripped or rejected keys, defaults, transforms", () => {
    expect(agrees(z.object({ a: z.string() }), { a: "x", b: 1 })).toBe(false); // stripped
    expect(agrees(z.object({ a: z.string() }), { a: "x" })).toBe(true);
    expect(agrees(z.strictObject({ a: z.string() }), { a: "x", b: 1 })).toBe(false); // rejected
    expect(agrees(z.object({ a: z.string().default("d") }), {})).toBe(false); // filled in
    expect(agrees(z.object({ a: z.string().transform((s) => s.length) }), { a: "x" })).toBe(false);
    expect(agrees(z.object({ a: z.coerce.number() }), { a: "1" })).toBe(false);
    expect(agrees(z.object({ a: z.string().trim() }), { a: " x " })).toBe(false);
  });

  it("runs zod's checks and refinements, keeping only values zod returns unchanged", () => {
    expect(agrees(z.object({ a: z.string().min(2) }), { a: "xy" })).toBe(true);
    expect(agrees(z.object({ a: z.string().min(2) }), { a: "x" })).toBe(false);
    const refined = z.looseObject({ a: z.number() }).refine((o) => o.a > 1);
    expect(agrees(refined, { a: 2 })).toBe(false); // zod copies objects: left to zod
    expect(agrees(z.array(z.string()).min(1), [])).toBe(false);
    expect(agrees(z.enum(["a", "b"]), "a")).toBe(true);
    expect(agrees(z.enum(["a", "b"]), "c")).toBe(false);
  });

  it("leaves odd objects to zod: __proto__ keys, class instances", () => {
    const withProto = JSON.parse('{"a":"x","__proto__":{"b":1}}') as unknown;
    expect(agrees(z.looseObject({ a: z.string() }), withProto)).toBe(false);
    expect(agrees(z.looseObject({}), new Date())).toBe(false);
  });

  it("compiles recursive schemas (a shape that refers back to itself)", () => {
    const tree = z.looseObject({
      name: z.string(),
      get children() {
        return z.array(tree).optional();
      },
    });
    expect(agrees(tree, { name: "a", children: [{ name: "b", children: [{ name: "c" }] }] })).toBe(true);
    expect(agrees(tree, { name: "a", children: [{ name: 1 }] })).toBe(false);
  });

  it("is compiled once per schema", () => {
    expect(fastAcceptor(integrationSchema)).toBe(fastAcceptor(integrationSchema));
  });
});
