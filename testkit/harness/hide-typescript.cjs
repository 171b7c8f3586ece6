// Preload for a child Node process (`node --require <this file>`): makes the module `typescript`
// unresolvable, as it is in a JavaScript project's folder, so @pulumi/pulumi serializes functions with the
// TypeScript 3.8.3 it vendors (see test/provider/serialized-provider.test.ts).
"use strict";
const Module = require("node:module");

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function hideTypeScript(request, ...rest) {
  if (request === "typescript") {
    const err = new Error("Cannot find module 'typescript' (hidden by hide-typescript.cjs)");
    err.code = "MODULE_NOT_FOUND";
    throw err;
  }
  return resolveFilename.call(this, request, ...rest);
};
