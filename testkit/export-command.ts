/**
 * Runs `svc-export` as a user runs it after installing the package: the bin of the packed tarball installed into
 * a program folder (testkit/consumer/program-folder.ts), with the key and the address in the environment
 * (`SVC_API_KEY`, `SVC_BASE_URL`), never in a flag. Used by the `svc-export` engine tests.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import type { Emulator } from "../emulator";
import type { ProgramFolder } from "./consumer/program-folder";

/** How the command ended: its exit code and what it printed. */
export interface ExportRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `svc-export --language <language> --out <out>` from `folder`'s installed package, reading `emu`. */
export function runShippedExport(
  folder: ProgramFolder,
  out: string,
  language: string,
  emu: Emulator,
): Promise<ExportRun> {
  const bin = join(folder.dir, "node_modules/pulumi-svc/dist/provider/export/main.js");
  const env = { ...process.env, SVC_API_KEY: emu.apiKey, SVC_BASE_URL: emu.url };
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, "--language", language, "--out", out], { env }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
