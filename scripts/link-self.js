// Makes `require("pulumi-svc/...")` resolve inside this repository, as it does in a user's project.
// The serialized dynamic provider loads its implementation by package name (keeping the serialized
// closure small and free of secrets), and the dynamic-provider host resolves that name from the
// program's working directory: here that is this repository, so it needs node_modules/pulumi-svc.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const link = path.join(root, "node_modules", "pulumi-svc");
fs.mkdirSync(path.dirname(link), { recursive: true });
try {
  const st = fs.lstatSync(link);
  if (st.isSymbolicLink() && path.resolve(path.dirname(link), fs.readlinkSync(link)) === root) return;
  fs.rmSync(link, { recursive: true, force: true });
} catch {
  // not there yet
}
fs.symlinkSync("..", link, "dir");
