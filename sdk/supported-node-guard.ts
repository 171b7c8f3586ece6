/**
 * Imported first by `pulumi-svc/sdk`: fails with one line on a Node.js older than package.json's `engines`,
 * before undici loads (which otherwise fails with `Cannot read properties of undefined (reading 'bind')`).
 */
import { assertSupportedNode } from "../node-support/supported-node";

assertSupportedNode("package");
