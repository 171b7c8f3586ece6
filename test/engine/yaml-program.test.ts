/**
 * A Pulumi YAML program (`runtime: yaml`, outputs only: no provider, no resource) under the real CLI, run by the
 * pulumi-language-yaml that scripts/install-pulumi.sh builds next to it (the CLI starts it from PATH; no
 * `--client`): preview, up, outputs (a secret config value stays a secret), no-op preview, an edit, destroy. It
 * proves the YAML host builds and works; the svc resources in YAML come with the provider plugin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  PulumiStack,
  plaintextHits,
  ScratchProject,
  STACK_TYPE,
  skipEngine,
} from "../../testkit/pulumi-cli";

const TOKEN = "yaml-engine-secret-7a2c";

/** The YAML program (Main.yaml): config `who` and the secret `token`, a variable, outputs of each. */
const program = (greeting: string): string => `config:
  who:
    type: string
  token:
    type: string
variables:
  greeting: ${greeting}
outputs:
  message: \${greeting}, \${who}
  token: \${token}
  pair:
    - \${who}
    - 2
`;

let project: ScratchProject;
let stack: PulumiStack;
/** Everything the CLI printed, scanned for the secret at the end. */
let printed = "";

describe.skipIf(skipEngine("yaml-program"))(
  "a Pulumi YAML program under the real CLI",
  { timeout: ENGINE_TIMEOUT_MS },
  () => {
    beforeAll(async () => {
      project = ScratchProject.create("svc-yaml", "yaml");
      project.writeProgram(program("hello"));
      stack = await PulumiStack.init({ projectDir: project.dir, binDir: await ensurePulumiCli() });
      expect(stack.runtime).toBe("yaml");
      await stack.setConfig("svc-yaml:who", "ada");
      await stack.setConfig("svc-yaml:token", TOKEN, { secret: true });
    }, ENGINE_TIMEOUT_MS);
    afterAll(async () => {
      await stack?.remove();
      project?.remove();
    });

    it("preview plans the stack alone", async () => {
      const { digest, stdout, stderr } = await stack.preview();
      printed += stdout + stderr;
      expect(digest?.steps?.map((s) => [s.op, s.urn.split("::")[2]])).toEqual([["create", STACK_TYPE]]);
    });

    it("up: the outputs, the config secret still a secret", async () => {
      const up = await stack.up();
      printed += up.stdout + up.stderr;
      expect(await stack.outputs()).toEqual({ message: "hello, ada", token: "[secret]", pair: ["ada", 2] });
      expect((await stack.outputs({ showSecrets: true })).token).toBe(TOKEN);
      const state = await stack.exportStack();
      const resources = state.deployment.resources ?? [];
      expect(resources.map((r) => r.type)).toEqual([STACK_TYPE]);
      expect(plaintextHits(JSON.stringify(state), [TOKEN])).toEqual({});
    });

    it("a second preview has no changes", async () => {
      const { digest, stdout } = await stack.preview({ expectNoChanges: true });
      printed += stdout;
      expect(digest?.changeSummary).toEqual({ same: 1 });
    });

    it("an edited program updates the outputs", async () => {
      project.writeProgram(program("hi"));
      const up = await stack.up();
      printed += up.stdout + up.stderr;
      expect((await stack.outputs()).message).toBe("hi, ada");
    });

    it("destroy leaves no resources; no secret was printed", async () => {
      const destroyed = await stack.destroy();
      printed += destroyed.stdout + destroyed.stderr;
      expect((await stack.exportStack()).deployment.resources ?? []).toEqual([]);
      expect(plaintextHits(printed, [TOKEN])).toEqual({});
    });
  },
);
