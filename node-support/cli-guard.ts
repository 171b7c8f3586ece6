/**
 * Imported first by the command-line bins (`svc-emulator`, `svc-export`): on a Node.js older than package.json's
 * `engines`, prints the one line of node-support/supported-node.ts (the Node.js needed and the one found) and
 * exits 1, before anything else loads. A Node.js check, not service behaviour: the emulator may load it, as it
 * shares nothing with sdk/ or provider/.
 */
import { unsupportedNodeMessage } from "./supported-node";

const message = unsupportedNodeMessage("package", process.version);
if (message !== undefined) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
