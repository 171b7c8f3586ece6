/**
 * The engine's rules the harness copies, as pure functions (checked against the real engine in
 * test/engine/harness-vs-engine.test.ts): secret annotation of a provider's answer from its inputs
 * (pkg/resource/plugin/provider_plugin.go, annotateSecrets), and the order of deletes (dependents first).
 */
import { describe, expect, it } from "vitest";
import {
  annotateSecrets,
  deleteOrder,
  newEntry,
  type PropertyMap,
  redactSecrets,
  secret,
} from "../../testkit/harness";

describe("annotateSecrets (the engine's, for a provider that does not accept secrets)", () => {
  it("keeps a secret nested in a plain object nested, and leaves its plain siblings plain", () => {
    const ins: PropertyMap = { conditions: { region: "eu", token: secret("t-1") }, name: "n" };
    const outs: PropertyMap = { conditions: { region: "eu", token: "t-1" }, name: "n", extra: 1 };
    expect(annotateSecrets(outs, ins)).toEqual({
      conditions: { region: "eu", token: secret("t-1") },
      name: "n",
      extra: 1,
    });
  });

  it("marks the whole value when the input was a secret, or an array holding one", () => {
    const ins: PropertyMap = { credentials: secret({ apiKey: "k" }), tokens: ["a", secret("b")] };
    const outs: PropertyMap = { credentials: { apiKey: "k" }, tokens: ["a", "b"] };
    expect(annotateSecrets(outs, ins)).toEqual({
      credentials: secret({ apiKey: "k" }),
      tokens: secret(["a", "b"]),
    });
  });

  it("does not change its argument, and redaction hides every secret where it sits", () => {
    const outs: PropertyMap = { c: { t: "x", u: "y" } };
    const marked = annotateSecrets(outs, { c: { t: secret("x") } });
    expect(outs).toEqual({ c: { t: "x", u: "y" } });
    expect(redactSecrets(marked)).toEqual({ c: { t: "[secret]", u: "y" } });
  });
});

describe("deleteOrder", () => {
  const entry = (name: string, dependencies: string[] = []) => newEntry(name, `${name}-id`, dependencies);

  it("deletes dependents before what they depend on, even when created before it", () => {
    // push was re-created (delete-before-replace) after grace, which depends on it.
    const order = deleteOrder([entry("mail"), entry("grace", ["push"]), entry("push", ["mail"])]);
    expect(order.map((e) => e.urn)).toEqual(["grace", "push", "mail"]);
  });

  it("otherwise deletes the latest created first", () => {
    expect(deleteOrder([entry("a"), entry("b"), entry("c")]).map((e) => e.urn)).toEqual(["c", "b", "a"]);
  });
});
