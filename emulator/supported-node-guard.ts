/**
 * Imported first by the `svc-emulator` bin: on a Node.js older than package.json's `engines`, prints the one
 * line of node-support/supported-node.ts (the Node.js needed and the one found) and exits 1, before anything
 * else loads. A Node.js check, not service behaviour: it shares nothing with sdk/ or provider/.
 */
import { unsupportedNodeMessage } from "../node-support/supported-node";

const message = unsupportedNodeMessage("package", process.version);
if (message !== undefined) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
