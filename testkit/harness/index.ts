/**
 * The engine-protocol test harness (DESIGN.md, test layer 4), for any dynamic resource of pulumi-svc:
 *
 * ```ts
 * const [reg] = await captureRegistrations({ program: `const svc = require("pulumi-svc");
 *   return [new svc.Integration("a", { providerId: "sendgrid", channel: "email" })];` });
 * const h = await startHarness({ config: { "svc:apiKey": secret(emu.apiKey), "svc:baseUrl": emu.url } });
 * const { inputs, failures } = await h.check(reg.urn, {}, unwrapSecrets(reg.inputs) as PropertyMap);
 * const { id, outs } = await h.create(reg.urn, inputs);
 * await h.close();
 * // or, engine-like, with state and a fresh host per operation:
 * const r = new LifecycleRunner(() => startHarness({ config }));
 * await r.preview([reg]); await r.up([reg]); await r.refresh(); await r.destroy();
 * ```
 * The host loads the provider runtime from dist: run `npm run build` first.
 */
export { type EngineLog, type FakeEngine, startFakeEngine } from "./fake-engine";
export { type GrpcTap, grpcMessages, startGrpcTap, type TappedCall } from "./grpc-tap";
export {
  type CheckResult,
  type DiffResult,
  type Harness,
  type HarnessOptions,
  HostError,
  startHarness,
  urnOf,
} from "./harness";
export {
  type DesiredResource,
  deleteOrder,
  LifecycleRunner,
  newEntry,
  type StateEntry,
  type StepResult,
  withUnknowns,
} from "./lifecycle";
export {
  annotateSecrets,
  isSecret,
  type Json,
  type PropertyMap,
  redactSecrets,
  SECRET_SIG,
  SIG_KEY,
  secret,
  secretKeys,
  UNKNOWN,
  unwrapSecrets,
} from "./protocol";
export {
  callLines,
  decodeCalls,
  fromTap,
  type ProviderCall,
  type RawCall,
  RECORD_ENV,
  type RecordingPlugin,
  readRecording,
  recordingPlugin,
} from "./provider-calls";
export { repoRoot } from "./repo-root";
export { type CaptureOptions, captureRegistrations, type Registration } from "./serialize";
