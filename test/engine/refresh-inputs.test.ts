/**
 * Exact previews after a refresh (issue 37, "Done when"), under the real Pulumi CLI against the emulator, in
 * two lanes: a JavaScript program of the dynamic resources and the same program in Pulumi YAML through the
 * plugin of this repository's build. An Integration declared with `credentials: {}` and a Workflow that
 * leaves its optional fields out: `up`, `refresh` (the state's inputs keep the declared credentials, still
 * secret, and the default identifier's origin), a no-op preview, then a rename of the integration and one
 * control edit preview as exactly those two property paths (in the preview's steps and in the `--diff` text a
 * reviewer reads: no `credentials`, no `defaultIdentifierOf`, no undeclared field marked); `up` applies them and the
 * next preview has no changes. Needs `npm run build` first.
 */
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { changedPaths } from "../../testkit/changed-paths";
import { repoRoot } from "../../testkit/harness/repo-root";
import {
  ENGINE_TIMEOUT_MS,
  ensurePulumiCli,
  isStateSecret,
  type Json,
  PROGRAM_HEADER,
  type PreviewStep,
  PulumiStack,
  ScratchProject,
  skipEngine,
  stateByName,
  stepOf,
} from "../../testkit/pulumi-cli";

type Lane = "nodejs" | "yaml";

/** The program of a lane: the integration's name and the email step's subject vary. */
function program(lane: Lane, name: string, subject: string): string {
  if (lane === "nodejs") {
    return `${PROGRAM_HEADER}
new svc.Integration("alerts", { providerId: "sendgrid", channel: "email", name: ${JSON.stringify(name)}, credentials: {}, check: false });
new svc.Workflow("onboarding", { name: "Onboarding", steps: [
  { name: "Inbox", type: "in_app", controls: { body: "Hi" } },
  { name: "Mail", type: "email", controls: { subject: ${JSON.stringify(subject)}, body: "<p>Hi</p>" } },
] });
`;
  }
  return `resources:
  alerts:
    type: svc:index:Integration
    properties:
      providerId: sendgrid
      channel: email
      name: ${JSON.stringify(name)}
      credentials: {}
      check: false
  onboarding:
    type: svc:index:Workflow
    properties:
      name: Onboarding
      steps:
        - name: Inbox
          type: in_app
          controls:
            body: Hi
        - name: Mail
          type: email
          controls:
            subject: ${JSON.stringify(subject)}
            body: <p>Hi</p>`;
}

/**
 * The property paths a preview step shows: the provider's detailed diff (the plugin), else the difference
 * of the old and new inputs, which the engine shows for a provider without one (a dynamic resource).
 */
function shownPaths(step: PreviewStep | undefined): string[] {
  if (step?.detailedDiff) return Object.keys(step.detailedDiff).sort();
  const olds = (step?.oldState?.inputs ?? {}) as Record<string, Json>;
  const news = (step?.newState?.inputs ?? {}) as Record<string, Json>;
  return changedPaths(olds, news, ["__provider"]);
}

/** The lines of `pulumi preview --diff` that mark a property as added, removed or changed. */
function propertyLines(text: string): string[] {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => /^[-+~]\s*[\w[\]]+\s*:/.test(l) && !/^[-+~]\s*\S+:\S+:\S*:? \(/.test(l));
}

describe.each(["nodejs", "yaml"] as const)("exact previews after refresh (%s lane)", (lane) => {
  describe.skipIf(skipEngine(`refresh-inputs ${lane}`))("", { timeout: ENGINE_TIMEOUT_MS }, () => {
    let emu: Emulator;
    let project: ScratchProject;
    let stack: PulumiStack;

    beforeAll(async () => {
      emu = await startEmulator({ port: 0 });
      const binDir = await ensurePulumiCli();
      project = ScratchProject.create(`svc-refresh-${lane}`, lane);
      project.writeProgram(program(lane, "Alerts", "Welcome"));
      // The YAML lane finds the plugin of this repository's build first on PATH (Node 22 after it).
      const path = [join(repoRoot(), "testkit", "plugin", "bin"), binDir, dirname(process.execPath)];
      stack = await PulumiStack.init({
        projectDir: project.dir,
        binDir,
        ...(lane === "yaml" ? { env: { PATH: [...path, process.env.PATH ?? ""].join(delimiter) } } : {}),
      });
      await stack.setConfig("svc:baseUrl", emu.url);
      await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
    }, ENGINE_TIMEOUT_MS);

    afterAll(async () => {
      await stack?.destroy({ allowFailure: true });
      await stack?.remove();
      project?.remove();
      await emu?.close();
    });

    it("up, then refresh: the state's inputs keep the declared credentials (secret) and the identifier's origin", async () => {
      await stack.up();
      const before = stateByName(await stack.exportStack());
      await stack.refresh();
      const after = stateByName(await stack.exportStack());
      for (const name of ["alerts", "onboarding"]) {
        const paths = changedPaths(before.get(name)?.inputs ?? {}, after.get(name)?.inputs ?? {});
        // A secret's ciphertext changes at every write; its place does not.
        expect(paths.filter((p) => !p.endsWith(".ciphertext"))).toEqual([]);
      }
      const alerts = after.get("alerts")?.inputs ?? {};
      expect(alerts).toHaveProperty("defaultIdentifierOf");
      expect(alerts).toHaveProperty("credentials");
      if (lane === "nodejs") expect(isStateSecret(alerts.credentials)).toBe(true);
      await stack.preview({ expectNoChanges: true });
    });

    it("a rename and one control edit preview as exactly those two property paths", async () => {
      project.writeProgram(program(lane, "Alerts EU", "Welcome aboard"));
      const { digest } = await stack.preview();
      expect(stepOf(digest, "alerts")?.op).toBe("update");
      expect(stepOf(digest, "onboarding")?.op).toBe("update");
      expect(shownPaths(stepOf(digest, "alerts"))).toEqual(["name"]);
      expect(shownPaths(stepOf(digest, "onboarding"))).toEqual(["steps[1].controls.subject"]);
      const text = (await stack.run(["preview", "--diff"], { client: true })).stdout;
      const lines = propertyLines(text);
      expect(lines).toContainEqual(expect.stringMatching(/^~ name\s*: "Alerts" => "Alerts EU"$/));
      expect(lines).toContainEqual(expect.stringMatching(/^~ subject\s*: "Welcome" => "Welcome aboard"$/));
      // Unchanged properties are printed without a marker; no other property is marked.
      expect(lines.filter((l) => !/^~ (name|subject|steps|\[1\]|controls)\s*:/.test(l))).toEqual([]);
    });

    it("up applies them; the next preview has no changes", async () => {
      await stack.up();
      expect(emu.integrations().find((i) => i.name === "Alerts EU")).toBeDefined();
      await stack.preview({ expectNoChanges: true });
    });
  });
});
