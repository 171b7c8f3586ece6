/**
 * Which values the plugin answers as secrets: the secret policy's values when they hold something, and every
 * value the engine sent as a secret, empty or not.
 */
import { describe, expect, it } from "vitest";
import { isWireSecret, markSecrets } from "../../provider/plugin/wire-values";

describe("markSecrets", () => {
  it("wraps a policy value that holds something, and leaves an empty one plain", () => {
    const out = markSecrets({ credentials: { apiKey: "k-1" }, name: "n" });
    expect(isWireSecret(out.credentials)).toBe(true);
    expect(out.name).toBe("n");
    expect(markSecrets({ credentials: {} }).credentials).toEqual({});
  });

  it("wraps every value the engine sent as a secret, even an empty one", () => {
    const out = markSecrets({ credentials: {}, name: "" }, ["credentials", "name"]);
    expect(isWireSecret(out.credentials)).toBe(true);
    expect(isWireSecret(out.name)).toBe(true);
  });

  it("wraps an environment variable's value when isSecret is not false (an unknown one counts)", () => {
    expect(isWireSecret(markSecrets({ key: "K", value: "v", isSecret: true }).value)).toBe(true);
    expect(
      isWireSecret(
        markSecrets({ key: "K", value: "v", isSecret: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" }).value,
      ),
    ).toBe(true);
    expect(markSecrets({ key: "K", value: "v", isSecret: false }).value).toBe("v");
    expect(markSecrets({ key: "K", value: "v" }).value).toBe("v");
  });
});
