/**
 * Program names of exported objects (provider/export/names.ts): a name the generated programs use in their
 * bodies (Go's `err`, `len`; the config variables) gets the kind word, so no program redeclares or shadows it.
 */
import { describe, expect, it } from "vitest";
import { NameRegistry } from "../../../provider/export/names";

describe("export program names", () => {
  it("suffixes the names the generated programs use themselves", () => {
    const names = new NameRegistry();
    expect(names.name("err", "workflow")).toBe("errWorkflow");
    expect(names.name("len", "topic")).toBe("lenTopic");
    expect(names.name("creds", "layout")).toBe("credsLayout");
    expect(names.name("identifier-suffix", "integration")).toBe("identifierSuffixIntegration");
    expect(names.name("welcome-email", "workflow")).toBe("welcomeEmail");
  });
});
