// Makes `require("pulumi-svc/...")` resolve inside this repository, as it does in a user's project.
// The serialized dynamic provider loads its implementation by package name (keeping the serialized
// closure small and free of secrets), and the dynamic-provider host resolves that name from the
// program's working directory: here that is this repository, so it needs node_modules/pulumi-svc.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const link = path.join(root, "node_modules", "pulumi-svc");
function alreadyLinked() {
  try {
    return fs.lstatSync(link).isSymbolicLink() && fs.realpathSync(link) === fs.realpathSync(root);
  } catch {
    return false;
  }
}

if (!alreadyLinked()) {
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync("..", link, "dir");
}
