/**
 * Obtains resources (and their serialized providers) exactly as the Pulumi SDK produces them: a small program
 * runs in a child Node process under `pulumi.runtime.setMocks`, from compiled code (dist), and every
 * registration's inputs — including `__provider` — are captured as the engine would receive them.
 */
import { execFile } from "node:child_process";
import type { PropertyMap } from "./protocol";
import { repoRoot } from "./repo-root";

/** One resource registration seen by the mock monitor. Secret inputs keep their wire marker. */
export interface Registration {
  type: string;
  name: string;
  urn: string;
  inputs: PropertyMap;
  /** URNs of the resources it depends on, as the SDK sent them (its inputs' resources and `dependsOn`). */
  dependencies: string[];
  /** The `deleteBeforeReplace` resource option, when the registration set it. */
  deleteBeforeReplace?: boolean;
}

/** Options of {@link captureRegistrations}. */
export interface CaptureOptions {
  /**
   * Body of an async CommonJS function with `require` and `pulumi` in scope; it must `return` an array of
   * the resources it created (the capture waits for their registration). Example:
   * `const svc = require("pulumi-svc"); return [new svc.Integration("a", {...})];`
   */
  program: string;
  project?: string;
  stack?: string;
  /** Stack config visible to the program (`{ "svc:apiKey": "..." }`), as PULUMI_CONFIG. */
  config?: Record<string, string>;
  /** Extra environment for the child process. */
  env?: Record<string, string>;
  /**
   * Folder the program runs in; its node_modules provide `@pulumi/pulumi` and `pulumi-svc` (a user's program
   * folder, for the consumer layer). Default: the repo root.
   */
  cwd?: string;
}

const CHILD = `
const pulumi = require("@pulumi/pulumi");
const [project, stack, program] = JSON.parse(process.env.HARNESS_ARGS);
const regs = [];
const deps = new Map();
const dbr = new Map();
pulumi.runtime.setMocks({
  newResource(args) {
    regs.push({ type: args.type, name: args.name, inputs: args.inputs, dependencies: deps.get(args.name) || [],
      deleteBeforeReplace: dbr.get(args.name) });
    return { id: args.name + "-id", state: {} };
  },
  call(args) { return args.inputs; },
}, project, stack, false);
// The mocks see neither a registration's dependencies nor its deleteBeforeReplace: read them off the request.
const monitor = require("@pulumi/pulumi/runtime/settings").getMonitor();
const register = monitor.registerResource.bind(monitor);
monitor.registerResource = (req, cb) => {
  deps.set(req.getName(), req.getDependenciesList());
  dbr.set(req.getName(), req.getDeletebeforereplacedefined() ? req.getDeletebeforereplace() : undefined);
  return register(req, cb);
};
const run = new Function("require", "pulumi", "return (async () => {" + program + "\\n})()");
run(require, pulumi)
  .then((resources) => Promise.all((resources || []).map((r) => new Promise((res) => r.urn.apply(res)))))
  .then(() => { process.stdout.write(JSON.stringify(regs)); })
  .catch((e) => { console.error(e && e.stack || String(e)); process.exitCode = 1; });
`;

/** Runs a program under mocks in a child process and returns its registrations. */
export async function captureRegistrations(opts: CaptureOptions): Promise<Registration[]> {
  const project = opts.project ?? "svc-test";
  const stack = opts.stack ?? "dev";
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith("SVC_") && !k.startsWith("PULUMI_")) env[k] = v;
  }
  Object.assign(env, opts.env ?? {}, {
    HARNESS_ARGS: JSON.stringify([project, stack, opts.program]),
    PULUMI_CONFIG: JSON.stringify(opts.config ?? {}),
  });
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      ["-e", CHILD],
      { cwd: opts.cwd ?? repoRoot(), env, maxBuffer: 64 * 1024 * 1024 },
      (err, out, errOut) =>
        err ? reject(new Error(`program failed: ${errOut || err.message}`)) : resolve(out),
    );
  });
  const regs = JSON.parse(stdout) as Omit<Registration, "urn">[];
  return regs.map((r) => ({ ...r, urn: `urn:pulumi:${stack}::${project}::${r.type}::${r.name}` }));
}
