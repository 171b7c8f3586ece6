/**
 * Imported first by the package's entry points (`pulumi-svc`, `pulumi-svc/internal/provider-runtime`): fails
 * with one line on a Node.js older than package.json's `engines`, before undici or anything else loads
 * (../node-support/supported-node.ts).
 */
import { assertSupportedNode } from "../node-support/supported-node";

assertSupportedNode("package");
