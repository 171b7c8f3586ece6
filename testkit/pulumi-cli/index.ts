/**
 * The real Pulumi CLI for pulumi-svc's engine tests (DESIGN.md test layer 6), benchmarks and `npm run example`.
 *
 * ```ts
 * import { ensurePulumiCli, PulumiStack } from "./";
 * const binDir = await ensurePulumiCli();            // scripts/install-pulumi.sh: PATH, cache or Go build
 * const stack = await PulumiStack.init({ projectDir, binDir, env: { ... } });
 * await stack.setConfig("svc:baseUrl", emu.url);
 * await stack.setConfig("svc:apiKey", emu.apiKey, { secret: true });
 * const { digest } = await stack.preview();          // pulumi preview --json: digest.steps
 * await stack.up();                                  // pulumi up --yes --skip-preview
 * await stack.preview({ expectNoChanges: true });
 * await stack.refresh(); await stack.destroy();
 * const state = await stack.exportStack();           // pulumi stack export: state.deployment.resources
 * await stack.remove();                              // temp backend/home and Pulumi.<stack>.yaml
 * ```
 *
 * The engine, CLI, state, secrets and the dynamic-provider plugin are the real ones. The program runs in
 * @pulumi/pulumi's own language server (language-server.js, via the CLI's `--client`) instead of the Go
 * pulumi-language-nodejs, which the Go module proxy does not serve. A `runtime: yaml` project runs in
 * pulumi-language-yaml, which install-pulumi.sh builds next to the CLI.
 */
export type {
  Json,
  PendingOperation,
  PreviewDiagnostic,
  PreviewDigest,
  PreviewStep,
  StackExport,
  StateResource,
  StepOp,
} from "./cli-json";
export { type CommandResult, PulumiCommandError, type RunningCommand, startCommand } from "./command";
export { type EmulatorProjectOptions, emulatorProject, PROGRAM_HEADER } from "./emulator-project";
export {
  diagnosticsSection,
  errorsHolding,
  isStateSecret,
  nameOf,
  plaintextHits,
  resourceSteps,
  STACK_TYPE,
  stateByName,
  stepOf,
  stepOps,
} from "./engine-checks";
export { ENGINE_TIMEOUT_MS, REQUIRE_ENGINE_ENV, skipEngine } from "./engine-suite";
export { ensurePulumiCli, INSTALL_SCRIPT, NO_CLI_NO_GO_EXIT, PulumiCliUnavailable } from "./install";
export { LANGUAGE_SERVER_SCRIPT, type LanguageHost, startLanguageHost } from "./language-host";
export { ScratchProject, type ScratchRuntime } from "./scratch-project";
export {
  type OperationOptions,
  type PreviewResult,
  PulumiStack,
  projectRuntime,
  type RunOptions,
  type StackOptions,
} from "./stack";
